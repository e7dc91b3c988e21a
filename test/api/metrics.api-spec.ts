import request from 'supertest';
import { DataSource } from 'typeorm';
import type { EmbeddedSimulators } from '../../src/integrations/providers/embedded-simulators';
import { SIMULATORS } from '../../src/integrations/providers/provider-tokens';
import { JobName } from '../../src/jobs/job-types';
import { OutboxMessage, OutboxState } from '../../src/jobs/outbox/outbox-message.entity';
import { isolatedEnv } from '../../src/modules/auth/testing/browser-session';
import { createTestApp, TestApp } from '../helpers/test-app';
import { feeFor, homeCod, jobsIdle, shippingMethod, shopper, submit, variants } from './checkout-fixtures';

jest.setTimeout(180_000);

/**
 * GET /api/metrics (issue 23 §6): who may read it (a token, or the internal network by the
 * address TRUST_PROXY resolves), and that its figures follow what the shop does.
 */

const TOKEN = 'metrics-token-0123456789abcdefghijklmnopqrstuv';
/** What an unknown /api path answers: the refused scrape must be indistinguishable from it. */
const UNKNOWN = '/api/no-such-endpoint';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

function parse(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) continue;
    const labels: Record<string, string> = {};
    for (const [, k, v] of (m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[k] = v;
    samples.push({ name: m[1], labels, value: Number(m[3]) });
  }
  return samples;
}

/** The value of the series `name` whose labels include `labels` (0 when absent, as Prometheus reads a missing count). */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const s = samples.find((x) => x.name === name && Object.entries(labels).every(([k, v]) => x.labels[k] === v));
  return s?.value ?? 0;
}

function has(samples: Sample[], name: string, labels: Record<string, string> = {}): boolean {
  return samples.some((x) => x.name === name && Object.entries(labels).every(([k, v]) => x.labels[k] === v));
}

/** Refused: exactly the unknown route's answer (status, body, caching). */
async function expectLikeUnknownRoute(t: TestApp, res: request.Response): Promise<void> {
  const unknown = await request(t.http).get(UNKNOWN);
  expect(res.status).toBe(404);
  expect(res.body).toEqual(unknown.body);
  expect(res.body).toEqual({ success: false, message: '找不到資源' });
  expect(res.headers['content-type']).toBe(unknown.headers['content-type']);
  expect(res.headers['cache-control']).toBe('no-store');
  expect(res.text).not.toContain('skinshop_');
}

describe('GET /api/metrics without METRICS_TOKEN (TRUST_PROXY=loopback): the internal network only', () => {
  let t: TestApp;
  let ds: DataSource;
  const scrape = async (xff?: string) => {
    const req = request(t.http).get('/api/metrics');
    const res = await (xff ? req.set('X-Forwarded-For', xff) : req);
    expect(res.status).toBe(200);
    return parse(res.text);
  };

  beforeAll(async () => {
    // One attempt per job: a Telegram outage fails its alert job at once. Database counts are
    // not reused between scrapes here (METRICS_DB_CACHE_MS=0), and no outbox sweep runs on its own.
    t = await createTestApp(isolatedEnv({ JOBS_ATTEMPTS: '1', METRICS_DB_CACHE_MS: '0', OUTBOX_SWEEP_MS: '3600000' }));
    ds = t.app.get(DataSource);
  });
  afterAll(() => t?.close());

  it('answers loopback and private addresses in the Prometheus text format, with the process, queue and outbox series', async () => {
    const res = await request(t.http).get('/api/metrics');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain;/);
    expect(res.headers['content-type']).toContain('version=0.0.4');
    expect(res.headers['cache-control']).toBe('no-store');
    const samples = parse(res.text);
    for (const name of ['skinshop_process_cpu_user_seconds_total', 'skinshop_process_resident_memory_bytes', 'skinshop_nodejs_eventloop_lag_seconds', 'skinshop_nodejs_heap_size_used_bytes']) {
      expect([name, has(samples, name)]).toEqual([name, true]);
    }
    for (const queue of ['mail', 'telegram', 'maintenance']) {
      for (const state of ['waiting', 'active', 'delayed', 'failed']) expect(has(samples, 'skinshop_queue_jobs', { queue, state })).toBe(true);
      expect(valueOf(samples, 'skinshop_outbox_lag_seconds', { queue })).toBe(0);
    }
    expect(valueOf(samples, 'skinshop_metrics_source_up', { source: 'queues' })).toBe(1);
    expect(valueOf(samples, 'skinshop_metrics_source_up', { source: 'database' })).toBe(1);
    // Behind the trusted proxy on loopback: the forwarded address decides.
    for (const ip of ['10.1.2.3', '172.20.0.5', '192.168.10.20', 'fd00::5']) await scrape(ip);
  });

  it('gives any other address the answer of an unknown route', async () => {
    for (const ip of ['203.0.113.7', '8.8.8.8', '100.64.0.1', '2001:db8::1']) {
      await expectLikeUnknownRoute(t, await request(t.http).get('/api/metrics').set('X-Forwarded-For', ip));
    }
    // A Bearer token means nothing when none is configured.
    await expectLikeUnknownRoute(t, await request(t.http).get('/api/metrics').set('X-Forwarded-For', '203.0.113.7').set('Authorization', `Bearer ${TOKEN}`));
  });

  it('counts HTTP requests by method, route pattern and status, with their latency', async () => {
    const before = await scrape();
    const ok = { method: 'GET', route: '/api/health', status: '200' };
    for (let i = 0; i < 3; i++) await request(t.http).get('/api/health').expect(200);
    await request(t.http).get(`${UNKNOWN}/${Date.now()}`).expect(404);
    const after = await scrape();
    expect(valueOf(after, 'skinshop_http_requests_total', ok) - valueOf(before, 'skinshop_http_requests_total', ok)).toBe(3);
    const unmatched = { method: 'GET', route: 'unmatched', status: '404' };
    expect(valueOf(after, 'skinshop_http_requests_total', unmatched) - valueOf(before, 'skinshop_http_requests_total', unmatched)).toBeGreaterThanOrEqual(1);
    // A route with a parameter is one series, whatever the id.
    await request(t.http).get('/api/load/posterD/999999999');
    await request(t.http).get('/api/load/posterD/999999998');
    const third = parse((await request(t.http).get('/api/metrics')).text).filter((x) => x.name === 'skinshop_http_requests_total');
    expect(third.filter((x) => x.labels.route === '/api/load/posterD/:id').reduce((n, x) => n + x.value, 0)).toBe(2);
    expect(third.filter((x) => /999999/.test(x.labels.route))).toEqual([]);
    const latency = { method: 'GET', route: '/api/health' };
    expect(valueOf(after, 'skinshop_http_request_duration_seconds_count', latency) - valueOf(before, 'skinshop_http_request_duration_seconds_count', latency)).toBe(3);
    expect(valueOf(after, 'skinshop_http_request_duration_seconds_bucket', { ...latency, le: '+Inf' })).toBe(valueOf(after, 'skinshop_http_request_duration_seconds_count', latency));
  });

  it('an order placed moves the order counts; its alert failing during a Telegram outage shows as a failed job', async () => {
    const sims = t.app.get<EmbeddedSimulators>(SIMULATORS);
    const before = await scrape();
    sims.telegram!.outage(true);
    try {
      const s = await shopper(t);
      const [v] = await variants(t.app, 1, 10);
      const res = await submit(s, homeCod(s, [{ v, quantity: 1 }], v.price + feeFor(await shippingMethod(t.app, 4), v.price)));
      expect(res.status).toBe(200);
      await jobsIdle(t.app);
    } finally {
      sims.telegram!.outage(false);
    }
    const after = await scrape();
    const delta = (name: string, labels: Record<string, string>) => valueOf(after, name, labels) - valueOf(before, name, labels);
    expect(delta('skinshop_orders', { status: 'pending' })).toBe(1);
    expect(delta('skinshop_orders_by_payment_status', { payment_status: 'unpaid' })).toBe(1);
    expect(delta('skinshop_queue_jobs', { queue: 'telegram', state: 'failed' })).toBe(1);
    expect(valueOf(after, 'skinshop_queue_jobs', { queue: 'telegram', state: 'waiting' })).toBe(0);
    // The counts are the database's.
    const [{ n }] = await ds.query("SELECT COUNT(*) AS n FROM orders WHERE status_name = 'pending'");
    expect(valueOf(after, 'skinshop_orders', { status: 'pending' })).toBe(Number(n));
  });

  it('shows the outbox lag: the age of the oldest row not yet handed to its queue', async () => {
    const repo = ds.getRepository(OutboxMessage);
    const { identifiers } = await repo.insert({ job_name: JobName.MaintenanceDemo, job_id: `metrics.lag.${Date.now()}`, payload: { token: 'lag' }, state: OutboxState.Pending });
    const id = Number(identifiers[0].id);
    try {
      await repo.update(id, { created_at: new Date(Date.now() - 120_000) });
      const samples = await scrape();
      expect(valueOf(samples, 'skinshop_outbox_pending', { queue: 'maintenance' })).toBe(1);
      const lag = valueOf(samples, 'skinshop_outbox_lag_seconds', { queue: 'maintenance' });
      expect(lag).toBeGreaterThanOrEqual(120);
      expect(lag).toBeLessThan(3600);
      expect(valueOf(samples, 'skinshop_outbox_lag_seconds', { queue: 'mail' })).toBe(0);
    } finally {
      await repo.delete(id);
    }
  });
});

describe('GET /api/metrics with METRICS_TOKEN: the Bearer token, from anywhere', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(isolatedEnv({ METRICS_TOKEN: TOKEN }));
  });
  afterAll(() => t?.close());

  it('answers the token from any address, and nothing else even from loopback', async () => {
    for (const ip of ['203.0.113.9', '10.0.0.1']) {
      const res = await request(t.http).get('/api/metrics').set('X-Forwarded-For', ip).set('Authorization', `Bearer ${TOKEN}`);
      expect(res.status).toBe(200);
      expect(res.text).toContain('skinshop_http_requests_total');
    }
    await expectLikeUnknownRoute(t, await request(t.http).get('/api/metrics'));
    for (const auth of [`Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, `Basic ${TOKEN}`, TOKEN, 'Bearer ']) {
      await expectLikeUnknownRoute(t, await request(t.http).get('/api/metrics').set('Authorization', auth));
    }
  });
});

describe('GET /api/metrics without TRUST_PROXY: a forwarded request is not internal', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({});
  });
  afterAll(() => t?.close());

  it('answers loopback, but not loopback carrying X-Forwarded-For (an untrusted proxy in front)', async () => {
    expect((await request(t.http).get('/api/metrics')).status).toBe(200);
    await expectLikeUnknownRoute(t, await request(t.http).get('/api/metrics').set('X-Forwarded-For', '10.0.0.1'));
  });
});
