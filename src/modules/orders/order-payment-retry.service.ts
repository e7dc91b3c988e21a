import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import type { SubmitOrderAnswer } from '../../common/api/orders';
import { AppError, NotFoundError } from '../../common/errors/app-error';
import { ok } from '../../common/http/envelope';
import { RateLimiter, rateLimitRule } from '../../common/rate-limit/rate-limiter';
import { Transactions } from '../../common/transactions/transactions';
import { ATM_BANKS, CHECKOUT_MSG, PAYMENT_CODES, paymentAllowed } from '../../common/validation/checkout-rules';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { JobName } from '../../jobs/job-types';
import { Outbox } from '../../jobs/outbox/outbox.service';
import { PaymentsService, PaymentStartError, type OnlineMethod, type StartPaymentResult } from '../payments/payments.service';
import { SettingsService } from '../settings/settings.service';
import { OrderItem } from './entities/order-item.entity';
import { Order } from './entities/order.entity';
import { moveRefusal } from './order-lifecycle';
import { OrderLifecycle } from './order-lifecycle.runner';
import { attemptMerTradeNo, nextAttemptNumber, parseAttemptNo, paymentWindowEnd, RETRYABLE_METHODS } from './order-payment-window';
import { ONLINE_PAYMENTS, OrderStateService } from './order-state.service';
import { PAYMENT_LABELS } from './order-mail';

/** zh-TW texts of 重新付款 / 更換付款方式 (issue 19 §6; the spec is silent, decided here). */
export const RETRY_MSG = {
  stateChanged: '訂單狀態已變更，請重新整理',
  windowClosed: '已超過付款期限，無法重新付款，請重新下單',
  notRetryable: '此訂單無法重新付款',
  tooManyAttempts: '付款嘗試次數已達上限，請重新下單',
  carrierOnlyInvoice: 'LINE Pay 付款的發票僅能存入會員載具，請選擇其他付款方式',
  retryStarted: '請於付款頁完成付款',
  changed: '付款方式已更新',
  startFailed: '付款服務暫時無法使用，請稍後再試或改用其他付款方式',
} as const;

/** One retry / switch per order at a time (a double click, two tabs). */
const RETRY_LOCK = rateLimitRule('payment-retry', 1, 3);

export interface RetryRequest {
  /** The method to pay with now (更換付款方式); absent: the order's own (重新付款). */
  payment?: string;
  /** ATM: 004 | 822 | 013. */
  bankCode?: string;
  /** Public origin for the gateways' callbacks. */
  origin: string;
  /** For the history row: retry (重新付款) or change (更換付款方式). */
  kind: 'retry' | 'change';
}

/**
 * 重新付款 / 更換付款方式 of a member's own unpaid order (issue 19 §6). The order stays 待付款 after a
 * card (or LINE Pay) payment failed at the gateway's page, until its payment window ends
 * (order-payment-window.ts). Inside it the member starts a new attempt — by card again, or by
 * ATM, CVS code, LINE Pay or cash on delivery:
 *
 * 1. The order is checked (own, pending, not paid, a card / LINE Pay order, window open) and the
 *    method re-validated as checkout does (active, amount limits, cash on delivery only for the
 *    shipping methods that take it, a bank for ATM, LINE Pay only with the member carrier).
 * 2. The lifecycle's `retryPayment` move (order-lifecycle.ts: pending, unpaid | failed → unpaid, by
 *    the shopper) sets the new method without the old code, as one conditional UPDATE with its
 *    history row: a paid notify or a cancel that won meanwhile makes it refuse with
 *    訂單狀態已變更，請重新整理.
 * 3. Online methods start a new attempt at the gateway under its own order number
 *    (`<order>R<n>`, PAYUNi UPP01007). A start that fails puts the old method back (the
 *    `paymentFailed` move: 付款失敗) and answers 503; cash on delivery needs no gateway.
 * 4. The answer is submitOrder's: the card form / LINE Pay page to open, or the slip to show.
 */
@Injectable()
export class OrderPaymentRetryService {
  private readonly logger = new Logger('PaymentRetry');

  constructor(
    private readonly tx: Transactions,
    private readonly state: OrderStateService,
    private readonly payments: PaymentsService,
    private readonly settings: SettingsService,
    private readonly limiter: RateLimiter,
    private readonly lifecycle: OrderLifecycle,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly outbox: Outbox,
  ) {}

  /** PAYMENTS_ABANDON_MINUTES: the card / LINE Pay order's payment window. */
  get windowMinutes(): number {
    const m = (this.config as { payments?: { abandonMinutes?: unknown } }).payments?.abandonMinutes;
    return typeof m === 'number' && Number.isInteger(m) && m >= 0 ? m : 30;
  }

  async pay(userId: number, orderId: number, req: RetryRequest): Promise<SubmitOrderAnswer> {
    const order = await this.tx.repo(Order).findOne({ where: { id: orderId, user_id: userId } });
    if (!order) throw new NotFoundError(CHECKOUT_MSG.orderNotFound);
    await this.checkOrder(order);
    const payment = req.payment === undefined ? order.payment : typeof req.payment === 'string' ? req.payment.trim() : '';
    const bankCode = payment === 'atm' ? await this.checkMethod(order, payment, req.bankCode) : await this.checkMethod(order, payment);

    const lock = await this.limiter.consume(RETRY_LOCK, String(order.id));
    if (!lock.allowed) throw new AppError(CHECKOUT_MSG.duplicateSubmit, HttpStatus.TOO_MANY_REQUESTS);
    try {
      const attemptNo = ONLINE_PAYMENTS.includes(payment) ? await this.nextAttemptNo(order) : '';
      await this.switchTo(order, payment, bankCode, req.kind, userId);
      const resData = { order_id: order.id, MerTradeNo: order.mer_trade_no };
      if (!ONLINE_PAYMENTS.includes(payment)) return ok({ resData }, RETRY_MSG.changed);
      const started = await this.start(order, payment as OnlineMethod, bankCode, attemptNo, req.origin);
      if (started.kind === 'code') {
        // The confirmation mail went out at checkout (once, without this code): the new code is mailed
        // on its own (付款資訊通知, job mail.order-new-code, once per attempt), in the same transaction.
        await this.tx.run(async () => {
          await this.state.setPaymentStarted(order.id, { tradeNo: started.tradeNo, paymentCode: started.paymentCode, bankCode: started.bankCode, expireDate: started.expireDate });
          const n = parseAttemptNo(attemptNo)?.n ?? attemptNo;
          await this.outbox.enqueue(JobName.MailOrderNewCode, { orderId: order.id, attempt: attemptNo, reason: 'switched' }, { jobId: `mail-new-code:${order.id}:${n}` });
        });
        return ok({ resData }, RETRY_MSG.changed);
      }
      return ok({ resData, result: started.form }, req.kind === 'retry' ? RETRY_MSG.retryStarted : RETRY_MSG.changed);
    } finally {
      await this.limiter.reset(RETRY_LOCK, String(order.id)).catch(() => undefined);
    }
  }

  /** Own, pending, not paid, a gateway-page order inside its window. */
  private async checkOrder(order: Order): Promise<void> {
    // The lifecycle's retryPayment move decides on the states (pending, unpaid or failed); the method gets its own message below.
    if (moveRefusal('retryPayment', order, { kind: 'shopper' }) === 'state') {
      throw new AppError(RETRY_MSG.stateChanged, HttpStatus.CONFLICT, { ...(await this.state.statusFields(order)) });
    }
    if (!RETRYABLE_METHODS.includes(order.payment)) throw new AppError(RETRY_MSG.notRetryable, HttpStatus.CONFLICT);
    const end = paymentWindowEnd(order, this.windowMinutes);
    if (!end || Date.now() >= end.getTime()) throw new AppError(RETRY_MSG.windowClosed, HttpStatus.CONFLICT);
  }

  /** The method as checkout judges it; the bank code for ATM. */
  private async checkMethod(order: Order, payment: string, bankCode?: string): Promise<string> {
    if (!payment) throw new AppError(CHECKOUT_MSG.paymentRequired, HttpStatus.BAD_REQUEST);
    const methods = await this.settings.allMethods();
    const active = methods.payment.some((m) => m.active && m.method_code === payment);
    if (!(PAYMENT_CODES as readonly string[]).includes(payment) || !active) throw new AppError(CHECKOUT_MSG.paymentUnavailable, HttpStatus.BAD_REQUEST);
    if (!paymentAllowed(payment, order.shipping, order.total_amount)) {
      throw new AppError(payment === 'cod' ? CHECKOUT_MSG.codNotForStore : CHECKOUT_MSG.paymentAmountOutOfRange, HttpStatus.BAD_REQUEST);
    }
    if (payment === 'linepay' && !(order.invoice_type === 'personal' && order.carrier_type === 'amego')) throw new AppError(RETRY_MSG.carrierOnlyInvoice, HttpStatus.BAD_REQUEST);
    if (payment !== 'atm') return '';
    const bank = typeof bankCode === 'string' ? bankCode.trim() : '';
    if (!ATM_BANKS.some((b) => b.code === bank)) throw new AppError(CHECKOUT_MSG.bankRequired, HttpStatus.BAD_REQUEST);
    return bank;
  }

  /** The gateway number of the next attempt (PAYUNi refuses a MerTradeNo again within 10 minutes). */
  private async nextAttemptNo(order: Order): Promise<string> {
    const latest = await this.payments.latestAttempt(order.id);
    const n = nextAttemptNumber(order.mer_trade_no, latest?.merTradeNo);
    if (n === null) throw new AppError(RETRY_MSG.tooManyAttempts, HttpStatus.CONFLICT);
    return attemptMerTradeNo(order.mer_trade_no, n);
  }

  /** Step 2: the lifecycle's `retryPayment` move (a conditional UPDATE and its history row) to the new method, unpaid, without the old code. */
  private async switchTo(order: Order, payment: string, bankCode: string, kind: RetryRequest['kind'], userId: number): Promise<void> {
    const labels = await this.methodLabels();
    const why = kind === 'retry' && payment === order.payment ? `重新付款（${labels(payment)}）` : `付款方式：${labels(order.payment)} → ${labels(payment)}`;
    const res = await this.lifecycle.move(order.id, 'retryPayment', { kind: 'shopper', id: userId, name: order.buy_name }, {
      set: { payment, bank_code: bankCode, payment_code: '', expire_date: null },
      reason: why,
    });
    if (!res.ok) {
      const now = (await this.state.findById(order.id))!;
      throw new AppError(RETRY_MSG.stateChanged, HttpStatus.CONFLICT, { ...(await this.state.statusFields(now)) });
    }
  }

  /** Step 3: the new attempt at the gateway; a failed start puts the old method back. */
  private async start(order: Order, method: OnlineMethod, bankCode: string, attemptNo: string, origin: string): Promise<StartPaymentResult> {
    const items = await this.tx.repo(OrderItem).find({ where: { order_id: order.id }, order: { id: 'ASC' } });
    try {
      return await this.payments.start({
        orderId: order.id,
        merTradeNo: attemptNo,
        method,
        amount: order.total_amount,
        ...(method === 'atm' ? { bankCode } : {}),
        prodDesc: prodDescOf(items),
        email: order.buy_email,
        origin,
        items: items.map((i) => ({ name: i.variant_name ? `${i.title}（${i.variant_name}）` : i.title, quantity: i.quantity, price: i.price, imageUrl: i.image_url || undefined })),
      });
    } catch (err) {
      if (!(err instanceof PaymentStartError)) throw err;
      this.logger.warn(`order #${order.id}: ${method} attempt ${attemptNo} could not start (${err.code} ${err.message}); back to ${order.payment}`);
      await this.lifecycle.move(order.id, 'paymentFailed', { kind: 'gateway', name: method }, {
        set: { payment: order.payment, bank_code: order.bank_code },
        reason: `付款無法開始（${err.code || err.message}），付款方式回到${PAYMENT_LABELS[order.payment] ?? order.payment}`.slice(0, 255),
      });
      throw new AppError(RETRY_MSG.startFailed, HttpStatus.SERVICE_UNAVAILABLE, { resData: { order_id: order.id, MerTradeNo: order.mer_trade_no } });
    }
  }

  private async methodLabels(): Promise<(code: string) => string> {
    const methods = await this.settings.allMethods();
    return (code) => methods.payment.find((m) => m.method_code === code)?.method_label || code;
  }
}

/** The gateway's product description: the first item, and how many more (as checkout's). */
function prodDescOf(items: Pick<OrderItem, 'title'>[]): string {
  const first = items[0]?.title ?? '商品';
  return (items.length > 1 ? `${first} 等 ${items.length} 項商品` : first).slice(0, 100);
}
