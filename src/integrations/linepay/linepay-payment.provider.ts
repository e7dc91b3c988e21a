import { Logger } from '@nestjs/common';
import type { GatewayForm } from '../../common/api/orders';
import { REFUND_MSG } from '../../common/validation/admin';
import {
  PaymentProviderError,
  PaymentStartError,
  type AttemptRaw,
  type CallbackClaim,
  type CallbackKind,
  type CallbackRequest,
  type CallbackSettlement,
  type CancelCodeResult,
  type PaymentAttempt,
  type PaymentEvent,
  type PaymentOrder,
  type PaymentProvider,
  type PaymentSource,
  type ReconcileContext,
  type ReconcileDecision,
  type RefundProvider,
  type RefundResult,
  type StartedPayment,
  type StartPaymentInput,
  type StartPaymentResult,
  type TradeState,
} from '../payments/payment-provider';
import { LinePayApiError, LinePayError, type LinePayGateway, type LinePayProduct } from './linepay-gateway';

/** A LINE Pay transactionId (a decimal string: it exceeds 2^53). */
const TRANSACTION_ID = /^\d{1,30}$/;
const ORDER_NO = /^[A-Za-z0-9_-]{1,32}$/;

/**
 * LINE Pay Online API v3 (PROVIDERS.md §4) as a payment provider: the payment request, the
 * buyer's browser back (confirmUrl → confirm with OUR order's total; cancelUrl → cancelled only
 * when LINE Pay itself says so), the status check and payment details for reconciliation, refunds.
 */
export class LinePayPaymentProvider implements PaymentProvider, RefundProvider {
  readonly gateway = 'linepay';
  readonly displayName = 'LINE Pay';
  readonly online = true;
  readonly callbacks = {
    confirm: { method: 'GET', errorPage: '找不到這筆 LINE Pay 付款的訂單，請至「我的訂單」查看付款狀態。' },
    cancel: { method: 'GET', errorPage: '找不到這筆 LINE Pay 付款的訂單，請至「我的訂單」查看訂單狀態。' },
  } as const;
  readonly manual = false;
  readonly method = 'linepay' as const;
  private readonly logger = new Logger('LinePayPayments');

  constructor(private readonly linePay: LinePayGateway) {}

  async start(input: StartPaymentInput): Promise<StartedPayment> {
    if (input.method !== 'linepay') throw new PaymentStartError(`LINE Pay does not collect ${String(input.method)}`, false, 'VALIDATION');
    const origin = input.origin.trim().replace(/\/+$/, '');
    try {
      const r = await this.linePay.request({
        orderId: input.merTradeNo,
        amount: input.amount,
        currency: 'TWD',
        packages: [{ id: '1', amount: input.amount, name: (input.prodDesc || input.merTradeNo).slice(0, 100), products: linePayProducts(input, origin) }],
        redirectUrls: {
          confirmUrl: `${origin}/api/payments/linepay/confirm`,
          cancelUrl: `${origin}/api/payments/linepay/cancel?orderId=${encodeURIComponent(input.merTradeNo)}`,
        },
        options: { display: { locale: 'zh_TW' } },
      });
      const form: GatewayForm = { go_url: r.paymentUrl.web, body: {} };
      return { result: { kind: 'redirect', form }, tradeNo: r.transactionId, raw: { form, result: { transactionId: r.transactionId, paymentUrl: r.paymentUrl } } };
    } catch (err) {
      if (err instanceof LinePayApiError) throw new PaymentStartError(err.message, err.retryable, err.code);
      if (err instanceof LinePayError) throw new PaymentStartError(err.message, err.retryable, err.kind);
      throw err;
    }
  }

  replay(_method: string, _tradeNo: string, raw: AttemptRaw): StartPaymentResult | null {
    return raw.form ? { kind: 'redirect', form: raw.form } : null;
  }

  // ---- the buyer's browser back: confirmUrl?transactionId=&orderId=, cancelUrl?orderId= ---------

  /** Nothing is signed here: the order number and transactionId are checked against our records and LINE Pay itself. */
  verifyCallback(kind: CallbackKind, req: CallbackRequest): CallbackClaim {
    const orderNo = req.query.orderId;
    if (typeof orderNo !== 'string' || !ORDER_NO.test(orderNo)) return { ok: false, reason: 'unknown order', orderNo };
    if (kind === 'cancel') return { ok: true, merTradeNo: orderNo, message: null };
    if (kind !== 'confirm') return { ok: false, reason: `LINE Pay sends no ${kind}`, orderNo };
    const transactionId = req.query.transactionId;
    if (typeof transactionId !== 'string' || !TRANSACTION_ID.test(transactionId)) {
      return { ok: false, reason: `transaction ${String(transactionId).slice(0, 30)} is not ours for order ${orderNo}`, orderNo };
    }
    return { ok: true, merTradeNo: orderNo, attemptTradeNo: transactionId, message: null };
  }

  /**
   * confirm: LINE Pay confirm with OUR order's total (a cancelled order is not charged: an approved
   * but unconfirmed payment lapses on its own). cancel: anyone can open that URL, so the order is
   * cancelled only when LINE Pay's check says cancelled / failed. LINE Pay failures leave the order
   * pending for reconciliation.
   */
  async settleCallback(kind: CallbackKind, claim: Extract<CallbackClaim, { ok: true }>, order: PaymentOrder, attempt: PaymentAttempt | null): Promise<CallbackSettlement> {
    const ours = attempt && attempt.gateway === this.gateway && attempt.tradeNo ? attempt : null;
    try {
      if (kind === 'confirm') {
        if (!ours) {
          this.logger.warn(`LINE Pay confirm refused: transaction ${String(claim.attemptTradeNo).slice(0, 30)} is not ours for order ${order.merTradeNo}`);
          return { kind: 'outcome', outcome: 'ignored' };
        }
        if (order.paid) return { kind: 'outcome', outcome: 'duplicate' };
        if (!order.pending) return { kind: 'outcome', outcome: 'not-pending' };
        const event = await this.confirm(order, ours, 'confirm');
        return event ? { kind: 'event', event } : { kind: 'outcome', outcome: 'kept' };
      }
      if (!order.pending || order.paid || !ours) return { kind: 'outcome', outcome: 'ignored' };
      const check = await this.linePay.checkStatus(ours.tradeNo);
      if (check.status !== 'cancelled' && check.status !== 'failed') return { kind: 'outcome', outcome: 'kept' };
      return {
        kind: 'event',
        event: {
          effect: 'closed',
          source: 'query',
          notification: { tradeNo: ours.tradeNo, amount: order.totalAmount, status: check.status, raw: { returnCode: check.returnCode } },
          cancelledBy: 'abandoned',
          attempt: { status: 'cancelled', result: { returnCode: check.returnCode } },
        },
      };
    } catch (err) {
      if (!(err instanceof LinePayError)) throw err;
      this.logger.warn(`LINE Pay ${kind === 'confirm' ? 'confirm' : 'check after cancel'} of ${order.merTradeNo} failed (${err.message}); the order stays pending for reconciliation`);
      return { kind: 'outcome', outcome: 'failed' };
    }
  }

  // ---- query, reconcile, cancel ---------------------------------------------------------------

  async query(_order: PaymentOrder, attempt: PaymentAttempt | null): Promise<TradeState> {
    if (!attempt || attempt.gateway !== this.gateway || !attempt.tradeNo) return { status: 'none', tradeNo: '', amount: 0, raw: {} };
    try {
      const check = await this.linePay.checkStatus(attempt.tradeNo);
      const status = ({ pending: 'unpaid', confirmed: 'paid', cancelled: 'cancelled', failed: 'failed' } as Record<string, TradeState['status']>)[check.status] ?? 'unknown';
      return { status, tradeNo: attempt.tradeNo, amount: attempt.amount, raw: { returnCode: check.returnCode, status: check.status } };
    } catch (err) {
      if (err instanceof LinePayApiError && (err.code === '1150' || err.code === '1159')) return { status: 'none', tradeNo: attempt.tradeNo, amount: 0, raw: { returnCode: err.code } };
      throw providerError(err);
    }
  }

  /**
   * A buyer who never came back: authorised → confirm now; confirmed → paid once payment details
   * list it; pending → cancelled after PAYMENTS_ABANDON_MINUTES; cancelled / failed → cancelled.
   * No request at LINE Pay (1150/1159, or none recorded) → cancelled once abandoned and its payment
   * details list no payment either.
   */
  async reconcile(order: PaymentOrder, attempt: PaymentAttempt | null, ctx: ReconcileContext): Promise<ReconcileDecision> {
    try {
      return await this.decide(order, attempt, ctx);
    } catch (err) {
      throw providerError(err);
    }
  }

  private async decide(order: PaymentOrder, attempt: PaymentAttempt | null, ctx: ReconcileContext): Promise<ReconcileDecision> {
    const { abandoned } = ctx;
    if (!attempt || attempt.gateway !== this.gateway || !attempt.tradeNo) {
      if (!abandoned) return { kind: 'skip', why: 'no LINE Pay transaction yet' };
      return this.notFound(order, 'no LINE Pay transaction was recorded');
    }
    let status: string;
    try {
      status = (await this.linePay.checkStatus(attempt.tradeNo)).status;
    } catch (err) {
      // 1150/1159: LINE Pay has no such request. Anything else: an error, left for the next run.
      if (err instanceof LinePayApiError && (err.code === '1150' || err.code === '1159')) {
        return abandoned ? this.notFound(order, `LINE Pay ${err.code}`) : { kind: 'skip', why: `LINE Pay ${err.code}, not yet abandoned` };
      }
      throw err;
    }
    switch (status) {
      case 'authorized': {
        const why = 'approved at LINE Pay, confirmed now';
        const event = await this.confirm(order, attempt, 'query');
        return event ? { kind: 'apply', event, why } : { kind: 'skip', outcome: 'kept', why };
      }
      case 'confirmed':
        if (!(await this.paid(attempt, order.totalAmount))) return { kind: 'skip', why: 'confirmed at LINE Pay but no matching payment listed' };
        return { kind: 'apply', event: paidEvent(order, attempt, 'query', { check: 'confirmed' }), why: 'confirmed at LINE Pay' };
      case 'pending':
        return abandoned ? { kind: 'cancel', by: 'abandoned', why: `not approved at LINE Pay after ${ctx.abandonMinutes} min` } : { kind: 'skip', why: 'waiting for the buyer at LINE Pay' };
      case 'cancelled':
        return { kind: 'cancel', by: 'abandoned', why: 'cancelled or expired at LINE Pay' };
      case 'failed':
        return { kind: 'cancel', by: 'payment-failed', why: 'failed at LINE Pay' };
      default:
        return { kind: 'skip', why: `LINE Pay status ${status}` };
    }
  }

  /** LINE Pay knows no request for this order: cancel once its payment details list no payment either. */
  private async notFound(order: PaymentOrder, why: string): Promise<ReconcileDecision> {
    const payments = (await this.linePay.paymentDetails({ orderId: order.merTradeNo })).filter((d) => d.orderId === order.merTradeNo).length;
    if (payments > 0) return { kind: 'skip', why: `${why}, but LINE Pay lists a payment: left for staff` };
    return { kind: 'cancel', by: 'abandoned', why };
  }

  /** LINE Pay has no API to void an unpaid request: it lapses on its own. */
  async cancelCode(): Promise<CancelCodeResult> {
    return { outcome: 'unsupported' };
  }

  // ---- refunds --------------------------------------------------------------------------------

  async refund(order: PaymentOrder, amount: number): Promise<RefundResult> {
    try {
      const r = await this.linePay.refund(order.tradeNo, amount);
      return { kind: 'done', method: 'linepay', ref: r.refundTransactionId, raw: { refundTransactionId: r.refundTransactionId, refundTransactionDate: r.refundTransactionDate } };
    } catch (err) {
      if (err instanceof LinePayError && !err.retryable) return { kind: 'failed', message: `${REFUND_MSG.refundFailed}：${err.message}`, raw: { error: err.message } };
      return this.checkRefund(order, order.refundedAmount + amount, amount, err);
    }
  }

  /** After a lost answer: LINE Pay's payment details list the refunds of the transaction. */
  async checkRefund(order: PaymentOrder, expectedTotal: number, _amount: number, cause: unknown): Promise<RefundResult> {
    try {
      const list = await this.linePay.paymentDetails({ transactionId: order.tradeNo, orderId: order.merTradeNo });
      const d = list.find((x) => x.transactionId === order.tradeNo);
      if (d) {
        const refunded = d.refundList.reduce((s, r) => s + Math.abs(r.refundAmount), 0);
        if (refunded >= expectedTotal) {
          const last = d.refundList[d.refundList.length - 1];
          return { kind: 'done', method: 'linepay', ref: last?.refundTransactionId ?? '', raw: { confirmedByQuery: true, refunded } };
        }
        return { kind: 'failed', message: `${REFUND_MSG.refundFailed}：${describe(cause)}`, raw: { error: describe(cause), refunded } };
      }
    } catch {
      // still unknown
    }
    return { kind: 'unknown', message: REFUND_MSG.refundUnknown, raw: { error: describe(cause) } };
  }

  // ---- helpers --------------------------------------------------------------------------------

  /**
   * Confirms an approved payment for the order's total: the paid event, or null when LINE Pay says
   * it was confirmed before (1172/1152) but lists no payment of that amount (left as it is).
   * Throws LinePayError.
   */
  private async confirm(order: PaymentOrder, attempt: PaymentAttempt, source: PaymentSource): Promise<PaymentEvent | null> {
    let raw: Record<string, unknown>;
    try {
      const r = await this.linePay.confirm(attempt.tradeNo, { amount: order.totalAmount, currency: 'TWD' });
      raw = { transactionId: r.transactionId, orderId: r.orderId, payInfo: r.payInfo };
    } catch (err) {
      if (!(err instanceof LinePayApiError && err.alreadyConfirmed)) throw err;
      raw = { returnCode: err.code };
      if (!(await this.paid(attempt, order.totalAmount))) {
        this.logger.warn(`LINE Pay says ${attempt.tradeNo} was confirmed, but no payment of NT$${order.totalAmount} is listed for ${order.merTradeNo}`);
        return null;
      }
    }
    return paidEvent(order, attempt, source, raw);
  }

  /** Whether a confirmed payment exists for this transaction and order, for this amount. */
  private async paid(attempt: PaymentAttempt, amount: number): Promise<boolean> {
    const list = await this.linePay.paymentDetails({ transactionId: attempt.tradeNo, orderId: attempt.merTradeNo });
    return list.some(
      (d) => d.transactionId === attempt.tradeNo && d.orderId === attempt.merTradeNo && d.payInfo.reduce((s, p) => s + (Number.isFinite(p.amount) ? p.amount : 0), 0) === amount,
    );
  }
}

function paidEvent(order: PaymentOrder, attempt: PaymentAttempt, source: PaymentSource, raw: Record<string, unknown>): PaymentEvent {
  return {
    effect: 'paid',
    source,
    notification: { tradeNo: attempt.tradeNo, amount: order.totalAmount, status: 'confirmed', raw },
    paid: { tradeNo: attempt.tradeNo, amount: order.totalAmount, raw },
    attempt: { status: 'paid', result: { source, ...raw } },
  };
}

/**
 * LINE Pay's one package: the order's lines, then the shipping fee (the rest of the total) as its
 * own line, so Σ price × quantity is exactly the amount. Lines that cannot add up (a discount
 * larger than the fee) fall back to one line of the whole total.
 */
export function linePayProducts(input: Pick<StartPaymentInput, 'items' | 'amount' | 'merTradeNo'>, origin: string): LinePayProduct[] {
  const lines: LinePayProduct[] = input.items.map((i) => ({
    name: (i.name || '商品').slice(0, 4000),
    quantity: i.quantity,
    price: i.price,
    ...(i.imageUrl ? { imageUrl: absoluteUrl(i.imageUrl, origin) } : {}),
  }));
  const valid = lines.every((l) => Number.isInteger(l.quantity) && l.quantity >= 1 && Number.isInteger(l.price) && l.price >= 0);
  const sum = lines.reduce((s, l) => s + l.price * l.quantity, 0);
  const rest = input.amount - sum;
  if (!valid || lines.length === 0 || rest < 0) return [{ name: `訂單 ${input.merTradeNo}`, quantity: 1, price: input.amount }];
  if (rest > 0) lines.push({ name: '運費', quantity: 1, price: rest });
  return lines;
}

function absoluteUrl(url: string, origin: string): string | undefined {
  if (/^https?:\/\//i.test(url)) return url;
  if (url.startsWith('/')) return `${origin}${url}`;
  return undefined;
}

function providerError(err: unknown): unknown {
  if (err instanceof LinePayApiError) return new PaymentProviderError(err.message, err.retryable, err.code);
  if (err instanceof LinePayError) return new PaymentProviderError(err.message, err.retryable, err.kind);
  return err;
}

function describe(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
