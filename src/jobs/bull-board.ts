import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import type { Queue } from 'bullmq';
import type { Application } from 'express';
import { BullmqJobQueue } from './bullmq-job-queue';
import { JobQueue } from './job-queue';

export interface BullBoardOptions {
  /** Operators may look but not retry, clean or remove (default false). */
  readOnly?: boolean;
}

/**
 * Mounts Bull Board (the BullMQ operator UI) at `basePath` on an Express app. Mount it behind
 * admin auth: it shows payloads and can retry or delete jobs. Only meaningful for the BullMQ driver:
 *
 * ```ts
 * const queues = bullQueuesOf(app.get(JobQueue));
 * if (queues.length) mountBullBoard(app.getHttpAdapter().getInstance(), '/api/admin/queues', queues);
 * ```
 */
export function mountBullBoard(app: Application, basePath: string, queues: readonly Queue[], options: BullBoardOptions = {}): void {
  const serverAdapter = new ExpressAdapter();
  serverAdapter.setBasePath(basePath);
  createBullBoard({
    queues: queues.map((queue) => new BullMQAdapter(queue, { readOnlyMode: options.readOnly ?? false })),
    serverAdapter,
  });
  app.use(basePath, serverAdapter.getRouter() as Parameters<Application['use']>[1]);
}

/** The BullMQ queues behind a JobQueue, or none for the in-process driver. */
export function bullQueuesOf(jobQueue: JobQueue): Queue[] {
  return jobQueue instanceof BullmqJobQueue ? jobQueue.bullQueues() : [];
}
