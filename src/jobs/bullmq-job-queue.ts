import { Logger } from '@nestjs/common';
import { Job, JobsOptions, Queue, Worker } from 'bullmq';
import Redis from 'ioredis';
import { JobHandlerRegistry } from './job-handler.registry';
import {
  AddJobOptions,
  backoffDelay,
  concurrencyOf,
  DriverOptions,
  JOB_DEFAULTS,
  JOB_STATES,
  JobCounts,
  JobDriver,
  JobState,
  JobSummary,
  normalizeLimit,
  REDACTED,
  resolveAdd,
} from './job-queue';
import { isJobName, JobName, JobPayloads, QUEUE_NAMES, QueueName } from './job-types';

export interface BullmqDriverOptions extends DriverOptions {
  redisUrl: string;
  /** Redis key prefix (BullMQ `prefix`), e.g. `skinshop`. */
  prefix: string;
}

const SECONDS = 1000;
/** Our backoff (exponential, capped): computed by the workers' backoffStrategy. */
const CAPPED_BACKOFF = 'capped-exponential';

/**
 * Production driver: one BullMQ queue per queue name on Redis; workers (only when this process
 * runs them) for the queues that have handlers here. Completed jobs are trimmed, failed kept.
 */
export class BullmqJobQueue extends JobDriver {
  private readonly logger = new Logger('Jobs');
  private readonly connection: Redis;
  private readonly queues: ReadonlyMap<QueueName, Queue>;
  private readonly workers: Worker[] = [];
  private readonly lastLogged = new Map<string, number>();
  private closing?: Promise<void>;

  constructor(
    private readonly registry: JobHandlerRegistry,
    private readonly options: BullmqDriverOptions,
  ) {
    super();
    // Shared by all producers; BullMQ gives each worker its own (blocking) connections.
    this.connection = new Redis(options.redisUrl, { connectionName: `${options.prefix}:producer` });
    this.connection.on('error', (err: Error) => this.logError('redis', err));
    this.connection.on('ready', () => this.lastLogged.clear());
    this.queues = new Map(
      QUEUE_NAMES.map((name) => {
        const queue = new Queue(name, { connection: this.connection, prefix: options.prefix });
        queue.on('error', (err: Error) => this.logError(`queue ${name}`, err));
        return [name, queue] as const;
      }),
    );
  }

  async add<N extends JobName>(name: N, payload: JobPayloads[N], opts: AddJobOptions = {}): Promise<{ id: string }> {
    if (this.closing) throw new Error('Job queue is closed');
    const r = resolveAdd(name, opts, this.options);
    const jobOptions: JobsOptions = {
      jobId: r.jobId,
      delay: r.delayMs || undefined,
      attempts: r.attempts,
      backoff: { type: CAPPED_BACKOFF, delay: this.options.backoffDelayMs },
      removeOnComplete: r.sensitive
        ? true
        : { count: JOB_DEFAULTS.keepCompletedCount, age: JOB_DEFAULTS.keepCompletedAgeMs / SECONDS },
      removeOnFail: r.sensitive ? { age: JOB_DEFAULTS.keepSensitiveFailedAgeMs / SECONDS } : false,
    };
    const job = await this.queueOf(r.queue).add(name, payload, jobOptions);
    if (!job.id) throw new Error(`BullMQ returned no id for job ${name}`);
    return { id: job.id };
  }

  async getCounts(): Promise<Record<QueueName, JobCounts>> {
    const entries = await Promise.all(
      [...this.queues].map(async ([name, queue]) => {
        const c = await queue.getJobCounts('waiting', 'prioritized', 'active', 'delayed', 'completed', 'failed');
        const counts: JobCounts = {
          waiting: (c.waiting ?? 0) + (c.prioritized ?? 0),
          active: c.active ?? 0,
          delayed: c.delayed ?? 0,
          completed: c.completed ?? 0,
          failed: c.failed ?? 0,
        };
        return [name, counts] as const;
      }),
    );
    return Object.fromEntries(entries) as Record<QueueName, JobCounts>;
  }

  async listJobs(queue: QueueName, state: JobState, limit?: number): Promise<JobSummary[]> {
    if (!JOB_STATES.includes(state)) throw new RangeError(`Unknown job state "${state}"`);
    const jobs = await this.queueOf(queue).getJobs([state], 0, normalizeLimit(limit) - 1, false);
    return jobs.filter((job): job is Job => Boolean(job)).map((job) => summary(job, queue, state));
  }

  async start(): Promise<void> {
    if (!this.options.runWorkers || this.closing || this.workers.length > 0) return;
    const queues = this.registry.queuesWithHandlers();
    for (const queue of queues) {
      const worker = new Worker(queue, (job: Job) => this.process(queue, job), {
        connection: { url: this.options.redisUrl, connectionName: `${this.options.prefix}:worker:${queue}` },
        prefix: this.options.prefix,
        concurrency: concurrencyOf(queue, this.options),
        stalledInterval: this.options.stalledIntervalMs,
        lockDuration: this.options.lockDurationMs,
        settings: {
          backoffStrategy: (attemptsMade: number) => backoffDelay(this.options.backoffDelayMs, attemptsMade, this.options.backoffMaxDelayMs),
        },
      });
      worker.on('error', (err: Error) => this.logError(`worker ${queue}`, err));
      worker.on('failed', (job: Job | undefined, err: Error) => {
        // Out of attempts, or stalled more often than allowed (BullMQ fails it without a retry).
        if (job && (job.attemptsMade >= (job.opts.attempts ?? 1) || job.finishedOn)) {
          this.logger.warn(`job ${job.name} #${job.id} failed after ${job.attemptsMade} attempt(s): ${err.message}`);
          void this.registry.notifyFailed({ id: job.id ?? '', name: job.name, queue }, err.message);
        }
      });
      this.workers.push(worker);
    }
    // Not awaiting readiness: with Redis down the app still boots (health reports it) and the
    // workers start consuming as soon as Redis answers.
    this.logger.log(`BullMQ workers started for queues: ${queues.join(', ') || '(none)'}`);
  }

  async retry(queue: QueueName, jobId: string): Promise<boolean> {
    const job = await this.queueOf(queue).getJob(jobId);
    if (!job || !(await job.isFailed())) return false;
    await job.retry('failed', { resetAttemptsMade: true });
    return true;
  }

  async remove(queue: QueueName, jobId: string): Promise<boolean> {
    const job = await this.queueOf(queue).getJob(jobId);
    if (!job) return false;
    const state = await job.getState();
    if (state === 'active' || state === 'unknown') return false;
    try {
      await job.remove();
    } catch {
      return false; // a worker took it meanwhile (BullMQ refuses to remove a locked job)
    }
    return true;
  }

  async whenIdle(timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const counts = Object.values(await this.getCounts());
      if (counts.every((c) => c.waiting + c.active + c.delayed === 0)) return;
      if (Date.now() > deadline) throw new Error(`Jobs still pending after ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  /** The underlying queues, for Bull Board (see bull-board.ts). */
  bullQueues(): Queue[] {
    return [...this.queues.values()];
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      // Workers first (they finish their active jobs), then producers and the shared connection.
      // With Redis down a graceful BullMQ close never returns, so workers are then closed by force:
      // their active jobs stall and are retried by the next worker.
      const reachable = this.connection.status === 'ready';
      const workers = this.workers.map((w) => (reachable ? w.close() : w.close(true)));
      await this.withDeadline(Promise.all(workers), 'workers');
      await this.withDeadline(Promise.all([...this.queues.values()].map((q) => q.close())), 'queues');
      if (reachable) await this.connection.quit().catch(() => this.connection.disconnect());
      else this.connection.disconnect();
    })();
    return this.closing;
  }

  private queueOf(queue: QueueName): Queue {
    const q = this.queues.get(queue);
    if (!q) throw new RangeError(`Unknown queue "${queue}"`);
    return q;
  }

  private async withDeadline(work: Promise<unknown>, what: string): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), JOB_DEFAULTS.shutdownTimeoutMs)));
    const outcome = await Promise.race([work.then(() => 'done' as const), deadline]);
    clearTimeout(timer);
    if (outcome === 'timeout') this.logger.warn(`closing ${what} took over ${JOB_DEFAULTS.shutdownTimeoutMs} ms; continuing shutdown`);
  }

  /** The shared connection's errors reach every queue: log each message once a minute, not 8× a second. */
  private logError(source: string, err: Error): void {
    const now = Date.now();
    if (now - (this.lastLogged.get(err.message) ?? 0) < 60_000) return;
    this.lastLogged.set(err.message, now);
    this.logger.error(`${source}: ${err.message}`);
  }

  private async process(queue: QueueName, job: Job): Promise<void> {
    if (!isJobName(job.name)) throw new Error(`Unknown job "${job.name}"`);
    await this.registry.dispatch({
      id: job.id ?? '',
      name: job.name,
      queue,
      data: job.data as JobPayloads[JobName],
      attempt: job.attemptsMade + 1,
      maxAttempts: job.opts.attempts ?? 1,
    });
  }
}

function summary(job: Job, queue: QueueName, state: JobState): JobSummary {
  const sensitive = job.opts.removeOnComplete === true;
  return {
    id: job.id ?? '',
    name: job.name,
    queue,
    state,
    data: sensitive ? REDACTED : (job.data as unknown),
    attemptsMade: job.attemptsMade,
    maxAttempts: job.opts.attempts ?? 1,
    failedReason: job.failedReason || undefined,
    createdAt: new Date(job.timestamp),
    finishedAt: job.finishedOn ? new Date(job.finishedOn) : undefined,
  };
}
