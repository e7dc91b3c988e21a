import { Alert, Button, Descriptions, Empty, Modal, Skeleton, Table, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import type { AdminConfigAnswerFields, AdminOrderDetails, AuditEntryView, RefundView } from '@api/admin';
import type { OrderItemView } from '@api/orders';
import { ADMIN_MSG } from '@rules/admin';
import { adjustmentText } from '@rules/order-discount-rules';
import { formatNT } from '../../../shared/lib/format';
import { deliverySlotLabel, invoiceText, taipeiDateTime } from '../../../shop/features/orders/orderView';
import { useGetAdminOrderDetailsQuery } from './adminOrdersApi';
import { messageOf, useNotify } from './notify';
import { HISTORY_FIELD_LABEL, INVOICE_STATUS_LABEL, REFUND_METHOD_LABEL, REFUND_STATUS_LABEL, refundable, refundLinesText } from './orderRules';
import { AllowancesSection } from './AllowancesSection';
import { ExtraPaymentsSection } from './ExtraPaymentsSection';
import { OrderActions } from './OrderActions';
import { discountable, OrderDiscountModal } from './OrderDiscountModal';
import { ReceiverSection } from './ReceiverSection';
import { RefundModal } from './RefundModal';
import { ReturnsSection } from './ReturnsSection';
import { ShippingSection } from './ShippingSection';
import { StatusTag } from './StatusTag';

interface Props {
  orderId: number;
  config: AdminConfigAnswerFields | undefined;
  onClose: () => void;
}

/**
 * One order for staff (spec 2 §2 "modals for order detail"): summary and payment, items, receiver
 * (編輯 ⇄ 儲存), invoice, shipping tickets and their actions, refunds, return requests, history.
 */
export function OrderDetailModal({ orderId, onClose }: Props) {
  const notify = useNotify();
  const { data, error, isLoading, isFetching, isError, refetch } = useGetAdminOrderDetailsQuery(orderId);
  const failed = isError || (data !== undefined && !data.success);

  useEffect(() => {
    if (failed) notify.error(messageOf(data ?? error, ADMIN_MSG.orderDetailFailed));
  }, [failed]);

  const details = data?.success ? data.orderDetails : undefined;
  return (
    <Modal
      open
      onCancel={onClose}
      footer={null}
      width={{ xs: '100%', md: 960 }}
      className="ss-aord-modal"
      title={`訂單 #${orderId}`}
      destroyOnHidden
    >
      {isLoading ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : failed || !details ? (
        <Alert
          type="error"
          showIcon
          title={messageOf(data ?? error, ADMIN_MSG.orderDetailFailed)}
          action={
            <Button size="small" onClick={() => void refetch()} loading={isFetching}>
              重新載入
            </Button>
          }
        />
      ) : (
        <DetailBody details={details} />
      )}
    </Modal>
  );
}

function DetailBody({ details }: { details: AdminOrderDetails }) {
  const { order, items, tickets, refunds, returnRequests, history } = details;
  const [refundOpen, setRefundOpen] = useState(false);
  const [discountOpen, setDiscountOpen] = useState(false);
  return (
    <div className="ss-aord-detail" data-testid="order-detail-body">
      <section aria-labelledby="aord-sec-summary">
        <h3 id="aord-sec-summary" className="ss-aord-h">
          訂單資訊
        </h3>
        <Descriptions size="small" bordered column={{ xs: 1, sm: 2 }}>
          <Descriptions.Item label="訂單編號">
            #{order.order_id}（{order.mer_trade_no}）
          </Descriptions.Item>
          <Descriptions.Item label="訂購時間">{taipeiDateTime(order.created_at)}</Descriptions.Item>
          <Descriptions.Item label="訂單狀態">
            <StatusTag label={order.status_label} color={order.status_color} testId="detail-status" />
          </Descriptions.Item>
          <Descriptions.Item label="付款狀態">
            <StatusTag label={order.payment_status_label} color={order.payment_status_color} testId="detail-payment-status" />
          </Descriptions.Item>
          <Descriptions.Item label="訂購人">
            {order.buy_name} {order.buy_phone}
            <div className="ss-aord-break">{order.buy_email}</div>
          </Descriptions.Item>
          <Descriptions.Item label="會員編號">{order.user_id}</Descriptions.Item>
          {!!order.order_status_msg && (
            <Descriptions.Item label="狀態說明" span={2}>
              {order.order_status_msg}
            </Descriptions.Item>
          )}
        </Descriptions>
        <OrderActions order={order} />
      </section>

      <section aria-labelledby="aord-sec-items">
        <div className="ss-aord-h-row">
          <h3 id="aord-sec-items" className="ss-aord-h">
            商品
          </h3>
          {discountable(order) && (
            <Button onClick={() => setDiscountOpen(true)} data-testid="open-discount">
              訂單折扣
            </Button>
          )}
        </div>
        <ItemsTable items={items} />
        <dl className="ss-aord-totals" data-testid="detail-totals">
          <div>
            <dt>商品小計</dt>
            <dd>{formatNT(order.subtotal)}</dd>
          </div>
          {(order.adjustments ?? []).map((a, k) => (
            <div key={k} data-testid="detail-adjustment">
              <dt>{a.label}</dt>
              <dd>{adjustmentText(a.amount)}</dd>
            </div>
          ))}
          <div>
            <dt>運費</dt>
            <dd>{formatNT(order.shipping_fee)}</dd>
          </div>
          <div className="is-total">
            <dt>訂單總計</dt>
            <dd data-testid="detail-total">{formatNT(order.total_amount)}</dd>
          </div>
          {order.refunded_amount > 0 && (
            <div>
              <dt>已退款</dt>
              <dd data-testid="detail-refunded">{formatNT(order.refunded_amount)}</dd>
            </div>
          )}
        </dl>
      </section>

      <section aria-labelledby="aord-sec-payment">
        <h3 id="aord-sec-payment" className="ss-aord-h">
          付款
        </h3>
        <Descriptions size="small" bordered column={{ xs: 1, sm: 2 }}>
          <Descriptions.Item label="付款方式">{order.paymentname || order.payment_label || order.payment}</Descriptions.Item>
          <Descriptions.Item label="付款時間">{taipeiDateTime(order.paid_at) || '—'}</Descriptions.Item>
          <Descriptions.Item label="金流交易序號">{order.trade_no || '—'}</Descriptions.Item>
          {!!order.payment_code && <Descriptions.Item label="繳費代碼／帳號">{order.payment_code}</Descriptions.Item>}
          {!!order.expiredate && <Descriptions.Item label="繳費期限">{order.expiredate}</Descriptions.Item>}
        </Descriptions>
      </section>

      <ReceiverSection order={order} />

      <section aria-labelledby="aord-sec-invoice">
        <h3 id="aord-sec-invoice" className="ss-aord-h">
          發票
        </h3>
        <Descriptions size="small" bordered column={{ xs: 1, sm: 2 }}>
          <Descriptions.Item label="發票類型">{invoiceText({ ...order, cancellable: false }) || '—'}</Descriptions.Item>
          <Descriptions.Item label="發票號碼">
            <span data-testid="detail-invoice-no">{order.invoice_no || '—'}</span>
          </Descriptions.Item>
          <Descriptions.Item label="開立狀態">{INVOICE_STATUS_LABEL[order.invoice_status] ?? (order.invoice_status || '—')}</Descriptions.Item>
          {!!order.delivery_time_slot && <Descriptions.Item label="配送時段">{deliverySlotLabel(order.delivery_time_slot) || order.delivery_time_slot}</Descriptions.Item>}
        </Descriptions>
      </section>

      <ShippingSection order={order} tickets={tickets} />

      <section aria-labelledby="aord-sec-refunds">
        <div className="ss-aord-h-row">
          <h3 id="aord-sec-refunds" className="ss-aord-h">
            退款
          </h3>
          {order.can.refund && refundable(order) > 0 && (
            <Button danger onClick={() => setRefundOpen(true)}>
              退款
            </Button>
          )}
        </div>
        <RefundsList refunds={refunds} items={items} />
      </section>

      <ExtraPaymentsSection orderId={order.order_id} extraPayments={details.extraPayments} />

      <AllowancesSection orderId={order.order_id} />

      <ReturnsSection order={order} requests={returnRequests} />

      <section aria-labelledby="aord-sec-history">
        <h3 id="aord-sec-history" className="ss-aord-h">
          操作紀錄
        </h3>
        <HistoryList history={history} />
      </section>

      {refundOpen && <RefundModal order={order} onClose={() => setRefundOpen(false)} />}
      {discountOpen && <OrderDiscountModal order={order} onClose={() => setDiscountOpen(false)} />}
    </div>
  );
}

const LINE_KIND_LABEL: Readonly<Record<string, string>> = { gift: '贈品', addon: '加價購' };

function ItemsTable({ items }: { items: OrderItemView[] }) {
  return (
    <Table<OrderItemView>
      size="small"
      rowKey="order_detail_id"
      dataSource={items}
      pagination={false}
      scroll={{ x: 560 }}
      data-testid="detail-items"
      columns={[
        {
          title: '商品',
          key: 'title',
          fixed: 'left',
          width: 200,
          // A promotion's lines are marked (贈品 at NT$ 0, 加價購 at its add-on price).
          render: (_, i) =>
            LINE_KIND_LABEL[i.line_kind] ? (
              <>
                <Tag color={i.line_kind === 'gift' ? 'magenta' : 'blue'}>{LINE_KIND_LABEL[i.line_kind]}</Tag>
                {i.title}
              </>
            ) : (
              i.title
            ),
        },
        { title: '規格', key: 'variant', width: 120, render: (_, i) => i.variant_name || '—' },
        { title: '數量', key: 'qty', width: 70, align: 'right', render: (_, i) => i.quantity },
        { title: '單價', key: 'price', width: 100, align: 'right', render: (_, i) => formatNT(i.price) },
        { title: '折扣', key: 'discount', width: 100, align: 'right', render: (_, i) => (i.discount > 0 ? adjustmentText(-i.discount) : '—') },
        // As stored: price × quantity − the line's share of the discounts.
        { title: '小計', key: 'sum', width: 110, align: 'right', render: (_, i) => formatNT(i.amount) },
      ]}
    />
  );
}

function RefundsList({ refunds, items }: { refunds: RefundView[]; items: OrderItemView[] }) {
  if (refunds.length === 0) return <Typography.Text type="secondary">尚無退款</Typography.Text>;
  return (
    <ul className="ss-aord-list" data-testid="detail-refunds">
      {refunds.map((r) => (
        <li key={r.id} className="ss-aord-item">
          <div className="ss-aord-item-head">
            <strong>{formatNT(r.amount)}</strong>
            <Tag color={r.status === 'done' ? 'green' : r.status === 'failed' ? 'red' : 'orange'}>{REFUND_STATUS_LABEL[r.status] ?? r.status}</Tag>
            <span>{REFUND_METHOD_LABEL[r.method] ?? r.method}</span>
            {r.restock && <Tag>已退回庫存</Tag>}
          </div>
          <div className="ss-aord-muted">
            {taipeiDateTime(r.created_at)} · {r.created_by} · 原因：{r.reason}
          </div>
          {r.bank && (
            <div className="ss-aord-muted">
              退款帳戶：{r.bank.bank_code} {r.bank.account} {r.bank.name}
            </div>
          )}
          {refundLinesText(r, items) && (
            <div className="ss-aord-muted" data-testid={`refund-lines-${r.id}`}>
              退款品項：{refundLinesText(r, items)}
            </div>
          )}
          {r.message && <div className="ss-aord-muted">{r.message}</div>}
        </li>
      ))}
    </ul>
  );
}

const showValue = (v: unknown): string => (v === null || v === undefined || v === '' ? '（空）' : typeof v === 'object' ? JSON.stringify(v) : String(v));

function HistoryList({ history }: { history: AuditEntryView[] }) {
  if (history.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="尚無操作紀錄" />;
  return (
    <ol className="ss-aord-list" data-testid="detail-history">
      {history.map((h) => (
        <li key={h.id} className="ss-aord-item">
          <div className="ss-aord-item-head">
            <strong>{h.summary || h.action}</strong>
            <span className="ss-aord-muted">
              {taipeiDateTime(h.created_at)} · {h.admin_username || '系統'}
            </span>
          </div>
          {h.lines
            ? h.lines.map((line, k) => (
                <div key={k} className="ss-aord-muted ss-aord-break">
                  {line}
                </div>
              ))
            : Object.entries(h.changes ?? {}).map(([field, [before, after]]) => (
                <div key={field} className="ss-aord-muted ss-aord-break">
                  {HISTORY_FIELD_LABEL[field] ?? field}：{showValue(before)} → {showValue(after)}
                </div>
              ))}
        </li>
      ))}
    </ol>
  );
}
