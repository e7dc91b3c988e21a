import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Gauge } from 'prom-client';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { JOB_STATES, JobQueue } from '../../jobs/job-queue';
import { isJobName, JOB_DEFINITIONS, QUEUE_NAMES, type QueueName } from '../../jobs/job-types';
import { OutboxMessage, OutboxState } from '../../jobs/outbox/outbox-message.entity';
import { PAYMENT_STATE_CODE } from '../orders/order-lifecycle';
import { METRIC_PREFIX, MetricsRegistry } from './metrics-registry';

/** A queue answering slower than this (Redis away) is reported down instead of holding the scrape. */
const QUEUE_TIMEOUT_MS = 2000;
/** The queue states shown: the depth (waiting, active, delayed) and the failed jobs kept. */
const QUEUE_STATES = JOB_STATES.filter((s) => s !== 'completed');
const PAYMENT_STATE_NAME = new Map(Object.entries(PAYMENT_STATE_CODE).map(([name, code]) => [code, name]));

interface DbCounts {
  orders: { status: string; n: number }[];
  orderPayments: { status: string; n: number }[];
  transactions: { gateway: string; status: string; n: number }[];
}

/**
 * The shop's own series, read when Prometheus scrapes (nothing runs between scrapes):
 * - queue depth and failed jobs per queue: the job driver's counts (one Redis round trip per queue
 *   with BullMQ, memory with the in-process driver), live;
 * - outbox lag per queue: the age of the oldest row still `pending` (written, not yet handed to
 *   the queue), from the (state, id) index, live;
 * - orders by status and payment status, payment attempts by gateway and status: GROUP BY counts,
 *   reused for METRICS_DB_CACHE_MS (10 s) so a burst of scrapes costs one set of queries.
 * A source that fails (database or Redis away) is reported by `skinshop_metrics_source_up 0` and
 * its series are left out; the scrape itself still answers.
 */
@Injectable()
export class ShopMetrics {
  private readonly logger = new Logger('Metrics');
  private readonly queueJobs: Gauge<'queue' | 'state'>;
  private readonly outboxLag: Gauge<'queue'>;
  private readonly outboxPending: Gauge<'queue'>;
  private readonly orders: Gauge<'status'>;
  private readonly orderPayments: Gauge<'payment_status'>;
  private readonly transactions: Gauge<'gateway' | 'status'>;
  private readonly up: Gauge<'source'>;
  private dbCounts?: { at: number; counts: DbCounts };
  private refreshing?: Promise<void>;
  private readonly down = new Set<string>();

  constructor(
    metrics: MetricsRegistry,
    private readonly queue: JobQueue,
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    const registers = [metrics.registry];
    const gauge = <L extends string>(name: string, help: string, labelNames: L[]) => new Gauge<L>({ name: METRIC_PREFIX + name, help, labelNames, registers });
    this.queueJobs = gauge('queue_jobs', 'Jobs per queue and state: waiting, active, delayed (the depth) and failed (kept for operators)', ['queue', 'state']);
    this.outboxLag = gauge('outbox_lag_seconds', 'Age of the oldest outbox row not yet handed to its queue (0: none waiting)', ['queue']);
    this.outboxPending = gauge('outbox_pending', 'Outbox rows not yet handed to their queue', ['queue']);
    this.orders = gauge('orders', 'Orders by status (order_status_codes.status_name)', ['status']);
    this.orderPayments = gauge('orders_by_payment_status', 'Orders by payment status: unpaid, paid, failed, refunded', ['payment_status']);
    this.transactions = gauge('payment_transactions', 'Payment attempts at a gateway by gateway and status', ['gateway', 'status']);
    this.up = gauge('metrics_source_up', 'Whether the last scrape could read a source: queues, outbox, database counts (1) or not (0)', ['source']);
  }

  /** Brings the gauges up to date; concurrent scrapes share one refresh. */
  refresh(): Promise<void> {
    this.refreshing ??= Promise.all([this.readQueues(), this.readOutbox(), this.readDbCounts()])
      .then(() => undefined)
      .finally(() => (this.refreshing = undefined));
    return this.refreshing;
  }

  private async readQueues(): Promise<void> {
    const counts = await this.source('queues', () => withTimeout(this.queue.getCounts(), QUEUE_TIMEOUT_MS));
    this.queueJobs.reset();
    if (!counts) return;
    for (const queue of QUEUE_NAMES) {
      const c = counts[queue];
      if (c) for (const state of QUEUE_STATES) this.queueJobs.set({ queue, state }, c[state]);
    }
  }

  private async readOutbox(): Promise<void> {
    const rows = await this.source('outbox', () =>
      this.ds
        .getRepository(OutboxMessage)
        .createQueryBuilder('m')
        .select('m.job_name', 'job')
        .addSelect('COUNT(*)', 'n')
        .addSelect('MIN(m.created_at)', 'oldest')
        .where('m.state = :state', { state: OutboxState.Pending })
        .groupBy('m.job_name')
        .getRawMany<{ job: string; n: number | string; oldest: Date | string | null }>(),
    );
    this.outboxLag.reset();
    this.outboxPending.reset();
    if (!rows) return;
    const now = Date.now();
    const byQueue = new Map<QueueName, { n: number; oldest: number }>(QUEUE_NAMES.map((q) => [q, { n: 0, oldest: now }]));
    for (const row of rows) {
      if (!isJobName(row.job)) continue;
      const q = byQueue.get(JOB_DEFINITIONS[row.job].queue)!;
      q.n += Number(row.n);
      const oldest = utcTime(row.oldest);
      if (oldest !== undefined) q.oldest = Math.min(q.oldest, oldest);
    }
    for (const [queue, { n, oldest }] of byQueue) {
      this.outboxPending.set({ queue }, n);
      this.outboxLag.set({ queue }, n === 0 ? 0 : Math.max(0, now - oldest) / 1000);
    }
  }

  private async readDbCounts(): Promise<void> {
    const cached = this.dbCounts;
    let counts: DbCounts | undefined = cached && Date.now() - cached.at < this.config.metrics.dbCacheMs ? cached.counts : undefined;
    if (!counts) {
      counts = await this.source('database', () => this.countRows());
      if (counts) this.dbCounts = { at: Date.now(), counts };
    }
    for (const g of [this.orders, this.orderPayments, this.transactions]) g.reset();
    if (!counts) return;
    for (const { status, n } of counts.orders) this.orders.set({ status }, n);
    for (const { status, n } of counts.orderPayments) this.orderPayments.set({ payment_status: status }, n);
    for (const { gateway, status, n } of counts.transactions) this.transactions.set({ gateway, status }, n);
  }

  /** Plain GROUP BY counts on the tables (orders' status indexes lead with these columns): read only, no entities of other modules. */
  private async countRows(): Promise<DbCounts> {
    const [orders, payments, transactions] = await Promise.all([
      this.ds.createQueryBuilder().from('orders', 'o').select('o.status_name', 'status').addSelect('COUNT(*)', 'n').groupBy('o.status_name').getRawMany<{ status: string; n: string | number }>(),
      this.ds.createQueryBuilder().from('orders', 'o').select('o.payment_status', 'code').addSelect('COUNT(*)', 'n').groupBy('o.payment_status').getRawMany<{ code: string | number; n: string | number }>(),
      this.ds
        .createQueryBuilder()
        .from('payment_transactions', 'p')
        .select('p.gateway', 'gateway')
        .addSelect('p.status', 'status')
        .addSelect('COUNT(*)', 'n')
        .groupBy('p.gateway')
        .addGroupBy('p.status')
        .getRawMany<{ gateway: string; status: string; n: string | number }>(),
    ]);
    return {
      orders: orders.map((r) => ({ status: String(r.status), n: Number(r.n) })),
      orderPayments: payments.map((r) => ({ status: PAYMENT_STATE_NAME.get(Number(r.code)) ?? String(r.code), n: Number(r.n) })),
      transactions: transactions.map((r) => ({ gateway: String(r.gateway), status: String(r.status), n: Number(r.n) })),
    };
  }

  /** Runs a read; a failure sets the source down (and is logged once per change) instead of failing the scrape. */
  private async source<T>(name: string, read: () => Promise<T>): Promise<T | undefined> {
    try {
      const value = await read();
      this.up.set({ source: name }, 1);
      this.down.delete(name);
      return value;
    } catch (err) {
      if (!this.down.has(name)) this.logger.warn(`metrics: ${name} could not be read: ${(err as Error).message}`);
      this.down.add(name);
      this.up.set({ source: name }, 0);
      return undefined;
    }
  }
}

/** A database datetime as epoch ms: a Date (mysql2), or SQLite's `YYYY-MM-DD HH:MM:SS.SSS` text in UTC. */
function utcTime(value: Date | string | null): number | undefined {
  if (value === null) return undefined;
  if (value instanceof Date) return value.getTime();
  const t = Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value.replace(' ', 'T')}Z`);
  return Number.isNaN(t) ? undefined : t;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    timer.unref();
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}
