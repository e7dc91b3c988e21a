import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { JobStateName, JobView, JobsListAnswer, JobsOverviewAnswer } from '../../common/api/admin';
import type { Envelope } from '../../common/api/envelope';
import type { SessionAdmin } from '../../common/auth/admin-auth';
import { AppError } from '../../common/errors/app-error';
import { ok } from '../../common/http/envelope';
import { Transactions } from '../../common/transactions/transactions';
import { ADMIN_MSG } from '../../common/validation/admin';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { JobQueue, JobState, JobSummary, REDACTED } from '../../jobs/job-queue';
import { isJobName, JOB_DEFINITIONS, QUEUE_NAMES, QueueName } from '../../jobs/job-types';
import { OutboxState } from '../../jobs/outbox/outbox-message.entity';
import { Outbox } from '../../jobs/outbox/outbox.service';
import { AuditTrail } from '../audit/audit-trail.service';

/** Where Bull Board answers when the queues are BullMQ's (http-setup mounts it behind the admin session). */
export const ADMIN_QUEUES_BOARD_URL = '/admin/queues';

/** Payload keys never shown to operators, whatever the job (defence in depth beyond the drivers' `sensitive` jobs). */
const SECRET_KEY = /code|password|passwd|secret|token|otp|card|cvc|cvv|hash/i;

/** A payload with secret-looking fields replaced by `[redacted]` (nested objects and arrays too). */
export function redactPayload(value: unknown, depth = 0): unknown {
  if (depth > 8) return REDACTED;
  if (Array.isArray(value)) return value.map((v) => redactPayload(v, depth + 1));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, SECRET_KEY.test(k) ? REDACTED : redactPayload(v, depth + 1)]));
  }
  return value;
}

function toView(j: JobSummary): JobView {
  return {
    id: j.id,
    name: j.name,
    queue: j.queue,
    state: j.state as JobStateName,
    data: redactPayload(j.data),
    attemptsMade: j.attemptsMade,
    maxAttempts: j.maxAttempts,
    ...(j.failedReason ? { failedReason: j.failedReason } : {}),
    createdAt: j.createdAt.toISOString(),
    ...(j.finishedAt ? { finishedAt: j.finishedAt.toISOString() } : {}),
  };
}

/**
 * The operators' job view (issue 11), the same for both drivers: counts per queue, a state's jobs
 * (payloads redacted), retry of a failed job and removal of a job that is not running. Retries and
 * removals keep the outbox in step (a retried outbox job is `queued` again; a removed one is settled,
 * so no sweep hands it back) and are audited.
 */
@Injectable()
export class AdminJobsService {
  constructor(
    private readonly queue: JobQueue,
    private readonly outbox: Outbox,
    private readonly tx: Transactions,
    private readonly audit: AuditTrail,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async overview(): Promise<JobsOverviewAnswer> {
    const counts = await this.queue.getCounts();
    const bullmq = Boolean(this.config.redisUrl);
    if (!bullmq) {
      // The in-process queue forgets its failed jobs at a restart; their outbox rows stay failed.
      const lost = await this.lostFailures();
      for (const [queue, rows] of lost) counts[queue].failed += rows.length;
    }
    return ok({
      driver: bullmq ? ('bullmq' as const) : ('in-process' as const),
      queues: QUEUE_NAMES.map((name) => ({ name, counts: counts[name] })),
      boardUrl: bullmq ? ADMIN_QUEUES_BOARD_URL : null,
    });
  }

  async list(queue: QueueName, state: JobState, limit = 50): Promise<JobsListAnswer> {
    const jobs = (await this.queue.listJobs(queue, state, limit)).map(toView);
    if (state !== 'failed') return ok({ jobs });
    // Failed outbox jobs the queue no longer holds (the in-process queue after a restart, a Redis
    // that lost them) are listed too: retry hands them to the queue again, remove settles them.
    const lost = (await this.lostFailures(new Set(jobs.map((j) => j.id)))).get(queue) ?? [];
    const merged = [...jobs, ...lost].sort((a, b) => (b.finishedAt ?? b.createdAt).localeCompare(a.finishedAt ?? a.createdAt));
    return ok({ jobs: merged.slice(0, limit) });
  }

  /**
   * Failed outbox rows (newest 500) whose job the queue does not list as failed, per queue, as job
   * views without their payload (the row's). `known`: ids already listed; else the queue is asked.
   */
  private async lostFailures(known?: Set<string>): Promise<Map<QueueName, JobView[]>> {
    const rows = await this.outbox.list(OutboxState.Failed, 500);
    const out = new Map<QueueName, JobView[]>();
    const listed = new Map<QueueName, Set<string>>();
    for (const r of rows) {
      if (!isJobName(r.jobName)) continue;
      const queue = JOB_DEFINITIONS[r.jobName].queue;
      let ids = known;
      if (!ids) {
        ids = listed.get(queue) ?? new Set((await this.queue.listJobs(queue, 'failed', 1000)).map((j) => j.id));
        listed.set(queue, ids);
      }
      if (ids.has(r.jobId)) continue;
      const list = out.get(queue) ?? [];
      list.push({
        id: r.jobId,
        name: r.jobName,
        queue,
        state: 'failed',
        data: null,
        attemptsMade: 0,
        maxAttempts: 0,
        ...(r.lastError ? { failedReason: r.lastError } : {}),
        createdAt: new Date(r.createdAt).toISOString(),
        ...(r.finishedAt ? { finishedAt: new Date(r.finishedAt).toISOString() } : {}),
      });
      out.set(queue, list);
    }
    return out;
  }

  /** A failed job back to waiting with fresh attempts. 404 when no failed job has that id there. */
  async retry(admin: SessionAdmin, queue: QueueName, jobId: string): Promise<Envelope<object>> {
    // An outbox job: its row goes back to `queued` with the queue's retry (or is handed again when
    // the queue no longer has it, e.g. the in-process queue after a restart).
    const retried = (await this.outbox.retryJob(jobId)) || (await this.queue.retry(queue, jobId));
    if (!retried) throw new AppError(ADMIN_MSG.jobNotFound, HttpStatus.NOT_FOUND);
    await this.tx.run(() => this.audit.record({ admin, action: 'job.retry', entity: 'job', entityId: `${queue}:${jobId}`, before: {}, after: {}, summary: `重試任務 ${queue}/${jobId}` }));
    return ok({}, ADMIN_MSG.jobRetried);
  }

  /** Deletes a job that is not running. 404 when there is none (or it is running). */
  async remove(admin: SessionAdmin, queue: QueueName, jobId: string): Promise<Envelope<object>> {
    const note = `移除：${admin.username}`;
    // Not in the queue (or running): only a failed outbox row the queue lost may still be settled.
    if (!(await this.queue.remove(queue, jobId)) && !(await this.outbox.discard(jobId, note, { failedOnly: true }))) {
      throw new AppError(ADMIN_MSG.jobNotFound, HttpStatus.NOT_FOUND);
    }
    await this.tx.run(async () => {
      await this.outbox.discard(jobId, note);
      await this.audit.record({ admin, action: 'job.remove', entity: 'job', entityId: `${queue}:${jobId}`, before: {}, after: {}, summary: `移除任務 ${queue}/${jobId}` });
    });
    return ok({}, ADMIN_MSG.jobRemoved);
  }
}
