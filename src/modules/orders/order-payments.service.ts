import { HttpStatus, Injectable, Logger } from '@nestjs/common';
import { AppError } from '../../common/errors/app-error';
import { Transactions } from '../../common/transactions/transactions';
import type { CallbackKind, CallbackRequest, PaymentAttempt, PaymentEvent, PaymentProvider } from '../payments/payment-provider';
import { PaymentProviderRegistry } from '../payments/payment-provider.registry';
import { PaymentsService } from '../payments/payments.service';
import type { Order } from './entities/order.entity';
import { CancelledBy, OrderStateService } from './order-state.service';
import { OrderPaymentAttempts } from './order-payment-attempts';
import { ExtraPayments } from './extra-payments.service';
import { paymentOrderOf } from './payment-order';

/** What a gateway callback did: accepted (applied, a duplicate, or nothing to do), or refused with the reason. */
export type CallbackOutcome =
  | { accepted: true; merTradeNo: string; applied: string }
  | { accepted: false; reason: string; merTradeNo?: string };

/** What the order became after a gateway's answer was applied. */
export type AppliedOutcome = 'paid' | 'duplicate' | 'paid-after-cancel' | 'paid-after-refund' | 'paid-twice' | 'paid-old-amount' | 'cancelled' | 'kept' | 'recorded' | 'failed';

/**
 * Applies verified payment results to orders: every gateway callback (`/api/payments/<gateway>/<kind>`:
 * a server notify, the buyer's browser back) goes through the order's PaymentProvider (verify →
 * settle), and what it means (a PaymentEvent) is applied here. Each message is recorded once
 * (payment_notifications, unique gateway + trade_no + status) in the same transaction as its
 * effect, so a replay changes nothing; an order never moves backwards (a paid order stays paid; a
 * payment for a cancelled order is recorded on it as paid-after-cancel and alerts staff through
 * the event).
 */
@Injectable()
export class OrderPaymentsService {
  private readonly logger = new Logger('PaymentCallbacks');

  constructor(
    private readonly tx: Transactions,
    private readonly orders: OrderStateService,
    private readonly payments: PaymentsService,
    private readonly registry: PaymentProviderRegistry,
    private readonly attempts: OrderPaymentAttempts,
    private readonly extras: ExtraPayments,
  ) {}

  /** The provider whose callbacks arrive at `/api/payments/<gateway>/<kind>` with this HTTP method, or null (a 404). */
  callbackProvider(gateway: string, kind: string, method: 'GET' | 'POST'): PaymentProvider | null {
    const provider = this.registry.forGateway(gateway);
    const declared = provider?.callbacks[kind as CallbackKind];
    return provider && declared && declared.method === method ? provider : null;
  }

  /**
   * A gateway callback. Refused (with the reason) when the provider cannot verify it, the order
   * is unknown or not paid through this provider, or the provider refuses it (an amount other
   * than the order's total). Otherwise what the provider settled is applied. `merTradeNo` is set
   * whenever the request names a known order (the browser is sent to its slip).
   */
  async callback(provider: PaymentProvider, kind: CallbackKind, req: CallbackRequest): Promise<CallbackOutcome> {
    const name = provider.displayName;
    const claim = provider.verifyCallback(kind, req);
    if (!claim.ok) return this.refuse(name, kind, claim.reason, await this.knownMerTradeNo(claim.orderNo));
    const order = await this.orderOf(claim.merTradeNo);
    if (!order) return this.refuse(name, kind, `unknown order ${claim.merTradeNo}`, await this.knownMerTradeNo(claim.orderNo));
    const merTradeNo = order.mer_trade_no;
    // The attempt the gateway names (each retry has its own gateway number, H9): an older card attempt of an
    // order since switched to another method is still this provider's, judged by the attempt's method.
    const named = await this.payments.attemptOfGatewayNo(claim.merTradeNo);
    const own = named && named.orderId === order.id ? named : null;
    const method = own?.method ?? order.payment;
    if (!this.registry.has(method) || this.registry.for(method) !== provider) {
      return this.refuse(name, kind, `order ${merTradeNo} is not paid through ${name} (${method})`, merTradeNo);
    }
    const attempt = claim.attemptTradeNo ? await this.payments.findAttempt(provider.gateway, claim.attemptTradeNo, claim.merTradeNo) : (own ?? (await this.payments.latestAttempt(order.id)));
    // An older attempt issued for another amount (an ATM account / CVS code before staff re-priced the
    // order) is judged by its own amount: paid, it is extra money to refund (applyEvent), not a mismatch.
    const payOrder = paymentOrderOf(order);
    if (own && own.id === attempt?.id && Number.isSafeInteger(own.amount) && own.amount > 0 && own.amount !== order.total_amount) payOrder.totalAmount = own.amount;
    const settled = await provider.settleCallback(kind, claim, payOrder, attempt);
    if (settled.kind === 'refused') return this.refuse(name, kind, settled.reason, merTradeNo);
    if (settled.kind === 'outcome') return { accepted: true, merTradeNo, applied: settled.outcome };
    const applied = await this.applyEvent(order, attempt, settled.event);
    this.logger.log(`${name} ${kind} for ${merTradeNo}: ${settled.event.notification?.status ?? settled.event.effect} → ${applied}`);
    return { accepted: true, merTradeNo, applied };
  }

  /**
   * Applies a gateway's answer in one transaction: its notification recorded once (a replay →
   * 'duplicate', unless the event says otherwise), then the order marked paid / cancelled unless
   * paid, and the attempt updated.
   */
  async applyEvent(order: Order, attempt: PaymentAttempt | null, event: PaymentEvent): Promise<AppliedOutcome> {
    const gateway = attempt?.gateway || this.registry.for(order.payment).gateway;
    const applied = await this.tx.run(async (): Promise<AppliedOutcome> => {
      if (event.notification) {
        const n = event.notification;
        const fresh = await this.payments.recordNotification({ orderId: order.id, merTradeNo: order.mer_trade_no, gateway, tradeNo: n.tradeNo, amount: n.amount, status: n.status, source: event.source, raw: n.raw });
        if (!fresh && event.onceOnly !== false) return 'duplicate';
      }
      if (event.effect === 'paid' && event.paid) {
        const p = event.paid;
        // Money that must go back is kept as an extra payment (extra_payments, issue 19 §8) for staff to refund.
        const extra = (source: 'after-refund' | 'paid-twice' | 'old-amount') =>
          this.extras.record({ order, source, method: attempt?.method || order.payment, gateway, merTradeNo: attempt?.merTradeNo || order.mer_trade_no, tradeNo: p.tradeNo, amount: p.amount, raw: p.raw }, source === 'old-amount');
        // The old amount of an attempt issued before staff re-priced the order: never pays it; staff alerted.
        const total = (await this.orders.findById(order.id))?.total_amount ?? order.total_amount;
        if (attempt && p.amount !== total && p.amount === attempt.amount) {
          await extra('old-amount');
          await this.payments.setAttemptStatus(attempt.id, 'paid', { tradeNo: p.tradeNo, result: { extraPayment: true, amount: p.amount } });
          return 'paid-old-amount';
        }
        // A second payment of an order already paid by another attempt: recorded, staff alerted (H9).
        if ((await this.attempts.beforePaid(order, attempt, p.tradeNo, p.amount)) === 'paid-twice') {
          await extra('paid-twice');
          return 'paid-twice';
        }
        const r = await this.orders.markPaid(order.id, { gateway, tradeNo: p.tradeNo, amount: p.amount, source: event.source, raw: p.raw, ...(p.paidAt ? { paidAt: p.paidAt } : {}) });
        // A payment after the order was fully refunded (the refund kept, staff alerted by the move).
        // (Not the refunded payment itself told again under another status: the same trade is no new money.)
        if (r === 'paid-after-refund' && !(p.tradeNo && p.tradeNo === order.trade_no)) await extra('after-refund');
        if (attempt && event.attempt) await this.payments.setAttemptStatus(attempt.id, event.attempt.status, { tradeNo: event.attempt.tradeNo, result: event.attempt.result });
        return r;
      }
      if (event.effect === 'closed') {
        // A card / LINE Pay payment failed at the gateway's page: the order stays 待付款 while its payment window is open (H9).
        const keep = event.cancelledBy === 'expired' ? null : await this.attempts.keepPendingOnFailure(order, attempt);
        if (keep) return keep;
        const r = await this.cancelUnlessPaid(order.id, event.cancelledBy ?? 'payment-failed');
        if (r === 'cancelled' && attempt && event.attempt) await this.payments.setAttemptStatus(attempt.id, event.attempt.status, { tradeNo: event.attempt.tradeNo, result: event.attempt.result });
        return r;
      }
      // An issued code, a review, an unpaid status: recorded, nothing to change.
      return 'recorded';
    });
    if (applied === 'paid-after-cancel') {
      this.logger.warn(`${gateway} ${event.source}: order ${order.mer_trade_no} was paid after it was cancelled: recorded for a refund (staff alerted)`);
    }
    return applied;
  }

  /** The order number of a known order (the browser back of a request that could not be verified). */
  async knownMerTradeNo(merTradeNo: unknown): Promise<string | undefined> {
    if (typeof merTradeNo !== 'string' || !/^[A-Za-z0-9_-]{1,32}$/.test(merTradeNo)) return undefined;
    return (await this.orderOf(merTradeNo))?.mer_trade_no;
  }

  /** Cancels a pending unpaid order; a paid one stays paid ('kept'), never moved backwards. Joins the caller's transaction. */
  async cancelUnlessPaid(orderId: number, by: CancelledBy): Promise<'cancelled' | 'duplicate' | 'kept'> {
    try {
      return await this.orders.cancel(orderId, by);
    } catch (err) {
      // 409: paid (or moved on) — the conditional update changed nothing, so the transaction is intact.
      if (err instanceof AppError && err.getStatus() === HttpStatus.CONFLICT) return 'kept';
      throw err;
    }
  }

  /** The order a gateway's order number names: the order's own number, else the attempt that used it (a retried payment's number). */
  private async orderOf(merTradeNo: string): Promise<Order | null> {
    const order = await this.orders.findByMerTradeNo(merTradeNo);
    if (order) return order;
    const attempt = await this.payments.attemptOfGatewayNo(merTradeNo);
    return attempt ? this.orders.findById(attempt.orderId) : null;
  }

  private refuse(provider: string, kind: string, reason: string, merTradeNo?: string): CallbackOutcome {
    this.logger.warn(`${provider} ${kind} refused: ${reason}`);
    return { accepted: false, reason, merTradeNo };
  }
}
