import { HttpStatus, Injectable, Logger } from '@nestjs/common';
import { AppError } from '../../common/errors/app-error';
import { Transactions } from '../../common/transactions/transactions';
import { LinePayError } from '../../integrations/linepay/linepay-gateway';
import { PayuniCallbackError, type CallbackForm, type PayuniCallback } from '../../integrations/payuni/payuni-gateway';
import { parseTaipeiTimestamp } from '../payments/payment-times';
import { PaymentsService, type PaymentAttempt } from '../payments/payments.service';
import type { Order } from './entities/order.entity';
import { CancelledBy, ORDER_STATUS, OrderStateService, PAYMENT_STATUS } from './order-state.service';

/** Methods PAYUNi collects. */
const PAYUNI_METHODS: readonly string[] = ['atm', 'cvs', 'credit'];

/** What a PAYUNi callback did: accepted (applied or a duplicate), or refused with the reason. */
export type PayuniCallbackOutcome =
  | { accepted: true; merTradeNo: string; applied: string }
  | { accepted: false; reason: string; merTradeNo?: string };

/** What the order became after a gateway's answer was applied. */
export type AppliedOutcome = 'paid' | 'duplicate' | 'paid-after-cancel' | 'cancelled' | 'kept' | 'recorded';

/**
 * Applies verified payment results to orders: PAYUNi NotifyURL / ReturnURL posts and the LINE Pay
 * confirm redirect. Each message is recorded once (payment_notifications, unique gateway +
 * trade_no + status) in the same transaction as its effect, so a replay changes nothing; an order
 * never moves backwards (a paid order stays paid; a payment for a cancelled order is recorded on
 * it as paid-after-cancel and alerts staff through the event).
 */
@Injectable()
export class OrderPaymentsService {
  private readonly logger = new Logger('PaymentCallbacks');

  constructor(
    private readonly tx: Transactions,
    private readonly orders: OrderStateService,
    private readonly payments: PaymentsService,
  ) {}

  /**
   * A PAYUNi NotifyURL (`notify`) or UPP ReturnURL (`return`) post. Refused (with the reason) when
   * the HashInfo / MerID / decryption fails, the order is unknown or not a PAYUNi order, or
   * TradeAmt is not the order's total. The return is signed exactly like the notify, so a verified
   * return is applied the same way (whichever of the two arrives first applies; the other is a
   * duplicate of the same gateway + TradeNo + TradeStatus).
   */
  async payuniCallback(form: CallbackForm, source: 'notify' | 'return'): Promise<PayuniCallbackOutcome> {
    let cb: PayuniCallback;
    try {
      cb = this.payments.parsePayuniCallback(form);
    } catch (err) {
      if (err instanceof PayuniCallbackError) return this.refuse(source, `${err.reason}: ${err.message}`);
      throw err;
    }
    const merTradeNo = cb.merTradeNo;
    if (!merTradeNo) return this.refuse(source, 'unknown order: no MerTradeNo');
    const order = await this.orders.findByMerTradeNo(merTradeNo);
    if (!order) return this.refuse(source, `unknown order ${merTradeNo}`);
    if (!PAYUNI_METHODS.includes(order.payment)) return this.refuse(source, `order ${merTradeNo} is not paid through PAYUNi (${order.payment})`, merTradeNo);
    if (cb.tradeAmt !== order.total_amount) {
      return this.refuse(source, `amount mismatch for ${merTradeNo}: TradeAmt ${cb.tradeAmt ?? '(none)'} ≠ order total ${order.total_amount}`, merTradeNo);
    }
    const tradeStatus = cb.tradeStatus;
    const statusKey = tradeStatus === undefined ? `S:${cb.status}` : String(tradeStatus);
    const tradeNo = cb.tradeNo || `mer:${merTradeNo}`;
    const attempt = await this.payments.latestAttempt(order.id);

    const applied = await this.tx.run(async () => {
      const fresh = await this.payments.recordNotification({
        orderId: order.id,
        merTradeNo,
        gateway: 'payuni',
        tradeNo,
        amount: cb.tradeAmt ?? 0,
        status: statusKey,
        source,
        raw: { ...cb.raw, Version: cb.version },
      });
      if (!fresh) return 'duplicate' as const;
      if (tradeStatus === 1) {
        const r = await this.orders.markPaid(order.id, {
          gateway: 'payuni',
          tradeNo: cb.tradeNo ?? '',
          amount: cb.tradeAmt ?? 0,
          source,
          raw: cb.raw,
          paidAt: parseTaipeiTimestamp(cb.payTime),
        });
        if (attempt) await this.payments.setAttemptStatus(attempt.id, 'paid', { tradeNo: cb.tradeNo, result: { source, TradeStatus: 1, PayTime: cb.payTime } });
        return r;
      }
      if (tradeStatus === 2 || tradeStatus === 3 || tradeStatus === 4) {
        const r = await this.cancelUnlessPaid(order.id, tradeStatus === 4 ? 'expired' : 'payment-failed');
        if (r === 'cancelled' && attempt) await this.payments.setAttemptStatus(attempt.id, tradeStatus === 2 ? 'failed' : 'cancelled', { tradeNo: cb.tradeNo, result: { source, TradeStatus: tradeStatus } });
        return r;
      }
      // 0 issued, 8 review, 9 unpaid, or no status: recorded, nothing to change.
      return 'recorded' as const;
    });
    if (applied === 'paid-after-cancel') {
      this.logger.warn(`PAYUNi ${source}: order ${merTradeNo} was paid after it was cancelled: recorded for a refund (staff alerted)`);
    }
    this.logger.log(`PAYUNi ${source} for ${merTradeNo}: TradeStatus ${tradeStatus ?? cb.status} → ${applied}`);
    return { accepted: true, merTradeNo, applied };
  }

  /** The order number of a known order (the return redirect of a post that could not be verified). */
  async knownMerTradeNo(merTradeNo: unknown): Promise<string | undefined> {
    if (typeof merTradeNo !== 'string' || !/^[A-Za-z0-9_-]{1,32}$/.test(merTradeNo)) return undefined;
    return (await this.orders.findByMerTradeNo(merTradeNo)) ? merTradeNo : undefined;
  }

  /**
   * The browser back from LINE Pay (`confirmUrl?transactionId=&orderId=`): confirms the payment
   * with OUR order's total (never the query's) and marks the order paid. A confirm LINE Pay says
   * already happened (1172/1152) counts once payment details show it paid. Failures leave the
   * order pending (reconciliation tries again). Returns the order number for the slip, if known.
   */
  async linePayConfirm(transactionId: unknown, orderId: unknown): Promise<{ merTradeNo?: string; applied?: AppliedOutcome | 'failed' | 'not-pending' }> {
    const merTradeNo = await this.knownMerTradeNo(orderId);
    if (!merTradeNo || typeof transactionId !== 'string') {
      this.logger.warn(`LINE Pay confirm refused: unknown order or transaction (orderId ${String(orderId).slice(0, 40)})`);
      return { merTradeNo };
    }
    const order = await this.orders.findByMerTradeNo(merTradeNo);
    const attempt = await this.payments.findLinePayAttempt(transactionId, merTradeNo);
    if (!order || !attempt || order.payment !== 'linepay') {
      this.logger.warn(`LINE Pay confirm refused: transaction ${transactionId.slice(0, 30)} is not ours for order ${merTradeNo}`);
      return { merTradeNo };
    }
    if (order.payment_status === PAYMENT_STATUS.paid) return { merTradeNo, applied: 'duplicate' };
    // A cancelled order is not charged: an approved but unconfirmed LINE Pay payment lapses on its own.
    if (order.status_name !== ORDER_STATUS.pending) return { merTradeNo, applied: 'not-pending' };
    try {
      const applied = await this.confirmAndApply(order, attempt, 'confirm');
      return { merTradeNo, applied };
    } catch (err) {
      if (!(err instanceof LinePayError)) throw err;
      this.logger.warn(`LINE Pay confirm of ${merTradeNo} failed (${err.message}); the order stays pending for reconciliation`);
      return { merTradeNo, applied: 'failed' };
    }
  }

  /**
   * The browser back from LINE Pay's cancel button (`cancelUrl?orderId=`). Anyone can open that
   * URL, so the order is cancelled only when LINE Pay itself says the payment was cancelled;
   * otherwise it stays as it is (reconciliation decides later). Returns the order number for the slip.
   */
  async linePayCancel(orderId: unknown): Promise<{ merTradeNo?: string; applied?: AppliedOutcome | 'failed' }> {
    const merTradeNo = await this.knownMerTradeNo(orderId);
    if (!merTradeNo) return {};
    const order = await this.orders.findByMerTradeNo(merTradeNo);
    if (!order || order.payment !== 'linepay' || order.status_name !== ORDER_STATUS.pending || order.payment_status === PAYMENT_STATUS.paid) return { merTradeNo };
    const attempt = await this.payments.latestAttempt(order.id);
    if (!attempt || attempt.gateway !== 'linepay' || !attempt.tradeNo) return { merTradeNo };
    try {
      const check = await this.payments.checkLinePay(attempt);
      if (check.status !== 'cancelled' && check.status !== 'failed') return { merTradeNo, applied: 'kept' };
      const applied = await this.tx.run(async () => {
        const fresh = await this.payments.recordNotification({
          orderId: order.id,
          merTradeNo,
          gateway: 'linepay',
          tradeNo: attempt.tradeNo,
          amount: order.total_amount,
          status: check.status,
          source: 'query',
          raw: { returnCode: check.returnCode },
        });
        if (!fresh) return 'duplicate' as const;
        const r = await this.cancelUnlessPaid(order.id, 'abandoned');
        if (r === 'cancelled') await this.payments.setAttemptStatus(attempt.id, 'cancelled', { result: { returnCode: check.returnCode } });
        return r;
      });
      return { merTradeNo, applied };
    } catch (err) {
      if (!(err instanceof LinePayError)) throw err;
      this.logger.warn(`LINE Pay check of ${merTradeNo} after cancel failed (${err.message}); left for reconciliation`);
      return { merTradeNo, applied: 'failed' };
    }
  }

  /**
   * Confirms an approved LINE Pay payment (amount = the order's total) and marks the order paid in
   * one transaction with its notification row. Throws LinePayError when LINE Pay fails.
   */
  async confirmAndApply(order: Order, attempt: PaymentAttempt, source: 'confirm' | 'query'): Promise<AppliedOutcome> {
    const confirmed = await this.payments.confirmLinePay(attempt, order.total_amount);
    if (confirmed.outcome === 'already-confirmed' && !(await this.payments.linePayPaid(attempt, order.total_amount))) {
      this.logger.warn(`LINE Pay says ${attempt.tradeNo} was confirmed, but no payment of NT$${order.total_amount} is listed for ${order.mer_trade_no}`);
      return 'kept';
    }
    return this.applyLinePayPaid(order, attempt, source, confirmed.raw);
  }

  /** Records LINE Pay's confirmed payment once and marks the order paid (or paid-after-cancel). */
  async applyLinePayPaid(order: Order, attempt: PaymentAttempt, source: 'confirm' | 'query', raw: Record<string, unknown>): Promise<AppliedOutcome> {
    const applied = await this.tx.run(async () => {
      const fresh = await this.payments.recordNotification({
        orderId: order.id,
        merTradeNo: order.mer_trade_no,
        gateway: 'linepay',
        tradeNo: attempt.tradeNo,
        amount: order.total_amount,
        status: 'confirmed',
        source,
        raw,
      });
      if (!fresh) return 'duplicate' as const;
      const r = await this.orders.markPaid(order.id, { gateway: 'linepay', tradeNo: attempt.tradeNo, amount: order.total_amount, source, raw });
      await this.payments.setAttemptStatus(attempt.id, 'paid', { result: { source, ...raw } });
      return r;
    });
    if (applied === 'paid-after-cancel') this.logger.warn(`LINE Pay: order ${order.mer_trade_no} was paid after it was cancelled: recorded for a refund (staff alerted)`);
    return applied;
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

  private refuse(source: string, reason: string, merTradeNo?: string): PayuniCallbackOutcome {
    this.logger.warn(`PAYUNi ${source} refused: ${reason}`);
    return { accepted: false, reason, merTradeNo };
  }
}
