// Scale-out, shown (issue 23 §4): two web processes and one worker on the same MariaDB and Redis,
// and what a second web process must not break.
//
// The web processes are two `node dist/main.js` on their own ports (A and B), not one
// WEB_CONCURRENCY=2 cluster: each check must choose the process a request reaches (a session made
// on A, read on B), which one shared port cannot do; and separate processes behind a balancer are
// how the shop scales past one machine. Both run with RUN_WORKERS_IN_WEB=false; the jobs run in
// `node dist/worker.js`. A migrates and seeds first, then B starts.
//
// Checks (PASS/FAIL): a member session made on A is the session on B (and a logout on B ends it
// on A); a CSRF token issued by A is accepted by B (a forged one refused); the contact form's
// limit (5 per IP per 10 min) counted across both (sends alternating A, B: 5 accepted, the 6th
// refused); an editor's save on one process seen by the other's cached reads within 1 s (both
// ways, the delay printed); jobs run once and by the worker (orders placed while no worker runs
// send nothing; once it starts, every order gets exactly one confirmation mail, including all
// the orders of the throughput runs).
// Side by side (reported): the product list (gzip, wrk, 50 connections) and checkout (16 members)
// with 1 and with 2 web processes.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { createShoppers, firstOrder, newKey, orderBody, orderIdOf, pct, pickVariants, request, shippingRule, Shopper, sql, STOCK_HIGH, succeeded, describe } from './checkout.mjs';
import { createEditor, productBody, signIn } from './admin-catalog.mjs';
import { freePort, freshMariaDb, load, root, startServer, startWorker } from './lib.mjs';

const require = createRequire(import.meta.url);
const CONTACT_LIMIT = 5;
const SHOPPERS = 16;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const json = { 'Content-Type': 'application/json' };

/** The public prices of `productId` one process shows: in the product list and on its page. */
async function publicPrices(url, productId) {
  const [list, page] = await Promise.all([fetch(`${url}/api/load/loadProducts`).then((r) => r.json()), fetch(`${url}/api/load/productD/${productId}`).then((r) => r.json())]);
  return { list: list.products?.find((p) => p.product_id === productId)?.discount_price, page: page.pDetails?.discount_price };
}

/**
 * An editor's save on `writer` (every variant of `base`, the product as it is, `step` lower): ms from the save's answer until `reader`'s
 * list and page both show the new price (0: the first read after the answer did), or NaN after 5 s.
 */
async function cacheDrop(writer, reader, headers, base, productId, step) {
  const before = await publicPrices(reader.url, productId);
  await publicPrices(reader.url, productId); // the reader's cache is filled
  const body = { ...base, product_variants: base.product_variants.map((v) => ({ ...v, discount_price: v.discount_price - step })) };
  const res = await fetch(`${writer.url}/api/admin/createOrUpdateProduct`, { method: 'POST', headers: { ...headers, ...json }, body: JSON.stringify(body) });
  const answer = await res.json();
  if (res.status !== 200 || answer.success !== true) throw new Error(`save on ${writer.name}: ${res.status} ${answer.message ?? ''}`);
  const t0 = performance.now();
  const want = { list: before.list - step, page: before.page - step };
  for (;;) {
    const now = await publicPrices(reader.url, productId);
    if (now.list === want.list && now.page === want.page) return performance.now() - t0;
    if (performance.now() - t0 > 5000) return NaN;
    await sleep(5);
  }
}

// ---------------------------------------------------------------- checkout and reads, 1 vs 2

/** `shoppers` ordering back to back for `seconds` (each on its own process); orders/s, p99, ids. */
async function checkoutRun(shoppers, ctx, seconds) {
  const { pool, rule, area } = ctx;
  const latencies = [];
  const errors = [];
  const ids = [];
  const end = Date.now() + seconds * 1000;
  const t0 = performance.now();
  await Promise.all(
    shoppers.map(async (s, w) => {
      for (let n = 0; Date.now() < end && errors.length < 50; n++) {
        const lines = [{ variant: pool[(w * 7 + n) % pool.length], quantity: 1 }];
        try {
          const out = await s.submit(orderBody(s.member, lines, rule, area), newKey());
          latencies.push(out.ms);
          if (succeeded(out.res)) ids.push(orderIdOf(out.res));
          else errors.push(describe(out.res));
        } catch (err) {
          errors.push(err.message);
        }
      }
    }),
  );
  const elapsed = (performance.now() - t0) / 1000;
  latencies.sort((a, b) => a - b);
  return { rps: ids.length / elapsed, p99: pct(latencies, 99), ids, errors };
}

/** Two wrk at once, `connections / 2` each, on `urls[0]` and `urls[1]` (the same URL twice for one process): summed req/s. */
async function splitLoad(urls, path, { connections, seconds, request: req }) {
  const half = Math.max(1, Math.floor(connections / 2));
  const rs = await Promise.all(urls.map((u) => load(`${u}${path}`, { connections: half, threads: 1, seconds, ...req })));
  return { rps: rs.reduce((s, r) => s + r.rps, 0), p99: Math.max(...rs.map((r) => r.p99)), clean: rs.every((r) => !r.non2xx && !r.errors) };
}

// ---------------------------------------------------------------- the section

/** Confirmation mails (訂單成立通知 #id) in `mailbox` from index `from` on: count per order id. */
function confirmations(mailbox, from) {
  const per = new Map();
  for (const m of mailbox.received.slice(from)) {
    const id = /訂單成立通知 #(\d+)/.exec(m.subject ?? '')?.[1];
    if (id) per.set(Number(id), (per.get(Number(id)) ?? 0) + 1);
  }
  return per;
}

async function waitFor(test, timeoutMs) {
  const until = Date.now() + timeoutMs;
  while (!test() && Date.now() < until) await sleep(50);
  return test();
}

/**
 * The `scale` rows. `serverEnv`: run.mjs's env (its SMTP_URL is `mailbox`); a fresh database
 * `<database>_scale` and a Redis prefix of this run (its keys deleted afterwards).
 */
export async function scaleSection({ serverEnv, mailbox, redisUrl, database, seconds, runs = 3, row, note }) {
  const prefix = `skinshop-bench-scale-${process.pid}`;
  const env = {
    ...serverEnv,
    DATABASE_URL: await freshMariaDb(`${database}_scale`),
    REDIS_URL: redisUrl,
    REDIS_PREFIX: prefix,
    RUN_WORKERS_IN_WEB: 'false',
    WEB_CONCURRENCY: '1',
  };
  const started = [];
  const mailFrom = mailbox.received.length;
  try {
    const a = await startServer({ ...env, PORT: String(await freePort()) });
    started.push(a);
    a.name = 'A';
    const b = await startServer({ ...env, PORT: String(await freePort()) });
    started.push(b);
    b.name = 'B';
    note(`2 × node dist/main.js (A ${a.url}, B ${b.url}; RUN_WORKERS_IN_WEB=false) + node dist/worker.js; one MariaDB database, Redis prefix ${prefix}`);
    note(`cold start with Redis: A ${a.readyMs.toFixed(0)} ms (migrates, seeds), B ${b.readyMs.toFixed(0)} ms`);

    // Sessions: log in on A, read the profile on B; log out on B, A no longer knows the member.
    const members = await createShoppers(env.DATABASE_URL, SHOPPERS, '0982');
    const member = new Shopper(a.url, members[0], 0);
    await member.login();
    member.base = b.url;
    const onB = await member.get('/api/login/getuser');
    await member.post('/api/login/logout', {});
    member.base = a.url;
    const afterLogout = await member.get('/api/login/getuser');
    const sameUser = onB.status === 200 && onB.json?.user?.phone === members[0].phone;
    row('session: login on A → profile on B; logout on B → A', `B ${onB.status}${sameUser ? ' same member' : ''}, A after ${afterLogout.status}`, 'B 200, A 401', sameUser && afterLogout.status === 401);

    // CSRF: A's token accepted by B; a forged one refused by B.
    const contact = (s, text) => s.post('/api/email/contactSend', { name: '擴充測試', email: 'bench@example.com', message: text });
    const visitor = new Shopper(a.url, members[1], 101);
    await visitor.get('/api/csrf-token');
    visitor.base = b.url;
    const accepted = await contact(visitor, 'scale csrf');
    const real = visitor.csrf;
    visitor.csrf = `${real.slice(0, -2)}${real.endsWith('AA') ? 'BB' : 'AA'}`;
    const forged = await contact(visitor, 'scale csrf forged');
    row('CSRF: token from A → POST on B; forged → B', `${accepted.status}; forged ${forged.status}`, '200; 403', accepted.status === 200 && forged.status === 403);

    // Rate limit: one IP's contact sends alternating A, B.
    const sender = new Shopper(a.url, members[2], 102);
    await sender.get('/api/csrf-token');
    const statuses = [];
    for (let i = 0; i <= CONTACT_LIMIT; i++) {
      sender.base = i % 2 === 0 ? a.url : b.url;
      statuses.push((await contact(sender, `scale limit ${i}`)).status);
    }
    const firstRefused = statuses.findIndex((s) => s === 429);
    row(
      `rate limit across A+B (contact, ${CONTACT_LIMIT}/IP)`,
      `${statuses.filter((s) => s === 200).length} accepted, #${firstRefused + 1} ${statuses[statuses.length - 1]} on ${CONTACT_LIMIT % 2 === 0 ? 'A' : 'B'}`,
      `${CONTACT_LIMIT} accepted, #${CONTACT_LIMIT + 1} 429`,
      firstRefused === CONTACT_LIMIT && statuses.slice(0, CONTACT_LIMIT).every((s) => s === 200),
    );

    // Cache drop: an editor's save on A seen by B's cached reads (and B's by A's).
    const editor = await createEditor(env.DATABASE_URL, join(root, 'dist'));
    const list = (await request(a.url, 'GET', '/api/load/loadProducts')).json;
    const productId = list.products[1].product_id;
    const sessionA = await signIn(a.url, editor);
    const headersA = sessionA.headers;
    const base = await productBody(a.url, sessionA, productId);
    const dAB = await cacheDrop(a, b, headersA, base, productId, 1);
    const sessionB = await signIn(b.url, editor);
    const headersB = sessionB.headers;
    const base2 = await productBody(b.url, sessionB, productId);
    const dBA = await cacheDrop(b, a, headersB, base2, productId, 1);
    const fmt = (d) => (Number.isFinite(d) ? `${d.toFixed(0)} ms` : '> 5 s');
    row('cache drop: save on A → B list+page, B → A', `${fmt(dAB)}, ${fmt(dBA)}`, '≤ 1000 ms', dAB <= 1000 && dBA <= 1000);

    // Jobs: orders while no worker runs send nothing; the worker sends each confirmation once.
    const shoppers = [];
    for (let i = 0; i < SHOPPERS; i++) {
      const s = new Shopper(i % 2 === 0 ? a.url : b.url, members[i], i);
      await s.login();
      shoppers.push(s);
    }
    const rule = await shippingRule(a.url, 4);
    const { lookupArea } = require(join(root, 'dist/common/validation/tw-zipcodes.js'));
    const area = lookupArea('臺北市', '大安區');
    const pool = await pickVariants(a.url, 8);
    const c = await sql(env.DATABASE_URL);
    await c.query('UPDATE product_variants SET quantity = ? WHERE id IN (?)', [STOCK_HIGH, pool.map((v) => v.variant_id)]);
    await c.query('UPDATE promotions SET is_active = 0');
    await c.end();
    const ctx = { pool, rule, area };
    const probe = await firstOrder(shoppers[0], orderBody(shoppers[0].member, [{ variant: pool[0], quantity: 1 }], rule, area));
    if (!succeeded(probe.res)) throw new Error(`first order refused: ${describe(probe.res)}`);
    const orderIds = [orderIdOf(probe.res)];
    for (const [i, s] of shoppers.entries()) {
      const out = await s.submit(orderBody(s.member, [{ variant: pool[i % pool.length], quantity: 1 }], rule, area), newKey());
      if (!succeeded(out.res)) throw new Error(`order on ${i % 2 ? 'B' : 'A'}: ${describe(out.res)}`);
      orderIds.push(orderIdOf(out.res));
    }
    await sleep(1500);
    const beforeWorker = [...confirmations(mailbox, mailFrom).values()].reduce((x, y) => x + y, 0);
    const worker = await startWorker(env);
    started.push(worker);
    note(`worker ready in ${worker.readyMs.toFixed(0)} ms`);
    await waitFor(() => confirmations(mailbox, mailFrom).size >= orderIds.length, 30_000);
    const early = confirmations(mailbox, mailFrom);
    row(
      `jobs by the worker only: ${orderIds.length} orders on A+B`,
      `${beforeWorker} mails before it ran, ${early.size} after`,
      `0, then ${orderIds.length}`,
      beforeWorker === 0 && orderIds.every((id) => early.get(id) === 1),
    );

    // Side by side: the product list, then checkout, with 1 and with 2 web processes.
    const gzip = { headers: { 'Accept-Encoding': 'gzip' } };
    const reads = { one: [], two: [] };
    for (let r = 0; r < runs; r++) {
      for (const k of r % 2 === 0 ? ['one', 'two'] : ['two', 'one']) {
        reads[k].push(await splitLoad(k === 'one' ? [a.url, a.url] : [a.url, b.url], '/api/load/loadProducts', { connections: 50, seconds, request: gzip }));
      }
    }
    const mean = (xs) => xs.reduce((s, x) => s + x, 0) / xs.length;
    const r1 = mean(reads.one.map((r) => r.rps));
    const r2 = mean(reads.two.map((r) => r.rps));
    row(
      'GET loadProducts @50 gzip: 1 vs 2 web processes',
      `${r1.toFixed(0)} vs ${r2.toFixed(0)} req/s (×${(r2 / r1).toFixed(2)})`,
      '(reported)',
      [...reads.one, ...reads.two].every((r) => r.clean),
    );
    note(`runs (2 wrk × 25 connections): 1 process ${reads.one.map((r) => r.rps.toFixed(0)).join(' / ')}, 2 processes ${reads.two.map((r) => r.rps.toFixed(0)).join(' / ')} req/s`);

    const webCpu = () => a.cpuMs() + b.cpuMs();
    const orders = { one: [], two: [] };
    for (let r = 0; r < runs; r++) {
      for (const k of r % 2 === 0 ? ['one', 'two'] : ['two', 'one']) {
        shoppers.forEach((s, i) => (s.base = k === 'one' || i % 2 === 0 ? a.url : b.url));
        const cpu0 = webCpu();
        const w0 = worker.cpuMs();
        const out = await checkoutRun(shoppers, ctx, seconds);
        out.webCpu = (webCpu() - cpu0) / Math.max(1, out.ids.length);
        out.workerCpu = (worker.cpuMs() - w0) / Math.max(1, out.ids.length);
        orders[k].push(out);
        orderIds.push(...out.ids);
      }
    }
    const o1 = mean(orders.one.map((r) => r.rps));
    const o2 = mean(orders.two.map((r) => r.rps));
    const errs = [...orders.one, ...orders.two].flatMap((r) => r.errors);
    row(
      `checkout @${SHOPPERS} members: 1 vs 2 web processes`,
      `${o1.toFixed(0)} vs ${o2.toFixed(0)} orders/s (×${(o2 / o1).toFixed(2)})`,
      '(reported), 0 errors',
      errs.length === 0,
    );
    for (const k of ['one', 'two']) {
      const rs = orders[k];
      note(
        `${k === 'one' ? '1 process ' : '2 processes'}: ${rs.map((r) => r.rps.toFixed(0)).join(' / ')} orders/s, p99 ${rs.map((r) => r.p99.toFixed(0)).join(' / ')} ms; ` +
          `CPU/order web ${mean(rs.map((r) => r.webCpu)).toFixed(1)} ms, worker ${mean(rs.map((r) => r.workerCpu)).toFixed(1)} ms`,
      );
    }
    if (errs.length) note(`errors: ${[...new Set(errs)].slice(0, 3).join(' | ')}`);

    // Every order of the section, exactly one confirmation mail.
    await waitFor(() => confirmations(mailbox, mailFrom).size >= orderIds.length, 60_000);
    await sleep(1000); // late duplicates
    const all = confirmations(mailbox, mailFrom);
    const missing = orderIds.filter((id) => !all.has(id)).length;
    const duplicates = [...all.values()].filter((n) => n > 1).length;
    row(`jobs run once: ${orderIds.length} orders → confirmation mails`, `${all.size} orders mailed, ${missing} missing, ${duplicates} duplicated`, `${orderIds.length}, 0 missing, 0 dup`, missing === 0 && duplicates === 0 && all.size === orderIds.length);
  } finally {
    for (const p of started.reverse()) await p.stop();
    await dropPrefix(redisUrl, prefix);
  }
}

/** Deletes this run's Redis keys (queues, sessions, rate limits, cache markers). */
async function dropPrefix(redisUrl, prefix) {
  const { default: Redis } = await import('ioredis');
  const r = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await r.connect();
    let cursor = '0';
    do {
      const [next, keys] = await r.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length) await r.del(...keys);
    } while (cursor !== '0');
  } finally {
    r.disconnect();
  }
}
