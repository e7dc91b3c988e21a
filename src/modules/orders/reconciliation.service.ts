import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown, Optional } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { Transactions } from '../../common/transactions/transactions';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { JobQueue } from '../../jobs/job-queue';
import { JobName } from '../../jobs/job-types';
import { PaymentProviderError, type PaymentAttempt } from '../payments/payment-provider';
import { PaymentProviderRegistry } from '../payments/payment-provider.registry';
import { PaymentsService } from '../payments/payments.service';
import { In, LessThan, MoreThan } from 'typeorm';
import { Order } from './entities/order.entity';
import { AppliedOutcome, OrderPaymentsService } from './order-payments.service';
import { canMove, JOB } from './order-lifecycle';
import { CancelledBy, ONLINE_PAYMENTS, ORDER_STATUS, OrderStateService, PAYMENT_STATUS } from './order-state.service';
import { paymentOrderOf } from './payment-order';

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
 * order pending longer than PAYMENTS_PENDING_MINUTES — through the order's PaymentProvider
 * (`reconcile`: apply an event, cancel, or skip) — and applies what it learns. An order is
 * cancelled only after the gateway said it is not paid: codes past their ExpireDate, a card or
 * wallet unpaid for PAYMENTS_ABANDON_MINUTES. A gateway error cancels nothing.
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
    private readonly registry: PaymentProviderRegistry,
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
      const attempt = await this.payments.latestAttempt(order.id);
      // Asked about the latest attempt, under its own gateway number (a retried payment's `<order>R<n>`), and
      // abandoned counts from when it started: a shopper paying again near the window's end is not cancelled under them (H9).
      const since = Math.max(new Date(order.created_at).getTime(), attempt ? new Date(attempt.createdAt).getTime() : 0);
      const abandoned = now.getTime() - since >= this.timings.abandonMinutes * 60_000;
      const decision = await this.registry.for(attempt?.method || order.payment).reconcile(paymentOrderOf(order, attempt?.merTradeNo), attempt, { now, abandoned, abandonMinutes: this.timings.abandonMinutes });
      switch (decision.kind) {
        case 'apply':
          return { outcome: await this.orderPayments.applyEvent(order, attempt, decision.event), why: decision.why };
        case 'cancel':
          return this.cancel(order, attempt, decision.by, decision.why);
        default:
          return { outcome: decision.outcome ?? 'skipped', why: decision.why };
      }
    } catch (err) {
      if (err instanceof PaymentProviderError) {
        this.logger.warn(`reconciliation of ${order.mer_trade_no} (${order.payment}): gateway error ${err.message}; left for the next run`);
        return { outcome: 'error', why: err.message };
      }
      this.logger.error(`reconciliation of ${order.mer_trade_no} failed: ${(err as Error).stack ?? String(err)}`);
      return { outcome: 'error', why: (err as Error).message };
    }
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
}

function isPendingOnline(o: Order): boolean {
  // Still awaiting an online payment: the lifecycle's `pay` move may happen (pending, unpaid or failed).
  return ONLINE_PAYMENTS.includes(o.payment) && canMove('pay', o, JOB);
}

function positiveInt(v: unknown, fallback: number, min: number): number {
  return typeof v === 'number' && Number.isInteger(v) && v >= min ? v : fallback;
}
