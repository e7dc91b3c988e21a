import { Alert, App, Button, Form, Input, Modal, Space, Switch, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import type { AdminProductTypeRow } from '@api/admin-catalog';
import { CATALOG_MSG, PRODUCT_LIMITS } from '@rules/admin-catalog';
import { useState } from 'react';
import { messageOf } from '../../lib';
import { useCreateProductTypeMutation, useDeleteProductTypeMutation, useProductTypesQuery, useUpdateProductTypeMutation } from './catalogApi';

interface TypeFields {
  type_name: string;
  is_active: boolean;
}

interface Props {
  onClose: () => void;
}

/**
 * The category modal (spec 3 §2, §4): the categories with their product counts and an add/edit form
 * (add mode without an id, edit mode with one). A category that still has products cannot be
 * deleted: the server says 類別仍有商品，無法刪除.
 */
export function CategoryModal({ onClose }: Props) {
  const { message, modal } = App.useApp();
  const { data, error, isLoading, isFetching, refetch } = useProductTypesQuery();
  const [create, creating] = useCreateProductTypeMutation();
  const [update, updating] = useUpdateProductTypeMutation();
  const [remove] = useDeleteProductTypeMutation();
  const [form] = Form.useForm<TypeFields>();
  const [editing, setEditing] = useState<AdminProductTypeRow | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const startAdd = () => {
    setEditing(null);
    setFormError(null);
    form.resetFields();
  };
  const startEdit = (t: AdminProductTypeRow) => {
    setEditing(t);
    setFormError(null);
    form.setFieldsValue({ type_name: t.type_name, is_active: t.is_active === 1 });
  };

  const submit = async (f: TypeFields) => {
    setFormError(null);
    const input = { type_name: f.type_name.trim(), is_active: f.is_active ? 1 : 0 };
    try {
      const answer = editing ? await update({ id: editing.id, ...input }).unwrap() : await create(input).unwrap();
      if (!answer.success) {
        setFormError(answer.message || '儲存失敗');
        return;
      }
      message.success(editing ? '類別已更新' : '類別已新增');
      startAdd();
    } catch (err) {
      setFormError(messageOf(err) ?? '儲存失敗，請稍後再試');
    }
  };

  const confirmDelete = (t: AdminProductTypeRow) =>
    modal.confirm({
      title: `刪除類別「${t.type_name}」？`,
      content: t.product_count > 0 ? `此類別仍有 ${t.product_count} 項商品。` : '刪除後無法復原。',
      okText: '刪除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: async () => {
        try {
          const answer = await remove(t.id).unwrap();
          if (!answer.success) {
            modal.error({ title: '刪除失敗', content: answer.message || '刪除失敗' });
            return;
          }
          message.success(answer.message || '刪除成功');
          if (editing?.id === t.id) startAdd();
        } catch (err) {
          modal.error({ title: '刪除失敗', content: messageOf(err) ?? '刪除失敗，請稍後再試' });
        }
      },
    });

  const columns: TableColumnsType<AdminProductTypeRow> = [
    { title: '類別名稱', dataIndex: 'type_name', render: (v: string) => <span className="ss-admin-break">{v}</span> },
    { title: '狀態', dataIndex: 'is_active', width: 64, render: (v: number) => (v ? <Tag color="green">啟用</Tag> : <Tag>停用</Tag>) },
    { title: '商品數', dataIndex: 'product_count', width: 68, align: 'right' },
    {
      title: '操作',
      key: 'actions',
      width: 128,
      render: (_, t) => (
        <Space size={4}>
          <Button size="small" onClick={() => startEdit(t)} aria-label={`編輯類別「${t.type_name}」`}>
            編輯
          </Button>
          <Button size="small" danger onClick={() => confirmDelete(t)} aria-label={`刪除類別「${t.type_name}」`}>
            刪除
          </Button>
        </Space>
      ),
    },
  ];

  const failed = error || (data && !data.success);
  return (
    <Modal open title="類別管理" onCancel={onClose} footer={null} width={{ xs: '100%', md: 640 }} className="ss-aprod-modal" destroyOnHidden>
      <Form<TypeFields>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ type_name: '', is_active: true }}
        onFinish={(f) => void submit(f)}
        name="product-type"
        className="ss-aprod-type-form"
        aria-label={editing ? '編輯類別' : '新增類別'}
      >
        <div className="ss-aprod-type-title">{editing ? `編輯類別 #${editing.id}` : '新增類別'}</div>
        {formError && <Alert type="error" showIcon title={formError} role="alert" style={{ marginBottom: 12 }} />}
        <div className="ss-aprod-type-row">
          <Form.Item label="類別名稱" name="type_name" rules={[{ required: true, whitespace: true, message: CATALOG_MSG.typeName }]} className="ss-aprod-type-name">
            <Input maxLength={PRODUCT_LIMITS.typeName} />
          </Form.Item>
          <Form.Item label="啟用" name="is_active" valuePropName="checked">
            <Switch aria-label="類別啟用" />
          </Form.Item>
          <Form.Item className="ss-aprod-type-actions">
            <Space>
              <Button type="primary" htmlType="submit" loading={creating.isLoading || updating.isLoading}>
                {editing ? '更新類別' : '新增類別'}
              </Button>
              {editing && <Button onClick={startAdd}>取消編輯</Button>}
            </Space>
          </Form.Item>
        </div>
      </Form>
      {failed && (
        <Alert
          type="error"
          showIcon
          title={messageOf(error ?? data) ?? '載入類別失敗'}
          action={<Button size="small" onClick={() => void refetch()}>重試</Button>}
          style={{ marginBottom: 12 }}
        />
      )}
      <Table<AdminProductTypeRow>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={data?.success ? data.productTypes : []}
        loading={isLoading || isFetching}
        pagination={false}
        scroll={{ x: 350, y: 360 }}
        locale={{ emptyText: '尚無類別' }}
      />
    </Modal>
  );
}
