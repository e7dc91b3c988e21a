import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import { Button, Skeleton } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import type { OrderItemView, OrderView } from '@api/orders';
import { CHECKOUT_MSG } from '@rules/checkout-rules';
import { useAppDispatch } from '../../../app/hooks';
import { usePageTitle } from '../../../app/site/usePageTitle';
import { apiErrorMessage } from '../../../shared/api/baseApi';
import { ErrorText } from '../../../shared/components/ErrorText';
import { LinkButton } from '../../../shared/components/LinkButton';
import { formatNT } from '../../../shared/lib/format';
import { RequireMember } from '../auth/RequireMember';
import { setRedirectPath } from '../auth/sessionSlice';
import { clearCart } from '../cart/cartSlice';
import { errorStatus, useGetOrderAndDetailsQuery, usePurchaseEventMutation } from './ordersApi';
import { analyticsEnabled, track } from '../../../shared/analytics/analytics';
import { purchaseEvent } from '../../../shared/analytics/events';
import { OrderItemsTable, OrderTotals, PayInstructionsView, StatusPill } from './OrderParts';
import {
  awaitingPayment,
  clearsCartOnReturn,
  deliverySlotLabel,
  homeAddress,
  invoiceText,
  isCancelled,
  isHomeDelivery,
  isPaid,
  PAYMENT_STATUS,
  paymentLabel,
  payInstructions,
  taipeiDateTime,
} from './orderView';
import { canRetryPayment, PaymentRetry } from './PaymentRetry';
import { useRefetchOnReturn } from './useRefetchOnReturn';
import './Orders.css';

/** How often the slip asks again while an online payment is awaited, and for how long. */
export const SLIP_POLL_MS = 4000;
export const SLIP_POLL_WINDOW_MS = 120_000;

/**
 * The payment slip (spec 2 §2 PaymentSlip, §4, §8): `/paymentSlip?MerTradeNo=…`. Owner only: a
 * visitor, an expired session or another member's order (the server answers 401 / 404) goes to
 * /login and comes back here after logging in.
 */
export default function PaymentSlipPage() {
  usePageTitle('付款資訊');
  const [params] = useSearchParams();
  const merTradeNo = (params.get('MerTradeNo') ?? '').trim();

  if (!merTradeNo) {
    return (
      <div className="ss-container ss-page ss-ord-page">
        <h1 className="ss-page-title">付款資訊</h1>
        <ErrorText message={CHECKOUT_MSG.slipNoMerTradeNo} block testId="slip-error" />
        <SlipLinks />
      </div>
    );
  }
  return (
    <RequireMember>
      <div className="ss-container ss-page ss-ord-page">
        <h1 className="ss-page-title">付款資訊</h1>
        <Slip merTradeNo={merTradeNo} />
      </div>
    </RequireMember>
  );
}

function SlipLinks() {
  return (
    <div className="ss-ord-links">
      <LinkButton to="/orders" variant="primary" size="large">
        查看我的訂單
      </LinkButton>
      <LinkButton to="/products" size="large">
        繼續購物
      </LinkButton>
    </div>
  );
}

/** True while `ms` has not passed since the component mounted. */
function useWithin(ms: number): boolean {
  const [within, setWithin] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => setWithin(false), ms);
    return () => clearTimeout(timer);
  }, [ms]);
  return within;
}

function Slip({ merTradeNo }: { merTradeNo: string }) {
  const dispatch = useAppDispatch();
  const location = useLocation();
  const pollWindow = useWithin(SLIP_POLL_WINDOW_MS);
  const [awaiting, setAwaiting] = useState(false);
  const { data, error, isError, isLoading, isFetching, refetch } = useGetOrderAndDetailsQuery(merTradeNo, {
    refetchOnMountOrArgChange: true,
    pollingInterval: awaiting && pollWindow ? SLIP_POLL_MS : 0,
    skipPollingIfUnfocused: true,
  });
  const order = data?.success ? data.order : undefined;
  const status = isError ? errorStatus(error) : undefined;
  // 401: the api forgot the session and RequireMember is taking the member to /login.
  // 403 / 404: another member's order (or none): to /login as well, nothing of it shown.
  const notYours = status === 403 || status === 404;
  const here = location.pathname + location.search;

  useEffect(() => {
    setAwaiting(order ? awaitingPayment(order) : false);
  }, [order]);

  useEffect(() => {
    if (notYours) dispatch(setRedirectPath(here));
  }, [notYours, here, dispatch]);

  // Back from LINE Pay's (or the card's 3-D Secure) page: the cart is done with (spec 2 §4).
  // `default` is the key of the tab's first location: a page load, not a link inside the app.
  const [firstPage] = useState(() => location.key === 'default');
  const cartCleared = useRef(false);
  useEffect(() => {
    if (!order || cartCleared.current || !clearsCartOnReturn(order, firstPage)) return;
    cartCleared.current = true;
    dispatch(clearCart());
  }, [order, firstPage, dispatch]);

  // Analytics (issue 22 §7): with consent, a paid order (or a cash-on-delivery one once placed) asks the
  // server for its purchase event; the server hands it out once per order (null on reloads), sent when not null.
  const [askPurchase] = usePurchaseEventMutation();
  const purchaseAsked = useRef(false);
  useEffect(() => {
    if (!order || purchaseAsked.current || !analyticsEnabled()) return;
    if (!isPaid(order) && order.payment !== 'cod') return;
    purchaseAsked.current = true;
    askPurchase(order.mer_trade_no)
      .unwrap()
      .then((a) => {
        if (a.success && a.event) track(purchaseEvent(a.event));
      })
      .catch(() => undefined);
  }, [order, askPurchase]);

  // Back from the simulator's or the bank's page in another tab: ask at once.
  useRefetchOnReturn(awaiting, refetch);

  if (notYours) return <Navigate to="/login" replace />;
  if (status === 401) return null;
  if (isLoading) return <SlipSkeleton />;
  if (!order || !data) {
    const message = (data && !data.success && data.message) || apiErrorMessage(error) || CHECKOUT_MSG.slipBackendError;
    return (
      <>
        <ErrorText message={message} block testId="slip-error" />
        <div className="ss-ord-links">
          <Button onClick={() => void refetch()} loading={isFetching} icon={<ReloadOutlined />}>
            重新載入
          </Button>
        </div>
        <SlipLinks />
      </>
    );
  }

  return (
    <>
      <SlipSummary order={order} />
      <PaymentDetails order={order} polling={awaiting && pollWindow} refreshing={isFetching} onRefresh={() => void refetch()} />
      <OrderInfo order={order} />
      <SlipItems order={order} items={data.orderItems ?? []} />
      <SlipLinks />
    </>
  );
}

function SlipSkeleton() {
  return (
    <div data-testid="slip-loading" aria-busy="true">
      <span className="ss-visually-hidden" role="status">
        載入中…
      </span>
      {[0, 1, 2].map((i) => (
        <section className="ss-ord-card" key={i}>
          <Skeleton active title paragraph={{ rows: 3 }} />
        </section>
      ))}
    </div>
  );
}

function SlipSummary({ order }: { order: OrderView }) {
  return (
    <section className="ss-ord-card ss-ord-summary" aria-label="訂單摘要" data-testid="slip-summary">
      <dl className="ss-ord-facts">
        <div>
          <dt>訂單編號</dt>
          <dd>
            <strong data-testid="slip-order-id">#{order.order_id}</strong>
            <span className="ss-ord-muted ss-ord-break" data-testid="slip-mer-trade-no">
              {order.mer_trade_no}
            </span>
          </dd>
        </div>
        <div>
          <dt>訂單金額</dt>
          <dd className="ss-price ss-ord-amount" data-testid="slip-amount">
            {formatNT(order.total_amount)}
          </dd>
        </div>
        <div>
          <dt>付款方式</dt>
          <dd data-testid="slip-payment">{paymentLabel(order)}</dd>
        </div>
        <div>
          <dt>付款狀態</dt>
          <dd>
            <StatusPill label={order.payment_status_label} color={order.payment_status_color} testId="slip-payment-status" />
          </dd>
        </div>
        <div>
          <dt>訂單狀態</dt>
          <dd>
            <StatusPill label={order.status_label} color={order.status_color} testId="slip-order-status" />
          </dd>
        </div>
        <div>
          <dt>訂購時間</dt>
          <dd>{taipeiDateTime(order.created_at)}</dd>
        </div>
      </dl>
    </section>
  );
}

interface PaymentDetailsProps {
  order: OrderView;
  polling: boolean;
  refreshing: boolean;
  onRefresh: () => void;
}

/** What to do next, by payment method (spec 2 §4): the ATM account, the CVS code, or the result so far. */
function PaymentDetails({ order, polling, refreshing, onRefresh }: PaymentDetailsProps) {
  const info = payInstructions(order);
  const waiting = awaitingPayment(order);
  let body;
  if (isCancelled(order)) {
    body = (
      <p className="ss-ord-note" data-testid="slip-note">
        此訂單已取消。{order.order_status_msg}
      </p>
    );
  } else if (order.payment === 'cod') {
    body = (
      <p className="ss-ord-note" data-testid="slip-note">
        貨到付款 — 請於取貨或收件時付款。
      </p>
    );
  } else if (isPaid(order)) {
    body = (
      <p className="ss-ord-note ss-ord-note--ok" data-testid="slip-note">
        付款完成，感謝您的訂購！{order.paid_at ? `（${taipeiDateTime(order.paid_at)}）` : ''}
      </p>
    );
  } else if (order.payment_status === PAYMENT_STATUS.failed && canRetryPayment(order)) {
    // 重新付款 / 更換付款方式 below say what happened and what to do (issue 19 §6).
    body = null;
  } else if (order.payment_status === PAYMENT_STATUS.failed) {
    body = (
      <p className="ss-ord-note ss-ord-note--bad" data-testid="slip-note">
        付款未完成。{order.order_status_msg}
      </p>
    );
  } else if (info) {
    body = (
      <>
        <PayInstructionsView info={info} amount={order.total_amount} />
        <p className="ss-ord-hint">{info.kind === 'atm' ? '請於繳費期限前，以 ATM 或網路銀行轉帳至上方虛擬帳號。' : '請於繳費期限前，至超商多媒體機台輸入繳費代碼後至櫃檯繳費。'}</p>
      </>
    );
  } else {
    body = (
      <p className="ss-ord-note" data-testid="slip-note">
        {order.payment === 'atm' || order.payment === 'cvs' ? '繳費資訊產生中，請稍候。' : '尚未收到付款結果。'}
      </p>
    );
  }

  return (
    <section className="ss-ord-card" aria-labelledby="slip-pay-title">
      <h2 className="ss-ord-card-title" id="slip-pay-title">
        付款明細
      </h2>
      {body}
      <PaymentRetry order={order} onChanged={onRefresh} />
      {waiting && (
        <div className="ss-ord-refresh">
          <span className="ss-ord-hint" role="status">
            {polling ? '完成付款後，本頁會自動更新付款狀態。' : '已完成付款？請按重新整理查看最新狀態。'}
          </span>
          <Button onClick={onRefresh} loading={refreshing} icon={<ReloadOutlined />}>
            重新整理
          </Button>
        </div>
      )}
    </section>
  );
}

function OrderInfo({ order }: { order: OrderView }) {
  const home = isHomeDelivery(order);
  const icon = order.shippingicon_url || order.shipping_icon_url;
  const invoice = invoiceText(order);
  return (
    <section className="ss-ord-card" aria-labelledby="slip-info-title">
      <h2 className="ss-ord-card-title" id="slip-info-title">
        訂單資訊
      </h2>
      <dl className="ss-ord-facts" data-testid="slip-info">
        <div>
          <dt>訂購人</dt>
          <dd className="ss-ord-lines">
            <span>{order.buy_name}</span>
            <span>{order.buy_phone}</span>
            <span className="ss-ord-break">{order.buy_email}</span>
          </dd>
        </div>
        <div>
          <dt>收件人</dt>
          <dd className="ss-ord-lines">
            <span>{order.name}</span>
            <span>{order.phone}</span>
          </dd>
        </div>
        <div>
          <dt>配送方式</dt>
          <dd>
            {icon && <img className="ss-ord-ship-icon" src={icon} alt="" width={28} height={28} />}
            <span data-testid="slip-shipping">{order.shippingname}</span>
          </dd>
        </div>
        {home ? (
          <div>
            <dt>收件地址</dt>
            <dd data-testid="slip-address">{homeAddress(order)}</dd>
          </div>
        ) : (
          <div>
            <dt>取貨門市</dt>
            <dd className="ss-ord-lines" data-testid="slip-store">
              <span>
                {order.store_name}
                {order.store_id && <span className="ss-ord-muted">（{order.store_id}）</span>}
              </span>
              {order.store_addr && <span className="ss-ord-muted">{order.store_addr}</span>}
            </dd>
          </div>
        )}
        {home && deliverySlotLabel(order.delivery_time_slot) && (
          <div>
            <dt>配送時段</dt>
            <dd>{deliverySlotLabel(order.delivery_time_slot)}</dd>
          </div>
        )}
        {invoice && (
          <div>
            <dt>發票</dt>
            <dd data-testid="slip-invoice">{invoice}</dd>
          </div>
        )}
        {order.invoice_no && (
          <div>
            <dt>發票號碼</dt>
            <dd data-testid="slip-invoice-no">{order.invoice_no}</dd>
          </div>
        )}
      </dl>
    </section>
  );
}

function SlipItems({ order, items }: { order: OrderView; items: readonly OrderItemView[] }) {
  return (
    <section className="ss-ord-card" aria-labelledby="slip-items-title">
      <h2 className="ss-ord-card-title" id="slip-items-title">
        訂購商品
      </h2>
      <OrderItemsTable items={items} />
      <OrderTotals order={order} />
    </section>
  );
}
