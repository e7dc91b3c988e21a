/**
 * Nothing acknowledged is lost: once a visitor was told 訊息已送出, the mail arrives — exactly once
 * when the failure is on the mail server's side, at most twice (never zero) when a worker dies
 * in the middle of a send. Each case runs against real servers that the test stops and starts:
 * the built app (`dist/`), a private redis-server and a local SMTP server. Timings (backoff,
 * stall checks, outbox sweeps) are shrunk through the environment so the cases take seconds.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { CapturedMail, SmtpCapture, startSmtpCapture } from '../../src/integrations/mail/simulators/smtp-capture';
import { createTestDatabase, TEST_DB, TestDatabase } from '../helpers/databases';
import {
  eventually,
  freePort,
  postContact,
  processTestsUnavailable,
  sleep,
  startRedis,
  startWeb,
  startWorker,
  type NodeProcess,
  type RedisProcess,
  type WebProcess,
} from '../helpers/processes';
import { createTestApp } from '../helpers/test-app';

const SMTP_AUTH = { user: 'shop', pass: 'p@ss word' };
const smtpUrl = (port: number) => `smtp://${encodeURIComponent(SMTP_AUTH.user)}:${encodeURIComponent(SMTP_AUTH.pass)}@127.0.0.1:${port}`;

/** Seconds instead of hours: 50 ms, 100 ms, 200 ms, then every 400 ms; 22 attempts ≈ 8 s. */
const FAST_JOBS = {
  JOBS_BACKOFF_BASE_MS: '50',
  JOBS_BACKOFF_MAX_MS: '400',
  JOBS_ATTEMPTS: '22',
  JOBS_STALLED_INTERVAL_MS: '500',
  JOBS_LOCK_DURATION_MS: '1000',
  OUTBOX_SWEEP_MS: '200',
  OUTBOX_RECHECK_MS: '1000',
  // A killed worker's claim lapses within the retries' window (22 attempts, ≤ 400 ms apart).
  OUTBOX_CLAIM_MS: '3000',
};
/** The retry window before this issue: 5 attempts from 50 ms ≈ 0.75 s at this scale (15 s at 1 s). */
const OLD_WINDOW_MS = 50 + 100 + 200 + 400;

const marker = () => `fault-${randomBytes(4).toString('hex')}`;
let ipSeq = 1;
const nextIp = () => `198.18.${Math.floor(ipSeq / 250)}.${(ipSeq++ % 250) + 1}`;

/** How many times each marker was mailed. */
function deliveries(mails: CapturedMail[], markers: string[]): Map<string, number> {
  const counts = new Map(markers.map((m) => [m, 0]));
  for (const mail of mails) {
    for (const m of markers) if (mail.text?.includes(m)) counts.set(m, (counts.get(m) ?? 0) + 1);
  }
  return counts;
}

async function sendContacts(url: string, n: number): Promise<string[]> {
  const markers: string[] = [];
  for (let i = 0; i < n; i++) {
    const m = marker();
    const res = await postContact(url, nextIp(), { name: '故障測試', email: 'fault@example.com', message: `訊息 ${m}` });
    expect(res).toEqual({ status: 200, body: { success: true, message: '訊息已送出' } });
    markers.push(m);
  }
  return markers;
}

/** A database for a spawned server: a temp SQLite file or a fresh MariaDB schema (the tier's dialect). */
async function spawnedDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  if (TEST_DB === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'skinshop-fault-'));
    return { url: `sqlite:${join(dir, 'shop.sqlite')}`, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const db: TestDatabase = await createTestDatabase('mariadb');
  return db;
}

describe('outbox: SMTP down longer than the old retry window (in the app, this tier’s database and queue)', () => {
  let smtp: SmtpCapture | undefined;
  afterEach(async () => smtp?.close());

  it('keeps every mail until the server is back, then delivers each exactly once', async () => {
    const port = await freePort(); // nothing listens: connection refused
    const t = await createTestApp({ SMTP_URL: smtpUrl(port), TRUST_PROXY: 'loopback', ...FAST_JOBS });
    try {
      const ds = t.app.get(DataSource);
      await t.app.listen(0, '127.0.0.1');
      const url = await t.app.getUrl();
      const markers = await sendContacts(url, 20);

      // Far past the old 5-attempt window: nothing may have failed for good.
      await sleep(OLD_WINDOW_MS * 3);
      const states: { state: string; n: number }[] = await ds.query('SELECT state, COUNT(*) AS n FROM outbox_messages GROUP BY state');
      expect(states.map((s) => [s.state, Number(s.n)])).toEqual([['queued', 20]]);

      smtp = await startSmtpCapture(SMTP_AUTH, { port });
      await smtp.waitFor(20, 20_000);
      await sleep(1000); // any duplicate would have arrived by now
      expect([...deliveries(smtp.received, markers).values()]).toEqual(markers.map(() => 1));
      expect(smtp.received).toHaveLength(20);
      await eventually(async () => {
        const rows: { n: number }[] = await ds.query("SELECT COUNT(*) AS n FROM outbox_messages WHERE state = 'done'");
        return Number(rows[0].n) === 20;
      }, 5000, 'all outbox rows done');
    } finally {
      await t.close();
    }
  });
});

const noProcesses = processTestsUnavailable();
const d = noProcesses ? describe.skip : describe;

d('outbox: the embedded server killed with mails queued (kill -9, SQLite or MariaDB, no Redis)', () => {
  let db: { url: string; drop(): Promise<void> };
  let web: WebProcess | undefined;
  let smtp: SmtpCapture | undefined;
  beforeEach(async () => (db = await spawnedDatabase()));
  afterEach(async () => {
    await web?.kill9();
    await smtp?.close();
    await db.drop();
  });

  it('sends every stored message after the restart, exactly once', async () => {
    const smtpPort = await freePort();
    const media = mkdtempSync(join(tmpdir(), 'skinshop-fault-media-'));
    const env = { DATABASE_URL: db.url, SMTP_URL: smtpUrl(smtpPort), TRUST_PROXY: 'loopback', MEDIA_DIR: media, ...FAST_JOBS };
    web = await startWeb(env);
    const markers = await sendContacts(web.url, 20);
    await web.kill9(); // the in-process queue dies with the process; the rows stay

    smtp = await startSmtpCapture(SMTP_AUTH, { port: smtpPort });
    web = await startWeb(env);
    await smtp.waitFor(20, 30_000).catch((err: Error) => {
      throw new Error(`${err.message}\n${web?.output()}`);
    });
    await sleep(1000);
    expect([...deliveries(smtp.received, markers).values()]).toEqual(markers.map(() => 1));
    rmSync(media, { recursive: true, force: true });
  });
});

const noRedis = noProcesses ?? processTestsUnavailable({ redis: true });
const r = noRedis ? describe.skip : describe;

r('outbox with Redis: web + worker processes, a private redis-server', () => {
  let db: { url: string; drop(): Promise<void> };
  let redis: RedisProcess;
  const procs: NodeProcess[] = [];
  let smtp: SmtpCapture | undefined;
  let media: string;
  beforeEach(async () => {
    db = await spawnedDatabase();
    redis = await startRedis();
    media = mkdtempSync(join(tmpdir(), 'skinshop-fault-media-'));
  });
  afterEach(async () => {
    for (const p of procs.splice(0)) await p.kill9();
    await smtp?.close();
    smtp = undefined;
    await redis.stop();
    await db.drop();
    rmSync(media, { recursive: true, force: true });
  });
  const baseEnv = (smtpPort: number) => ({
    DATABASE_URL: db.url,
    REDIS_URL: redis.url,
    REDIS_PREFIX: `fault-${randomBytes(3).toString('hex')}`,
    SMTP_URL: smtpUrl(smtpPort),
    TRUST_PROXY: 'loopback',
    MEDIA_DIR: media,
    ...FAST_JOBS,
  });

  it('a worker killed in the middle of sends: every mail arrives, at most twice', async () => {
    const smtpPort = await freePort();
    // The mail server takes the message but holds its "250 OK" for 3 s: the worker is mid-send.
    smtp = await startSmtpCapture(SMTP_AUTH, { port: smtpPort, holdMs: 3000 });
    const env = { ...baseEnv(smtpPort), RUN_WORKERS_IN_WEB: 'false' };
    const web = await startWeb(env);
    procs.push(web);
    const markers = await sendContacts(web.url, 6);
    const worker = startWorker(env);
    procs.push(worker);
    await smtp.waitFor(1, 30_000).catch((err: Error) => {
      throw new Error(`${err.message}\n${worker.output()}`);
    });
    await worker.kill9(); // mid-send: its jobs stay active until their lock lapses

    const second = startWorker(env);
    procs.push(second);
    await eventually(() => [...deliveries(smtp!.received, markers).values()].every((n) => n >= 1), 60_000, 'every message delivered').catch(
      (err: Error) => {
        throw new Error(`${err.message}\n${second.output()}`);
      },
    );
    await sleep(1500);
    const counts = [...deliveries(smtp.received, markers).values()];
    expect(counts.every((n) => n >= 1 && n <= 2)).toBe(true);
  });

  it('Redis restarted without persistence while mails wait: the outbox queues them again, each arrives once', async () => {
    const smtpPort = await freePort(); // SMTP down: the jobs wait in Redis with backoff
    const web = await startWeb(baseEnv(smtpPort));
    procs.push(web);
    const markers = await sendContacts(web.url, 10);

    await redis.stop(); // every queued job is gone with it
    await sleep(500);
    await redis.restart();
    smtp = await startSmtpCapture(SMTP_AUTH, { port: smtpPort });

    await smtp.waitFor(10, 60_000).catch((err: Error) => {
      throw new Error(`${err.message}\n${web.output()}`);
    });
    await sleep(1500);
    expect([...deliveries(smtp.received, markers).values()]).toEqual(markers.map(() => 1));
  });

  it('a web process killed with mails queued in Redis: they are sent after the restart, exactly once', async () => {
    const smtpPort = await freePort();
    const env = baseEnv(smtpPort);
    let web = await startWeb(env);
    procs.push(web);
    const markers = await sendContacts(web.url, 10);
    await web.kill9();
    smtp = await startSmtpCapture(SMTP_AUTH, { port: smtpPort });
    web = await startWeb(env);
    procs.push(web);
    await smtp.waitFor(10, 60_000);
    await sleep(1500);
    expect([...deliveries(smtp.received, markers).values()]).toEqual(markers.map(() => 1));
  });
});
