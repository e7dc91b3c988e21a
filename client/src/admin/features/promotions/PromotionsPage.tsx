import { BarChartOutlined, CopyOutlined, DeleteOutlined, EditOutlined, EyeOutlined, KeyOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import type { AdminPromotion, PromotionStatus } from '@api/promotions';
import { PROMOTION_LIMITS } from '@rules/promotion-rules';
import { App, Button, Drawer, Popconfirm, Segmented, Space, Switch, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { ResponsiveList } from '../../components/ResponsiveList';
import { AdminSearchBar, LoadFailedAlert } from '../../layout/AdminListBar';
import { AdminPage } from '../../layout/AdminPage';
import { useListParams } from '../../layout/useListParams';
import { messageOf, showTotal } from '../../lib';
import { useAdminSession } from '../auth/useAdminSession';
import { CodesDrawer } from './CodesDrawer';
import {
  PROMOTIONS_PAGE_SIZE,
  useDeletePromotionMutation,
  useDuplicatePromotionMutation,
  usePromotionsQuery,
  useSetPromotionActiveMutation,
} from './promotionsApi';
import { isPromotionStatus, KIND_LABEL, periodText, PROMO_TEXT, STATUS_COLOR, STATUS_FILTERS, STATUS_LABEL } from './promotionText';
import { ReportDrawer } from './ReportDrawer';
import './promotions.css';

// The form (date pickers, product pickers) loads when it is first opened, not with the list.
const PromotionDrawer = lazy(() => import('./PromotionDrawer').then((m) => ({ default: m.PromotionDrawer })));

type Open = { kind: 'form'; target: 'new' | number } | { kind: 'codes'; row: AdminPromotion } | { kind: 'report'; row: AdminPromotion } | null;

/** `12 / 100` uses, or `12 / 不限`. */
const usesText = (p: AdminPromotion) => `${p.used_count.toLocaleString('zh-TW')} / ${p.usage_limit === null ? '不限' : p.usage_limit.toLocaleString('zh-TW')}`;

/**
 * /admin/promotions 行銷活動 (spec 4 §2, §6, §7): the list by status (全部 / 未開始 / 進行中 / 已結束 /
 * 已停用) and keyword, 20 a page, kept in the address (?q=&status=&page=). Owners and staff create,
 * edit, switch on and off, copy, delete (refused once an order used it), generate codes and read
 * reports; editors read the promotions and their reports only, and never see codes.
 */
export default function PromotionsPage() {
  const { message } = App.useApp();
  const { keyword, page, params, go } = useListParams();
  const rawStatus = params.get('status');
  const status: PromotionStatus | '' = isPromotionStatus(rawStatus) ? rawStatus : '';
  const session = useAdminSession();
  const canWrite = session.allows('staff');
  const query = { limit: PROMOTIONS_PAGE_SIZE, offset: (page - 1) * PROMOTIONS_PAGE_SIZE, keyword, status };
  const { data, error, isLoading, isFetching, refetch } = usePromotionsQuery(query);
  const [setActive] = useSetPromotionActiveMutation();
  const [remove] = useDeletePromotionMutation();
  const [duplicate] = useDuplicatePromotionMutation();
  const [open, setOpen] = useState<Open>(null);
  /** id → the value being saved. */
  const [pending, setPending] = useState<Record<number, boolean>>({});
  const rows = data?.success ? data.promotions : [];
  /** The drawer's promotion as the list now reads it (counts move after generating codes). */
  const live = (row: AdminPromotion) => rows.find((r) => r.id === row.id) ?? row;

  const toggle = async (row: AdminPromotion, on: boolean) => {
    setPending((p) => ({ ...p, [row.id]: on }));
    try {
      const answer = await setActive({ id: row.id, is_active: on ? 1 : 0 }).unwrap();
      if (answer.success) message.success(answer.message || `「${row.name}」已${on ? '啟用' : '停用'}`);
      else message.error(answer.message || PROMO_TEXT.updateFailed);
    } catch (err) {
      message.error(messageOf(err) ?? PROMO_TEXT.updateFailed);
    } finally {
      setPending(({ [row.id]: _, ...rest }) => rest);
    }
  };

  const del = async (row: AdminPromotion) => {
    try {
      const answer = await remove(row.id).unwrap();
      if (!answer.success) {
        message.error(answer.message || PROMO_TEXT.deleteFailed);
        return;
      }
      message.success(answer.message || PROMO_TEXT.deleted);
      if (rows.length === 1 && page > 1) go(keyword, page - 1, { status });
    } catch (err) {
      message.error(messageOf(err) ?? PROMO_TEXT.deleteFailed);
    }
  };

  const copy = async (row: AdminPromotion) => {
    try {
      const answer = await duplicate(row.id).unwrap();
      if (!answer.success) {
        message.error(answer.message || PROMO_TEXT.duplicateFailed);
        return;
      }
      message.success(PROMO_TEXT.duplicated);
      if (answer.id) setOpen({ kind: 'form', target: answer.id });
    } catch (err) {
      message.error(messageOf(err) ?? PROMO_TEXT.duplicateFailed);
    }
  };

  const nameCell = (name: string, row: AdminPromotion) => (
    <div>
      <div className="ss-promo-name">{name}</div>
      {row.coupon_mode !== 'none' && (
        <Tag className="ss-promo-coupon-tag">{row.coupon_mode === 'shared' ? (canWrite && row.shared_code ? `折扣碼 ${row.shared_code}` : '共用折扣碼') : '一人一碼'}</Tag>
      )}
    </div>
  );

  const activeSwitch = (row: AdminPromotion) => {
    const saving = row.id in pending;
    const on = saving ? pending[row.id] : row.is_active === 1;
    return (
      <Switch
        checked={on}
        loading={saving}
        disabled={!canWrite || saving}
        onChange={(v) => void toggle(row, v)}
        aria-label={`啟用「${row.name}」`}
        data-testid={`promotion-active-${row.id}`}
      />
    );
  };

  const actionButtons = (row: AdminPromotion) => (
    <Space size={4} wrap>
      <Button size="small" icon={canWrite ? <EditOutlined /> : <EyeOutlined />} onClick={() => setOpen({ kind: 'form', target: row.id })} aria-label={`${canWrite ? '編輯' : '檢視'}「${row.name}」`}>
        {canWrite ? '編輯' : '檢視'}
      </Button>
      {canWrite && (
        <Button size="small" icon={<CopyOutlined />} onClick={() => void copy(row)} aria-label={`複製「${row.name}」`}>
          複製
        </Button>
      )}
      {canWrite && row.coupon_mode === 'unique' && (
        <Button size="small" icon={<KeyOutlined />} onClick={() => setOpen({ kind: 'codes', row })} aria-label={`「${row.name}」的折扣碼`}>
          折扣碼
        </Button>
      )}
      <Button size="small" icon={<BarChartOutlined />} onClick={() => setOpen({ kind: 'report', row })} aria-label={`「${row.name}」的報表`}>
        報表
      </Button>
      {canWrite && (
        <Popconfirm
          title={`刪除「${row.name}」？`}
          description="刪除後無法復原；已有訂單使用的活動請改為停用。"
          okText="刪除"
          okButtonProps={{ danger: true }}
          cancelText="取消"
          onConfirm={() => del(row)}
        >
          <Button size="small" danger icon={<DeleteOutlined />} aria-label={`刪除「${row.name}」`}>
            刪除
          </Button>
        </Popconfirm>
      )}
    </Space>
  );

  // Fits 1440 px beside the sidebar without sliding sideways (issue 21 §6); phones get cards.
  const columns: TableColumnsType<AdminPromotion> = [
    {
      title: '活動名稱',
      dataIndex: 'name',
      render: (name: string, row) => nameCell(name, row),
    },
    { title: '類型', dataIndex: 'kind', width: 90, render: (kind: AdminPromotion['kind']) => KIND_LABEL[kind] ?? kind },
    { title: '期間（台北時間）', key: 'period', width: 180, render: (_, row) => <span className="ss-promo-period">{periodText(row)}</span> },
    {
      title: '狀態',
      dataIndex: 'status',
      width: 90,
      render: (s: PromotionStatus) => <Tag color={STATUS_COLOR[s]}>{STATUS_LABEL[s] ?? s}</Tag>,
    },
    { title: '已使用 / 上限', key: 'uses', width: 110, render: (_, row) => usesText(row) },
    {
      title: '啟用',
      key: 'is_active',
      width: 70,
      render: (_, row) => activeSwitch(row),
    },
    {
      title: '操作',
      key: 'actions',
      width: canWrite ? 260 : 150,
      render: (_, row) => actionButtons(row),
    },
  ];

  const failed = error || (data && !data.success);
  return (
    <AdminPage
      title={PROMO_TEXT.title}
      subtitle={canWrite ? PROMO_TEXT.subtitle : PROMO_TEXT.readOnly}
      extra={
        <>
          <Button icon={<ReloadOutlined />} onClick={() => void refetch()} loading={isFetching && !isLoading}>
            重新整理
          </Button>
          {canWrite && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen({ kind: 'form', target: 'new' })}>
              新增活動
            </Button>
          )}
        </>
      }
      testId="admin-promotions"
    >
      <div className="ss-admin-panel">
        <div className="ss-promo-status">
          <Segmented<PromotionStatus | ''>
            options={STATUS_FILTERS}
            value={status}
            onChange={(s) => go(keyword, 1, { status: s })}
            aria-label="活動狀態"
          />
        </div>
        <AdminSearchBar
          keyword={keyword}
          placeholder={canWrite ? '活動名稱、編號或折扣碼' : '活動名稱或編號'}
          aria-label="搜尋行銷活動"
          onSearch={(q) => go(q.slice(0, PROMOTION_LIMITS.name), 1, { status })}
        />
        {failed && <LoadFailedAlert title={PROMO_TEXT.loadFailed} description={messageOf(error ?? data)} onRetry={() => void refetch()} />}
        <ResponsiveList<AdminPromotion>
          label="行銷活動列表"
          testId="promotions"
          rowKey={(row) => row.id}
          columns={columns}
          dataSource={rows}
          loading={isFetching}
          emptyText={PROMO_TEXT.empty}
          pagination={{
            current: page,
            pageSize: PROMOTIONS_PAGE_SIZE,
            total: data?.success ? data.total : 0,
            showSizeChanger: false,
            showTotal,
            onChange: (p) => go(keyword, p, { status }),
          }}
          card={(row) => ({
            title: nameCell(row.name, row),
            extra: <Tag color={STATUS_COLOR[row.status]}>{STATUS_LABEL[row.status] ?? row.status}</Tag>,
            fields: [
              ['類型', KIND_LABEL[row.kind] ?? row.kind],
              ['期間', periodText(row)],
              ['已使用', usesText(row)],
              ['啟用', activeSwitch(row)],
            ],
            actions: actionButtons(row),
          })}
        />
      </div>
      {open?.kind === 'form' && (
        <Suspense fallback={<Drawer open loading title="載入中…" onClose={() => setOpen(null)} />}>
          <PromotionDrawer key={String(open.target)} target={open.target} readOnly={!canWrite} canSeeCodes={canWrite} onClose={() => setOpen(null)} />
        </Suspense>
      )}
      {open?.kind === 'codes' && canWrite && <CodesDrawer promotion={live(open.row)} onClose={() => setOpen(null)} />}
      {open?.kind === 'report' && <ReportDrawer promotion={live(open.row)} onClose={() => setOpen(null)} />}
    </AdminPage>
  );
}
