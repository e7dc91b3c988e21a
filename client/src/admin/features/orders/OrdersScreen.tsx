import { Alert, Button, Form, Input, Select, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { useEffect, useMemo, useState, type HTMLAttributes } from 'react';
import { useNavigationType, useSearchParams } from 'react-router';
import type { AdminConfigAnswerFields, AdminOrderView } from '@api/admin';
import { formatNT } from '../../../shared/lib/format';
import { ResponsiveList } from '../../components/ResponsiveList';
import { taipeiDateTime } from '../../../shop/features/orders/orderView';
import { useGetOrdersByPageQuery, useLoadConfigQuery, type OrdersQuery } from './adminOrdersApi';
import { messageOf } from './notify';
import { OrderDetailModal } from './OrderDetailModal';
import { dateRange, DATE_RANGES, DEFAULT_RANGE, ORDERS_PAGE_SIZE, TICKET_STATUS_LABEL, type RangeKey } from './orderRules';
import { StatusTag } from './StatusTag';
import './AdminOrders.css';

export const ORDERS_LOAD_FAILED = '訂單載入失敗，請稍後再試。';

interface Filters {
  range: RangeKey;
  keyword: string;
  status_code: string;
  payment_status: number | '';
}
const INITIAL: Filters = { range: DEFAULT_RANGE, keyword: '', status_code: '', payment_status: '' };

/** The filters of the URL (`?range=d30&status=paid&pay=1&q=…&page=2`); anything unknown is the default. */
export function filtersOf(p: URLSearchParams): Filters {
  const range = p.get('range');
  const pay = p.get('pay');
  const status = p.get('status') ?? '';
  return {
    range: DATE_RANGES.some((r) => r.key === range) ? (range as RangeKey) : DEFAULT_RANGE,
    keyword: (p.get('q') ?? '').slice(0, 100),
    status_code: /^[a-z_]{1,20}$/.test(status) ? status : '',
    payment_status: pay !== null && /^\d{1,2}$/.test(pay) ? Number(pay) : '',
  };
}

function paramsOf(f: Filters, page: number): URLSearchParams {
  const p = new URLSearchParams();
  if (f.range !== DEFAULT_RANGE) p.set('range', f.range);
  if (f.status_code) p.set('status', f.status_code);
  if (f.payment_status !== '') p.set('pay', String(f.payment_status));
  if (f.keyword.trim()) p.set('q', f.keyword.trim());
  if (page > 1) p.set('page', String(page));
  return p;
}

/**
 * The admin orders screen (spec 2 §2, §4, §9): filters (Taipei date range, keyword, status,
 * payment status), a page of 10 orders with the paid total of everything matching, and the
 * order's detail in a modal (items, receiver, invoice, payment, tickets, refunds, returns, history).
 */
export function OrdersScreen({ now }: { now?: () => Date } = {}) {
  const [form] = Form.useForm<Filters>();
  // The filters and the page live in the URL: a reload, a shared link and Back keep them.
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const page = Math.max(1, Number(params.get('page')) || 1);
  // `?open=<order id>` opens that order's detail (links from the member detail and 評價管理).
  const [openId, setOpenId] = useState<number | null>(() => {
    const o = Number(params.get('open'));
    return Number.isInteger(o) && o > 0 ? o : null;
  });
  const closeDetail = () => {
    setOpenId(null);
    if (params.has('open')) setParams(paramsOf(filters, page), { replace: true });
  };
  const config = useLoadConfigQuery();

  // Back / Forward change the URL: the form follows (our own changes came from the form).
  const navigationType = useNavigationType();
  useEffect(() => {
    if (navigationType === 'POP') form.setFieldsValue(filters);
  }, [form, navigationType, filters.range, filters.keyword, filters.status_code, filters.payment_status]);

  // The range is computed when the filters are applied (a screen left open past midnight moves on at the next search).
  const [appliedAt, setAppliedAt] = useState(() => (now ? now() : new Date()));
  const range = useMemo(() => dateRange(filters.range, appliedAt), [filters.range, appliedAt]);
  const query: OrdersQuery = {
    limit: ORDERS_PAGE_SIZE,
    offset: (page - 1) * ORDERS_PAGE_SIZE,
    ...range,
    keyword: filters.keyword.trim(),
    status_code: filters.status_code,
    payment_status: filters.payment_status,
  };
  const { data, error, isFetching, isError, refetch } = useGetOrdersByPageQuery(query);

  const go = (next: Filters, nextPage: number) => setParams(paramsOf(next, nextPage));
  /** A choice applies at once, with the keyword as typed so far. */
  const apply = (values: Partial<Filters>) => {
    setAppliedAt(now ? now() : new Date());
    go({ ...filters, keyword: String(form.getFieldValue('keyword') ?? ''), ...values }, 1);
  };
  const setPage = (p: number) => go(filters, p);
  const reset = () => {
    form.setFieldsValue(INITIAL);
    apply(INITIAL);
  };

  const cfg = config.data?.success ? config.data : undefined;
  const failed = isError || (data !== undefined && !data.success);
  const orders = data?.success ? (data.orders ?? []) : [];

  return (
    <div className="ss-aord">
      <Form<Filters>
        form={form}
        name="aord-filters"
        layout="vertical"
        className="ss-aord-filters"
        initialValues={filters}
        onFinish={(v) => apply({ keyword: v.keyword ?? '' })}
        aria-label="訂單篩選"
      >
        <Form.Item label="日期區間" name="range" className="ss-aord-range">
          <Select
            options={DATE_RANGES.map((r) => ({ value: r.key, label: r.label }))}
            onChange={(v: RangeKey) => apply({ range: v })}
          />
        </Form.Item>
        <Form.Item label="訂單狀態" name="status_code">
          <Select
            loading={config.isLoading}
            options={[{ value: '', label: '全部' }, ...(cfg?.order_status_codes ?? []).map((s) => ({ value: s.status_name, label: s.status_label }))]}
            onChange={(v: string) => apply({ status_code: v })}
          />
        </Form.Item>
        <Form.Item label="付款狀態" name="payment_status">
          <Select
            loading={config.isLoading}
            options={[{ value: '', label: '全部' }, ...(cfg?.payment_status_methods ?? []).map((s) => ({ value: s.status_code, label: s.status_label }))]}
            onChange={(v: number | '') => apply({ payment_status: v })}
          />
        </Form.Item>
        <Form.Item label="關鍵字" name="keyword" className="ss-aord-keyword">
          <Input allowClear placeholder="訂單編號、姓名、電話、Email" maxLength={100} />
        </Form.Item>
        <Form.Item className="ss-aord-filter-actions">
          <Space>
            <Button type="primary" htmlType="submit">
              查詢
            </Button>
            <Button onClick={reset}>清除</Button>
          </Space>
        </Form.Item>
      </Form>

      <div className="ss-aord-summary" aria-live="polite">
        <span data-testid="range-dates">{`${range.startDate} ～ ${range.endDate}`}</span>
        <span>
          共 <strong data-testid="orders-total">{data?.success ? data.total : 0}</strong> 筆
        </span>
        <span>
          已付款金額合計 <strong data-testid="paid-total">{formatNT(data?.success ? data.totalPaidAmount : 0)}</strong>
        </span>
      </div>

      {failed ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={messageOf(data ?? error, ORDERS_LOAD_FAILED)}
          action={
            <Button size="small" onClick={() => void refetch()} loading={isFetching}>
              重新載入
            </Button>
          }
        />
      ) : (
        <ResponsiveList<AdminOrderView>
          label="訂單列表"
          testId="aorders"
          rowKey={(o) => o.order_id}
          loading={isFetching}
          dataSource={orders}
          columns={columns(cfg, setOpenId)}
          emptyText="沒有符合條件的訂單"
          tableProps={{
            className: 'ss-aord-table',
            sticky: { offsetHeader: 56 },
            onRow: (o) => ({ 'data-testid': `aorder-${o.order_id}` }) as HTMLAttributes<HTMLElement>,
          }}
          pagination={{
            current: page,
            pageSize: ORDERS_PAGE_SIZE,
            total: data?.success ? data.total : 0,
            showSizeChanger: false,
            onChange: setPage,
            showTotal: (total) => `共 ${total} 筆`,
            size: 'small',
          }}
          cardTestId={(o) => `aorder-${o.order_id}`}
          card={(o) => ({
            title: (
              <Button type="link" className="ss-aord-open" onClick={() => setOpenId(o.order_id)} aria-label={`訂單 #${o.order_id} 明細`}>
                #{o.order_id} {o.mer_trade_no}
              </Button>
            ),
            extra: <StatusTag label={o.status_label} color={o.status_color} testId="aorder-status" />,
            fields: [
              ['訂購時間', taipeiDateTime(o.created_at)],
              ['訂購人', `${o.buy_name} ${o.buy_phone}`],
              ['金額', formatNT(o.total_amount)],
              [
                '付款',
                <span key="p">
                  {paymentName(o)} <StatusTag label={o.payment_status_label} color={o.payment_status_color} testId="aorder-payment-status" />
                </span>,
              ],
              ['配送', shippingName(cfg, o) + (o.ticket_status ? `（${ticketText(o.ticket_status)}）` : '')],
            ],
            actions: <Button onClick={() => setOpenId(o.order_id)}>明細</Button>,
          })}
        />
      )}

      {openId !== null && <OrderDetailModal orderId={openId} config={cfg} onClose={closeDetail} />}
    </div>
  );
}

const shippingName = (cfg: AdminConfigAnswerFields | undefined, o: AdminOrderView) =>
  o.shippingname || cfg?.shipping_methods.find((s) => s.id === o.shipping)?.name || String(o.shipping);
const paymentName = (o: AdminOrderView) => o.paymentname || o.payment_label || o.payment;

/** The columns that fit 1440 px beside the sidebar (issue 21 §6); the receiver and the rest are in the detail. */
function columns(cfg: AdminConfigAnswerFields | undefined, open: (id: number) => void): TableColumnsType<AdminOrderView> {
  return [
    {
      title: '訂單',
      key: 'order',
      width: 210,
      render: (_, o) => (
        <>
          <Button type="link" className="ss-aord-open" onClick={() => open(o.order_id)} aria-label={`訂單 #${o.order_id} 明細`}>
            #{o.order_id}
          </Button>
          <div>
            <Typography.Text className="ss-aord-mtn" copyable={{ text: o.mer_trade_no, tooltips: ['複製訂單號碼', '已複製'] }}>
              {o.mer_trade_no}
            </Typography.Text>
          </div>
        </>
      ),
    },
    { title: '訂購時間', key: 'created', width: 140, render: (_, o) => taipeiDateTime(o.created_at) },
    {
      title: '訂購人',
      key: 'buyer',
      width: 140,
      render: (_, o) => (
        <>
          <div>{o.buy_name}</div>
          <Typography.Text type="secondary">{o.buy_phone}</Typography.Text>
        </>
      ),
    },
    { title: '金額', key: 'amount', width: 100, align: 'right', render: (_, o) => formatNT(o.total_amount) },
    {
      title: '付款',
      key: 'payment_status',
      width: 130,
      render: (_, o) => (
        <>
          <div>{paymentName(o)}</div>
          <StatusTag label={o.payment_status_label} color={o.payment_status_color} testId="aorder-payment-status" />
        </>
      ),
    },
    { title: '訂單狀態', key: 'status', width: 100, render: (_, o) => <StatusTag label={o.status_label} color={o.status_color} testId="aorder-status" /> },
    {
      title: '配送',
      key: 'shipping',
      width: 130,
      render: (_, o) => (
        <>
          <div>{shippingName(cfg, o)}</div>
          {o.ticket_status && <Tag>{ticketText(o.ticket_status)}</Tag>}
        </>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 80,
      render: (_, o) => (
        <Button size="small" onClick={() => open(o.order_id)}>
          明細
        </Button>
      ),
    },
  ];
}

const ticketText = (s: string) => TICKET_STATUS_LABEL[s] ?? s;
