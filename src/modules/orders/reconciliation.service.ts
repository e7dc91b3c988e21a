import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown, Optional } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { Transactions } from '../../common/transactions/transactions';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { LinePayApiError, LinePayError } from '../../integrations/linepay/linepay-gateway';
import { PayuniError, type TradeRecord } from '../../integrations/payuni/payuni-gateway';
import { JobQueue } from '../../jobs/job-queue';
import { JobName } from '../../jobs/job-types';
import { parseTaipeiTimestamp } from '../payments/payment-times';
import { PaymentsService, type PaymentAttempt } from '../payments/payments.service';
import { In, LessThan, MoreThan } from 'typeorm';
import { Order } from './entities/order.entity';
import { AppliedOutcome, OrderPaymentsService } from './order-payments.service';
import { CancelledBy, ONLINE_PAYMENTS, ORDER_STATUS, OrderStateService, PAYMENT_STATUS } from './order-state.service';

/** Timings (AppConfig.payments; defaults as PAYMENTS_* in env.schema). */
export interface ReconcileTimings {
  reconcileEveryMs: number;
  pendingMinutes: number;
  abandonMinutes: number;
}

const DEFAULT_TIMINGS: ReconcileTimings = { reconcileEveryMs: 300_000, pendingMinutes: 5, abandonMinutes: 30 };
/** Orders per page (oldest first). */
const BATCH = 200;
/** At most this many pages per run (the next run goes on). */
const MAX_PAGES = 25;

/** What one order's reconciliation did. */
export type ReconcileOutcome = AppliedOutcome | 'skipped' | 'error';

export interface ReconcileReport {
  checked: number;
  paid: number;
  cancelled: number;
  /** Left pending (gateway says unpaid and not yet expired/abandoned, or DataSource B). */
  left: number;
  /** Gateway errors: the order is left for the next run. */
  errors: number;
  outcomes: { orderId: number; merTradeNo: string; outcome: ReconcileOutcome; why: string }[];
}

/**
 * Reconciliation of online payments the gateway never told us about (a lost notify, a buyer who
 * never came back from LINE Pay). A scheduler in processes that run workers enqueues
 * `payments.reconcile` every PAYMENTS_RECONCILE_EVERY_MS under a per-time-bucket job id
 * (`reconcile:<bucket>`: several processes enqueue it once); the job asks the gateway about each
 * order pending longer than PAYMENTS_PENDING_MINUTES and applies what it learns. An order is
 * cancelled only after the gateway said it is not paid: ATM/CVS past their ExpireDate, card and
 * LINE Pay unpaid for PAYMENTS_ABANDON_MINUTES. A gateway error cancels nothing.
 */
@Injectable()
export class ReconciliationService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Reconciliation');
  private readonly timings: ReconcileTimings;
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly tx: Transactions,
    private readonly orders: OrderStateService,
    private readonly payments: PaymentsService,
    private readonly orderPayments: OrderPaymentsService,
    private readonly queue: JobQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Optional() private readonly httpHost?: HttpAdapterHost,
  ) {
    const p = (config as { payments?: Partial<ReconcileTimings> }).payments ?? {};
    this.timings = {
      reconcileEveryMs: positiveInt(p.reconcileEveryMs, DEFAULT_TIMINGS.reconcileEveryMs, 100),
      pendingMinutes: positiveInt(p.pendingMinutes, DEFAULT_TIMINGS.pendingMinutes, 0),
      abandonMinutes: positiveInt(p.abandonMinutes, DEFAULT_TIMINGS.abandonMinutes, 0),
    };
  }

  /**
   * Whether this process runs job processors: the worker (no HTTP server) always, the web process
   * with RUN_WORKERS_IN_WEB (AppModule's `runWorkers` is exactly that pair).
   */
  get runsWorkers(): boolean {
    const web = Boolean(this.httpHost?.httpAdapter);
    return !web || this.config.runWorkersInWeb;
  }

  onApplicationBootstrap(): void {
    if (!this.runsWorkers) return;
    this.timer = setInterval(() => void this.schedule(), this.timings.reconcileEveryMs);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Enqueues this time bucket's run (a no-op when another process already did). */
  async schedule(now = new Date()): Promise<string | undefined> {
    const bucket = Math.floor(now.getTime() / this.timings.reconcileEveryMs);
    try {
      const { id } = await this.queue.add(JobName.PaymentsReconcile, { olderThanMinutes: this.timings.pendingMinutes }, { jobId: `reconcile:${bucket}`, attempts: 1 });
      return id;
    } catch (err) {
      this.logger.warn(`could not enqueue reconciliation run ${bucket}: ${(err as Error).message}`);
      return undefined;
    }
  }

  /**
   * One run: every pending online order older than `olderThanMinutes` (or just `orderId`), oldest
   * first, in pages (orders left pending — an ATM code a week long — do not hide the newer ones).
   */
  async reconcile(opts: { olderThanMinutes?: number; orderId?: number; now?: Date } = {}): Promise<ReconcileReport> {
    const now = opts.now ?? new Date();
    const olderThan = opts.olderThanMinutes ?? this.timings.pendingMinutes;
    const report: ReconcileReport = { checked: 0, paid: 0, cancelled: 0, left: 0, errors: 0, outcomes: [] };
    if (opts.orderId !== undefined) {
      const o = await this.orders.findById(opts.orderId);
      if (o && isPendingOnline(o)) await this.one(o, now, report);
    } else {
      const before = new Date(now.getTime() - olderThan * 60_000);
      let afterId = 0;
      for (let page = 0; page < MAX_PAGES; page++) {
        const batch = await this.pendingPage(before, afterId);
        for (const o of batch) await this.one(o, now, report);
        if (batch.length < BATCH) break;
        afterId = batch[batch.length - 1].id;
      }
    }
    if (report.checked > 0) {
      this.logger.log(`reconciled ${report.checked} pending order(s): ${report.paid} paid, ${report.cancelled} cancelled, ${report.left} left, ${report.errors} gateway error(s)`);
    }
    return report;
  }

  private async one(order: Order, now: Date, report: ReconcileReport): Promise<void> {
    const { outcome, why } = await this.reconcileOrder(order, now);
    report.checked += 1;
    if (outcome === 'paid' || outcome === 'paid-after-cancel') report.paid += 1;
    else if (outcome === 'cancelled') report.cancelled += 1;
    else if (outcome === 'error') report.errors += 1;
    else report.left += 1;
    report.outcomes.push({ orderId: order.id, merTradeNo: order.mer_trade_no, outcome, why });
  }

  /** Pending unpaid online orders created before `before`, by id after `afterId` (this module's own table). */
  private pendingPage(before: Date, afterId: number): Promise<Order[]> {
    return this.tx.repo(Order).find({
      where: {
        id: MoreThan(afterId),
        status_name: ORDER_STATUS.pending,
        payment_status: In([PAYMENT_STATUS.unpaid, PAYMENT_STATUS.failed]),
        payment: In([...ONLINE_PAYMENTS]),
        created_at: LessThan(before),
      },
      order: { id: 'ASC' },
      take: BATCH,
    });
  }

  /** One order; never throws for a gateway failure (logged, left for the next run). */
  async reconcileOrder(order: Order, now: Date): Promise<{ outcome: ReconcileOutcome; why: string }> {
    try {
      return order.payment === 'linepay' ? await this.linePay(order, now) : await this.payuni(order, now);
    } catch (err) {
      if (err instanceof PayuniError || err instanceof LinePayError) {
        this.logger.warn(`reconciliation of ${order.mer_trade_no} (${order.payment}): gateway error ${err.message}; left for the next run`);
        return { outcome: 'error', why: err.message };
      }
      this.logger.error(`reconciliation of ${order.mer_trade_no} failed: ${(err as Error).stack ?? String(err)}`);
      return { outcome: 'error', why: (err as Error).message };
    }
  }

  private async payuni(order: Order, now: Date): Promise<{ outcome: ReconcileOutcome; why: string }> {
    const trade = await this.payments.queryPayuni(order.mer_trade_no);
    const attempt = await this.payments.latestAttempt(order.id);
    const abandoned = this.olderThanAbandon(order, now);
    if (!trade) {
      // QUERY03001: PAYUNi has no such trade, so nothing can have been paid.
      if (order.payment === 'credit' && abandoned) return this.cancel(order, attempt, 'abandoned', 'no trade at PAYUNi (card page never used)');
      if (order.payment !== 'credit' && this.expired(order, now)) return this.cancel(order, attempt, 'expired', 'no trade at PAYUNi, code expired');
      if (order.payment !== 'credit' && !order.payment_code && abandoned) return this.cancel(order, attempt, 'abandoned', 'no code was ever issued');
      return { outcome: 'skipped', why: 'no trade at PAYUNi yet' };
    }
    if (trade.dataSource === 'B') return { outcome: 'skipped', why: 'DataSource B: ask again later' };
    if (trade.tradeAmt !== order.total_amount) {
      this.logger.error(`reconciliation of ${order.mer_trade_no}: PAYUNi TradeAmt ${trade.tradeAmt} ≠ order total ${order.total_amount}; left for staff`);
      return { outcome: 'skipped', why: 'amount mismatch' };
    }
    switch (trade.tradeStatus) {
      case 1:
        return { outcome: await this.applyPayuniPaid(order, attempt, trade), why: 'paid at PAYUNi' };
      case 2:
      case 3:
      case 4:
        return this.applyPayuniClosed(order, attempt, trade);
      case 0:
      case 9:
        if (order.payment === 'credit') {
          return abandoned ? this.cancel(order, attempt, 'abandoned', `card unpaid (TradeStatus ${trade.tradeStatus}) after ${this.timings.abandonMinutes} min`) : { outcome: 'skipped', why: 'card unpaid, not yet abandoned' };
        }
        return this.expired(order, now, trade) ? this.cancel(order, attempt, 'expired', `unpaid (TradeStatus ${trade.tradeStatus}) past ExpireDate`) : { outcome: 'skipped', why: 'unpaid, not yet expired' };
      default:
        return { outcome: 'skipped', why: `TradeStatus ${trade.tradeStatus}` };
    }
  }

  private async applyPayuniPaid(order: Order, attempt: PaymentAttempt | null, trade: TradeRecord): Promise<AppliedOutcome> {
    return this.tx.run(async () => {
      const fresh = await this.payments.recordNotification({
        orderId: order.id,
        merTradeNo: order.mer_trade_no,
        gateway: 'payuni',
        tradeNo: trade.tradeNo || `mer:${order.mer_trade_no}`,
        amount: trade.tradeAmt,
        status: '1',
        source: 'query',
        raw: trade.raw,
      });
      if (!fresh) return 'duplicate';
      const r = await this.orders.markPaid(order.id, { gateway: 'payuni', tradeNo: trade.tradeNo, amount: trade.tradeAmt, source: 'query', raw: trade.raw });
      if (attempt) await this.payments.setAttemptStatus(attempt.id, 'paid', { tradeNo: trade.tradeNo, result: { source: 'query', TradeStatus: 1 } });
      return r;
    });
  }

  private async applyPayuniClosed(order: Order, attempt: PaymentAttempt | null, trade: TradeRecord): Promise<{ outcome: ReconcileOutcome; why: string }> {
    const by: CancelledBy = trade.tradeStatus === 4 ? 'expired' : 'payment-failed';
    const outcome = await this.tx.run(async () => {
      await this.payments.recordNotification({
        orderId: order.id,
        merTradeNo: order.mer_trade_no,
        gateway: 'payuni',
        tradeNo: trade.tradeNo || `mer:${order.mer_trade_no}`,
        amount: trade.tradeAmt,
        status: String(trade.tradeStatus),
        source: 'query',
        raw: trade.raw,
      });
      const r = await this.orderPayments.cancelUnlessPaid(order.id, by);
      if (r === 'cancelled' && attempt) await this.payments.setAttemptStatus(attempt.id, trade.tradeStatus === 2 ? 'failed' : 'cancelled', { tradeNo: trade.tradeNo, result: { source: 'query', TradeStatus: trade.tradeStatus } });
      return r;
    });
    return { outcome, why: `TradeStatus ${trade.tradeStatus} at PAYUNi` };
  }

  private async linePay(order: Order, now: Date): Promise<{ outcome: ReconcileOutcome; why: string }> {
    const attempt = await this.payments.latestAttempt(order.id);
    const abandoned = this.olderThanAbandon(order, now);
    if (!attempt || attempt.gateway !== 'linepay' || !attempt.tradeNo) {
      if (!abandoned) return { outcome: 'skipped', why: 'no LINE Pay transaction yet' };
      return this.linePayNotFound(order, attempt, 'no LINE Pay transaction was recorded');
    }
    let status: string;
    try {
      status = (await this.payments.checkLinePay(attempt)).status;
    } catch (err) {
      // 1150/1159: LINE Pay has no such request. Anything else: an error, left for the next run.
      if (err instanceof LinePayApiError && (err.code === '1150' || err.code === '1159')) {
        return abandoned ? this.linePayNotFound(order, attempt, `LINE Pay ${err.code}`) : { outcome: 'skipped', why: `LINE Pay ${err.code}, not yet abandoned` };
      }
      throw err;
    }
    switch (status) {
      case 'authorized':
        return { outcome: await this.orderPayments.confirmAndApply(order, attempt, 'query'), why: 'approved at LINE Pay, confirmed now' };
      case 'confirmed':
        if (!(await this.payments.linePayPaid(attempt, order.total_amount))) return { outcome: 'skipped', why: 'confirmed at LINE Pay but no matching payment listed' };
        return { outcome: await this.orderPayments.applyLinePayPaid(order, attempt, 'query', { check: 'confirmed' }), why: 'confirmed at LINE Pay' };
      case 'pending':
        return abandoned ? this.cancel(order, attempt, 'abandoned', `not approved at LINE Pay after ${this.timings.abandonMinutes} min`) : { outcome: 'skipped', why: 'waiting for the buyer at LINE Pay' };
      case 'cancelled':
        return this.cancel(order, attempt, 'abandoned', 'cancelled or expired at LINE Pay');
      case 'failed':
        return this.cancel(order, attempt, 'payment-failed', 'failed at LINE Pay');
      default:
        return { outcome: 'skipped', why: `LINE Pay status ${status}` };
    }
  }

  /** LINE Pay knows no request for this order: cancel once its payment details list no payment either. */
  private async linePayNotFound(order: Order, attempt: PaymentAttempt | null, why: string): Promise<{ outcome: ReconcileOutcome; why: string }> {
    if ((await this.payments.linePayPaymentsOfOrder(order.mer_trade_no)) > 0) return { outcome: 'skipped', why: `${why}, but LINE Pay lists a payment: left for staff` };
    return this.cancel(order, attempt, 'abandoned', why);
  }

  private async cancel(order: Order, attempt: PaymentAttempt | null, by: CancelledBy, why: string): Promise<{ outcome: ReconcileOutcome; why: string }> {
    const outcome = await this.tx.run(async () => {
      const r = await this.orderPayments.cancelUnlessPaid(order.id, by);
      if (r === 'cancelled' && attempt && attempt.id) await this.payments.setAttemptStatus(attempt.id, 'cancelled', { result: { source: 'reconciliation', why } });
      return r;
    });
    if (outcome === 'cancelled') this.logger.log(`order ${order.mer_trade_no} cancelled (${by}): ${why}`);
    return { outcome, why };
  }

  private olderThanAbandon(order: Order, now: Date): boolean {
    return now.getTime() - new Date(order.created_at).getTime() >= this.timings.abandonMinutes * 60_000;
  }

  /** ATM/CVS past their ExpireDate (ours, or PAYUNi's OffExpireTime when we have none). */
  private expired(order: Order, now: Date, trade?: TradeRecord): boolean {
    const at = order.expire_date ? new Date(order.expire_date) : trade?.offExpireTime ? parseTaipeiTimestamp(trade.offExpireTime) : undefined;
    return at !== undefined && !Number.isNaN(at.getTime()) && now.getTime() > at.getTime();
  }
}

function isPendingOnline(o: Order): boolean {
  return o.status_name === ORDER_STATUS.pending && o.payment_status !== PAYMENT_STATUS.paid && ONLINE_PAYMENTS.includes(o.payment);
}

function positiveInt(v: unknown, fallback: number, min: number): number {
  return typeof v === 'number' && Number.isInteger(v) && v >= min ? v : fallback;
}
