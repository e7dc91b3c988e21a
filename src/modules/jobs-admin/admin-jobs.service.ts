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
import { QUEUE_NAMES, QueueName } from '../../jobs/job-types';
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
    return ok({
      driver: bullmq ? ('bullmq' as const) : ('in-process' as const),
      queues: QUEUE_NAMES.map((name) => ({ name, counts: counts[name] })),
      boardUrl: bullmq ? ADMIN_QUEUES_BOARD_URL : null,
    });
  }

  async list(queue: QueueName, state: JobState, limit = 50): Promise<JobsListAnswer> {
    return ok({ jobs: (await this.queue.listJobs(queue, state, limit)).map(toView) });
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
    if (!(await this.queue.remove(queue, jobId))) throw new AppError(ADMIN_MSG.jobNotFound, HttpStatus.NOT_FOUND);
    await this.tx.run(async () => {
      await this.outbox.discard(jobId, `移除：${admin.username}`);
      await this.audit.record({ admin, action: 'job.remove', entity: 'job', entityId: `${queue}:${jobId}`, before: {}, after: {}, summary: `移除任務 ${queue}/${jobId}` });
    });
    return ok({}, ADMIN_MSG.jobRemoved);
  }
}
