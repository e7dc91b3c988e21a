import 'reflect-metadata';
import { Injectable } from '@nestjs/common';
import { Test, TestingModule } from '@nestjs/testing';
import Fastify from 'fastify';
import Redis from 'ioredis';
import request from 'supertest';
import { redisSuite, TEST_REDIS_URL } from '../common/testing/redis-probe';
import { bullQueuesOf, mountBullBoard } from './bull-board';
import { JobHandler } from './job-handler.decorator';
import { JobHandlerRegistry } from './job-handler.registry';
import { JobDriver, JobQueue, REDACTED } from './job-queue';
import { JobName, type JobOf, QueueName } from './job-types';
import { JobsModule, JobsModuleOptions } from './jobs.module';

/** Test-only processors, declared the way a feature module declares its own. */
@Injectable()
class DemoProcessor {
  readonly runs: Array<{ id: string; token: string; attempt: number; maxAttempts: number; at: number }> = [];
  readonly sms: string[] = [];
  /** token → failures still to throw (Infinity = always fails). */
  readonly failuresLeft = new Map<string, number>();
  /** token → a promise the run waits for (holds the job active). */
  readonly gates = new Map<string, Promise<void>>();

  @JobHandler(JobName.MaintenanceDemo)
  async demo(job: JobOf<'maintenance.demo'>): Promise<void> {
    const { token } = job.data;
    this.runs.push({ id: job.id, token, attempt: job.attempt, maxAttempts: job.maxAttempts, at: Date.now() });
    await this.gates.get(token);
    const left = this.failuresLeft.get(token) ?? 0;
    if (left > 0) {
      this.failuresLeft.set(token, left - 1);
      throw new Error(`demo failure ${token}`);
    }
  }

  @JobHandler(JobName.SmsSend)
  async sendSms(job: JobOf<'sms.send'>): Promise<void> {
    this.sms.push(`${job.data.phone}:${job.data.purpose}`);
  }

  runsOf(token: string): number[] {
    return this.runs.filter((r) => r.token === token).map((r) => r.attempt);
  }
}

interface Harness {
  moduleRef: TestingModule;
  queue: JobQueue;
  driver: JobDriver;
  demo: DemoProcessor;
  /** What the registry told its listeners, in order. */
  settled: string[];
}

async function boot(options: JobsModuleOptions): Promise<Harness> {
  const moduleRef = await Test.createTestingModule({ imports: [JobsModule.forRoot(options)], providers: [DemoProcessor] }).compile();
  const settled: string[] = [];
  moduleRef.get(JobHandlerRegistry).addListener({
    completed: async (job) => void settled.push(`completed ${job.id}`),
    failed: async (job, error) => void settled.push(`failed ${job.id} ${error}`),
  });
  await moduleRef.init();
  return { moduleRef, queue: moduleRef.get(JobQueue), driver: moduleRef.get(JobDriver), demo: moduleRef.get(DemoProcessor), settled };
}

const M = QueueName.Maintenance;

/** The behaviour both drivers promise; `h()` is the harness booted by the caller. */
function driverContract(h: () => Harness): void {
  it('runs a job with its payload', async () => {
    const { queue, driver, demo } = h();
    const { id } = await queue.add(JobName.MaintenanceDemo, { token: 'runs' });
    await driver.whenIdle();
    expect(demo.runs.filter((r) => r.token === 'runs')).toMatchObject([{ id, token: 'runs', attempt: 1, maxAttempts: 5 }]);
    const completed = await queue.listJobs(M, 'completed');
    expect(completed.find((j) => j.id === id)).toMatchObject({ name: 'maintenance.demo', state: 'completed', data: { token: 'runs' } });
  });

  it('retries a job that fails once, with backoff, and completes it', async () => {
    const { queue, driver, demo } = h();
    demo.failuresLeft.set('retry', 1);
    const { id } = await queue.add(JobName.MaintenanceDemo, { token: 'retry' });
    await driver.whenIdle();
    expect(demo.runsOf('retry')).toEqual([1, 2]);
    const completed = await queue.listJobs(M, 'completed');
    expect(completed.find((j) => j.id === id)).toMatchObject({ attemptsMade: 2, failedReason: 'demo failure retry' });
    expect((await queue.listJobs(M, 'failed')).some((j) => j.id === id)).toBe(false);
  });

  it('ends a job that always fails as failed after its attempts, and keeps it listable', async () => {
    const { queue, driver, demo } = h();
    demo.failuresLeft.set('doomed', Infinity);
    const { id } = await queue.add(JobName.MaintenanceDemo, { token: 'doomed' }, { attempts: 3 });
    await driver.whenIdle();
    expect(demo.runsOf('doomed')).toEqual([1, 2, 3]);
    // Exponential backoff with a 10 ms base: about 10 ms, then 20 ms, between runs.
    const at = demo.runs.filter((r) => r.token === 'doomed').map((r) => r.at);
    expect(at[1] - at[0]).toBeGreaterThanOrEqual(8);
    expect(at[2] - at[1]).toBeGreaterThanOrEqual(18);
    const failed = (await queue.listJobs(M, 'failed')).find((j) => j.id === id);
    expect(failed).toMatchObject({ state: 'failed', attemptsMade: 3, maxAttempts: 3, failedReason: 'demo failure doomed', data: { token: 'doomed' } });
    expect((await queue.getCounts())[M].failed).toBeGreaterThanOrEqual(1);
  });

  it('dedupes a deterministic job id while the job exists', async () => {
    const { queue, driver, demo } = h();
    const first = await queue.add(JobName.MaintenanceDemo, { token: 'once' }, { jobId: 'demo:42' });
    const second = await queue.add(JobName.MaintenanceDemo, { token: 'once' }, { jobId: 'demo:42' });
    await driver.whenIdle();
    const third = await queue.add(JobName.MaintenanceDemo, { token: 'once' }, { jobId: 'demo:42' });
    await driver.whenIdle();
    expect(first.id).toBe('demo.42');
    expect([second.id, third.id]).toEqual([first.id, first.id]);
    expect(demo.runsOf('once')).toEqual([1]);
  });

  it('removes a sensitive job once it completes, and SMS code jobs are sensitive by default', async () => {
    const { queue, driver, demo } = h();
    const secret = await queue.add(JobName.MaintenanceDemo, { token: 'secret' }, { sensitive: true });
    const sms = await queue.add(JobName.SmsSend, { phone: '0912345678', code: '123456', purpose: 'register' });
    await driver.whenIdle();
    expect(demo.runsOf('secret')).toEqual([1]);
    expect(demo.sms).toContain('0912345678:register');
    expect((await queue.listJobs(M, 'completed', 1000)).some((j) => j.id === secret.id)).toBe(false);
    expect((await queue.listJobs(QueueName.Sms, 'completed', 1000)).some((j) => j.id === sms.id)).toBe(false);
    expect((await queue.getCounts())[QueueName.Sms].completed).toBe(0);
  });

  it('keeps a failed sensitive job for operators without showing its payload', async () => {
    const { queue, driver, demo } = h();
    demo.failuresLeft.set('secret-fail', Infinity);
    const { id } = await queue.add(JobName.MaintenanceDemo, { token: 'secret-fail' }, { sensitive: true, attempts: 1 });
    await driver.whenIdle();
    const failed = (await queue.listJobs(M, 'failed')).find((j) => j.id === id);
    expect(failed).toMatchObject({ attemptsMade: 1, data: REDACTED });
  });

  it('tells listeners when a job completes and when it fails for good, once each', async () => {
    const { queue, driver, demo, settled } = h();
    demo.failuresLeft.set('listen-fail', Infinity);
    const ok = await queue.add(JobName.MaintenanceDemo, { token: 'listen-ok' });
    const bad = await queue.add(JobName.MaintenanceDemo, { token: 'listen-fail' }, { attempts: 2 });
    await driver.whenIdle();
    // BullMQ reports a final failure through a worker event, a moment after the job settled.
    for (let i = 0; i < 100 && !settled.some((e) => e.startsWith(`failed ${bad.id}`)); i++) await new Promise((r) => setTimeout(r, 20));
    expect(settled.filter((e) => e.includes(` ${ok.id}`))).toEqual([`completed ${ok.id}`]);
    expect(settled.filter((e) => e.includes(` ${bad.id}`))).toEqual([`failed ${bad.id} demo failure listen-fail`]);
  });

  it('retries a failed job on an operator\'s request, with fresh attempts', async () => {
    const { queue, driver, demo, settled } = h();
    demo.failuresLeft.set('operator', 2);
    const { id } = await queue.add(JobName.MaintenanceDemo, { token: 'operator' }, { attempts: 2 });
    await driver.whenIdle();
    expect((await queue.listJobs(M, 'failed')).map((j) => j.id)).toContain(id);
    expect(await queue.retry(M, 'no-such-job')).toBe(false);
    expect(await queue.retry(M, id)).toBe(true);
    await driver.whenIdle();
    expect(demo.runsOf('operator')).toEqual([1, 2, 1]);
    expect((await queue.listJobs(M, 'completed')).map((j) => j.id)).toContain(id);
    expect((await queue.listJobs(M, 'failed')).map((j) => j.id)).not.toContain(id);
    expect(settled).toContain(`completed ${id}`);
    expect(await queue.retry(M, id)).toBe(false); // not failed any more
  });

  it("removes a failed, a completed and a delayed job on an operator's request, never a running one", async () => {
    const { queue, driver, demo } = h();
    demo.failuresLeft.set('remove-failed', Infinity);
    const failed = await queue.add(JobName.MaintenanceDemo, { token: 'remove-failed' }, { attempts: 1, jobId: 'remove:failed' });
    const done = await queue.add(JobName.MaintenanceDemo, { token: 'remove-done' }, { jobId: 'remove:done' });
    await driver.whenIdle();
    const later = await queue.add(JobName.MaintenanceDemo, { token: 'remove-later' }, { delayMs: 60_000, jobId: 'remove:later' });
    expect(await queue.remove(M, 'no-such-job')).toBe(false);
    expect(await queue.remove(QueueName.Mail, failed.id)).toBe(false); // another queue's id
    expect(await queue.remove(M, failed.id)).toBe(true);
    expect(await queue.remove(M, done.id)).toBe(true);
    expect(await queue.remove(M, later.id)).toBe(true);
    expect(await queue.remove(M, later.id)).toBe(false); // gone
    const ids = async (state: 'failed' | 'completed' | 'delayed') => (await queue.listJobs(M, state, 1000)).map((j) => j.id);
    expect(await ids('failed')).not.toContain(failed.id);
    expect(await ids('completed')).not.toContain(done.id);
    expect(await ids('delayed')).not.toContain(later.id);
    await driver.whenIdle(); // nothing left waiting for the removed delayed job
    expect(demo.runsOf('remove-later')).toEqual([]);
    // The id is free again: the same deterministic id runs anew.
    await queue.add(JobName.MaintenanceDemo, { token: 'remove-done' }, { jobId: 'remove:done' });
    await driver.whenIdle();
    expect(demo.runsOf('remove-done')).toEqual([1, 1]);

    // A running job is left alone.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    demo.gates.set('remove-active', gate);
    const active = await queue.add(JobName.MaintenanceDemo, { token: 'remove-active' }, { jobId: 'remove:active' });
    for (let i = 0; i < 200 && !(await queue.listJobs(M, 'active')).some((j) => j.id === active.id); i++) await new Promise((r) => setTimeout(r, 10));
    expect(await queue.remove(M, active.id)).toBe(false);
    release();
    await driver.whenIdle();
    expect(demo.runsOf('remove-active')).toEqual([1]);
  });

  it('holds a delayed job until its time', async () => {
    const { queue, driver, demo } = h();
    const { id } = await queue.add(JobName.MaintenanceDemo, { token: 'later' }, { delayMs: 300 });
    expect((await queue.listJobs(M, 'delayed')).map((j) => j.id)).toContain(id);
    expect(demo.runsOf('later')).toEqual([]);
    await driver.whenIdle();
    expect(demo.runsOf('later')).toEqual([1]);
  });
}

describe('in-process driver', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await boot({ runWorkers: true, backoffDelayMs: 10, attempts: 5 });
  });
  afterAll(() => harness.moduleRef.close());

  driverContract(() => harness);

  it('has no BullMQ queues for Bull Board', () => {
    expect(bullQueuesOf(harness.queue)).toEqual([]);
  });
});

const REDIS_URL = TEST_REDIS_URL;
const redisUp = redisSuite('BullMQ driver tests', REDIS_URL);

(redisUp ? describe : describe.skip)('BullMQ driver', () => {
  const prefix = `skinshop-test-${process.pid}-${Date.now()}`;
  let harness: Harness;
  beforeAll(async () => {
    harness = await boot({ redisUrl: REDIS_URL, prefix, runWorkers: true, backoffDelayMs: 10, attempts: 5 });
  });
  afterAll(async () => {
    await harness?.moduleRef.close();
    const redis = new Redis(REDIS_URL);
    try {
      const keys: string[] = [];
      for await (const batch of redis.scanStream({ match: `${prefix}:*`, count: 500 })) keys.push(...(batch as string[]));
      if (keys.length > 0) await redis.del(...keys);
    } finally {
      await redis.quit();
    }
  });

  driverContract(() => harness);

  it('serves Bull Board for its queues', async () => {
    const app = Fastify();
    try {
      await mountBullBoard(app, '/ops/queues', bullQueuesOf(harness.queue), { readOnly: true });
      await app.ready();
      const page = await request(app.server).get('/ops/queues').expect(200);
      expect(page.text).toContain('<html');
      const api = await request(app.server).get('/ops/queues/api/queues').expect(200);
      const names = (api.body as { queues: Array<{ name: string }> }).queues.map((q) => q.name).sort();
      expect(names).toEqual(Object.values(QueueName).sort());
    } finally {
      await app.close();
    }
  });
});
