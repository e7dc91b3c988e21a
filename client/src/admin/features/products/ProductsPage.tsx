import { AppstoreOutlined, PlusOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Alert, App, Button, Input, Select, Space, Switch } from 'antd';
import type { TableColumnsType } from 'antd';
import type { AdminProductRow } from '@api/admin-catalog';
import { ADMIN_PRODUCTS_PAGE_SIZE } from '@rules/admin-catalog';
import { COSMETICS_MSG } from '@rules/cosmetics-rules';
import { useEffect, useState } from 'react';
import { AdminPage } from '../../layout/AdminPage';
import { useListParams } from '../../layout/useListParams';
import { messageOf, showTotal } from '../../lib';
import { ProductCsvButtons } from '../productCsv/ProductCsvButtons';
import { useDeleteProductMutation, useProductsListQuery, useProductTypesQuery, useSetProductActiveMutation } from './catalogApi';
import { CategoryModal } from './CategoryModal';
import { ProductModal } from './ProductModal';
import { missingRegistration } from './productForm';
import { openEditorWindow } from '../../components/editorWindow';
import { ResponsiveList } from '../../components/ResponsiveList';
import './products.css';


type Dialog = { kind: 'product'; product: AdminProductRow | null } | { kind: 'types' } | null;

/**
 * /admin/products (spec 3 §2 AdminProducts): keyword (Enter searches) and category filter, 10 a
 * page; list/delist at once (the switch reverts when refused), the product modal, the category
 * modal, the detail HTML in /editor (desktop only), delete (a product ever ordered is hidden).
 * Search, category and page live in the address (?q=&type=&page=).
 */
export default function ProductsPage() {
  const { message, modal } = App.useApp();
  const { keyword, page, params, go: goList } = useListParams();
  const typeParam = Number(params.get('type'));
  const productType = Number.isInteger(typeParam) && typeParam > 0 ? typeParam : '';
  const [draft, setDraft] = useState(keyword);
  const [dialog, setDialog] = useState<Dialog>(null);
  /** Switch positions sent but not yet confirmed by a reload. */
  const [pending, setPending] = useState<Record<number, number>>({});

  const query = { limit: ADMIN_PRODUCTS_PAGE_SIZE, offset: (page - 1) * ADMIN_PRODUCTS_PAGE_SIZE, searchKeyword: keyword, product_type: productType } as const;
  const { data, error, isLoading, isFetching, refetch } = useProductsListQuery(query);
  const types = useProductTypesQuery();
  const [setActive] = useSetProductActiveMutation();
  const [deleteProduct] = useDeleteProductMutation();
  const typeRows = types.data?.success ? types.data.productTypes : [];
  const rows = data?.success ? data.products : [];

  useEffect(() => setDraft(keyword), [keyword]);
  // A fresh list shows the server's truth: drop the switch positions it now carries.
  useEffect(() => setPending({}), [data]);

  const go = (q: string, type: number | '', p: number) => goList(q, p, { type });

  const toggle = async (p: AdminProductRow, on: boolean) => {
    const value = on ? 1 : 0;
    setPending((s) => ({ ...s, [p.product_id]: value }));
    const revert = (text: string) => {
      setPending((s) => {
        const next = { ...s };
        delete next[p.product_id];
        return next;
      });
      modal.error({ title: text });
    };
    try {
      const answer = await setActive({ product_id: p.product_id, is_active: value }).unwrap();
      if (!answer.success) revert(answer.message || '更新失敗');
      else {
        message.success(on ? `已上架「${p.title}」` : `已下架「${p.title}」`);
        // Spec 4 §5: listing without a registration number warns (it is not refused).
        if (on && missingRegistration(true, p.cosmetics?.registration_no)) void message.warning(`「${p.title}」${COSMETICS_MSG.registrationMissing}`);
      }
    } catch (err) {
      revert(messageOf(err) ?? '更新失敗');
    }
  };

  const openEditor = (p: AdminProductRow) => {
    openEditorWindow({ edittype: 'product', product_id: p.product_id }, (text) => void message.warning(text));
  };

  const confirmDelete = (p: AdminProductRow) =>
    modal.confirm({
      title: `刪除商品「${p.title}」？`,
      content: '刪除後無法復原。曾被訂購的商品會改為下架隱藏，以保留訂單紀錄。',
      okText: '刪除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: async () => {
        try {
          const answer = await deleteProduct(p.product_id).unwrap();
          if (!answer.success) {
            modal.error({ title: '刪除失敗', content: answer.message || '刪除失敗' });
            return;
          }
          modal.success({ title: answer.message || '刪除成功' });
          if (rows.length === 1 && page > 1) go(keyword, productType, page - 1);
        } catch (err) {
          modal.error({ title: '刪除失敗', content: messageOf(err) ?? '刪除失敗，請稍後再試' });
        }
      },
    });

  const activeSwitch = (p: AdminProductRow) => (
    <Switch
      checked={(pending[p.product_id] ?? p.is_active) === 1}
      checkedChildren="上架"
      unCheckedChildren="下架"
      aria-label={`上架「${p.title}」`}
      onChange={(on) => void toggle(p, on)}
    />
  );

  // Fits 1440 px beside the sidebar (issue 21 §6): the product number sits under the name.
  const columns: TableColumnsType<AdminProductRow> = [
    { title: '狀態', dataIndex: 'is_active', width: 88, render: (_: number, p) => activeSwitch(p) },
    {
      title: '圖片',
      dataIndex: 'image_url',
      width: 76,
      render: (url: string, p) => (url ? <img className="ss-aprod-thumb" src={url} alt={p.title} loading="lazy" /> : <span className="ss-aprod-thumb ss-aprod-thumb-empty" aria-hidden />),
    },
    {
      title: '名稱',
      dataIndex: 'title',
      render: (v: string, p) => (
        <>
          <span className="ss-aprod-title">{v}</span>
          <div className="ss-admin-muted">#{p.product_id}</div>
        </>
      ),
    },
    { title: '分類', dataIndex: 'type_name', width: 110, render: (v: string) => v || <span className="ss-admin-muted">未分類</span> },
    { title: '庫存', dataIndex: 'stock', width: 72, align: 'right' },
    { title: '已售', dataIndex: 'sold_quantity', width: 72, align: 'right' },
    { title: '瀏覽', dataIndex: 'views_count', width: 72, align: 'right' },
    {
      title: '操作',
      key: 'actions',
      width: 190,
      render: (_, p) => (
        <Space size={4}>
          <Button size="small" onClick={() => openEditor(p)} aria-label={`詳細「${p.title}」`}>
            詳細
          </Button>
          <Button size="small" onClick={() => setDialog({ kind: 'product', product: p })} aria-label={`編輯「${p.title}」`}>
            編輯
          </Button>
          <Button size="small" danger onClick={() => confirmDelete(p)} aria-label={`刪除「${p.title}」`}>
            刪除
          </Button>
        </Space>
      ),
    },
  ];

  const failed = error || (data && !data.success);
  const filtered = keyword !== '' || productType !== '';
  return (
    <AdminPage
      title="商品管理"
      extra={
        <>
          <ProductCsvButtons onImported={() => go(keyword, productType, 1)} />
          <Button icon={<AppstoreOutlined />} onClick={() => setDialog({ kind: 'types' })}>
            類別管理
          </Button>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'product', product: null })}>
            新增商品
          </Button>
        </>
      }
      testId="admin-products"
    >
      <div className="ss-admin-panel">
        <div className="ss-admin-filters ss-aprod-filters" role="search">
          <Input
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            onPressEnter={() => go(draft.trim(), productType, 1)}
            placeholder="商品名稱或編號"
            allowClear
            maxLength={100}
            aria-label="搜尋商品"
            className="ss-aprod-keyword"
          />
          <Select<number | ''>
            value={productType}
            onChange={(v) => go(draft.trim(), v ?? '', 1)}
            options={[{ value: '', label: '全部分類' }, ...typeRows.map((t) => ({ value: t.id, label: t.is_active ? t.type_name : `${t.type_name}（停用）` }))]}
            aria-label="商品分類篩選"
            className="ss-aprod-type"
            loading={types.isLoading}
          />
          <Button type="primary" icon={<SearchOutlined />} onClick={() => go(draft.trim(), productType, 1)}>
            搜尋
          </Button>
          <Button icon={<ReloadOutlined />} onClick={() => void refetch()} aria-label="重新整理" />
        </div>
        {failed && (
          <Alert
            type="error"
            showIcon
            title={messageOf(error ?? data) ?? '載入商品失敗'}
            action={
              <Button size="small" onClick={() => void refetch()}>
                重試
              </Button>
            }
            style={{ marginBottom: 12 }}
          />
        )}
        <ResponsiveList<AdminProductRow>
          label="商品列表"
          testId="products"
          rowKey={(p) => p.product_id}
          columns={columns}
          dataSource={rows}
          loading={isLoading || isFetching}
          emptyText={filtered ? '沒有符合條件的商品' : '目前沒有商品，按「新增商品」建立第一項'}
          pagination={{
            current: page,
            pageSize: ADMIN_PRODUCTS_PAGE_SIZE,
            total: data?.success ? data.total : 0,
            showSizeChanger: false,
            showTotal,
            onChange: (p) => go(keyword, productType, p),
          }}
          card={(p) => ({
            title: (
              <span className="ss-aprod-card-title">
                {p.image_url && <img className="ss-aprod-thumb" src={p.image_url} alt="" loading="lazy" />}
                <span>
                  {p.title} <span className="ss-admin-muted">#{p.product_id}</span>
                </span>
              </span>
            ),
            extra: activeSwitch(p),
            fields: [
              ['分類', p.type_name || '未分類'],
              ['庫存', String(p.stock)],
              ['已售', String(p.sold_quantity)],
              ['瀏覽', String(p.views_count)],
            ],
            actions: (
              <>
                <Button onClick={() => openEditor(p)} aria-label={`詳細「${p.title}」`}>
                  詳細
                </Button>
                <Button onClick={() => setDialog({ kind: 'product', product: p })} aria-label={`編輯「${p.title}」`}>
                  編輯
                </Button>
                <Button danger onClick={() => confirmDelete(p)} aria-label={`刪除「${p.title}」`}>
                  刪除
                </Button>
              </>
            ),
          })}
        />
      </div>
      {dialog?.kind === 'product' && <ProductModal product={dialog.product} types={typeRows} onClose={() => setDialog(null)} onSaved={() => setDialog(null)} />}
      {dialog?.kind === 'types' && <CategoryModal onClose={() => setDialog(null)} />}
    </AdminPage>
  );
}
