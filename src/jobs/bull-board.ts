import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import type { Queue } from 'bullmq';
import type { FastifyInstance, onRequestHookHandler, preHandlerHookHandler } from 'fastify';
import { BullmqJobQueue } from './bullmq-job-queue';
import { JobQueue } from './job-queue';

export interface BullBoardOptions {
  /** Operators may look but not retry, clean or remove (default false). */
  readOnly?: boolean;
  /** Hooks run before the board on every request under `basePath` (the admin session check), in order. */
  guard?: (onRequestHookHandler | preHandlerHookHandler)[];
}

/**
 * Mounts Bull Board (the BullMQ operator UI) at `basePath` on a Fastify instance, behind `guard`
 * (preHandler hooks of an encapsulated plugin: they run on the board's routes only): it shows
 * payloads and can retry or delete jobs. Only meaningful for the BullMQ driver. The app mounts it at
 * /admin/queues for owners and staff (`mountAdminQueues`, src/modules/jobs-admin).
 */
export async function mountBullBoard(fastify: FastifyInstance, basePath: string, queues: readonly Queue[], options: BullBoardOptions = {}): Promise<void> {
  const serverAdapter = new FastifyAdapter();
  serverAdapter.setBasePath(basePath);
  createBullBoard({
    queues: queues.map((queue) => new BullMQAdapter(queue, { readOnlyMode: options.readOnly ?? false })),
    serverAdapter,
  });
  await fastify.register(async (scope) => {
    for (const hook of options.guard ?? []) scope.addHook('preHandler', hook as preHandlerHookHandler);
    await scope.register(serverAdapter.registerPlugin(), { prefix: basePath });
  });
}

/** The BullMQ queues behind a JobQueue, or none for the in-process driver. */
export function bullQueuesOf(jobQueue: JobQueue): Queue[] {
  return jobQueue instanceof BullmqJobQueue ? jobQueue.bullQueues() : [];
}
