/**
 * The order flow's constants and types (statuses, cancel texts, the payment fact, alert texts), apart
 * from the services so both OrderStateService and OrderMoves import them without a cycle.
 * order-state.service.ts re-exports them: import from either.
 */
import type { Order } from './entities/order.entity';
import { ONLINE_METHODS } from '../payments/payment-provider';
import { PAYMENT_STATE_CODE } from './order-lifecycle';

/** order_status_codes.status_name values the order flow sets. */
export const ORDER_STATUS = { pending: 'pending', paid: 'paid', cancelled: 'cancelled' } as const;
/** payment_status_codes.status_code values. */
export const PAYMENT_STATUS = PAYMENT_STATE_CODE;
/** Methods paid at a gateway: the others (cod) are paid on delivery. From the one list of method codes (payment-provider.ts). */
export const ONLINE_PAYMENTS: readonly string[] = ONLINE_METHODS;

export const AMOUNT_MISMATCH = '金額不符';

/** A payment confirmed by a gateway (notify, browser return, LINE Pay confirm, trade query). */
export interface PaymentFact {
  /** The provider's name (PaymentProvider.gateway). */
  gateway: string;
  tradeNo: string;
  amount: number;
  source: 'notify' | 'return' | 'confirm' | 'query';
  raw?: Record<string, unknown>;
  paidAt?: Date;
}

/** The columns a state change writes. */
export type OrderChange = Partial<
  Pick<Order, 'status_name' | 'payment_status' | 'paid_at' | 'trade_no' | 'cancelled_at' | 'order_status_msg' | 'payment_code' | 'bank_code' | 'expire_date'>
>;

export type CancelledBy = 'member' | 'expired' | 'payment-failed' | 'abandoned' | 'payment-start-failed' | 'staff';

/** What the order's `order_status_msg` says after a cancel (unless the caller gives a text). */
export const CANCEL_MSG: Record<CancelledBy, string> = {
  member: '會員取消訂單',
  expired: '付款期限已過，訂單已取消',
  'payment-failed': '付款失敗，訂單已取消',
  abandoned: '未完成付款，訂單已取消',
  'payment-start-failed': '付款服務無法使用，訂單未成立',
  staff: '管理員取消訂單',
};

/** Status labels and colours of an order, for refusals that show the order's state (spec 1 §7). */
export interface OrderStatusFields {
  status_name: string;
  status_label: string;
  status_color: string;
  payment_status: number;
  payment_status_label: string;
  payment_status_color: string;
}

/** Statuses in which the goods have left the warehouse: a full refund then makes the order `returned`. */
export const SHIPPED_STATUSES: readonly string[] = ['shipped', 'delivered', 'completed', 'returned'];
export const ORDER_STATUS_RETURNED = 'returned';
/** order_status_msg of an order cancelled by a full refund before shipping. */
export const REFUND_CANCEL_MSG = '訂單已退款並取消';

/** The notification setting of the refund alerts (a reference row, Telegram on). */
export const REFUND_ALERT_TYPE = 'refund_required';

/** The staff alert of a payment that arrived after its order was cancelled (ids and amounts only, no personal data). */
export function paidAfterCancelAlert(order: Pick<Order, 'id' | 'mer_trade_no' | 'payment'>, amount: number): string {
  return `【待退款】訂單 #${order.id}（${order.mer_trade_no}）已取消後收到付款 NT$ ${amount.toLocaleString('en-US')}（${order.payment}），訂單維持取消，請至後台辦理退款。`;
}

/** The staff alert of a payment that arrived after its order was fully refunded (ids and amounts only). */
export function paidAfterRefundAlert(order: Pick<Order, 'id' | 'mer_trade_no' | 'payment'>, amount: number, tradeNo: string): string {
  return `【待退款】訂單 #${order.id}（${order.mer_trade_no}）已全額退款後又收到付款 NT$ ${amount.toLocaleString('en-US')}（${order.payment}，交易序號 ${tradeNo}），訂單維持已退款，請至後台退還這筆款項。`;
}
