// Checkout under load (issue 10): members with complete profiles, each logged in once (its own
// session: cookie jar + CSRF token), place cash-on-delivery orders through
// POST /api/order/submitOrder exactly as the checkout page does — buyer = the profile, home
// delivery to a real Taiwan address, personal invoice on the member carrier, totals computed from
// the prices and shipping fee the shop publishes, a fresh Idempotency-Key per order.
//
// Figures: orders/s, p50 and p99 at 1, 4 and 16 concurrent members (each worker its own member);
// double submits (same body and key, twice at once and once after: one order per key); the
// oversell trial (20 members, stock 10, one unit each, repeated); and SQL checks that the database
// holds exactly what the answers said (orders, units, stock).
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { cpuMeter, dbPid, fmtMs, procCpuMs, treeCpuMs } from './cpu.mjs';
import { freshMariaDb, machineBusyMs, root, startFlags } from './lib.mjs';

const require = createRequire(import.meta.url);
const PASSWORD = 'Bench1234';
/** Stock given to the throughput variants: the runs never run out. */
export const STOCK_HIGH = 1_000_000;
const SHIPPING_HOME = 4;
const STOCK_SHORT = '庫存不足';

// ---------------------------------------------------------------- HTTP (keep-alive, no fetch overhead)

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

export function request(base, method, path, { headers = {}, body } = {}) {
  const u = new URL(path, base);
  const data = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        hostname: u.hostname,
        port: u.port,
        path: u.pathname + u.search,
        method,
        headers: { ...headers, ...(data ? { 'Content-Type': 'application/json', 'Content-Length': data.length } : {}) },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, json, text });
        });
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error(`${method} ${path}: no answer in 30 s`)));
    req.on('error', reject);
    if (data) req.write(data);
    req.end();
  });
}

/** One member's browser: its cookies, its CSRF token, its own client address (X-Forwarded-For). */
export class Shopper {
  constructor(base, member, index) {
    this.base = base;
    this.member = member;
    this.ip = `198.51.100.${(index % 250) + 1}`;
    this.jar = new Map();
    this.csrf = '';
  }

  headers(extra = {}) {
    // The bench is the TLS-terminating proxy in front of a production server (Secure cookies).
    const h = { 'X-Forwarded-Proto': 'https', 'X-Forwarded-For': this.ip, ...extra };
    if (this.jar.size) h.Cookie = [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    if (this.csrf) h['X-CSRF-Token'] = this.csrf;
    return h;
  }

  absorb(res) {
    const set = res.headers['set-cookie'] ?? [];
    for (const line of set) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const gone = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a)) || (attrs.some((a) => /^\s*expires=/i.test(a)) && value === '');
      if (gone) this.jar.delete(name);
      else this.jar.set(name, value);
    }
    if (typeof res.json?.csrfToken === 'string') this.csrf = res.json.csrfToken;
    return res;
  }

  async get(path) {
    return this.absorb(await request(this.base, 'GET', path, { headers: this.headers() }));
  }

  async post(path, body, extra = {}) {
    return this.absorb(await request(this.base, 'POST', path, { headers: this.headers(extra), body }));
  }

  /** CSRF token as a visitor, then the password login (which answers the session's token). */
  async login() {
    const t = await this.get('/api/csrf-token');
    if (t.status !== 200 || !this.csrf) throw new Error(`csrf-token: ${t.status} ${t.text.slice(0, 200)}`);
    const res = await this.post('/api/login/basic-login', { account: this.member.phone, password: PASSWORD });
    if (res.status !== 200 || res.json?.success !== true) throw new Error(`login ${this.member.phone}: ${res.status} ${res.json?.message ?? res.text.slice(0, 200)}`);
  }

  /** POST /api/order/submitOrder; resolves with the answer and its latency in ms. */
  async submit(body, key) {
    const t = performance.now();
    const res = await this.post('/api/order/submitOrder', body, key ? { 'Idempotency-Key': key } : {});
    return { res, ms: performance.now() - t };
  }
}

// ---------------------------------------------------------------- setup

export async function sql(databaseUrl) {
  const mysql = await import('mysql2/promise');
  return mysql.createConnection(databaseUrl);
}

const SURNAMES = ['王', '李', '張', '陳', '林', '黃', '吳', '劉', '蔡', '楊'];
const GIVEN = ['小明', '美玲', '志豪', '淑芬', '家豪', '怡君', '建宏', '雅婷', '俊傑', '佩珊'];

/**
 * Inserts `count` members with complete profiles (Chinese name, e-mail, mobile: what checkout
 * requires) and a password hashed by the server's own PasswordHasher (dist/modules/auth/passwords.js).
 * One hash serves them all (same password, salt inside the hash): the setup stays short.
 * Phones 0981…, apart from the login rows' 0980… members.
 */
export async function createShoppers(databaseUrl, count, phonePrefix = '0981') {
  const { PasswordHasher } = require(join(root, 'dist/modules/auth/passwords.js'));
  const hash = await new PasswordHasher().hash(PASSWORD);
  const c = await sql(databaseUrl);
  const members = [];
  try {
    for (let i = 0; i < count; i++) {
      const phone = `${phonePrefix}${String(i).padStart(6, '0')}`;
      const name = `${SURNAMES[i % SURNAMES.length]}${GIVEN[Math.floor(i / SURNAMES.length) % GIVEN.length]}`;
      const email = `bench.shopper${phonePrefix}.${i}@example.com`;
      const [r] = await c.query(
        "INSERT INTO users (account, phone, password_hash, username, email, gender, birthday) VALUES (?, ?, ?, ?, ?, '', NULL)",
        [phone, phone, hash, name, email],
      );
      await c.query('INSERT INTO user_configs (user_id) VALUES (?)', [r.insertId]);
      members.push({ id: r.insertId, phone, name, email });
    }
  } finally {
    await c.end();
  }
  return members;
}

/** Logs every member in (a few at a time: argon2 verify is the cost). */
export async function loginAll(url, members) {
  const shoppers = members.map((m, i) => new Shopper(url, m, i));
  for (let i = 0; i < shoppers.length; i += 4) await Promise.all(shoppers.slice(i, i + 4).map((s) => s.login()));
  return shoppers;
}

/** The shop's published shipping rule of a method (GET /api/load/shipping). */
export async function shippingRule(url, id) {
  const res = await request(url, 'GET', '/api/load/shipping');
  const m = res.json?.shippingMethods?.find((s) => s.id === id);
  if (!m) throw new Error(`shipping method ${id} is not active: ${res.text.slice(0, 200)}`);
  return { shipping_cost: m.shipping_cost, free_shipping_threshold: m.free_shipping_threshold };
}

/** Spec 2 §9, as src/common/validation/checkout-rules.ts: free at or above the threshold. */
function feeFor(rule, subtotal) {
  return subtotal >= Math.max(0, rule.free_shipping_threshold) ? 0 : Math.max(0, rule.shipping_cost);
}

/**
 * One variant (the first priced one, at most NT$5,000: two lines stay within cash on delivery's
 * NT$20,000) of each of the first `count` listed products, with its price from the product page
 * (GET /api/load/productD/:id, the prices the cart holds).
 */
export async function pickVariants(url, count) {
  const list = await request(url, 'GET', '/api/load/loadProducts');
  const picked = [];
  for (const p of list.json?.products ?? []) {
    if (picked.length >= count) break;
    const page = await request(url, 'GET', `/api/load/productD/${p.product_id}`);
    const v = (page.json?.pDetails?.Variants ?? []).find((x) => x.discount_price > 0 && x.discount_price <= 5000);
    if (v) picked.push({ product_id: p.product_id, variant_id: v.variant_id, price: v.discount_price, title: p.title });
  }
  if (picked.length < count) throw new Error(`only ${picked.length} listed products with a priced variant (wanted ${count})`);
  return picked;
}

/**
 * The checkout page's body for `lines` ([{variant, quantity}]) bought by `member`. The total is the
 * one the page shows: `extra.totalAmount` (a quote's) when given, else prices + fee (no promotion).
 */
export function orderBody(member, lines, rule, area, extra = {}) {
  const subtotal = lines.reduce((s, l) => s + l.variant.price * l.quantity, 0);
  return {
    buy_name: member.name,
    buy_phone: member.phone,
    buy_email: member.email,
    name: member.name,
    phone: member.phone,
    city: area.city,
    district: area.district,
    zip: area.zip,
    street: '復興南路一段390號',
    shipping: SHIPPING_HOME,
    deliveryTimeSlot: '04',
    payment: 'cod',
    invoiceType: 'personal',
    carrierType: 'amego',
    cartItems: lines.map((l) => ({ product_id: l.variant.product_id, variant_id: l.variant.variant_id, quantity: l.quantity })),
    totalAmount: subtotal + feeFor(rule, subtotal),
    ...extra,
  };
}

export const SHIPPING_HOME_ID = SHIPPING_HOME;

export const newKey = () => `bench-${randomUUID()}`;

export function pct(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

export function describe(res) {
  return `${res.status} ${res.json?.message ?? res.text.slice(0, 120)}${res.json?.totalAmount !== undefined ? ` (server total ${res.json.totalAmount})` : ''}`;
}

export const orderIdOf = (res) => res.json?.resData?.order_id;
export const succeeded = (res) => res.status >= 200 && res.status < 300 && res.json?.success === true && Number.isInteger(orderIdOf(res));

// ---------------------------------------------------------------- the runs

/**
 * `connections` members (shoppers[0..connections-1], one each) ordering back to back for
 * `seconds`. Orders alternate between one and two lines over the variant pool, one unit each.
 */
async function throughput(ctx, { connections, seconds, pool = ctx.pool }) {
  const { shoppers, rule, area, ledger } = ctx;
  const latencies = [];
  const errors = [];
  let non2xx = 0;
  const db = dbPid();
  const meter = cpuMeter({
    web: ctx.serverCpuMs,
    worker: ctx.workerCpuMs,
    db: db ? () => procCpuMs(db) : undefined,
    bench: () => {
      const u = process.cpuUsage();
      return (u.user + u.system) / 1000;
    },
  });
  const machine0 = machineBusyMs();
  const q0 = await dbQuestions(ctx.databaseUrl);
  const stop = meter.start();
  const end = Date.now() + seconds * 1000;
  const t0 = performance.now();
  await Promise.all(
    shoppers.slice(0, connections).map(async (s, w) => {
      for (let n = 0; Date.now() < end; n++) {
        const first = pool[(w * 7 + n) % pool.length];
        const lines = [{ variant: first, quantity: 1 }];
        if (n % 2 === 1 && pool.length > 1) lines.push({ variant: pool[(w * 7 + n + 1) % pool.length], quantity: 1 });
        let out;
        try {
          out = await s.submit(orderBody(s.member, lines, rule, area), newKey());
        } catch (err) {
          errors.push(err.message);
          if (errors.length > 50) return;
          continue;
        }
        latencies.push(out.ms);
        if (succeeded(out.res)) ledger.record(orderIdOf(out.res), lines);
        else {
          if (out.res.status < 200 || out.res.status > 299) non2xx++;
          errors.push(describe(out.res));
          if (errors.length > 50) return;
        }
      }
    }),
  );
  const elapsed = (performance.now() - t0) / 1000;
  // CPU ms per order (answers of this run): the web process(es) with their in-process jobs, a
  // separate worker (BullMQ mode), MariaDB (the whole server: other users of it count too), this client.
  const cpu = stop(latencies.length);
  const q1 = await dbQuestions(ctx.databaseUrl);
  const ok = latencies.length - errors.length;
  latencies.sort((a, b) => a - b);
  // What the rest of the machine used meanwhile (other processes on a shared machine skew the run), in % of one core.
  const machine = machineBusyMs() - machine0;
  const mine = [cpu.web, cpu.worker, cpu.db, cpu.bench].filter(Number.isFinite).reduce((a, b) => a + b, 0) * Math.max(1, latencies.length);
  cpu.others = (100 * Math.max(0, machine - mine)) / (elapsed * 1000);
  cpu.server = [cpu.web, cpu.worker].filter(Number.isFinite).reduce((a, b) => a + b, 0) || NaN;
  // Statements MariaDB received per order (the whole server's; 2 of them this count's own).
  const queries = (q1 - q0 - 2) / Math.max(1, latencies.length);
  return { connections, queries, rps: Math.max(0, ok) / elapsed, p50: pct(latencies, 50), p99: pct(latencies, 99), count: latencies.length, non2xx, errors, cpu };
}

/** MariaDB's `Questions` so far (statements received from clients), NaN when it cannot be read. */
async function dbQuestions(databaseUrl) {
  try {
    const c = await sql(databaseUrl);
    try {
      const [[r]] = await c.query("SHOW GLOBAL STATUS LIKE 'Questions'");
      return Number(r.Value);
    } finally {
      await c.end();
    }
  } catch {
    return NaN;
  }
}

/** The budgets of the checkout rows (issue 23): at 16 concurrent members. */
export const CHECKOUT_BUDGET = { orderRps: 200, orderP99: 250, serverCpuMs: 5 };

/** Seconds per timed run: CHECKOUT_SECONDS, else BENCH_SECONDS, else `fallback` (no cap). */
export function checkoutSeconds(fallback = 10) {
  const v = Number(process.env.CHECKOUT_SECONDS ?? process.env.BENCH_SECONDS ?? fallback);
  return Number.isFinite(v) && v > 0 ? v : fallback;
}

/** Timed runs per figure, alternating (CHECKOUT_ROUNDS, 3 unless set). */
export function checkoutRounds() {
  const v = Number(process.env.CHECKOUT_ROUNDS ?? 3);
  return Number.isInteger(v) && v > 0 ? v : 3;
}

/** The run of median throughput among `runs` (one figure stands for the alternated runs). */
export function medianRun(runs) {
  const sorted = [...runs].sort((a, b) => a.rps - b.rps);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

const spread = (runs, f, digits = 1) => runs.map((r) => f(r).toFixed(digits)).join(' / ');

/** One line of a run's figures (orders/s, p50/p99, CPU per order by process). */
export function runLine(r) {
  const others = Number.isFinite(r.cpu.others) ? `; others ${r.cpu.others.toFixed(0)}% of a core` : '';
  return (
    `${r.rps.toFixed(1)} orders/s  p50 ${r.p50.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms  (${r.count} orders); CPU/order: ` +
    `web ${fmtMs(r.cpu.web)}${Number.isFinite(r.cpu.worker) ? `, worker ${fmtMs(r.cpu.worker)}` : ''}, MariaDB ${fmtMs(r.cpu.db)}, bench client ${fmtMs(r.cpu.bench)}${others}; ${Number.isFinite(r.queries) ? r.queries.toFixed(1) : 'n/a'} SQL statements/order`
  );
}

/** Orders the answers reported, by id (a replayed answer names the same order). */
class Ledger {
  constructor() {
    this.orders = new Map();
  }

  record(orderId, lines) {
    if (!this.orders.has(orderId)) this.orders.set(orderId, lines);
  }

  units() {
    let u = 0;
    for (const lines of this.orders.values()) for (const l of lines) u += l.quantity;
    return u;
  }
}

/**
 * `keys` double submits: the same body and Idempotency-Key sent twice at once, then once more
 * after both answered, by `parallel` members at a time. Returns the SQL count of orders per key.
 */
async function doubleSubmits(ctx, { keys, parallel }) {
  const { shoppers, rule, area, pool, ledger } = ctx;
  const sent = [];
  const answers = { twinOk: 0, twinInProgress: 0, twinOther: [], laterSame: 0, laterOther: [] };
  await Promise.all(
    shoppers.slice(0, parallel).map(async (s, w) => {
      for (let n = w; n < keys; n += parallel) {
        const key = newKey();
        const lines = [{ variant: pool[n % pool.length], quantity: 1 }];
        const body = orderBody(s.member, lines, rule, area);
        const twins = await Promise.all([s.submit(body, key), s.submit(body, key)]);
        const later = await s.submit(body, key);
        const ids = new Set();
        for (const { res } of twins) {
          if (succeeded(res)) {
            answers.twinOk++;
            ids.add(orderIdOf(res));
            ledger.record(orderIdOf(res), lines);
          } else if (res.status === 409) answers.twinInProgress++;
          else answers.twinOther.push(describe(res));
        }
        if (succeeded(later.res) && (ids.size === 0 || ids.has(orderIdOf(later.res)))) {
          answers.laterSame++;
          ledger.record(orderIdOf(later.res), lines);
        } else answers.laterOther.push(describe(later.res));
        if (ids.size > 1) answers.twinOther.push(`two order ids for one key: ${[...ids].join(', ')}`);
        sent.push({ key, userId: s.member.id });
      }
    }),
  );
  const c = await sql(ctx.databaseUrl);
  try {
    const [rows] = await c.query(
      'SELECT user_id, idempotency_key, COUNT(*) AS n FROM orders WHERE idempotency_key IN (?) GROUP BY user_id, idempotency_key',
      [sent.map((k) => k.key)],
    );
    const perKey = new Map(rows.map((r) => [r.idempotency_key, Number(r.n)]));
    const duplicates = sent.reduce((d, k) => d + Math.max(0, (perKey.get(k.key) ?? 0) - 1), 0);
    const missing = sent.filter((k) => !perKey.has(k.key)).length;
    return { keys: sent.length, duplicates, missing, ...answers };
  } finally {
    await c.end();
  }
}

/**
 * The oversell trial: the variant's stock set to `stock`, `buyers` members (one unit each) submit
 * at the same moment; repeated `trials` times. Per trial: orders the server accepted (answers and
 * SQL), the stock left, the refusals and whether they say 庫存不足.
 */
async function oversellTrials(ctx, variant, { stock, buyers, trials }) {
  const { shoppers, rule, area } = ctx;
  if (shoppers.length < buyers) throw new Error(`the oversell trial needs ${buyers} members, have ${shoppers.length}`);
  const c = await sql(ctx.databaseUrl);
  const out = [];
  try {
    for (let t = 0; t < trials; t++) {
      await c.query('UPDATE product_variants SET quantity = ? WHERE id = ?', [stock, variant.variant_id]);
      const [[{ maxId }]] = await c.query('SELECT COALESCE(MAX(id), 0) AS maxId FROM orders');
      const lines = [{ variant, quantity: 1 }];
      const bodies = shoppers.slice(0, buyers).map((s) => [s, orderBody(s.member, lines, rule, area), newKey()]);
      const answers = await Promise.all(bodies.map(([s, body, key]) => s.submit(body, key)));
      const accepted = answers.filter((a) => succeeded(a.res));
      const refused = answers.filter((a) => !succeeded(a.res));
      const [[after]] = await c.query('SELECT quantity FROM product_variants WHERE id = ?', [variant.variant_id]);
      const [[sold]] = await c.query(
        'SELECT COUNT(DISTINCT o.id) AS orders, COALESCE(SUM(i.quantity), 0) AS units FROM orders o JOIN order_items i ON i.order_id = o.id WHERE o.id > ? AND i.variant_id = ?',
        [maxId, variant.variant_id],
      );
      out.push({
        accepted: accepted.length,
        sqlOrders: Number(sold.orders),
        sqlUnits: Number(sold.units),
        finalStock: Number(after.quantity),
        refused: refused.length,
        refusedStockShort: refused.filter((a) => a.res.status === 409 && String(a.res.json?.message ?? '').includes(STOCK_SHORT)).length,
        refusedOther: refused.filter((a) => !String(a.res.json?.message ?? '').includes(STOCK_SHORT)).map((a) => describe(a.res)),
        latencies: answers.map((a) => a.ms),
      });
    }
  } finally {
    await c.end();
  }
  return out;
}

/** Orders and units written since `sinceId`, and the pool's stock taken, from the database. */
async function dbTotals(databaseUrl, sinceId, variantIds, startStock) {
  const c = await sql(databaseUrl);
  try {
    const [[o]] = await c.query('SELECT COUNT(*) AS n FROM orders WHERE id > ?', [sinceId]);
    const [[u]] = await c.query('SELECT COALESCE(SUM(quantity), 0) AS n FROM order_items WHERE order_id > ?', [sinceId]);
    const [[s]] = await c.query('SELECT COALESCE(SUM(quantity), 0) AS n FROM product_variants WHERE id IN (?)', [variantIds]);
    const [[neg]] = await c.query('SELECT COUNT(*) AS n FROM product_variants WHERE quantity < 0');
    return { orders: Number(o.n), units: Number(u.n), stockTaken: startStock - Number(s.n), negativeStock: Number(neg.n) };
  } finally {
    await c.end();
  }
}

/**
 * The first order of a section: submitted again while the server still quotes another total
 * (409 with `totalAmount`: its promotion cache, a few seconds, still holds what the section just
 * changed in SQL), for at most 20 s.
 */
export async function firstOrder(shopper, body) {
  const until = Date.now() + 20_000;
  for (;;) {
    const out = await shopper.submit(body, newKey());
    if (succeeded(out.res) || out.res.status !== 409 || out.res.json?.totalAmount === undefined || Date.now() > until) return out;
    await new Promise((r) => setTimeout(r, 250));
  }
}

// ---------------------------------------------------------------- the section

/**
 * The checkout rows of `npm run bench`. `row(name, figure, budget, ok)` prints one row (run.mjs);
 * `note(text)` an indented line. `serverCpuMs` / `workerCpuMs`: CPU ms so far of the web process(es)
 * and of a separate worker (BullMQ mode; omitted when jobs run in the web process). The server must run with PROVIDER_SIMULATORS=true and a high
 * CHECKOUT_RATE_LIMIT (`serverEnv`, run.mjs's env): the bench measures checkout, not the per-member limit.
 */
export async function checkoutSection({ url, databaseUrl, serverEnv, serverCpuMs, workerCpuMs, seconds, rounds = checkoutRounds(), row, note }) {
  // CHECKOUT_SECONDS / BENCH_SECONDS win over the caller's figure: a run lasts as long as asked.
  seconds = process.env.CHECKOUT_SECONDS || process.env.BENCH_SECONDS ? checkoutSeconds() : (seconds ?? checkoutSeconds());
  const concurrencies = [1, 4, 16];
  const OVERSELL = { stock: 10, buyers: 20, trials: 10 };
  const members = await createShoppers(databaseUrl, Math.max(24, ...concurrencies, OVERSELL.buyers));
  const shoppers = await loginAll(url, members);
  const rule = await shippingRule(url, SHIPPING_HOME);
  const { lookupArea } = require(join(root, 'dist/common/validation/tw-zipcodes.js'));
  const area = lookupArea('臺北市', '大安區');
  if (!area) throw new Error('臺北市 大安區 is not in the zip table');
  const variants = await pickVariants(url, 9);
  const pool = variants.slice(0, 8);
  const trialVariant = variants[8];

  const c = await sql(databaseUrl);
  const [[{ maxId: startId }]] = await c.query('SELECT COALESCE(MAX(id), 0) AS maxId FROM orders');
  await c.query('UPDATE product_variants SET quantity = ? WHERE id IN (?)', [STOCK_HIGH, pool.map((v) => v.variant_id)]);
  // These rows measure checkout without promotions (the demo seed has live ones): all off. The
  // server's promotion cache may hold them a few seconds: the probe below waits for that.
  await c.query('UPDATE promotions SET is_active = 0');
  await c.end();
  const startStock = STOCK_HIGH * pool.length;
  const ledger = new Ledger();
  const ctx = { databaseUrl, shoppers, rule, area, pool, ledger, serverCpuMs, workerCpuMs };

  note(
    `${members.length} members (complete profiles), one session each; cod + 宅配 to ${area.city}${area.district} ${area.zip}; ` +
      `1–2 lines over ${pool.length} products (stock set to ${STOCK_HIGH.toLocaleString('en-US')}); fee ${rule.shipping_cost}, free from ${rule.free_shipping_threshold}`,
  );
  note(
    `server env: PROVIDER_SIMULATORS=${serverEnv.PROVIDER_SIMULATORS}, CHECKOUT_RATE_LIMIT=${serverEnv.CHECKOUT_RATE_LIMIT} ` +
      '(orders per member per 10 min, set high: the bench measures checkout, not the limiter)',
  );

  // A first order tells a wrong total (or a missing route) before the timed runs.
  const probe = await firstOrder(shoppers[0], orderBody(shoppers[0].member, [{ variant: pool[0], quantity: 1 }], rule, area));
  if (!succeeded(probe.res)) {
    row('POST /api/order/submitOrder (cod)', `first order refused: ${describe(probe.res)}`.slice(0, 80), 'an order', false);
    return;
  }
  ledger.record(orderIdOf(probe.res), [{ variant: pool[0], quantity: 1 }]);
  await throughput(ctx, { connections: 4, seconds: 2 }); // warm-up (JIT, pools), not reported

  // Each concurrency `rounds` times, alternating (1, 4, 16, 1, 4, 16, …): a busy moment of a
  // shared machine skews one run of each, not all runs of one. The median run stands for them.
  const runs = new Map(concurrencies.map((c) => [c, []]));
  for (let round = 0; round < rounds; round++) {
    for (const connections of concurrencies) runs.get(connections).push(await throughput(ctx, { connections, seconds }));
  }
  for (const connections of concurrencies) {
    const all = runs.get(connections);
    const r = medianRun(all);
    const figure = `${r.rps.toFixed(1)} orders/s  p50 ${r.p50.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms`;
    const errors = all.flatMap((x) => x.errors);
    const clean = errors.length === 0;
    if (connections === 16) {
      row(
        `POST /api/order/submitOrder (cod) @${connections}`,
        figure,
        `≥ ${CHECKOUT_BUDGET.orderRps} orders/s, p99 < ${CHECKOUT_BUDGET.orderP99} ms, 0 errors`,
        clean && r.rps >= CHECKOUT_BUDGET.orderRps && r.p99 < CHECKOUT_BUDGET.orderP99,
      );
      row(
        `server CPU per order @${connections} (web + jobs)`,
        `${fmtMs(r.cpu.server)} (MariaDB ${fmtMs(r.cpu.db)})`,
        `≤ ${CHECKOUT_BUDGET.serverCpuMs} ms`,
        Number.isFinite(r.cpu.server) && r.cpu.server <= CHECKOUT_BUDGET.serverCpuMs,
      );
    } else {
      row(`POST /api/order/submitOrder (cod) @${connections}`, figure, '(reported), 0 errors', clean);
    }
    if (!clean) note(`${errors.length} errors: ${[...new Set(errors)].slice(0, 3).join(' | ')}`);
    for (const [i, x] of all.entries()) note(`run ${i + 1}/${all.length}: ${runLine(x)}`);
    if (all.length > 1) note(`runs: ${spread(all, (x) => x.rps)} orders/s; p99 ${spread(all, (x) => x.p99)} ms; web CPU/order ${spread(all, (x) => x.cpu.web, 2)} ms`);
  }

  // Double submits.
  const d = await doubleSubmits(ctx, { keys: 48, parallel: 8 });
  row(
    'duplicate orders from double submits',
    `${d.duplicates} (${d.keys} keys × 3 submits)`,
    '0, one order per key',
    d.duplicates === 0 && d.missing === 0 && d.laterOther.length === 0 && d.twinOther.length === 0,
  );
  note(
    `twins at once: ${d.twinOk} answered the order, ${d.twinInProgress} 409 in progress; ` +
      `the submit after: ${d.laterSame}/${d.keys} answered the same order${d.missing ? `; ${d.missing} keys without an order` : ''}`,
  );
  for (const line of [...new Set([...d.twinOther, ...d.laterOther])].slice(0, 3)) note(`unexpected: ${line}`);

  // SQL: what the answers said is what the database holds.
  const totals = await dbTotals(databaseUrl, startId, pool.map((v) => v.variant_id), startStock);
  const units = ledger.units();
  row(
    'SQL: orders = successful answers',
    `${totals.orders} = ${ledger.orders.size}`,
    'equal',
    totals.orders === ledger.orders.size,
  );
  row(
    'SQL: units ordered = stock decrease',
    `${totals.units} = ${totals.stockTaken} (answers ${units})`,
    'equal',
    totals.units === totals.stockTaken && totals.units === units && totals.negativeStock === 0,
  );

  // Oversell trial.
  const trials = await oversellTrials(ctx, trialVariant, OVERSELL);
  const perTrial = trials.map((t) => t.accepted);
  const stocks = trials.map((t) => t.finalStock);
  const oversold = trials.reduce((s, t) => s + Math.max(0, t.sqlUnits - OVERSELL.stock) + Math.max(0, -t.finalStock), 0);
  const exact = trials.every((t) => t.accepted === OVERSELL.stock && t.sqlOrders === OVERSELL.stock && t.sqlUnits === OVERSELL.stock && t.finalStock === 0);
  const range = (xs) => (Math.min(...xs) === Math.max(...xs) ? `${xs[0]}` : `${Math.min(...xs)}–${Math.max(...xs)}`);
  row(
    `oversell trial: ${OVERSELL.buyers} buyers, stock ${OVERSELL.stock}, ×${OVERSELL.trials}`,
    `orders/trial ${range(perTrial)}, final stock ${range(stocks)}`,
    `${OVERSELL.stock} orders, stock 0`,
    exact,
  );
  row('oversold units (stock never negative)', `${oversold}`, '0', oversold === 0 && stocks.every((s) => s >= 0));
  const refused = trials.reduce((s, t) => s + t.refused, 0);
  const short = trials.reduce((s, t) => s + t.refusedStockShort, 0);
  const lat = trials.flatMap((t) => t.latencies).sort((a, b) => a - b);
  row('refused buyers told 庫存不足 (409)', `${short}/${refused}  p50 ${pct(lat, 50).toFixed(0)} ms  p99 ${pct(lat, 99).toFixed(0)} ms`, 'all', refused === short && refused === (OVERSELL.buyers - OVERSELL.stock) * OVERSELL.trials);
  const other = [...new Set(trials.flatMap((t) => t.refusedOther))];
  if (other.length) note(`other refusals: ${other.slice(0, 3).join(' | ')}`);
}

// ---------------------------------------------------------------- standalone: variants side by side

/**
 * `node bench/checkout.mjs`: checkout alone at CHECKOUT_CONNECTIONS (16) members, on a fresh
 * MariaDB database, for each built server of CHECKOUT_DISTS (comma-separated dist folders, default
 * ./dist; e.g. `dist,/tmp/base/dist` to compare a change with its base), CHECKOUT_ROUNDS (3) times,
 * alternating (A B A B A B), CHECKOUT_SECONDS (else BENCH_SECONDS, else 10) per run. Each run starts
 * its server afresh (one at a time: an idle server's jobs would take the other's work) and warms it
 * up for 2 s. CHECKOUT_REDIS_URL: the jobs go to BullMQ and a separate `dist/worker.js` runs them
 * (its CPU reported apart). BENCH_NODE_FLAGS (e.g. `--cpu-prof --cpu-prof-dir=var/prof`) go to the
 * web process. Prints each run and the median per variant beside the budgets.
 */
async function standalone() {
  const { spawn } = await import('node:child_process');
  const { resolve } = await import('node:path');
  const { startMailbox } = await import('./contact.mjs');
  const { startBuilt } = await import('./lib.mjs');
  const seconds = checkoutSeconds(10);
  const rounds = checkoutRounds();
  const connections = Number(process.env.CHECKOUT_CONNECTIONS ?? 16);
  const dists = (process.env.CHECKOUT_DISTS ?? 'dist').split(',').map((d) => resolve(root, d.trim()));
  const redisUrl = process.env.CHECKOUT_REDIS_URL;
  const mailbox = await startMailbox();
  const env = {
    NODE_ENV: 'production',
    SMTP_URL: mailbox.url,
    PORT: process.env.BENCH_PORT ?? '3312',
    DATABASE_URL: await freshMariaDb(process.env.BENCH_DATABASE ?? 'skinshop_bench_checkout'),
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret',
    LOG_LEVEL: 'warn',
    MEDIA_DIR: 'var/bench-media',
    TRUST_PROXY: 'loopback',
    PROVIDER_SIMULATORS: 'true',
    CHECKOUT_RATE_LIMIT: '1000000',
    ...(redisUrl ? { REDIS_URL: redisUrl, REDIS_PREFIX: 'skinshop-bench-checkout' } : {}),
  };
  console.log(
    `checkout bench — MariaDB${redisUrl ? ' + Redis, jobs in a separate worker' : ', jobs in the web process'}; ${connections} members; ` +
      `${rounds} × ${seconds} s per variant, alternating; node ${startFlags().join(' ')} ${process.env.BENCH_NODE_FLAGS ?? ''}`,
  );
  for (const [i, d] of dists.entries()) console.log(`  variant ${String.fromCharCode(65 + i)}: ${d}`);

  let worker;
  const startWorker = async (dist) => {
    if (!redisUrl) return undefined;
    const child = spawn(process.execPath, [join(dist, 'worker.js')], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
    await new Promise((r) => setTimeout(r, 3000)); // no health route: give it time to connect
    return { pid: child.pid, stop: () => new Promise((done) => (child.exitCode !== null ? done() : (child.once('exit', () => done()), child.kill('SIGTERM')))) };
  };

  // Setup on the first variant's server (it migrates and seeds): members, sessions, prices.
  let server = await startBuilt(dists[0], env);
  const members = await createShoppers(env.DATABASE_URL, Math.max(connections, 4));
  const shoppers = await loginAll(server.url, members);
  const rule = await shippingRule(server.url, SHIPPING_HOME);
  const { lookupArea } = require(join(root, 'dist/common/validation/tw-zipcodes.js'));
  const area = lookupArea('臺北市', '大安區');
  const pool = await pickVariants(server.url, 8);
  const c = await sql(env.DATABASE_URL);
  await c.query('UPDATE product_variants SET quantity = ? WHERE id IN (?)', [STOCK_HIGH, pool.map((v) => v.variant_id)]);
  await c.query('UPDATE promotions SET is_active = 0');
  await c.end();
  const probe = await firstOrder(shoppers[0], orderBody(shoppers[0].member, [{ variant: pool[0], quantity: 1 }], rule, area));
  if (!succeeded(probe.res)) throw new Error(`first order refused: ${describe(probe.res)}`);
  await server.stop();

  const ledger = new Ledger();
  const results = dists.map(() => []);
  for (let round = 0; round < rounds; round++) {
    for (const [i, dist] of dists.entries()) {
      server = await startBuilt(dist, env);
      worker = await startWorker(dist);
      const ctx = { databaseUrl: env.DATABASE_URL, shoppers, rule, area, pool, ledger, serverCpuMs: server.cpuMs, workerCpuMs: worker ? () => treeCpuMs(worker.pid) : undefined };
      await throughput(ctx, { connections: 4, seconds: 2 }); // warm-up (JIT, pools), not counted
      const r = await throughput(ctx, { connections, seconds });
      results[i].push(r);
      console.log(`  ${String.fromCharCode(65 + i)} run ${round + 1}: ${runLine(r)}${r.errors.length ? `  ERRORS ${r.errors.length}: ${[...new Set(r.errors)].slice(0, 2).join(' | ')}` : ''}`);
      await server.stop();
      if (worker) await worker.stop();
    }
  }
  console.log('');
  let failed = 0;
  for (const [i, runs] of results.entries()) {
    const r = medianRun(runs);
    const okRps = r.rps >= CHECKOUT_BUDGET.orderRps && r.p99 < CHECKOUT_BUDGET.orderP99;
    const okCpu = r.cpu.server <= CHECKOUT_BUDGET.serverCpuMs;
    if (!okRps || !okCpu || runs.some((x) => x.errors.length)) failed++;
    console.log(`${String.fromCharCode(65 + i)} median: ${runLine(r)}`);
    console.log(
      `  ${okRps ? 'PASS' : 'FAIL'} ≥ ${CHECKOUT_BUDGET.orderRps} orders/s, p99 < ${CHECKOUT_BUDGET.orderP99} ms @${connections}; ` +
        `${okCpu ? 'PASS' : 'FAIL'} server CPU/order ${fmtMs(r.cpu.server)} ≤ ${CHECKOUT_BUDGET.serverCpuMs} ms; ` +
        `runs ${spread(runs, (x) => x.rps)} orders/s, web CPU/order ${spread(runs, (x) => x.cpu.web, 2)} ms, MariaDB ${spread(runs, (x) => x.cpu.db, 2)} ms`,
    );
  }
  await mailbox.close();
  process.exit(failed ? 1 : 0);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  standalone().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
