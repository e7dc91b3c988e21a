import type { Order } from './entities/order.entity';
import { moveRefusal } from './order-lifecycle';

/**
 * The payment window of an unpaid order and the numbers of its payment attempts (issue 19 §6,
 * "retry a failed card payment"). Pure: unit-tested without the app.
 *
 * - A card (or LINE Pay) payment that failed at the gateway's page leaves the order 待付款
 *   (pending, payment_status 2 付款失敗) until its window ends: PAYMENTS_ABANDON_MINUTES after the
 *   order was created. Inside it the shopper may 重新付款 (the same method again) or 更換付款方式
 *   (ATM, CVS code, LINE Pay, cash on delivery). After it, reconciliation cancels the order once
 *   the gateway confirms it unpaid, as before.
 * - An order switched to ATM / CVS follows their window instead (the code's expire_date); cash on
 *   delivery has none.
 * - Each attempt has its own gateway order number (PAYUNi refuses a MerTradeNo again within
 *   10 minutes, UPP01007; LINE Pay an orderId again): the first is the order's own number, the
 *   next ones `<order number>R<n>` (n = 2..9).
 */

/** Methods paid on the gateway's own page: their failure is retried, not cancelled. */
export const RETRYABLE_METHODS: readonly string[] = ['credit', 'linepay'];
/** At most this many attempts per order (the first and R2..R9). */
export const MAX_PAYMENT_ATTEMPTS = 9;

const ATTEMPT_NO = /^([A-Za-z0-9]{1,22})R([2-9])$/;

/** The gateway order number of attempt `n` (1: the order's own). */
export function attemptMerTradeNo(orderNo: string, n: number): string {
  return n <= 1 ? orderNo : `${orderNo}R${n}`;
}

/** The order number and attempt of a gateway number `<order>R<n>`, or null when it is not one. */
export function parseAttemptNo(merTradeNo: string): { orderNo: string; n: number } | null {
  const m = ATTEMPT_NO.exec(merTradeNo);
  return m ? { orderNo: m[1], n: Number(m[2]) } : null;
}

/** The number of the next attempt after the latest one (its gateway order number), or null when none may follow. */
export function nextAttemptNumber(orderNo: string, latestMerTradeNo: string | undefined): number | null {
  const parsed = latestMerTradeNo ? parseAttemptNo(latestMerTradeNo) : null;
  const last = parsed && parsed.orderNo === orderNo ? parsed.n : 1;
  const next = last + 1;
  return next > MAX_PAYMENT_ATTEMPTS ? null : next;
}

type WindowOrder = Pick<Order, 'status_name' | 'payment_status' | 'payment' | 'created_at'>;

/**
 * When the window to pay again ends: pending, not paid (unpaid or failed), paid on a gateway's
 * page; null when the order has none (paid, cancelled, ATM / CVS / cash on delivery).
 */
export function paymentWindowEnd(o: WindowOrder, windowMinutes: number): Date | null {
  // Only while the shopper's retryPayment move may happen by the states (pending, unpaid or failed; it has no return guard).
  if (moveRefusal('retryPayment', { ...o, return_status: '' }, { kind: 'shopper' }) === 'state') return null;
  if (!RETRYABLE_METHODS.includes(o.payment)) return null;
  return new Date(new Date(o.created_at).getTime() + windowMinutes * 60_000);
}

/** The end of the window while it is open (ISO), else null: what the slip and /orders show 重新付款 / 更換付款方式 for. */
export function paymentRetryUntil(o: WindowOrder, windowMinutes: number, now = new Date()): string | null {
  const end = paymentWindowEnd(o, windowMinutes);
  return end && now.getTime() < end.getTime() ? end.toISOString() : null;
}
