#!/usr/bin/env node
// `npm run bench`: the built server on MariaDB, loaded over loopback.
// Prints figures and the budget each is held to; exits 1 if a budget is missed.
import { bundleReport } from './bundle.mjs';
import { contactToMail, startMailbox } from './contact.mjs';
import { adminCatalogSection } from './admin-catalog.mjs';
import { adminOrdersSection } from './admin-orders.mjs';
import { checkoutSection } from './checkout.mjs';
import { promotionsSection } from './promotions.mjs';
import { reviewsSection } from './reviews.mjs';
import { rewardsSection } from './rewards.mjs';
import { readRatioSection, readRunPlan } from './reads.mjs';
import { scaleSection } from './scale.mjs';
import { builtClientExists, freshMariaDb, settle, startFlags, startServer, verdict } from './lib.mjs';
import { argon2Cost, createMembers, loginLoad } from './login.mjs';

const BUDGET = { p99: 100, coldStartMs: 1000, rssMb: 200, readRatio: 0.5, bundleKb: 200, loginRps: 10, contactP99: 500, orderRps: 200, orderP99: 250, adminP99: 100, uploadOverheadMs: 250 };
const LOGIN_ACCOUNTS = 64;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
// BENCH_ONLY=checkout (comma-separated: start, reads, login, contact, checkout, promotions, rewards, reviews, admin, catalog, lighthouse, scale, bundle)
// runs those sections alone; unset, all of them.
const SECTIONS = ['start', 'reads', 'login', 'contact', 'checkout', 'promotions', 'rewards', 'reviews', 'admin', 'catalog', 'lighthouse', 'scale', 'bundle'];
const only = (process.env.BENCH_ONLY ?? '')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);
for (const s of only) if (!SECTIONS.includes(s)) throw new Error(`BENCH_ONLY: unknown section ${s} (${SECTIONS.join(', ')})`);
const want = (section) => only.length === 0 || only.includes(section);
const results = [];
const row = (name, figure, budget, ok) => {
  results.push(ok);
  console.log(`${verdict(ok).padEnd(4)}  ${name.padEnd(44)} ${figure.padEnd(34)} budget ${budget}`);
};

// Contact mails go to a local SMTP server (the contact → mail row).
const mailbox = await startMailbox();

const env = {
  NODE_ENV: 'production',
  SMTP_URL: mailbox.url,
  PORT: process.env.BENCH_PORT ?? '3311',
  // BENCH_DATABASE: another name when two benches share one MariaDB.
  DATABASE_URL: await freshMariaDb(process.env.BENCH_DATABASE ?? 'skinshop_bench'),
  SESSION_SECRET: 'bench-secret-bench-secret-bench-secret',
  LOG_LEVEL: 'warn',
  MEDIA_DIR: 'var/bench-media',
  // As in production behind a TLS-terminating proxy: the session cookie is Secure, so the login
  // row sends X-Forwarded-Proto: https from loopback.
  TRUST_PROXY: 'loopback',
  // Production without provider URLs refuses to boot unless the built-in simulators are chosen
  // (the checkout rows pay cash on delivery, the simulators are there for the other methods).
  PROVIDER_SIMULATORS: 'true',
  // The per-member checkout limit (orders per 10 min) would stop the checkout rows' members:
  // the bench measures checkout, not the limiter.
  CHECKOUT_RATE_LIMIT: '1000000',
  // BENCH_WEB_CONCURRENCY=2: the cluster mode (needs Redis, as in production).
  ...(Number(process.env.BENCH_WEB_CONCURRENCY ?? 1) > 1
    ? { WEB_CONCURRENCY: process.env.BENCH_WEB_CONCURRENCY, REDIS_URL: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379', REDIS_PREFIX: 'skinshop-bench' }
    : {}),
};
console.log(
  `skinshop bench — MariaDB${env.WEB_CONCURRENCY ? ` + Redis, ${env.WEB_CONCURRENCY} web processes` : ', 1 web process'}, ${SECONDS}s per run, wrk on loopback`,
);
console.log(`node ${[...startFlags(), 'dist/main.js'].join(' ')} (the flags of npm start); TRUST_PROXY=loopback (TLS-terminating proxy for the login rows)`);
console.log(`PROVIDER_SIMULATORS=true; CHECKOUT_RATE_LIMIT=${env.CHECKOUT_RATE_LIMIT} (high: the checkout rows measure checkout, not the per-member limit)${only.length ? `; BENCH_ONLY=${only.join(',')}` : ''}\n`);
const note = (text) => console.log(`      ${text}`);

// First start migrates and seeds; the cold start measured is the second one.
// The scale and bundle sections start their own servers (or none): alone, the single server is not started.
const needServer = SECTIONS.filter((s) => s !== 'scale' && s !== 'bundle').some(want);
if (needServer) {
  const first = await startServer(env);
  await first.stop();
}
const server = needServer ? await startServer(env) : undefined;
if (want('start')) row('cold start → first 200 (/api/health)', `${server.readyMs.toFixed(0)} ms`, `≤ ${BUDGET.coldStartMs} ms`, server.readyMs <= BUDGET.coldStartMs);

// Each section is measured on an idle server: the jobs an earlier one queued (order e-mails,
// reminders) run to their end first, and the wait is printed.
async function quiet(section) {
  if (!server || !want(section)) return;
  const r = await settle(server.cpuMs);
  if (r.seconds > 1.5) note(`before ${section}: ${r.seconds.toFixed(0)} s for the server's queued jobs to finish${r.idle ? '' : ' (still busy: measured anyway)'}`);
}

// Reads (bench/reads.mjs): each cached public read against a bare node:http server replaying the
// shop's own answer (same status, headers and gzip bytes), alternating; then RSS after that load.
if (want('reads')) {
  const plan = readRunPlan();
  try {
    await readRatioSection({ url: server.url, seconds: plan.seconds, runs: plan.runs, budget: BUDGET, row, note });
  } catch (err) {
    row('reads', String(err instanceof Error ? err.message : err).slice(0, 80), 'a run', false);
  }
  const rss = server.rssMb();
  row('RSS after load (largest web process)', `${rss.toFixed(0)} MB`, `≤ ${BUDGET.rssMb} MB`, rss <= BUDGET.rssMb);
}

// Logins: argon2id-bound by design. Measured after the RSS row (each hash holds 19 MiB while it runs).
if (want('login')) {
  const cost = await argon2Cost();
  console.log(`      argon2id (${cost.params}) in this process: hash ${cost.hashMs.toFixed(1)} ms, verify ${cost.verifyMs.toFixed(1)} ms`);
  const accounts = await createMembers(env.DATABASE_URL, LOGIN_ACCOUNTS);
  for (const connections of [1, 4, 16]) {
    const r = await loginLoad(server.url, accounts, { connections, seconds: Math.min(SECONDS, 5) });
    const figure = `${r.rps.toFixed(1)} logins/s  p50 ${r.p50.toFixed(0)} ms  p99 ${r.p99.toFixed(0)} ms`;
    // Reported, argon2 cost beside; a sanity floor at 4 connections (a quiet 2-core machine does several times more).
    const sanity = connections === 4;
    const ok = r.errors.length === 0 && (!sanity || r.rps >= BUDGET.loginRps);
    const budget = sanity ? `(reported) sanity ≥ ${BUDGET.loginRps}/s` : '(reported)';
    row(`POST /api/login/basic-login @${connections}`, `${figure}  [argon2 ${cost.verifyMs.toFixed(0)} ms]`, budget, ok);
    if (r.errors.length) console.log(`      errors: ${[...new Set(r.errors)].slice(0, 3).join(' | ')}`);
  }
}
// Contact form → outbox → queue → SMTP: the visitor's POST until the mail is in the mailbox.
if (want('contact')) {
  for (const connections of [1, 8]) {
    const r = await contactToMail(server.url, mailbox, { total: connections === 1 ? 50 : 200, connections });
    const figure = `${r.delivered}/${r.sent} delivered  p50 ${r.p50.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms`;
    const ok = r.errors.length === 0 && r.lost === 0 && r.duplicates === 0 && r.p99 < BUDGET.contactP99;
    row(`contact submit → mail delivered @${connections}`, figure, `p99 < ${BUDGET.contactP99} ms, 0 lost, 0 dup`, ok);
    if (!ok) console.log(`      lost ${r.lost}, duplicates ${r.duplicates}${r.errors.length ? `, errors: ${[...new Set(r.errors)].slice(0, 3).join(' | ')}` : ''}`);
  }
}

// Checkout (bench/checkout.mjs): submitOrder (cod) at 1, 4 and 16 members, double submits,
// the oversell trial, and SQL checks of what the answers said.
await quiet('checkout');
if (want('checkout')) {
  try {
    await checkoutSection({
      url: server.url,
      databaseUrl: env.DATABASE_URL,
      serverEnv: env,
      serverCpuMs: server.cpuMs,
      seconds: SECONDS,
      budget: BUDGET,
      row,
      note,
    });
  } catch (err) {
    row('checkout', String(err instanceof Error ? err.message : err).slice(0, 80), 'a run', false);
  }
}

// Promotions (bench/promotions.mjs): the quote with 50 promotions, checkout with them against the
// same run's baseline, and the flash sale (200 buyers, stock 100, a code with 50 uses).
await quiet('promotions');
if (want('promotions')) {
  try {
    await promotionsSection({ url: server.url, databaseUrl: env.DATABASE_URL, seconds: Math.min(SECONDS, 5), row, note });
  } catch (err) {
    row('promotions', String(err instanceof Error ? err.message : err).slice(0, 80), 'a run', false);
  }
}

// Member rewards (bench/rewards.mjs): a 5,000-entry points history, and the daily expiry and tier
// jobs over 100,000 members.
await quiet('rewards');
if (want('rewards')) {
  try {
    await rewardsSection({ url: server.url, databaseUrl: env.DATABASE_URL, row, note });
  } catch (err) {
    row('rewards', String(err instanceof Error ? err.message : err).slice(0, 80), 'a run', false);
  }
}

// Reviews (bench/reviews.mjs): a product with 10,000 reviews, its summary and first page cached
// and uncached, with a stars filter and sorted lowest first.
await quiet('reviews');
if (want('reviews')) {
  try {
    await reviewsSection({ url: server.url, databaseUrl: env.DATABASE_URL, seconds: Math.min(SECONDS, 5), row, note });
  } catch (err) {
    row('reviews', String(err instanceof Error ? err.message : err).slice(0, 80), 'a run', false);
  }
}

// Admin orders list (bench/admin-orders.mjs): 10 signed-in staff over 10,000 seeded orders.
await quiet('admin');
if (want('admin')) {
  try {
    await adminOrdersSection({ url: server.url, databaseUrl: env.DATABASE_URL, serverCpuMs: server.cpuMs, seconds: Math.min(SECONDS, 10), budget: BUDGET, row, note });
  } catch (err) {
    row('admin orders list', String(err instanceof Error ? err.message : err).slice(0, 80), 'a run', false);
  }
}

// Back-office catalogue (bench/admin-catalog.mjs): public reads while an editor saves a product
// every second (p99 and freshness), and an upload of 10 × 4 MB JPEGs to the image library.
await quiet('catalog');
if (want('catalog')) {
  try {
    await adminCatalogSection({ url: server.url, databaseUrl: env.DATABASE_URL, serverCpuMs: server.cpuMs, seconds: Math.min(SECONDS, 10), budget: BUDGET, row, note });
  } catch (err) {
    row('admin catalogue', String(err instanceof Error ? err.message : err).slice(0, 80), 'a run', false);
  }
}

// Lighthouse (mobile) on the same server: / , /products and a product page (bench/lighthouse.mjs).
// BENCH_LIGHTHOUSE=0 leaves it out (e.g. on a machine without Chromium).
await quiet('lighthouse');
if (!want('lighthouse')) {
  /* not asked for */
} else if (process.env.BENCH_LIGHTHOUSE === '0') {
  console.log('      Lighthouse left out (BENCH_LIGHTHOUSE=0)');
} else {
  try {
    const { lighthouseReport } = await import('./lighthouse.mjs');
    for (const r of await lighthouseReport(server.url)) row(r.name, r.figure, r.budget, r.ok);
  } catch (err) {
    row('Lighthouse', String(err instanceof Error ? err.message : err).slice(0, 80), 'a run', false);
  }
}
await server?.stop();

// Scale-out (bench/scale.mjs): 2 web processes + 1 worker on one MariaDB and Redis, after the
// single server has stopped (its own database, a Redis prefix of its own).
if (want('scale')) {
  try {
    const plan = readRunPlan();
    await scaleSection({
      serverEnv: env,
      mailbox,
      redisUrl: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379',
      database: process.env.BENCH_DATABASE ?? 'skinshop_bench',
      seconds: plan.seconds,
      runs: plan.runs,
      row,
      note,
    });
  } catch (err) {
    row('scale-out', String(err instanceof Error ? err.message : err).slice(0, 80), 'a run', false);
  }
}
await mailbox.close();

if (!want('bundle')) {
  /* not asked for */
} else if (builtClientExists()) {
  const b = bundleReport();
  row('shopper initial JS of /products (gzip)', `${b.initialGzipKb.toFixed(1)} KB in ${b.files.length} files`, `≤ ${BUDGET.bundleKb} KB`, b.routeFound && b.initialGzipKb <= BUDGET.bundleKb);
  row('admin/editor code in shopper chunks', b.leaks.length ? b.leaks.join(', ') : 'none', 'none', b.leaks.length === 0);
} else {
  row('shopper bundle', 'client/dist/.vite/manifest.json missing', 'build the client', false);
}

const failed = results.filter((ok) => !ok).length;
console.log(`\n${results.length - failed} within budget, ${failed} over budget`);
process.exit(failed ? 1 : 0);
