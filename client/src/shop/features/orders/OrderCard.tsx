import DownOutlined from '@ant-design/icons/DownOutlined';
import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import { Button, Skeleton } from 'antd';
import { useId, useState } from 'react';
import type { OrderView } from '@api/orders';
import { apiErrorMessage } from '../../../shared/api/baseApi';
import { ErrorText } from '../../../shared/components/ErrorText';
import { LinkButton } from '../../../shared/components/LinkButton';
import { formatNT } from '../../../shared/lib/format';
import { useGetOrderDetailsQuery } from './ordersApi';
import { OrderItemsTable, OrderTotals, PayInstructionsView, StatusPill } from './OrderParts';
import { homeAddress, isHomeDelivery, paymentLabel, payInstructions, taipeiDateTime } from './orderView';
import { PaymentRetry } from './PaymentRetry';
import { RETURN_STATUS_TEXT } from './ReturnRequestModal';

interface Props {
  order: OrderView;
  onCancel: (order: OrderView) => void;
  /** 申請退貨 for an order the server says is `returnable`. */
  onReturn?: (order: OrderView) => void;
  /** After 更換付款方式 to a code / cash on delivery (or a refusal): ask for the orders again. */
  onRetried?: () => void;
}

/** The payment slip of an order. */
export const slipPath = (o: Pick<OrderView, 'mer_trade_no'>) => `/paymentSlip?MerTradeNo=${encodeURIComponent(o.mer_trade_no)}`;

/** Delivered and completed orders may be reviewed (spec 4 §4; the server decides each item: once, within 90 days). */
export const canReview = (o: Pick<OrderView, 'status_name'>): boolean => o.status_name === 'delivered' || o.status_name === 'completed';

/** 我的評價 with this order's items first (its only item's form opens at once). */
export const reviewPath = (o: Pick<OrderView, 'order_id'>) => `/reviews?order=${o.order_id}`;

/**
 * One order of /orders (spec 1 §2–4): number, date (Taipei), total, status and payment status
 * with their colours, payment method, the ATM account / CVS code while unpaid, details opened on
 * demand (loaded once), the slip, and 取消訂單 when the server says it may be cancelled.
 */
export function OrderCard({ order, onCancel, onReturn, onRetried }: Props) {
  const [open, setOpen] = useState(false);
  // Once opened, the details stay mounted (hidden when closed): their lines are asked for once.
  const [opened, setOpened] = useState(false);
  const detailsId = useId();
  const info = payInstructions(order);

  const toggle = () => {
    setOpened(true);
    setOpen((o) => !o);
  };

  return (
    <li className="ss-ord-card ss-ord-row" data-testid={`order-${order.order_id}`} aria-labelledby={`${detailsId}-title`}>
      <div className="ss-ord-row-head">
        <h2 className="ss-ord-row-title" id={`${detailsId}-title`}>
          訂單 #{order.order_id}
        </h2>
        <time className="ss-ord-muted" dateTime={order.created_at}>
          {taipeiDateTime(order.created_at)}
        </time>
        <div className="ss-ord-row-pills">
          <StatusPill label={order.status_label} color={order.status_color} testId="order-status" kind="訂單" />
          <StatusPill label={order.payment_status_label} color={order.payment_status_color} testId="payment-status" kind="付款" />
        </div>
      </div>
      <dl className="ss-ord-row-facts">
        <div>
          <dt>訂單金額</dt>
          <dd className="ss-price" data-testid="order-total">
            {formatNT(order.total_amount)}
          </dd>
        </div>
        <div>
          <dt>付款方式</dt>
          <dd data-testid="order-payment">{paymentLabel(order)}</dd>
        </div>
        {order.invoice_no && (
          <div>
            <dt>發票號碼</dt>
            <dd>{order.invoice_no}</dd>
          </div>
        )}
        {order.return_status && RETURN_STATUS_TEXT[order.return_status] && (
          <div>
            <dt>退貨</dt>
            <dd data-testid="return-status">{RETURN_STATUS_TEXT[order.return_status]}</dd>
          </div>
        )}
      </dl>
      {info && <PayInstructionsView info={info} />}
      {onRetried && <PaymentRetry order={order} onChanged={onRetried} compact />}
      <div className="ss-ord-row-actions">
        <Button
          onClick={toggle}
          aria-expanded={open}
          aria-controls={opened ? `${detailsId}-details` : undefined}
          icon={<DownOutlined className={open ? 'ss-ord-chevron is-open' : 'ss-ord-chevron'} />}
          iconPlacement="end"
        >
          {open ? '收合明細' : '訂單明細'}
        </Button>
        <LinkButton to={slipPath(order)}>付款資訊</LinkButton>
        {order.cancellable && (
          <Button danger onClick={() => onCancel(order)}>
            取消訂單
          </Button>
        )}
        {order.returnable && onReturn && <Button onClick={() => onReturn(order)}>申請退貨</Button>}
        {canReview(order) && (
          <LinkButton to={reviewPath(order)} className="ss-ord-review">
            評價
          </LinkButton>
        )}
      </div>
      {opened && (
        <div id={`${detailsId}-details`} className="ss-ord-details" hidden={!open}>
          <OrderDetails order={order} />
        </div>
      )}
    </li>
  );
}

function OrderDetails({ order }: { order: OrderView }) {
  const { data, error, isLoading, isFetching, refetch } = useGetOrderDetailsQuery(order.order_id);
  if (isLoading) {
    return (
      <div data-testid="details-loading" aria-busy="true">
        <Skeleton active title={false} paragraph={{ rows: 3 }} />
      </div>
    );
  }
  if (!data?.success) {
    return (
      <div className="ss-ord-details-error">
        <ErrorText message={(data && data.message) || apiErrorMessage(error) || '訂單明細載入失敗，請稍後再試。'} block />
        <Button onClick={() => void refetch()} loading={isFetching} icon={<ReloadOutlined />}>
          重新載入
        </Button>
      </div>
    );
  }
  return (
    <>
      <OrderItemsTable items={data.orderItems ?? []} caption={`訂單 #${order.order_id} 商品`} />
      <OrderTotals order={order} />
      <dl className="ss-ord-facts ss-ord-details-facts">
        <div>
          <dt>配送方式</dt>
          <dd>{order.shippingname}</dd>
        </div>
        <div>
          <dt>{isHomeDelivery(order) ? '收件地址' : '取貨門市'}</dt>
          <dd className="ss-ord-break">{isHomeDelivery(order) ? homeAddress(order) : [order.store_name, order.store_addr].filter(Boolean).join(' ')}</dd>
        </div>
        <div>
          <dt>收件人</dt>
          <dd>
            {order.name} {order.phone}
          </dd>
        </div>
      </dl>
    </>
  );
}
