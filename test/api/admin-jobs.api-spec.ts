import request from 'supertest';
import { DataSource } from 'typeorm';
import { ADMIN_MSG } from '../../src/common/validation/admin';
import type { EmbeddedSimulators } from '../../src/integrations/providers/embedded-simulators';
import { SIMULATORS } from '../../src/integrations/providers/provider-tokens';
import { isolatedEnv } from '../../src/modules/auth/testing/browser-session';
import { JobQueue } from '../../src/jobs/job-queue';
import { JobName, QUEUE_NAMES } from '../../src/jobs/job-types';
import { Outbox } from '../../src/jobs/outbox/outbox.service';
import { Transactions } from '../../src/common/transactions/transactions';
import { adminSession, AdminSession } from '../helpers/admin';
import { createTestApp, TestApp } from '../helpers/test-app';
import { feeFor, homeCod, jobsIdle, shippingMethod, shopper, submit, variants } from './checkout-fixtures';

jest.setTimeout(180_000);

/** With TEST_REDIS_URL the app runs BullMQ (and Bull Board); without, the in-process driver. */
const bullmq = Boolean(process.env.TEST_REDIS_URL);

describe("operators' job view: /api/admin/jobs (both drivers) and Bull Board at /admin/queues (Redis)", () => {
  let t: TestApp;
  let ds: DataSource;
  let sims: EmbeddedSimulators;
  let owner: AdminSession;
  let staff: AdminSession;
  let editor: AdminSession;

  beforeAll(async () => {
    // One attempt per job: a Telegram outage fails its alert job at once. The outbox re-checks
    // queued rows at every sweep (the test calls sweep() itself).
    t = await createTestApp(isolatedEnv({ JOBS_ATTEMPTS: '1', OUTBOX_RECHECK_MS: '50' }));
    ds = t.app.get(DataSource);
    sims = t.app.get<EmbeddedSimulators>(SIMULATORS);
    [owner, staff, editor] = [await adminSession(t, 'owner'), await adminSession(t, 'staff'), await adminSession(t, 'editor')];
  });
  afterAll(() => t?.close());

  /** A failed telegram.notify (the new-order alert during a Telegram outage) and its order. */
  async function failedAlert(): Promise<{ orderId: number; jobId: string; merTradeNo: string }> {
    sims.telegram!.outage(true);
    try {
      const s = await shopper(t);
      const [v] = await variants(t.app, 1, 10);
      const res = await submit(s, homeCod(s, [{ v, quantity: 1 }], v.price + feeFor(await shippingMethod(t.app, 4), v.price)));
      expect(res.status).toBe(200);
      await jobsIdle(t.app);
      const orderId = res.body.resData.order_id as number;
      return { orderId, jobId: `alert-new-order.${orderId}`, merTradeNo: res.body.resData.MerTradeNo as string };
    } finally {
      sims.telegram!.outage(false);
    }
  }

  it('is for owners and staff: an editor gets 403, a visitor 401', async () => {
    expect((await staff.get('/api/admin/jobs')).status).toBe(200);
    expect((await owner.get('/api/admin/jobs/list?queue=mail&state=failed')).status).toBe(200);
    const res = await editor.get('/api/admin/jobs');
    expect([res.status, res.body]).toEqual([403, { success: false, message: ADMIN_MSG.forbidden }]);
    expect((await editor.post('/api/admin/jobs/retry', { queue: 'mail', jobId: 'x' })).status).toBe(403);
    expect((await request(t.http).get('/api/admin/jobs')).status).toBe(401);
  });

  it('GET /api/admin/jobs: the driver, every queue with its counts, and the board URL only with BullMQ', async () => {
    const res = await staff.get('/api/admin/jobs');
    expect(res.body).toMatchObject({ success: true, driver: bullmq ? 'bullmq' : 'in-process', boardUrl: bullmq ? '/admin/queues' : null });
    expect(res.body.queues.map((q: { name: string }) => q.name)).toEqual([...QUEUE_NAMES]);
    for (const q of res.body.queues) expect(Object.keys(q.counts).sort()).toEqual(['active', 'completed', 'delayed', 'failed', 'waiting']);
  });

  it('lists a failed job with its error, retries it (fresh attempts, outbox queued → done), audited', async () => {
    const { jobId, merTradeNo } = await failedAlert();
    const failed = await staff.get('/api/admin/jobs/list?queue=telegram&state=failed&limit=50');
    const job = failed.body.jobs.find((j: { id: string }) => j.id === jobId);
    expect(job).toMatchObject({
      id: jobId,
      name: 'telegram.notify',
      queue: 'telegram',
      state: 'failed',
      attemptsMade: 1,
      maxAttempts: 1,
      data: { settingType: 'new_order', text: expect.stringContaining(merTradeNo) },
      failedReason: expect.any(String),
      createdAt: expect.stringMatching(/Z$/),
      finishedAt: expect.stringMatching(/Z$/),
    });
    expect((await staff.get('/api/admin/jobs')).body.queues.find((q: { name: string }) => q.name === 'telegram').counts.failed).toBeGreaterThanOrEqual(1);
    const [row] = await ds.query('SELECT state FROM outbox_messages WHERE job_id = ?', [jobId]);
    expect(row.state).toBe('failed');

    const retried = await staff.post('/api/admin/jobs/retry', { queue: 'telegram', jobId });
    expect([retried.status, retried.body]).toEqual([200, { success: true, message: ADMIN_MSG.jobRetried }]);
    await jobsIdle(t.app);
    for (let i = 0; i < 100 && (await ds.query('SELECT state FROM outbox_messages WHERE job_id = ?', [jobId]))[0].state !== 'done'; i++) await new Promise((r) => setTimeout(r, 20));
    expect((await ds.query('SELECT state FROM outbox_messages WHERE job_id = ?', [jobId]))[0].state).toBe('done');
    expect(sims.telegram!.sent().filter((m) => m.text.includes(merTradeNo))).toHaveLength(1);
    expect((await staff.get('/api/admin/jobs/list?queue=telegram&state=failed')).body.jobs.some((j: { id: string }) => j.id === jobId)).toBe(false);
    // Not failed any more: nothing to retry.
    const again = await staff.post('/api/admin/jobs/retry', { queue: 'telegram', jobId });
    expect([again.status, again.body.message]).toEqual([404, ADMIN_MSG.jobNotFound]);

    const audit = await owner.get(`/api/admin/auditLogs?entity=job&entity_id=${encodeURIComponent(`telegram:${jobId}`)}`);
    expect(audit.body.rows.map((r: { action: string; admin_id: number }) => [r.action, r.admin_id])).toEqual([['job.retry', staff.id]]);
  });

  it('removes a waiting outbox job for good (no sweep brings it back), a failed one, never an unknown one; audited', async () => {
    // maintenance.demo has no processor in the app: it waits until removed.
    const outbox = t.app.get(Outbox);
    await t.app.get(Transactions).run(() => outbox.enqueue(JobName.MaintenanceDemo, { token: 'remove-me' }, { jobId: 'ops:remove-me' }));
    const jobId = 'ops.remove-me';
    for (let i = 0; i < 100 && !(await t.app.get(JobQueue).listJobs('maintenance', 'waiting')).some((j) => j.id === jobId); i++) await new Promise((r) => setTimeout(r, 20));
    const waiting = await staff.get('/api/admin/jobs/list?queue=maintenance&state=waiting');
    // A payload field that looks secret is never shown.
    expect(waiting.body.jobs.find((j: { id: string }) => j.id === jobId)).toMatchObject({ name: 'maintenance.demo', state: 'waiting', data: { token: '[redacted]' } });

    const removed = await staff.post('/api/admin/jobs/remove', { queue: 'maintenance', jobId });
    expect([removed.status, removed.body]).toEqual([200, { success: true, message: ADMIN_MSG.jobRemoved }]);
    expect((await staff.get('/api/admin/jobs/list?queue=maintenance&state=waiting')).body.jobs.some((j: { id: string }) => j.id === jobId)).toBe(false);
    const [row] = await ds.query('SELECT state, last_error FROM outbox_messages WHERE job_id = ?', [jobId]);
    expect(row).toEqual({ state: 'done', last_error: `移除：${staff.username}` });
    await new Promise((r) => setTimeout(r, 80)); // older than the recheck age
    await outbox.sweep();
    expect((await t.app.get(JobQueue).listJobs('maintenance', 'waiting')).some((j) => j.id === jobId)).toBe(false);

    const { jobId: failedId } = await failedAlert();
    expect((await owner.post('/api/admin/jobs/remove', { queue: 'telegram', jobId: failedId })).status).toBe(200);
    expect((await staff.get('/api/admin/jobs/list?queue=telegram&state=failed')).body.jobs.some((j: { id: string }) => j.id === failedId)).toBe(false);

    const unknown = await staff.post('/api/admin/jobs/remove', { queue: 'maintenance', jobId: 'no-such-job' });
    expect([unknown.status, unknown.body]).toEqual([404, { success: false, message: ADMIN_MSG.jobNotFound }]);
    const audit = await owner.get(`/api/admin/auditLogs?entity=job&entity_id=${encodeURIComponent(`maintenance:${jobId}`)}`);
    expect(audit.body.rows.map((r: { action: string }) => r.action)).toEqual(['job.remove']);
  });

  it('lists, retries and removes a failed outbox job the queue lost (the in-process queue after a restart)', async () => {
    const queue = t.app.get(JobQueue);
    const lost = await failedAlert();
    const gone = await failedAlert();
    // The queue forgets them (as a restarted in-process queue would); their outbox rows stay failed.
    expect(await queue.remove('telegram', lost.jobId)).toBe(true);
    expect(await queue.remove('telegram', gone.jobId)).toBe(true);
    const failed = (await staff.get('/api/admin/jobs/list?queue=telegram&state=failed')).body.jobs;
    expect(failed.find((j: { id: string }) => j.id === lost.jobId)).toMatchObject({ name: 'telegram.notify', state: 'failed', data: null, failedReason: expect.any(String) });
    if (!bullmq) {
      const counts = (await staff.get('/api/admin/jobs')).body.queues.find((q: { name: string }) => q.name === 'telegram').counts;
      expect(counts.failed).toBeGreaterThanOrEqual(2);
    }
    expect((await staff.post('/api/admin/jobs/retry', { queue: 'telegram', jobId: lost.jobId })).status).toBe(200);
    await jobsIdle(t.app);
    for (let i = 0; i < 100 && (await ds.query('SELECT state FROM outbox_messages WHERE job_id = ?', [lost.jobId]))[0].state !== 'done'; i++) await new Promise((r) => setTimeout(r, 20));
    expect(sims.telegram!.sent().filter((m) => m.text.includes(lost.merTradeNo))).toHaveLength(1);
    expect((await staff.post('/api/admin/jobs/remove', { queue: 'telegram', jobId: gone.jobId })).status).toBe(200);
    expect((await ds.query('SELECT state FROM outbox_messages WHERE job_id = ?', [gone.jobId]))[0].state).toBe('done');
    const after = (await staff.get('/api/admin/jobs/list?queue=telegram&state=failed')).body.jobs.map((j: { id: string }) => j.id);
    expect(after).not.toContain(lost.jobId);
    expect(after).not.toContain(gone.jobId);
  });

  it('refuses unknown queues, states and malformed ids', async () => {
    for (const path of ['/api/admin/jobs/list?queue=nope&state=failed', '/api/admin/jobs/list?queue=mail&state=stuck', '/api/admin/jobs/list?queue=mail&state=failed&limit=0', '/api/admin/jobs/list?queue=mail&state=failed&limit=1000']) {
      expect([path, (await staff.get(path)).status]).toEqual([path, 400]);
    }
    for (const body of [{ queue: 'nope', jobId: 'x' }, { queue: 'mail', jobId: '' }, { queue: 'mail', jobId: 'a b' }, { queue: 'mail', jobId: 5 }, { queue: 'mail' }]) {
      expect([body, (await staff.post('/api/admin/jobs/remove', body)).status]).toEqual([body, 400]);
    }
  });

  (bullmq ? describe : describe.skip)('Bull Board (BullMQ)', () => {
    it('answers owners and staff only; its writes only from our own pages', async () => {
      expect((await request(t.http).get('/admin/queues')).status).toBe(401);
      // A browser opening the board without a session is sent to the login page, and back after it.
      const visit = await request(t.http).get('/admin/queues').set('Accept', 'text/html,application/xhtml+xml').set('Sec-Fetch-Mode', 'navigate');
      expect([visit.status, visit.headers.location]).toEqual([302, '/admin/login?from=%2Fadmin%2Fqueues']);
      expect((await editor.agent.get('/admin/queues')).status).toBe(403);
      const page = await staff.agent.get('/admin/queues');
      expect(page.status).toBe(200);
      expect(page.text).toContain('<html');
      const api = await owner.agent.get('/admin/queues/api/queues');
      expect(api.status).toBe(200);
      expect((api.body as { queues: Array<{ name: string }> }).queues.map((q) => q.name).sort()).toEqual([...QUEUE_NAMES].sort());
      // A cross-site write (no Sec-Fetch-Site / Origin of ours) is refused before the board.
      expect((await staff.agent.put('/admin/queues/api/queues/maintenance/resume')).status).toBe(403);
      expect((await staff.agent.put('/admin/queues/api/queues/maintenance/resume').set('Sec-Fetch-Site', 'cross-site')).status).toBe(403);
      const ours = await staff.agent.put('/admin/queues/api/queues/maintenance/resume').set('Sec-Fetch-Site', 'same-origin');
      expect(ours.status).toBeLessThan(400);
    });
  });

  (bullmq ? describe.skip : describe)('without Redis', () => {
    it('mounts no Bull Board: /admin/queues/api is not served', async () => {
      const res = await staff.agent.get('/admin/queues/api/queues');
      expect(res.headers['content-type'] ?? '').not.toMatch(/json/);
    });
  });
});
