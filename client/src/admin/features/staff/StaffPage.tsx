import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Form, Input, Modal, Select, Space, Switch, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import type { AdminRole, StaffView } from '@api/admin';
import { ADMIN_ROLE_LABEL, ADMIN_ROLES } from '@rules/admin';
import { useState } from 'react';
import { useCreateStaffMutation, useResetStaffPasswordMutation, useResetStaffTotpMutation, useStaffListQuery, useUpdateStaffMutation } from '../../api/staffApi';
import { AdminPage } from '../../layout/AdminPage';
import { messageOf, taipeiDateTime } from '../../lib';
import { RefundLimitPanel } from './RefundLimitPanel';
import { confirmRules, displayNameRules, passwordRules, STAFF_USERNAME_RULE } from './staffRules';

const ROLE_COLOR: Record<AdminRole, string> = { owner: 'magenta', staff: 'blue', editor: 'green' };
const roleOptions = ADMIN_ROLES.map((r) => ({ value: r, label: ADMIN_ROLE_LABEL[r] }));

interface NewFields {
  username: string;
  display_name: string;
  role: AdminRole;
  password: string;
  confirm: string;
}

interface EditFields {
  display_name: string;
  role: AdminRole;
  is_active: boolean;
}

interface PasswordFields {
  password: string;
  confirm: string;
}

type Dialog = { kind: 'new' } | { kind: 'edit'; staff: StaffView } | { kind: 'password'; staff: StaffView } | null;

/**
 * /admin/staff (owner): the back-office accounts with their roles; add an account, change its
 * name, role or whether it may sign in (disabling asks first and ends its sessions), reset its
 * password. The server refuses to disable or demote yourself or the last active owner.
 */
export default function StaffPage() {
  const { message, modal } = App.useApp();
  const { data, error, isLoading, isFetching, refetch } = useStaffListQuery();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [create, creating] = useCreateStaffMutation();
  const [update, updating] = useUpdateStaffMutation();
  const [resetPassword, resetting] = useResetStaffPasswordMutation();
  const [resetTotp] = useResetStaffTotpMutation();
  const [newForm] = Form.useForm<NewFields>();
  const [editForm] = Form.useForm<EditFields>();
  const [passwordForm] = Form.useForm<PasswordFields>();
  const [formError, setFormError] = useState<string | null>(null);

  const open = (d: Dialog) => {
    setFormError(null);
    setDialog(d);
    if (d?.kind === 'edit') editForm.setFieldsValue({ display_name: d.staff.display_name, role: d.staff.role, is_active: d.staff.is_active === 1 });
  };
  const close = () => setDialog(null);

  /** Runs a call; success closes the dialog with a toast, a refusal stays in the dialog. */
  const run = async (call: () => Promise<{ success: boolean; message?: string }>, done: string) => {
    setFormError(null);
    try {
      const answer = await call();
      if (!answer.success) {
        setFormError(answer.message || '儲存失敗');
        return;
      }
      message.success(answer.message || done);
      close();
    } catch (err) {
      setFormError(messageOf(err) ?? '儲存失敗，請稍後再試');
    }
  };

  const submitNew = (f: NewFields) =>
    run(() => create({ username: f.username.trim(), display_name: f.display_name.trim(), role: f.role, password: f.password }).unwrap(), '已新增帳號');

  const submitEdit = (f: EditFields) => {
    if (dialog?.kind !== 'edit') return;
    const staff = dialog.staff;
    const send = () => run(() => update({ id: staff.id, display_name: f.display_name.trim(), role: f.role, is_active: f.is_active ? 1 : 0 }).unwrap(), '已更新帳號');
    if (staff.is_active === 1 && !f.is_active) {
      modal.confirm({
        title: `停用「${staff.username}」？`,
        content: '停用後這個帳號無法登入，目前的登入狀態也會立即結束。',
        okText: '停用',
        okButtonProps: { danger: true },
        cancelText: '取消',
        onOk: send,
      });
    } else void send();
  };

  const submitPassword = (f: PasswordFields) => {
    if (dialog?.kind !== 'password') return;
    const staff = dialog.staff;
    modal.confirm({
      title: `重設「${staff.username}」的密碼？`,
      content: '重設後，這個帳號目前的所有登入狀態都會結束，需以新密碼重新登入。',
      okText: '重設密碼',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () => run(() => resetPassword({ id: staff.id, password: f.password }).unwrap(), '已重設密碼'),
    });
  };

  const confirmTotpReset = (staff: StaffView) =>
    modal.confirm({
      title: `重設「${staff.username}」的兩步驟驗證？`,
      content: '適用於遺失驗證器的同事：關閉其兩步驟驗證並結束其所有登入狀態，登入後需重新設定。',
      okText: '重設',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: async () => {
        try {
          const answer = await resetTotp({ id: staff.id }).unwrap();
          if (answer.success) message.success(answer.message || '已重設兩步驟驗證');
          else message.error(answer.message || '重設失敗');
        } catch (err) {
          message.error(messageOf(err) ?? '重設失敗，請稍後再試');
        }
      },
    });

  const columns: TableColumnsType<StaffView> = [
    {
      title: '帳號',
      dataIndex: 'username',
      fixed: 'left',
      width: 140,
      render: (v: string, s) => (
        <div>
          <div className="ss-admin-nowrap">{v}</div>
          <div className="ss-admin-muted">{s.display_name}</div>
        </div>
      ),
    },
    { title: '角色', dataIndex: 'role', width: 100, render: (r: AdminRole) => <Tag color={ROLE_COLOR[r]}>{ADMIN_ROLE_LABEL[r] ?? r}</Tag> },
    { title: '狀態', dataIndex: 'is_active', width: 80, render: (v: number) => (v ? <Tag color="green">啟用</Tag> : <Tag>停用</Tag>) },
    { title: '兩步驟驗證', dataIndex: 'totp_enabled', width: 110, render: (v: boolean) => (v ? <Tag color="green">已啟用</Tag> : <Tag>未啟用</Tag>) },
    { title: '最後登入', dataIndex: 'last_login_at', width: 150, render: (v: string | null) => <span className="ss-admin-nowrap">{taipeiDateTime(v) || '—'}</span> },
    { title: '建立時間', dataIndex: 'created_at', width: 150, render: (v: string) => <span className="ss-admin-nowrap">{taipeiDateTime(v)}</span> },
    {
      title: '操作',
      key: 'actions',
      width: 300,
      render: (_, s) => (
        <Space size={4}>
          <Button size="small" onClick={() => open({ kind: 'edit', staff: s })}>
            編輯
          </Button>
          <Button size="small" onClick={() => open({ kind: 'password', staff: s })}>
            重設密碼
          </Button>
          {s.totp_enabled && (
            <Button size="small" onClick={() => confirmTotpReset(s)}>
              重設兩步驟驗證
            </Button>
          )}
        </Space>
      ),
    },
  ];

  const failed = error || (data && !data.success);
  const errorBox = formError && <Alert type="error" showIcon title={formError} style={{ marginBottom: 16 }} role="alert" data-testid="staff-form-error" />;

  return (
    <AdminPage
      title="帳號管理"
      subtitle="後台帳號與角色：擁有者可管理一切；客服人員處理會員、訂單、出貨與退款；內容編輯管理商品與內容。"
      extra={
        <>
          <Button icon={<ReloadOutlined />} onClick={() => void refetch()} loading={isFetching && !isLoading}>
            重新整理
          </Button>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => { newForm.resetFields(); open({ kind: 'new' }); }}>
            新增帳號
          </Button>
        </>
      }
      testId="admin-staff"
    >
      <div className="ss-admin-panel">
        {failed && (
          <Alert
            type="error"
            showIcon
            title={messageOf(error ?? data) ?? '載入帳號失敗'}
            action={<Button size="small" onClick={() => void refetch()}>重試</Button>}
            style={{ marginBottom: 12 }}
          />
        )}
        <Table<StaffView>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={data?.success ? data.staff : []}
          loading={isLoading}
          pagination={false}
          scroll={{ x: 1030 }}
          locale={{ emptyText: '沒有帳號' }}
        />
      </div>
      <div style={{ marginTop: 16 }}>
        <RefundLimitPanel />
      </div>

      <Modal
        title="新增帳號"
        open={dialog?.kind === 'new'}
        onCancel={close}
        okText="新增"
        cancelText="取消"
        confirmLoading={creating.isLoading}
        onOk={() => newForm.submit()}
        destroyOnHidden
      >
        {errorBox}
        <Form<NewFields> form={newForm} layout="vertical" requiredMark={false} initialValues={{ role: 'staff' }} onFinish={(f) => void submitNew(f)} name="new-staff">
          <Form.Item label="帳號" name="username" rules={[STAFF_USERNAME_RULE]} extra="3–50 個英文字母、數字或 . _ -，以英文字母或數字開頭。">
            <Input autoComplete="off" maxLength={50} autoCapitalize="none" spellCheck={false} />
          </Form.Item>
          <Form.Item label="顯示名稱" name="display_name" rules={displayNameRules}>
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item label="角色" name="role" rules={[{ required: true, message: '請選擇角色' }]}>
            <Select options={roleOptions} />
          </Form.Item>
          <Form.Item label="密碼" name="password" rules={passwordRules} hasFeedback>
            <Input.Password autoComplete="new-password" maxLength={128} />
          </Form.Item>
          <Form.Item label="確認密碼" name="confirm" dependencies={['password']} rules={confirmRules} hasFeedback>
            <Input.Password autoComplete="new-password" maxLength={128} />
          </Form.Item>
        </Form>
      </Modal>

      <Modal
        title={dialog?.kind === 'edit' ? `編輯「${dialog.staff.username}」` : '編輯帳號'}
        open={dialog?.kind === 'edit'}
        onCancel={close}
        okText="儲存"
        cancelText="取消"
        confirmLoading={updating.isLoading}
        onOk={() => editForm.submit()}
        forceRender
      >
        {errorBox}
        <Form<EditFields> form={editForm} layout="vertical" requiredMark={false} onFinish={submitEdit} name="edit-staff">
          <Form.Item label="顯示名稱" name="display_name" rules={displayNameRules}>
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item label="角色" name="role" rules={[{ required: true, message: '請選擇角色' }]}>
            <Select options={roleOptions} />
          </Form.Item>
          <Form.Item label="可以登入" name="is_active" valuePropName="checked" extra="停用後立即結束這個帳號的登入狀態。">
            <Switch checkedChildren="啟用" unCheckedChildren="停用" />
          </Form.Item>
        </Form>
      </Modal>

      <Modal
        title={dialog?.kind === 'password' ? `重設「${dialog.staff.username}」的密碼` : '重設密碼'}
        open={dialog?.kind === 'password'}
        onCancel={close}
        okText="重設密碼"
        okButtonProps={{ danger: true }}
        cancelText="取消"
        confirmLoading={resetting.isLoading}
        onOk={() => passwordForm.submit()}
        destroyOnHidden
      >
        {errorBox}
        <Form<PasswordFields> form={passwordForm} layout="vertical" requiredMark={false} onFinish={submitPassword} name="staff-password" preserve={false}>
          <Form.Item label="新密碼" name="password" rules={passwordRules} hasFeedback>
            <Input.Password autoComplete="new-password" maxLength={128} />
          </Form.Item>
          <Form.Item label="確認新密碼" name="confirm" dependencies={['password']} rules={confirmRules} hasFeedback>
            <Input.Password autoComplete="new-password" maxLength={128} />
          </Form.Item>
        </Form>
      </Modal>
    </AdminPage>
  );
}
