// Member rewards (issue 21), on the same server and MariaDB as the other rows:
//
// 1. GET /api/member/points for a member with 5,000 ledger entries (first page and a deep page),
//    4 at a time: p99 < 30 ms.
// 2. The daily jobs over 100,000 members (points rows, 3 ledger entries each, 50,000 paid orders):
//    the month's expiry run (every member has points that expired at the last month end, every tenth
//    is reminded of this month's) and a day's tier evaluation (every member's spend read again, every
//    hundredth changed since yesterday), each in batches, < 60 s each. They run in
//    this process on the built code (dist) against the bench database, as the worker would.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { createShoppers, loginAll, pct, sql } from './checkout.mjs';
import { root } from './lib.mjs';

const require = createRequire(import.meta.url);
const BUDGET = { historyP99: 30, jobsMs: 60_000 };
const MEMBERS = 100_000;
const ORDERS = 50_000;
const HISTORY = 5_000;
const FIRST_ID = 10_000_000;
const DAY = 86_400_000;

/** The last instant of the Taipei month `months` after now (the server's own rule, rewards-rules.ts). */
function monthEnd(months, now = new Date()) {
  const { taipeiMonthEnd } = require(join(root, 'dist/modules/rewards/rewards-rules.js'));
  return taipeiMonthEnd(now, months);
}

async function insertMany(c, sqlText, rows, batch = 2000) {
  for (let i = 0; i < rows.length; i += batch) await c.query(sqlText, [rows.slice(i, i + batch)]);
}

/** 100,000 members' points rows, 3 entries each, and 50,000 paid orders of theirs in the last 12 months. */
async function seedMembers(databaseUrl) {
  const mysql = await import('mysql2/promise');
  const c = await mysql.createConnection({ uri: databaseUrl, timezone: 'Z' });
  const now = Date.now();
  const expired = new Date(monthEnd(-13).getTime() - 3 * DAY);
  const expiresSoon = new Date(monthEnd(-12).getTime() - 3 * DAY);
  try {
    // The orders first: each member's tier and 12-month spend as yesterday's run left them, except
    // every hundredth member, whose spend moved since (a typical day's changes).
    const orders = [];
    const spend = new Map();
    for (let i = 0; i < ORDERS; i++) {
      const userId = FIRST_ID + ((i * 7919) % MEMBERS);
      const total = 500 + ((i * 37) % 80) * 250;
      const paid = new Date(now - ((i * 104729) % 360) * DAY);
      spend.set(userId, (spend.get(userId) ?? 0) + total);
      orders.push([`BR${String(i).padStart(10, '0')}`, userId, '王小明', '0912345678', `r${i}@bench.example`, '王小明', '0912345678', 4, 'cod', 1, 'completed', total - 60, 60, total, 0, 'personal', 'amego', paid, paid, paid]);
    }
    const tierOf = (n) => (n >= 30000 ? 3 : n >= 10000 ? 2 : 1);
    const accounts = [];
    const entries = [];
    for (let i = 0; i < MEMBERS; i++) {
      const id = FIRST_ID + i;
      const soon = i % 10 === 0 ? 40 : 0;
      const known = i % 100 === 0 ? 0 : (spend.get(id) ?? 0);
      accounts.push([id, 100 - 30 + soon, 0, tierOf(known), known]);
      entries.push([id, 'adjust', 100, 100, `bench:${id}:a`, 'bench', expired, expired, monthEnd(-1)]);
      entries.push([id, 'redeem', -30, 70, `bench:${id}:r`, 'bench', new Date(now - 40 * DAY), new Date(now - 40 * DAY), null]);
      if (soon) entries.push([id, 'review', soon, 70 + soon, `bench:${id}:s`, 'bench', expiresSoon, expiresSoon, monthEnd(0)]);
      else entries.push([id, 'review', 0, 70, `bench:${id}:s`, 'bench', new Date(now - DAY), new Date(now - DAY), null]);
    }
    await insertMany(c, 'INSERT INTO member_points (user_id, balance, pending, tier_id, spend_12m) VALUES ?', accounts);
    await insertMany(c, 'INSERT INTO points_ledger (user_id, kind, amount, balance_after, source_key, note, created_at, available_at, expires_at) VALUES ?', entries);
    await insertMany(
      c,
      `INSERT INTO orders (mer_trade_no, user_id, buy_name, buy_phone, buy_email, name, phone, shipping, payment, payment_status, status_name,
         subtotal, shipping_fee, total_amount, refunded_amount, invoice_type, carrier_type, paid_at, created_at, updated_at) VALUES ?`,
      orders,
    );
    await c.query('ANALYZE TABLE orders, member_points, points_ledger');
  } finally {
    await c.end();
  }
}

/** One member with 5,000 entries of every kind (newest first on the page). */
async function seedHistory(databaseUrl, userId) {
  const c = await sql(databaseUrl);
  try {
    const kinds = ['earn', 'redeem', 'review', 'adjust', 'birthday', 'return'];
    const rows = [];
    let balance = 0;
    const start = Date.now() - 300 * DAY;
    for (let i = 0; i < HISTORY; i++) {
      const kind = kinds[i % kinds.length];
      const amount = kind === 'redeem' ? -Math.min(balance, 20) : 10 + (i % 7);
      balance += amount;
      const at = new Date(start + i * 5000_000);
      rows.push([userId, kind, amount, balance, `bench-h:${userId}:${i}`, '壓測', at, at, amount > 0 ? monthEnd(12, at) : null]);
    }
    await insertMany(c, 'INSERT INTO points_ledger (user_id, kind, amount, balance_after, source_key, note, created_at, available_at, expires_at) VALUES ?', rows);
    await c.query('INSERT INTO member_points (user_id, balance, pending, tier_id, spend_12m) VALUES (?, ?, 0, 1, 0)', [userId, balance]);
  } finally {
    await c.end();
  }
}

async function timedGets(shoppers, paths, total) {
  const times = [];
  let errors = 0;
  let next = 0;
  await Promise.all(
    shoppers.map(async (s) => {
      while (next < total) {
        const path = paths[next++ % paths.length];
        const t = performance.now();
        const res = await s.get(path);
        times.push(performance.now() - t);
        if (res.status !== 200 || res.json?.success !== true) errors += 1;
      }
    }),
  );
  times.sort((a, b) => a - b);
  return { p50: pct(times, 50), p99: pct(times, 99), errors };
}

/** The jobs as the worker runs them: the built AppModule without HTTP, on the bench database. */
async function withJobsContext(databaseUrl, fn) {
  const { NestFactory } = require(join(root, 'node_modules/@nestjs/core'));
  const { AppModule } = require(join(root, 'dist/app.module.js'));
  const { loadAppConfig } = require(join(root, 'dist/config/app-config.js'));
  const { PointsJobs } = require(join(root, 'dist/modules/rewards/points-jobs.service.js'));
  const { TierEvaluation } = require(join(root, 'dist/modules/rewards/tier-evaluation.service.js'));
  const config = loadAppConfig({ NODE_ENV: 'production', DATABASE_URL: databaseUrl, SESSION_SECRET: 'bench-secret-bench-secret-bench-secret', LOG_LEVEL: 'warn', PROVIDER_SIMULATORS: 'true', MEDIA_DIR: 'var/bench-media' });
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(config, { http: false, runWorkers: false }), { logger: ['error', 'warn'] });
  try {
    return await fn(app.get(PointsJobs, { strict: false }), app.get(TierEvaluation, { strict: false }));
  } finally {
    await app.close();
  }
}

export async function rewardsSection({ url, databaseUrl, row, note }) {
  // The entities' column types follow DATABASE_URL when dist is loaded (database/dialect.ts): this
  // process loads them for the jobs below, on the bench's MariaDB.
  process.env.DATABASE_URL = databaseUrl;
  // 1. The history of a member with 5,000 entries.
  const [member] = await createShoppers(databaseUrl, 1, '0983');
  await seedHistory(databaseUrl, member.id);
  const [shopper] = await loginAll(url, [member]);
  const shoppers = [shopper, ...(await loginAll(url, [member, member, member]))];
  const paths = ['/api/member/points', '/api/member/points?page=2', '/api/member/points?page=125', '/api/member/points?page=1&limit=20'];
  await timedGets(shoppers, paths, 40);
  const h = await timedGets(shoppers, paths, 800);
  row('GET /api/member/points (5,000 entries) @4', `p50 ${h.p50.toFixed(1)} ms  p99 ${h.p99.toFixed(1)} ms`, `p99 < ${BUDGET.historyP99} ms`, h.errors === 0 && h.p99 < BUDGET.historyP99);
  const base = await timedGets(shoppers, ['/api/order/getUserOrdersByPage?page=1&limit=5'], 800);
  note(`for scale, the same 4 sessions on GET /api/order/getUserOrdersByPage (a member's session + one query): p50 ${base.p50.toFixed(1)} ms  p99 ${base.p99.toFixed(1)} ms`);

  // 2. The daily jobs over 100,000 members.
  const t0 = performance.now();
  await seedMembers(databaseUrl);
  note(`seeded ${MEMBERS.toLocaleString('en-US')} members' points (${(MEMBERS * 3).toLocaleString('en-US')} entries) and ${ORDERS.toLocaleString('en-US')} paid orders in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  await withJobsContext(databaseUrl, async (jobs, tiers) => {
    const runAt = new Date(Math.max(Date.now(), monthEnd(0).getTime() - 10 * DAY));
    let t = performance.now();
    const expiry = await jobs.expire(runAt);
    const expiryMs = performance.now() - t;
    row(
      'points.expiry over 100,000 members',
      `${(expiryMs / 1000).toFixed(1)} s  ${expiry.expired} expired, ${expiry.reminded} reminded`,
      `< ${BUDGET.jobsMs / 1000} s`,
      expiryMs < BUDGET.jobsMs && expiry.expired >= MEMBERS,
    );
    t = performance.now();
    const again = await jobs.expire(runAt);
    note(`expiry run again: ${((performance.now() - t) / 1000).toFixed(1)} s, ${again.expired} expired, ${again.reminded} reminded (idempotent)`);
    t = performance.now();
    const evaluated = await tiers.evaluateAll(new Date());
    const tierMs = performance.now() - t;
    row('tiers.evaluate over 100,000 members', `${(tierMs / 1000).toFixed(1)} s  ${evaluated.evaluated} evaluated, ${evaluated.changed} changed`, `< ${BUDGET.jobsMs / 1000} s`, tierMs < BUDGET.jobsMs && evaluated.evaluated >= MEMBERS);
  });
}
