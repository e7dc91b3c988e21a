import { Inject, Injectable, Logger } from '@nestjs/common';
import { Transactions } from '../../common/transactions/transactions';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { JobName } from '../../jobs/job-types';
import { Outbox } from '../../jobs/outbox/outbox.service';
import { PaymentsService, type PaymentAttempt } from '../payments/payments.service';
import { Order } from './entities/order.entity';
import { canMove, GATEWAY } from './order-lifecycle';
import { OrderLifecycle } from './order-lifecycle.runner';
import { parseAttemptNo, paymentWindowEnd, RETRYABLE_METHODS } from './order-payment-window';
import { ORDER_STATUS, OrderStateService, PAYMENT_STATUS, REFUND_ALERT_TYPE } from './order-state.service';

/** An order and the payment attempt a gateway's message names. */
export interface AttemptTarget {
  order: Order;
  /** The attempt started under that gateway order number; null for orders made before attempts were kept. */
  attempt: PaymentAttempt | null;
}

/** The staff alert of a second payment of an order already paid (ids and amounts only, no personal data). */
export function paidTwiceAlert(order: Pick<Order, 'id' | 'mer_trade_no'>, attempt: Pick<PaymentAttempt, 'merTradeNo' | 'method'>, tradeNo: string, amount: number): string {
  return `【待退款】訂單 #${order.id}（${order.mer_trade_no}）已付款，又收到另一筆付款 NT$ ${amount.toLocaleString('en-US')}（${attempt.method}，${attempt.merTradeNo}，交易序號 ${tradeNo || '—'}），請至金流後台退還這筆重複付款。`;
}

/**
 * What a gateway's answer about ONE payment attempt means for its order, now that an order may
 * have several (issue 19 §6: 重新付款 / 更換付款方式; each attempt has its own gateway order number,
 * see order-payment-window.ts). OrderPaymentsService (callbacks) and reconciliation ask it:
 *
 * - `resolve`: the order and attempt a gateway order number names (the order's own, or `<order>R<n>`).
 * - `keepPendingOnFailure`: a card / LINE Pay attempt failed or was cancelled at the gateway's page
 *   while the payment window is open → the order stays 待付款 with payment_status 2 (付款失敗), not
 *   cancelled; an older attempt's failure (the shopper already paid another way or is paying
 *   again) changes nothing on the order.
 * - `beforePaid`: a paid attempt of an order already paid by ANOTHER trade is a second payment:
 *   recorded (the notification, the attempt 'paid') and staff alerted to refund it, never a silent
 *   duplicate. A paid older attempt of a still-unpaid order pays it, and the order's method becomes
 *   the attempt's (what was actually paid: refunds follow it).
 *
 * Each joins the caller's transaction.
 */
@Injectable()
export class OrderPaymentAttempts {
  private readonly logger = new Logger('PaymentAttempts');

  constructor(
    private readonly tx: Transactions,
    private readonly state: OrderStateService,
    private readonly payments: PaymentsService,
    private readonly outbox: Outbox,
    private readonly lifecycle: OrderLifecycle,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  get windowMinutes(): number {
    const m = (this.config as { payments?: { abandonMinutes?: unknown } }).payments?.abandonMinutes;
    return typeof m === 'number' && Number.isInteger(m) && m >= 0 ? m : 30;
  }

  /** The order and attempt of a gateway order number: the order's own number, or an attempt's `<order>R<n>`. */
  async resolve(merTradeNo: string): Promise<AttemptTarget | null> {
    const own = await this.state.findByMerTradeNo(merTradeNo);
    if (own) {
      const attempt = await this.payments.attemptOfGatewayNo(merTradeNo);
      return { order: own, attempt: attempt && attempt.orderId === own.id ? attempt : null };
    }
    const parsed = parseAttemptNo(merTradeNo);
    if (!parsed) return null;
    const attempt = await this.payments.attemptOfGatewayNo(merTradeNo);
    if (!attempt) return null;
    const order = await this.state.findById(attempt.orderId);
    return order && order.mer_trade_no === parsed.orderNo ? { order, attempt } : null;
  }

  /** The order's own number for a gateway order number (the slip to send the browser to), or undefined. */
  async orderNoOf(merTradeNo: string): Promise<string | undefined> {
    return (await this.resolve(merTradeNo))?.order.mer_trade_no;
  }

  /**
   * A failed / cancelled card or LINE Pay attempt (`closed` at the gateway, not expired). 'failed':
   * the order stays 待付款 (payment_status 2); 'recorded': an older attempt, the order is left as it
   * is; null: not kept (the window has ended, or not a gateway-page method) — cancel as before.
   */
  async keepPendingOnFailure(order: Order, attempt: PaymentAttempt | null): Promise<'failed' | 'recorded' | null> {
    const method = attempt?.method ?? order.payment;
    if (!RETRYABLE_METHODS.includes(method)) return null;
    const latest = await this.payments.latestAttempt(order.id);
    if (attempt && latest && latest.id !== attempt.id) {
      await this.payments.setAttemptStatus(attempt.id, 'failed', { result: { superseded: true } });
      return 'recorded';
    }
    const end = paymentWindowEnd(order, this.windowMinutes);
    if (!end || Date.now() >= end.getTime()) return null;
    if (order.payment !== method) return null;
    // The lifecycle's `paymentFailed` move (pending, unpaid → failed; a duplicate finds it failed already).
    await this.lifecycle.move(order.id, 'paymentFailed', { kind: 'gateway', name: attempt?.gateway ?? '' }, { reason: `付款失敗（${attempt?.merTradeNo ?? order.mer_trade_no}），可重新付款或更換付款方式` });
    if (attempt) await this.payments.setAttemptStatus(attempt.id, 'failed', { result: { keptPending: true } });
    const now = (await this.state.findById(order.id))!;
    // Already failed (a duplicate) stays failed; paid or cancelled meanwhile: the caller's usual branch.
    return now.status_name === ORDER_STATUS.pending && now.payment_status === PAYMENT_STATUS.failed ? 'failed' : null;
  }

  /**
   * Before marking the order paid with `tradeNo` of `attempt`. 'paid-twice': the order was already
   * paid by another trade — recorded for staff (alert) and nothing else changes. null: go on
   * (mark it paid); an older attempt paying an unpaid order first gives the order its method.
   */
  async beforePaid(order: Order, attempt: PaymentAttempt | null, tradeNo: string, amount: number): Promise<'paid-twice' | null> {
    if (!attempt) return null;
    const now = (await this.state.findById(order.id))!;
    if (now.payment_status === PAYMENT_STATUS.paid || now.payment_status === PAYMENT_STATUS.refunded) {
      const sameTrade = (tradeNo && now.trade_no === tradeNo) || (await this.paidAttemptId(order.id)) === attempt.id;
      if (sameTrade) return null;
      await this.payments.setAttemptStatus(attempt.id, 'paid', { tradeNo, result: { secondPayment: true } });
      await this.outbox.enqueue(
        JobName.TelegramNotify,
        { settingType: REFUND_ALERT_TYPE, text: paidTwiceAlert(order, attempt, tradeNo, amount) },
        { jobId: `alert-paid-twice:${order.id}:${attempt.id}` },
      );
      this.logger.warn(`order ${order.mer_trade_no} was paid again by attempt ${attempt.merTradeNo} (${attempt.method}, trade ${tradeNo}): recorded for a refund (staff alerted)`);
      return 'paid-twice';
    }
    // Still awaiting its payment (the lifecycle's `pay` move may happen) and paid by another method than the order's now.
    if (attempt.method && now.payment !== attempt.method && canMove('pay', now, GATEWAY)) {
      // The shopper switched methods, then the older attempt was paid after all: that is how the order was paid.
      await this.tx.manager
        .createQueryBuilder()
        .update(Order)
        .set({ payment: attempt.method })
        .where('id = :id AND status_name = :pending AND payment_status <> :paid', { id: order.id, pending: ORDER_STATUS.pending, paid: PAYMENT_STATUS.paid })
        .execute();
    }
    return null;
  }

  /** The attempt recorded as paying the order (status 'paid'), by id. */
  private async paidAttemptId(orderId: number): Promise<number | undefined> {
    const attempts = await this.payments.attemptsOf(orderId);
    return attempts.find((a) => a.status === 'paid')?.id;
  }
}
