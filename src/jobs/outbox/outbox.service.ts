import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { AsyncResource } from 'node:async_hooks';
import { type EntityManager, In, LessThan } from 'typeorm';
import { DomainEvents } from '../../common/events/domain-events';
import { Transactions } from '../../common/transactions/transactions';
import { JobHandlerRegistry, SettledJob } from '../job-handler.registry';
import { JobQueue, storedJobId } from '../job-queue';
import { isJobName, JOB_DEFINITIONS, JobName, JobPayloads } from '../job-types';
import { OutboxMessage, OutboxState } from './outbox-message.entity';
import { plainExecute, plainFind, plainInsert, plainUpdate } from '../../database/plain-sql';

export interface OutboxOptions {
  /** How often pending rows are dispatched and stale queued ones re-checked (ms). */
  sweepMs: number;
  /** A queued row not done after this long is handed to the queue again (ms). */
  recheckMs: number;
  /** How long a run of a job holds its row against a second run of the same job (ms). */
  claimMs: number;
}

/** Thrown when another run of the same job holds its row: this attempt fails and is retried later. */
export class OutboxJobBusyError extends Error {
  constructor(jobId: string) {
    super(`job ${jobId} is running elsewhere (outbox claim held); retried later`);
    this.name = 'OutboxJobBusyError';
  }
}
export const OUTBOX_OPTIONS = Symbol('OUTBOX_OPTIONS');

type OutboxValues = Pick<OutboxMessage, 'job_name' | 'job_id' | 'payload' | 'attempts' | 'state'>;

/** A transaction's jobs: waiting to be written, written (handed after the commit), and whether one was a repeat. */
interface TxBatch {
  values: OutboxValues[];
  rows: OutboxMessage[];
  repeat: boolean;
}

const BATCH = 200;
/** Most jobs one claim or done UPDATE covers. */
const GROUP_MAX = 100;
const OPEN_STATES = [OutboxState.Pending, OutboxState.Queued, OutboxState.Failed];

/**
 * Group commit: what is asked for while a statement is being prepared or runs goes into the next
 * one (`run` gets the batch, answers per item in the same order). Nothing waits for a timer: the
 * first item's batch leaves on the next turn of the event loop, so the jobs that start or finish
 * in one turn (an order's three) share a statement. Each caller's promise settles with its batch.
 */
class GroupCommit<T, R> {
  private queue: { item: T; resolve: (r: R) => void; reject: (e: unknown) => void }[] = [];
  private busy = false;
  /** Flushes outside the async context of whoever asked first (a request's or a job's transaction). */
  private readonly detached = AsyncResource.bind(<X>(fn: () => X): X => fn());

  constructor(private readonly run: (items: T[]) => Promise<R[]>) {}

  add(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (!this.busy) {
        this.busy = true;
        this.detached(() => setImmediate(() => void this.flush()));
      }
    });
  }

  private async flush(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, GROUP_MAX);
      try {
        const results = await this.run(batch.map((b) => b.item));
        batch.forEach((b, i) => b.resolve(results[i]));
      } catch (err) {
        for (const b of batch) b.reject(err);
      }
    }
    this.busy = false;
  }
}
/** Done rows are kept a week for operators, then deleted by the sweep. */
export const OUTBOX_KEEP_DONE_MS = 7 * 24 * 3600 * 1000;

/** An outbox row as operators see it. */
export interface OutboxEntry {
  id: number;
  jobName: string;
  jobId: string;
  state: OutboxState;
  dispatchCount: number;
  lastError: string | null;
  createdAt: Date;
  finishedAt: Date | null;
}

/**
 * The transactional outbox. `enqueue()` writes the job as a row of the caller's transaction (the
 * order, the contact message…): both commit or neither. After the commit the dispatcher hands
 * it to the queue (BullMQ on Redis, or the in-process driver) under its deterministic job id and
 * marks it `queued`; the job's completion marks it `done`, its final failure `failed`.
 *
 * Nothing acknowledged is lost: on start every row not done is handed again (the in-process
 * queue died with its process; Redis may have restarted empty), and a sweep every `sweepMs`
 * dispatches rows whose after-commit kick never ran (crash, Redis down at that moment) and
 * re-hands queued rows older than `recheckMs`. Handing again is harmless: the queue ignores an
 * id it still holds, and processors are idempotent for the rare re-run.
 */
@Injectable()
export class Outbox implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Outbox');
  private timer?: NodeJS.Timeout;
  private running: Promise<void> = Promise.resolve();
  private kickScheduled = false;
  private stopped = false;
  /**
   * The jobs enqueued in each open transaction (by its entity manager): written as one INSERT
   * before its commit (or at `writePending()`), handed after it.
   */
  private readonly batches = new WeakMap<object, TxBatch>();
  /** Jobs starting together are claimed by one UPDATE, jobs completing together marked done by one. */
  private readonly claims = new GroupCommit<SettledJob, boolean | 'busy'>((jobs) => this.claimAll(jobs));
  private readonly dones = new GroupCommit<SettledJob, void>(async (jobs) => {
    await this.markDoneAll(jobs);
    return jobs.map(() => undefined);
  });

  constructor(
    private readonly tx: Transactions,
    private readonly queue: JobQueue,
    private readonly events: DomainEvents,
    registry: JobHandlerRegistry,
    @Inject(OUTBOX_OPTIONS) private readonly options: OutboxOptions,
  ) {
    registry.addListener({
      starting: (job) => this.claim(job),
      released: (job) => this.release(job),
      completed: (job) => this.markDone(job),
      failed: (job, error) => this.markFailed(job, error),
    });
  }

  /**
   * Writes a job that must happen into the current transaction (outside one, on its own). The same
   * `jobId` twice is one job. The queue gets it after the commit.
   */
  async enqueue<N extends JobName>(name: N, payload: JobPayloads[N], opts: { jobId: string; attempts?: number }): Promise<void> {
    if (JOB_DEFINITIONS[name].sensitive) throw new Error(`job ${name} carries a secret and must not be stored in the outbox`);
    const values: OutboxValues = { job_name: name, job_id: storedJobId(opts.jobId), payload: payload as object, attempts: opts.attempts ?? null, state: OutboxState.Pending };
    const manager = this.tx.manager;
    // In a transaction its jobs are written together, as one INSERT, just before the commit (an
    // order writes several). After the commit the rows go straight to the queue (the answer then
    // means "queued"); if that fails, or an insert was a repeat, the sweep hands it. They are
    // marked queued by one UPDATE.
    let batch = this.tx.active ? this.batches.get(manager) : undefined;
    if (!batch) {
      const mine: TxBatch = { values: [], rows: [], repeat: false };
      const atCommit = async () => {
        // A job enqueued after this (by a later before-commit hook) starts a batch of its own.
        this.batches.delete(manager);
        await this.insert(manager, mine);
      };
      if (!this.tx.beforeCommit(atCommit)) {
        // Outside a transaction opened by Transactions.run(): written now, handed after.
        mine.values.push(values);
        await this.insert(manager, mine);
        this.tx.afterCommit(() => this.handAll(mine.rows, mine.repeat));
        return;
      }
      batch = mine;
      this.batches.set(manager, mine);
      this.tx.afterCommit(() => this.handAll(mine.rows, mine.repeat));
    }
    batch.values.push(values);
  }

  /**
   * Writes the jobs enqueued so far in the current transaction now, not at its commit (checkout:
   * before it takes the rows every other order waits on).
   */
  async writePending(): Promise<void> {
    const batch = this.tx.active ? this.batches.get(this.tx.manager) : undefined;
    if (batch) await this.insert(this.tx.manager, batch);
  }

  /**
   * One INSERT of the batch's waiting jobs (plain SQL, INSERT IGNORE): a repeat of a job id (in
   * the table or twice here) inserts nothing and comes back without an id.
   */
  private async insert(manager: EntityManager, batch: TxBatch): Promise<void> {
    const values = batch.values.splice(0);
    if (values.length === 0) return;
    const inserted = await plainInsert(manager, OutboxMessage, values, { ignore: true, returning: ['id', 'job_id'] });
    const ids = new Map(inserted.map((r) => [r.job_id, Number(r.id)]));
    for (const v of values) {
      const id = ids.get(v.job_id);
      ids.delete(v.job_id);
      if (id) batch.rows.push(Object.assign(new OutboxMessage(), v, { id, dispatch_count: 0 }));
      else batch.repeat = true;
    }
  }

  /** After a commit: its new rows to the queue in order, those handed marked queued at once; a repeat insert kicks the sweep. */
  private async handAll(rows: OutboxMessage[], repeat: boolean): Promise<void> {
    const handed: OutboxMessage[] = [];
    // A row the queue refused stays pending: the sweep hands it.
    for (const row of rows) if (await this.hand(row)) handed.push(row);
    if (handed.length > 0) await this.markQueuedAll(handed);
    if (repeat) this.kick();
  }

  /** Dispatches pending rows soon (coalesced). */
  kick(): void {
    if (this.kickScheduled || this.stopped) return;
    this.kickScheduled = true;
    setImmediate(() => {
      this.kickScheduled = false;
      void this.serially(() => this.dispatchPending());
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    // Everything not done goes back to the queue: what it still has is a no-op.
    await this.serially(async () => {
      await this.dispatchPending();
      await this.recheckQueued(new Date());
    });
    this.timer = setInterval(() => void this.sweep(), this.options.sweepMs);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  /** One sweep: pending rows, then queued rows not done after `recheckMs`. */
  sweep(): Promise<void> {
    return this.serially(async () => {
      await this.dispatchPending();
      await this.recheckQueued(new Date(Date.now() - this.options.recheckMs));
      await this.tx.repo(OutboxMessage).delete({ state: OutboxState.Done, finished_at: LessThan(new Date(Date.now() - OUTBOX_KEEP_DONE_MS)) });
    });
  }

  /** Rows in a state (newest first), for operators. */
  async list(state: OutboxState, limit = 50): Promise<OutboxEntry[]> {
    const rows = await this.tx.repo(OutboxMessage).find({ where: { state }, order: { id: 'DESC' }, take: Math.min(Math.max(limit, 1), 500) });
    return rows.map((r) => ({
      id: r.id,
      jobName: r.job_name,
      jobId: r.job_id,
      state: r.state,
      dispatchCount: r.dispatch_count,
      lastError: r.last_error,
      createdAt: r.created_at,
      finishedAt: r.finished_at,
    }));
  }

  /** An operator's retry of a failed row: the queue's failed job gets fresh attempts (or is queued again). */
  async retry(id: number): Promise<boolean> {
    const repo = this.tx.repo(OutboxMessage);
    const row = await repo.findOne({ where: { id, state: OutboxState.Failed } });
    if (!row || !isJobName(row.job_name)) return false;
    const retried = await this.queue.retry(JOB_DEFINITIONS[row.job_name].queue, row.job_id);
    if (!retried) await this.hand(row);
    await repo.update({ id, state: OutboxState.Failed }, { state: OutboxState.Queued, dispatched_at: new Date(), finished_at: null });
    return true;
  }

  /**
   * An operator's retry by the queue's job id (the back-office job view): the failed row of that job,
   * if any, retried as `retry(rowId)` does. False when no failed row has that job id.
   */
  async retryJob(jobId: string): Promise<boolean> {
    const row = await this.tx.repo(OutboxMessage).findOne({ where: { job_id: jobId, state: OutboxState.Failed }, select: { id: true } });
    return row ? this.retry(row.id) : false;
  }

  /**
   * An operator removed the job from the queue: its row (pending, queued or failed; `failedOnly`:
   * only a failed one) is settled as `done` with `note` as its last error, so no sweep or restart
   * hands it again. True when a row was settled.
   */
  async discard(jobId: string, note: string, opts: { failedOnly?: boolean } = {}): Promise<boolean> {
    const states = opts.failedOnly ? [OutboxState.Failed] : [OutboxState.Pending, OutboxState.Queued, OutboxState.Failed];
    const res = await this.tx
      .repo(OutboxMessage)
      .update({ job_id: jobId, state: In(states) }, { state: OutboxState.Done, finished_at: new Date(), last_error: note.slice(0, 500) });
    return (res.affected ?? 0) > 0;
  }

  private async dispatchPending(): Promise<void> {
    const repo = this.tx.repo(OutboxMessage);
    for (;;) {
      const rows = await repo.find({ where: { state: OutboxState.Pending }, order: { id: 'ASC' }, take: BATCH });
      for (const row of rows) {
        if (this.stopped) return;
        if (!(await this.hand(row))) return; // the queue is down: the next sweep tries again
        await this.markQueued(row);
      }
      if (rows.length < BATCH) return;
    }
  }

  private async recheckQueued(before: Date): Promise<void> {
    const repo = this.tx.repo(OutboxMessage);
    let afterId = 0;
    for (;;) {
      const rows = await repo
        .createQueryBuilder('o')
        .where('o.state = :state AND o.id > :afterId', { state: OutboxState.Queued, afterId })
        .andWhere('(o.dispatched_at IS NULL OR o.dispatched_at < :before)', { before })
        .orderBy('o.id', 'ASC')
        .take(BATCH)
        .getMany();
      for (const row of rows) {
        if (this.stopped) return;
        if (!(await this.hand(row))) return;
        await repo.update({ id: row.id, state: OutboxState.Queued }, { dispatched_at: new Date() });
        afterId = row.id;
      }
      if (rows.length < BATCH) return;
    }
  }

  /** Adds the row's job under its id (a no-op while the queue holds that id). False when the queue refused. */
  private async hand(row: OutboxMessage): Promise<boolean> {
    if (!isJobName(row.job_name)) {
      await this.tx.repo(OutboxMessage).update({ id: row.id }, { state: OutboxState.Failed, last_error: `unknown job ${row.job_name}`.slice(0, 500) });
      return true;
    }
    try {
      const payload = typeof row.payload === 'string' ? (JSON.parse(row.payload) as unknown) : row.payload;
      await this.queue.add(row.job_name, payload as JobPayloads[JobName], { jobId: row.job_id, attempts: row.attempts ?? undefined });
      return true;
    } catch (err) {
      this.logger.warn(`outbox row #${row.id} (${row.job_name}) not handed to the queue yet: ${(err as Error).message}`);
      return false;
    }
  }

  /** Only from pending: a fast job may already have marked it done. */
  private async markQueued(row: OutboxMessage): Promise<void> {
    await plainUpdate(this.tx.manager, OutboxMessage, { state: OutboxState.Queued, dispatched_at: new Date(), dispatch_count: row.dispatch_count + 1 }, { id: row.id, state: OutboxState.Pending });
  }

  /** New rows just handed (dispatch_count 0), only from pending: one UPDATE. */
  private async markQueuedAll(rows: OutboxMessage[]): Promise<void> {
    if (rows.length === 1) return this.markQueued(rows[0]);
    await plainUpdate(this.tx.manager, OutboxMessage, { state: OutboxState.Queued, dispatched_at: new Date(), dispatch_count: 1 }, { id: rows.map((r) => r.id), state: OutboxState.Pending });
  }

  /**
   * Before a job runs: its row is claimed for `claimMs`, so a second run of the same job (a lock
   * that lapsed under load, a re-hand after Redis lost the job while it ran) cannot do the work
   * twice. A job already done is skipped (false); one held by another run fails this attempt
   * with OutboxJobBusyError and is retried after its backoff. A job without a row runs. Jobs
   * starting together share the UPDATE (see claimAll).
   */
  private async claim(job: SettledJob): Promise<boolean> {
    const claimed = await this.claims.add(job);
    if (claimed === 'busy') throw new OutboxJobBusyError(job.id);
    if (!claimed) this.logger.log(`job ${job.name} #${job.id} already done: skipped`);
    return claimed;
  }

  /**
   * One UPDATE claims the open, unclaimed rows of `jobs` until a new instant. When it took them
   * all (the usual case) that is the answer; otherwise one read tells, per job, whether its row
   * now holds this claim (its run goes ahead), is done (skipped), is held by another run (busy),
   * or does not exist (the job runs).
   */
  private async claimAll(jobs: SettledJob[]): Promise<(boolean | 'busy')[]> {
    const now = new Date();
    const until = new Date(now.getTime() + this.options.claimMs);
    const ids = [...new Set(jobs.map((j) => j.id))];
    // Plain SQL (every job of every order claims and marks its row): `?` values converted as TypeORM does.
    const m = this.tx.manager;
    const claimedUntil = m.connection.getMetadata(OutboxMessage).findColumnWithPropertyName('claimed_until')!;
    const at = (d: Date) => m.connection.driver.preparePersistentValue(d, claimedUntil);
    const claimed = await plainExecute(
      m,
      `UPDATE outbox_messages SET claimed_until = ? WHERE job_id IN (${ids.map(() => '?').join(', ')}) AND state IN (${OPEN_STATES.map(() => '?').join(', ')}) AND (claimed_until IS NULL OR claimed_until < ?)`,
      [at(until), ...ids, ...OPEN_STATES, at(now)],
    );
    if (claimed === jobs.length && ids.length === jobs.length) return jobs.map(() => true);
    const rows = await plainFind(m, OutboxMessage, { where: { job_id: ids }, select: ['job_id', 'state', 'claimed_until'] });
    const byId = new Map(rows.map((r) => [r.job_id, r]));
    const mine = new Set<string>();
    return jobs.map((job) => {
      const row = byId.get(job.id);
      if (!row) return true;
      if (row.state === OutboxState.Done) return false;
      // A job id twice in one batch (a re-run racing its own first run): only one of them holds it.
      if (OPEN_STATES.includes(row.state) && row.claimed_until && new Date(row.claimed_until).getTime() === until.getTime() && !mine.has(job.id)) {
        mine.add(job.id);
        return true;
      }
      return 'busy';
    });
  }

  /** A run that threw lets go of its row, so its retry need not wait for the claim to lapse. */
  private async release(job: SettledJob): Promise<void> {
    await plainUpdate(this.tx.manager, OutboxMessage, { claimed_until: null }, { job_id: job.id, state: OPEN_STATES });
  }

  /** Settles when the job's row is marked done (jobs completing together share the UPDATE). */
  private markDone(job: SettledJob): Promise<void> {
    return this.dones.add(job);
  }

  private async markDoneAll(jobs: SettledJob[]): Promise<void> {
    await plainUpdate(this.tx.manager, OutboxMessage, { state: OutboxState.Done, finished_at: new Date(), claimed_until: null }, { job_id: [...new Set(jobs.map((j) => j.id))], state: OPEN_STATES });
  }

  private async markFailed(job: SettledJob, error: string): Promise<void> {
    await this.tx
      .repo(OutboxMessage)
      .update({ job_id: job.id, state: In([OutboxState.Pending, OutboxState.Queued]) }, { state: OutboxState.Failed, finished_at: new Date(), last_error: error.slice(0, 500) });
    await this.events.publish('job.failed', { queue: job.queue, name: job.name, jobId: job.id, error: error.slice(0, 500) });
  }

  /** Dispatch runs never overlap in one process. */
  private serially(work: () => Promise<void>): Promise<void> {
    const next = this.running.then(work).catch((err: unknown) => this.logger.error(`outbox dispatch failed: ${(err as Error).message}`));
    this.running = next;
    return next;
  }
}
