import { JOB_DEFINITIONS, JobName, JobPayloads, QUEUE_CONCURRENCY, QueueName } from './job-types';

export interface AddJobOptions {
  /**
   * Deterministic id for a job that must exist once (e.g. `invoice:<orderId>`). While a job with
   * this id exists in any state (waiting, delayed, active, kept completed or failed), adding it
   * again is a no-op that returns the same id, as in BullMQ.
   */
  jobId?: string;
  delayMs?: number;
  /** Total runs before the job ends `failed` (default JOBS_ATTEMPTS: 22, retries spanning ~25 h). */
  attempts?: number;
  /** Removed on completion and listed without payload; on by default for jobs that carry a code. */
  sensitive?: boolean;
}

export const JOB_STATES = ['waiting', 'active', 'delayed', 'completed', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];
export type JobCounts = Record<JobState, number>;

/** A job as shown to operators. Payloads of sensitive jobs are replaced by {@link REDACTED}. */
export interface JobSummary {
  id: string;
  name: string;
  queue: QueueName;
  state: JobState;
  data: unknown;
  /** Runs finished so far, successful or not (BullMQ's meaning). */
  attemptsMade: number;
  maxAttempts: number;
  /** Error of the last failed run (kept after a later successful retry, as BullMQ does). */
  failedReason?: string;
  createdAt: Date;
  finishedAt?: Date;
}

export const REDACTED = '[redacted]';

/**
 * The queue the application talks to (Nest injection token: inject `JobQueue` by class).
 * Implemented by the BullMQ driver (REDIS_URL set) and the in-process driver.
 */
export abstract class JobQueue {
  abstract add<N extends JobName>(name: N, payload: JobPayloads[N], opts?: AddJobOptions): Promise<{ id: string }>;
  /** Jobs per state, per queue. */
  abstract getCounts(): Promise<Record<QueueName, JobCounts>>;
  /** Newest first. */
  abstract listJobs(queue: QueueName, state: JobState, limit?: number): Promise<JobSummary[]>;
  /**
   * Puts a failed job back to waiting with fresh attempts (an operator's retry). Returns false
   * when no failed job has that id in that queue.
   */
  abstract retry(queue: QueueName, jobId: string): Promise<boolean>;
  /**
   * Deletes a waiting, delayed, completed or failed job (an operator's remove); a running job is
   * left alone. Returns false when no such job is in that queue or it is running. A job with a
   * deterministic id may be added again afterwards.
   */
  abstract remove(queue: QueueName, jobId: string): Promise<boolean>;
  /** Stops taking new work, lets running jobs finish, releases connections. */
  abstract close(): Promise<void>;
}

/** What JobsModule drives: the queue plus its lifecycle and a test helper. */
export abstract class JobDriver extends JobQueue {
  /** Starts the workers when this process runs them (called once handlers are registered). */
  abstract start(): Promise<void>;
  /** Resolves when no job is waiting, delayed or active; rejects after `timeoutMs`. */
  abstract whenIdle(timeoutMs?: number): Promise<void>;
}

export interface DriverOptions {
  /** Process jobs in this process (web in embedded mode, or the worker). */
  runWorkers: boolean;
  /** Base of the exponential backoff: retry n waits min(base * 2^(n-1), max) ms. */
  backoffDelayMs: number;
  /** Longest wait between two attempts. */
  backoffMaxDelayMs: number;
  /** BullMQ: how often workers look for stalled jobs (a worker that died mid-job), ms. */
  stalledIntervalMs: number;
  /** BullMQ: how long a worker's lock on an active job lasts without renewal, ms. */
  lockDurationMs: number;
  /** Default total attempts per job. */
  attempts: number;
  /** Jobs run at once per queue. */
  concurrency: number;
}

/**
 * Retries back off exponentially from 10 s, capped at 2 h: 22 attempts span ~24.8 h
 * (10 s, 20 s, … 85 min, then every 2 h), so a provider outage of a day delays work but
 * does not fail it. Jobs that carry a one-time code pass fewer attempts (the code expires).
 */
export const JOB_DEFAULTS = {
  attempts: 22,
  backoffDelayMs: 10_000,
  backoffMaxDelayMs: 2 * 3600 * 1000,
  stalledIntervalMs: 30_000,
  lockDurationMs: 30_000,
  concurrency: 2,
  keepCompletedCount: 1000,
  keepCompletedAgeMs: 24 * 3600 * 1000,
  /** Failed sensitive jobs stay a day for operators (their code has long expired), then go. */
  keepSensitiveFailedAgeMs: 24 * 3600 * 1000,
  listLimit: 50,
  /** How long close() waits for running jobs before shutdown continues. */
  shutdownTimeoutMs: 10_000,
} as const;

export interface ResolvedAdd {
  queue: QueueName;
  jobId?: string;
  delayMs: number;
  attempts: number;
  sensitive: boolean;
}

export function resolveAdd(name: JobName, opts: AddJobOptions, defaults: DriverOptions): ResolvedAdd {
  const def = JOB_DEFINITIONS[name];
  const attempts = opts.attempts ?? defaults.attempts;
  if (!Number.isInteger(attempts) || attempts < 1) throw new RangeError(`attempts must be a positive integer, got ${attempts}`);
  const delayMs = Math.max(0, Math.floor(opts.delayMs ?? 0));
  return {
    queue: def.queue,
    jobId: opts.jobId === undefined ? undefined : storedJobId(opts.jobId),
    delayMs,
    attempts,
    sensitive: opts.sensitive ?? def.sensitive,
  };
}

/**
 * BullMQ rejects custom ids that are integers or contain a single ':' (it reserves them), so both
 * drivers store `invoice:42` as `invoice.42` and a bare `42` as `id.42`: the same id either way.
 */
export function storedJobId(jobId: string): string {
  if (jobId.length === 0) throw new RangeError('jobId must not be empty');
  const id = jobId.replace(/:/g, '.');
  return /^\d+$/.test(id) ? `id.${id}` : id;
}

/** Jobs run at once in `queue`: its own figure (QUEUE_CONCURRENCY), at least the configured default. */
export function concurrencyOf(queue: QueueName, defaults: DriverOptions): number {
  return Math.max(defaults.concurrency, QUEUE_CONCURRENCY[queue] ?? 0);
}

/** Delay before retry number `retry` (1 = first retry): exponential from `baseMs`, at most `maxMs`. */
export function backoffDelay(baseMs: number, retry: number, maxMs: number = Number.POSITIVE_INFINITY): number {
  return Math.min(Math.round(baseMs * 2 ** (Math.min(retry, 60) - 1)), maxMs);
}

/** Sum of the waits between `attempts` runs: how long a job keeps being retried. */
export function retrySpanMs(attempts: number, baseMs: number, maxMs: number): number {
  let total = 0;
  for (let retry = 1; retry < attempts; retry++) total += backoffDelay(baseMs, retry, maxMs);
  return total;
}

export function normalizeLimit(limit: number | undefined): number {
  const n = Math.floor(limit ?? JOB_DEFAULTS.listLimit);
  return Math.min(Math.max(n, 1), 1000);
}
