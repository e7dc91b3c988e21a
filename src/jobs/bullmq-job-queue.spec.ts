import { Logger } from '@nestjs/common';
import { createServer, Server } from 'node:net';
import { BullmqJobQueue } from './bullmq-job-queue';
import { JobHandlerRegistry } from './job-handler.registry';
import { JobName } from './job-types';

/** A port nothing listens on: bound, then closed. */
async function deadPort(): Promise<number> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('BullmqJobQueue without Redis', () => {
  // ioredis keeps a 2 s timer after disconnect() to destroy a socket that never closed; let it run
  // out here so jest does not report an open handle.
  afterAll(() => new Promise((resolve) => setTimeout(resolve, 2100)));

  it('shuts down promptly and logs the outage once instead of on every retry', async () => {
    const errors: string[] = [];
    const spy = jest.spyOn(Logger.prototype, 'error').mockImplementation((message: unknown) => void errors.push(String(message)));
    const registry = new JobHandlerRegistry();
    registry.register(JobName.MaintenanceDemo, () => undefined);
    const url = `redis://127.0.0.1:${await deadPort()}`;
    const queue = new BullmqJobQueue(registry, { redisUrl: url, prefix: 'unreachable', runWorkers: true, backoffDelayMs: 10, backoffMaxDelayMs: 1000, stalledIntervalMs: 30_000, lockDurationMs: 30_000, attempts: 1, concurrency: 1 });
    try {
      void queue.start().catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 1200));
      const started = Date.now();
      await queue.close();
      expect(Date.now() - started).toBeLessThan(2000);
      expect(errors.length).toBeGreaterThan(0);
      expect(errors.every((e) => e.includes('ECONNREFUSED'))).toBe(true);
      expect(new Set(errors).size).toBe(errors.length);
      await expect(queue.add(JobName.MaintenanceDemo, { token: 'late' })).rejects.toThrow('Job queue is closed');
    } finally {
      spy.mockRestore();
    }
  });
});
