import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import type { Queue } from 'bullmq';
import type { Application, RequestHandler } from 'express';
import { BullmqJobQueue } from './bullmq-job-queue';
import { JobQueue } from './job-queue';

export interface BullBoardOptions {
  /** Operators may look but not retry, clean or remove (default false). */
  readOnly?: boolean;
  /** Middleware run before the board on every request under `basePath` (the admin session check). */
  guard?: RequestHandler[];
}

/**
 * Mounts Bull Board (the BullMQ operator UI) at `basePath` on an Express app, behind `guard`: it
 * shows payloads and can retry or delete jobs. Only meaningful for the BullMQ driver. The app mounts
 * it at /admin/queues for owners and staff (`mountAdminQueues`, src/modules/jobs-admin).
 */
export function mountBullBoard(app: Application, basePath: string, queues: readonly Queue[], options: BullBoardOptions = {}): void {
  const serverAdapter = new ExpressAdapter();
  serverAdapter.setBasePath(basePath);
  createBullBoard({
    queues: queues.map((queue) => new BullMQAdapter(queue, { readOnlyMode: options.readOnly ?? false })),
    serverAdapter,
  });
  app.use(basePath, ...(options.guard ?? []), serverAdapter.getRouter() as RequestHandler);
}

/** The BullMQ queues behind a JobQueue, or none for the in-process driver. */
export function bullQueuesOf(jobQueue: JobQueue): Queue[] {
  return jobQueue instanceof BullmqJobQueue ? jobQueue.bullQueues() : [];
}
