import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown, Optional } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { Transactions } from '../../common/transactions/transactions';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { JobHandler } from '../../jobs/job-handler.decorator';
import { JobQueue } from '../../jobs/job-queue';
import { JobName, type JobOf } from '../../jobs/job-types';
import { Order } from './entities/order.entity';
import { PAYMENT_STATE_CODE, type OrderState, type RefundState, type ReturnState } from './order-lifecycle';
import { OrderMoves } from './order-moves.service';

const DAY_MS = 86_400_000;
/** Orders completed per run at most (the next run goes on). */
const BATCH = 500;

/**
 * `completed` (已完成): a delivered order is completed ORDER_COMPLETION_DAYS (the 鑑賞期) after
 * delivered_at, unless a return request is open (requested or approved) or a refund is still open
 * (pending at a gateway, or a bank transfer staff owe). The return window closes then.
 *
 * Scheduled like reconciliation, on either job driver: processes that run workers enqueue
 * `orders.complete` every ORDER_COMPLETION_EVERY_MS under a per-time-bucket job id
 * (`orders-complete:<bucket>`: several processes enqueue it once), and the job moves each due order
 * through the lifecycle's `complete` (a conditional UPDATE: a return asked meanwhile wins).
 */
@Injectable()
export class OrderCompletionService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('OrderCompletion');
  private readonly days: number;
  private readonly everyMs: number;
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly tx: Transactions,
    private readonly moves: OrderMoves,
    private readonly queue: JobQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Optional() private readonly httpHost?: HttpAdapterHost,
  ) {
    const o = (config as { orders?: Partial<AppConfig['orders']> }).orders ?? {};
    this.days = Number.isInteger(o.completionDays) && o.completionDays! >= 0 ? o.completionDays! : 7;
    this.everyMs = Number.isInteger(o.completionEveryMs) && o.completionEveryMs! >= 100 ? o.completionEveryMs! : 3_600_000;
  }

  /** Processes that run job processors schedule (the worker; the web process with RUN_WORKERS_IN_WEB). */
  private get runsWorkers(): boolean {
    return !this.httpHost?.httpAdapter || this.config.runWorkersInWeb;
  }

  onApplicationBootstrap(): void {
    if (!this.runsWorkers) return;
    this.timer = setInterval(() => void this.schedule(), this.everyMs);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Enqueues this time bucket's run (a no-op when another process already did). */
  async schedule(now = new Date()): Promise<string | undefined> {
    const bucket = Math.floor(now.getTime() / this.everyMs);
    try {
      const { id } = await this.queue.add(JobName.OrdersComplete, {}, { jobId: `orders-complete:${bucket}`, attempts: 1 });
      return id;
    } catch (err) {
      this.logger.warn(`could not enqueue order completion run ${bucket}: ${(err as Error).message}`);
      return undefined;
    }
  }

  /** Delivered orders due for completion at `now`, oldest delivery first. */
  async due(now: Date, limit = BATCH): Promise<number[]> {
    const before = new Date(now.getTime() - this.days * DAY_MS);
    const rows = await this.tx
      .repo(Order)
      .createQueryBuilder('o')
      .select(['o.id'])
      .where('o.status_name = :delivered AND o.payment_status = :paid AND o.delivered_at IS NOT NULL AND o.delivered_at <= :before', {
        delivered: 'delivered' satisfies OrderState,
        paid: PAYMENT_STATE_CODE.paid,
        before,
      })
      .andWhere('o.return_status NOT IN (:...openReturns)', { openReturns: ['requested', 'approved'] satisfies ReturnState[] })
      // The refunds module's table (it imports this module, not the other way round): a refund pending at a
      // gateway or a transfer staff still owe keeps the order open.
      .andWhere('NOT EXISTS (SELECT 1 FROM refunds r WHERE r.order_id = o.id AND r.status IN (:...openRefunds))', { openRefunds: ['pending', 'manual'] satisfies RefundState[] })
      .orderBy('o.delivered_at', 'ASC')
      .addOrderBy('o.id', 'ASC')
      .limit(Math.min(Math.max(1, limit), BATCH))
      .getMany();
    return rows.map((r) => r.id);
  }

  /** One run: completes every due order, each in its own transaction. */
  async completeDue(now = new Date(), limit = BATCH): Promise<{ checked: number; completed: number }> {
    const ids = await this.due(now, limit);
    let completed = 0;
    for (const id of ids) {
      try {
        if (await this.tx.run(() => this.moves.complete(id, now))) completed += 1;
      } catch (err) {
        this.logger.error(`order #${id} could not be completed: ${(err as Error).message}`);
      }
    }
    if (completed > 0) this.logger.log(`completed ${completed} of ${ids.length} delivered orders`);
    return { checked: ids.length, completed };
  }
}

/** `orders.complete`: idempotent (each move is conditional on the order being delivered). */
@Injectable()
export class OrderCompletionProcessor {
  constructor(private readonly completion: OrderCompletionService) {}

  @JobHandler(JobName.OrdersComplete)
  run(job: JobOf<'orders.complete'>): Promise<{ checked: number; completed: number }> {
    return this.completion.completeDue(new Date(), job.data.limit);
  }
}
