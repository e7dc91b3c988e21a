import { Logger } from '@nestjs/common';
import { AsyncResource } from 'node:async_hooks';
import { JobHandlerRegistry } from './job-handler.registry';
import {
  AddJobOptions,
  backoffDelay,
  concurrencyOf,
  DriverOptions,
  JOB_DEFAULTS,
  JobCounts,
  JobDriver,
  JobState,
  JobSummary,
  normalizeLimit,
  REDACTED,
  resolveAdd,
} from './job-queue';
import { JobName, JobOf, JobPayloads, QUEUE_NAMES, QueueName } from './job-types';

interface MemoryJob {
  id: string;
  name: JobName;
  queue: QueueName;
  data: JobPayloads[JobName];
  state: JobState;
  attemptsMade: number;
  maxAttempts: number;
  sensitive: boolean;
  failedReason?: string;
  createdAt: number;
  finishedAt?: number;
  timer?: NodeJS.Timeout;
}

interface MemoryQueue {
  waiting: MemoryJob[];
  active: Set<MemoryJob>;
  delayed: Set<MemoryJob>;
  /** Oldest first. */
  completed: MemoryJob[];
  failed: MemoryJob[];
}

/**
 * Embedded driver: BullMQ's semantics in memory (attempts, exponential backoff, deterministic ids,
 * completed trimmed, failed kept, per-queue concurrency). Jobs live as long as the process.
 */
export class InProcessJobQueue extends JobDriver {
  private readonly logger = new Logger('Jobs');
  private readonly queues = new Map<QueueName, MemoryQueue>(QUEUE_NAMES.map((q) => [q, emptyQueue()]));
  private readonly byId = new Map<string, MemoryJob>();
  private readonly idleWaiters = new Set<() => void>();
  private nextId = 1;
  /** Runs a callback in the context this driver was created in (no request's). */
  private readonly detached = AsyncResource.bind(<T>(fn: () => T): T => fn());
  private running = false;
  private closed = false;

  constructor(
    private readonly registry: JobHandlerRegistry,
    private readonly options: DriverOptions,
  ) {
    super();
  }

  async add<N extends JobName>(name: N, payload: JobPayloads[N], opts: AddJobOptions = {}): Promise<{ id: string }> {
    if (this.closed) throw new Error('Job queue is closed');
    const r = resolveAdd(name, opts, this.options);
    const id = r.jobId ?? String(this.nextId++);
    if (this.byId.has(id)) return { id };
    const job: MemoryJob = {
      id,
      name,
      queue: r.queue,
      data: jsonCopy(payload),
      state: 'waiting',
      attemptsMade: 0,
      maxAttempts: r.attempts,
      sensitive: r.sensitive,
      createdAt: Date.now(),
    };
    this.byId.set(id, job);
    if (r.delayMs > 0) this.delay(job, r.delayMs);
    else this.enqueue(job);
    return { id };
  }

  async getCounts(): Promise<Record<QueueName, JobCounts>> {
    const counts = {} as Record<QueueName, JobCounts>;
    for (const [name, q] of this.queues) {
      this.trim(q);
      counts[name] = {
        waiting: q.waiting.length,
        active: q.active.size,
        delayed: q.delayed.size,
        completed: q.completed.length,
        failed: q.failed.length,
      };
    }
    return counts;
  }

  async listJobs(queue: QueueName, state: JobState, limit?: number): Promise<JobSummary[]> {
    const q = this.queueOf(queue);
    this.trim(q);
    const jobs = { waiting: q.waiting, active: [...q.active], delayed: [...q.delayed], completed: q.completed, failed: q.failed }[state];
    return [...jobs]
      .reverse()
      .slice(0, normalizeLimit(limit))
      .map((job) => summary(job));
  }

  async retry(queue: QueueName, jobId: string): Promise<boolean> {
    const q = this.queueOf(queue);
    const index = q.failed.findIndex((job) => job.id === jobId);
    if (index < 0) return false;
    const [job] = q.failed.splice(index, 1);
    job.attemptsMade = 0;
    job.finishedAt = undefined;
    this.enqueue(job);
    return true;
  }

  async remove(queue: QueueName, jobId: string): Promise<boolean> {
    const q = this.queueOf(queue);
    const job = this.byId.get(jobId);
    if (!job || job.queue !== queue || job.state === 'active') return false;
    if (job.state === 'delayed') {
      clearTimeout(job.timer);
      job.timer = undefined;
      q.delayed.delete(job);
    } else {
      const list = { waiting: q.waiting, completed: q.completed, failed: q.failed }[job.state];
      const index = list.indexOf(job);
      if (index >= 0) list.splice(index, 1);
    }
    this.byId.delete(jobId);
    this.notifyIdle();
    return true;
  }

  async start(): Promise<void> {
    if (this.closed || !this.options.runWorkers || this.running) return;
    this.running = true;
    const queues = this.registry.queuesWithHandlers();
    this.logger.log(`in-process job runner started for queues: ${queues.join(', ') || '(none)'}`);
    for (const queue of queues) this.pump(queue);
  }

  whenIdle(timeoutMs = 10_000): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const done = (): void => {
        clearTimeout(timer);
        this.idleWaiters.delete(done);
        resolve();
      };
      const timer = setTimeout(() => {
        this.idleWaiters.delete(done);
        reject(new Error(`Jobs still pending after ${timeoutMs} ms`));
      }, timeoutMs);
      this.idleWaiters.add(done);
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.running = false;
    for (const q of this.queues.values()) {
      for (const job of q.delayed) clearTimeout(job.timer);
    }
    await this.whenActiveDone();
  }

  private queueOf(queue: QueueName): MemoryQueue {
    const q = this.queues.get(queue);
    if (!q) throw new RangeError(`Unknown queue "${queue}"`);
    return q;
  }

  private enqueue(job: MemoryJob): void {
    job.state = 'waiting';
    this.queueOf(job.queue).waiting.push(job);
    this.pump(job.queue);
  }

  private delay(job: MemoryJob, ms: number): void {
    const q = this.queueOf(job.queue);
    job.state = 'delayed';
    q.delayed.add(job);
    job.timer = this.detached(() => setTimeout(() => {
      job.timer = undefined;
      q.delayed.delete(job);
      this.enqueue(job);
    }, ms));
    job.timer.unref();
  }

  private pump(queue: QueueName): void {
    if (!this.running || !this.registry.queuesWithHandlers().includes(queue)) return;
    const q = this.queueOf(queue);
    while (q.active.size < concurrencyOf(queue, this.options) && q.waiting.length > 0) {
      const job = q.waiting.shift() as MemoryJob;
      job.state = 'active';
      q.active.add(job);
      // Run on a later tick so add() never executes a handler synchronously, and outside the
      // async context of whoever added it (a request's log context must not follow the job).
      this.detached(() => setImmediate(() => void this.run(job, q)));
    }
  }

  private async run(job: MemoryJob, q: MemoryQueue): Promise<void> {
    let failure: unknown;
    let ok = false;
    try {
      await this.registry.dispatch(toJobOf(job));
      ok = true;
    } catch (err) {
      failure = err;
    }
    job.attemptsMade += 1;
    q.active.delete(job);
    if (ok) {
      this.finish(job, q, 'completed');
    } else {
      job.failedReason = failure instanceof Error ? failure.message : String(failure);
      if (job.attemptsMade < job.maxAttempts && !this.closed) {
        this.delay(job, backoffDelay(this.options.backoffDelayMs, job.attemptsMade, this.options.backoffMaxDelayMs));
      } else {
        this.logger.warn(`job ${job.name} #${job.id} failed after ${job.attemptsMade} attempt(s): ${job.failedReason}`);
        this.finish(job, q, 'failed');
        if (!this.closed) await this.registry.notifyFailed({ id: job.id, name: job.name, queue: job.queue }, job.failedReason);
      }
    }
    this.pump(job.queue);
    this.notifyIdle();
  }

  private finish(job: MemoryJob, q: MemoryQueue, state: 'completed' | 'failed'): void {
    job.state = state;
    job.finishedAt = Date.now();
    if (state === 'completed' && job.sensitive) {
      this.byId.delete(job.id);
      return;
    }
    q[state].push(job);
    this.trim(q);
  }

  /** Completed: last N within 24 h. Failed: kept, except sensitive ones after a day. */
  private trim(q: MemoryQueue): void {
    const now = Date.now();
    const dropped: MemoryJob[] = [];
    // Completed jobs are pushed as they finish (oldest first): the ones to drop are a prefix, so a
    // finish costs O(dropped), not a pass over the last 1,000.
    let cut = Math.max(0, q.completed.length - JOB_DEFAULTS.keepCompletedCount);
    while (cut < q.completed.length && now - (q.completed[cut].finishedAt ?? now) > JOB_DEFAULTS.keepCompletedAgeMs) cut++;
    if (cut > 0) dropped.push(...q.completed.splice(0, cut));
    if (q.failed.some((job) => job.sensitive)) q.failed = q.failed.filter((job) => {
      const keep = !job.sensitive || now - (job.finishedAt ?? now) <= JOB_DEFAULTS.keepSensitiveFailedAgeMs;
      if (!keep) dropped.push(job);
      return keep;
    });
    for (const job of dropped) this.byId.delete(job.id);
  }

  private isIdle(): boolean {
    for (const q of this.queues.values()) {
      if (q.waiting.length > 0 || q.active.size > 0 || q.delayed.size > 0) return false;
    }
    return true;
  }

  private notifyIdle(): void {
    if (this.isIdle()) for (const resolve of [...this.idleWaiters]) resolve();
  }

  private async whenActiveDone(): Promise<void> {
    const deadline = Date.now() + JOB_DEFAULTS.shutdownTimeoutMs;
    while ([...this.queues.values()].some((q) => q.active.size > 0)) {
      if (Date.now() > deadline) {
        this.logger.warn(`running jobs still busy after ${JOB_DEFAULTS.shutdownTimeoutMs} ms; continuing shutdown`);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}

function emptyQueue(): MemoryQueue {
  return { waiting: [], active: new Set(), delayed: new Set(), completed: [], failed: [] };
}

function toJobOf(job: MemoryJob): JobOf {
  return {
    id: job.id,
    name: job.name,
    queue: job.queue,
    data: jsonCopy(job.data),
    attempt: job.attemptsMade + 1,
    maxAttempts: job.maxAttempts,
  };
}

function summary(job: MemoryJob): JobSummary {
  return {
    id: job.id,
    name: job.name,
    queue: job.queue,
    state: job.state,
    data: job.sensitive ? REDACTED : jsonCopy(job.data),
    attemptsMade: job.attemptsMade,
    maxAttempts: job.maxAttempts,
    failedReason: job.failedReason,
    createdAt: new Date(job.createdAt),
    finishedAt: job.finishedAt === undefined ? undefined : new Date(job.finishedAt),
  };
}

/** Payloads travel as JSON in BullMQ; copying the same way keeps both drivers alike (Dates become strings). */
function jsonCopy<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}
