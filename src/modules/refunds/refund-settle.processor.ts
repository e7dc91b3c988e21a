import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown, Optional } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { LessThan } from 'typeorm';
import { Transactions } from '../../common/transactions/transactions';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { JobHandler } from '../../jobs/job-handler.decorator';
import { JobQueue } from '../../jobs/job-queue';
import { JobName, type JobOf } from '../../jobs/job-types';
import { OrderStateService } from '../orders/order-state.service';
import { Refund } from './entities/refund.entity';
import { REFUND_STATUS, Refunds } from './refunds.service';

/** How often the pending refunds are looked at (ms). */
export const REFUND_SETTLE_EVERY_MS = 5 * 60_000;
/** A pending refund younger than this may still be running in its request. */
export const REFUND_SETTLE_AFTER_MS = 60_000;
const BATCH = 50;

/**
 * Refunds left `pending` (the gateway's answer never came back) are settled without waiting for
 * staff: a repeatable `refunds.settle-pending` job asks the gateway (PAYUNi trade/query RefundAmt,
 * LINE Pay payment details) and marks each done or failed; still unknown → left for the next run.
 * Scheduled by processes that run jobs, like the logistics sync.
 */
@Injectable()
export class RefundSettleProcessor implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(RefundSettleProcessor.name);
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly tx: Transactions,
    private readonly refunds: Refunds,
    private readonly orders: OrderStateService,
    private readonly queue: JobQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Optional() private readonly httpHost?: HttpAdapterHost,
  ) {}

  onApplicationBootstrap(): void {
    const web = Boolean(this.httpHost?.httpAdapter);
    if (web && !this.config.runWorkersInWeb) return;
    this.timer = setInterval(() => void this.schedule(), REFUND_SETTLE_EVERY_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Enqueues this time bucket's run (a no-op when another process already did). */
  async schedule(now = new Date()): Promise<string | undefined> {
    const bucket = Math.floor(now.getTime() / REFUND_SETTLE_EVERY_MS);
    try {
      return (await this.queue.add(JobName.RefundsSettlePending, { limit: BATCH }, { jobId: `refunds-settle:${bucket}`, attempts: 1 })).id;
    } catch (err) {
      this.logger.warn(`could not enqueue refunds-settle ${bucket}: ${(err as Error).message}`);
      return undefined;
    }
  }

  @JobHandler(JobName.RefundsSettlePending)
  async settle(job: JobOf<'refunds.settle-pending'>): Promise<{ orders: number }> {
    const rows = await this.tx.repo(Refund).find({
      where: { status: REFUND_STATUS.pending, created_at: LessThan(new Date(Date.now() - REFUND_SETTLE_AFTER_MS)) },
      order: { id: 'ASC' },
      take: Math.min(Math.max(1, job.data.limit ?? BATCH), 500),
    });
    const orderIds = [...new Set(rows.map((r) => r.order_id))];
    for (const id of orderIds) {
      const order = await this.orders.findById(id);
      if (!order) continue;
      try {
        await this.refunds.resolvePending(order);
      } catch (err) {
        this.logger.warn(`pending refunds of order #${id} not settled: ${(err as Error).message}`);
      }
    }
    return { orders: orderIds.length };
  }
}
