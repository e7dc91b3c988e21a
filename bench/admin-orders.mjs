// Admin orders list (issue 11): 10 concurrent staff over 10,000 seeded orders, each signed in
// through POST /api/admin/login (own session and CSRF cookies), paging and filtering the way the
// orders screen does: the default 15 days, 30/90/180 days, all since 2000-01-01, a status, a
// payment status, a keyword (phone, name, order number), later pages. p99 < 100 ms.
//
// In `npm run bench` (bench/run.mjs) as the `admin` section. Alone, against a built server
// (`node bench/admin-orders.mjs`; BENCH_DIST=<dir> for a server compiled elsewhere than dist/):
// a fresh MariaDB database `skinshop_bench_admin`, the server started once to migrate and seed.
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { cpuMs, freshMariaDb, machineBusyMs, mariadbPid, root, startBuilt, verdict } from './lib.mjs';

const require = createRequire(import.meta.url);
const ORDERS = 10_000;
const STAFF = 10;
const PASSWORD = 'BenchStaff1234';
const DAY_MS = 24 * 3600_000;
const TAIPEI_MS = 8 * 3600_000;

const NAMES = ['王小明', '陳美麗', '林志明', '張淑芬', '李建宏', '黃雅婷', '吳宗翰', '劉怡君', '蔡承恩', '楊佩珊', '許家豪', '鄭依婷'];
const CITIES = [
  ['臺北市', '大安區', '106'],
  ['新北市', '板橋區', '220'],
  ['臺中市', '西屯區', '407'],
  ['高雄市', '前鎮區', '806'],
];
const PAYMENTS = ['cod', 'credit', 'atm', 'linepay', 'cvs'];

/** Taipei calendar day `daysAgo` days before `now`, YYYY-MM-DD. */
function taipeiDay(now, daysAgo) {
  return new Date(now - daysAgo * DAY_MS + TAIPEI_MS).toISOString().slice(0, 10);
}

/**
 * 10,000 orders over the last 180 days (newest densest, as a growing shop's), statuses and
 * payment statuses in a realistic mix, buyers and receivers from a pool of names and phones.
 * Returns a few values the load's keywords use.
 */
export async function seedOrders(databaseUrl, count = ORDERS) {
  const mysql = await import('mysql2/promise');
  const c = await mysql.createConnection({ uri: databaseUrl, timezone: 'Z' });
  const now = Date.now();
  const phones = [];
  const numbers = [];
  try {
    const batch = 500;
    for (let start = 0; start < count; start += batch) {
      const rows = [];
      for (let i = start; i < Math.min(count, start + batch); i++) {
        // Skewed towards recent days (a growing shop): ~29% within the default 15 days.
        const age = Math.floor(180 * Math.pow((i * 7919) % 1000 / 1000, 2) * DAY_MS) + (i % 3600) * 1000;
        const created = new Date(now - age);
        const r = (i * 2654435761) % 100;
        const [status, pay] = r < 20 ? ['pending', 0] : r < 45 ? ['paid', 1] : r < 60 ? ['processing', 1] : r < 80 ? ['shipped', 1] : r < 88 ? ['completed', 1] : r < 96 ? ['cancelled', 0] : ['cancelled', 3];
        const total = 300 + ((i * 37) % 50) * 60;
        const refunded = pay === 3 ? total : r === 30 ? 200 : 0;
        const phone = `09${String(10000000 + ((i * 104729) % 89999999)).padStart(8, '0')}`;
        const [city, district, zip] = CITIES[i % CITIES.length];
        const shipping = (i % 5) + 1;
        const home = shipping >= 4;
        const no = `BN${String(i).padStart(8, '0')}${(i * 31) % 10}`;
        if (i % 1000 === 7) {
          phones.push(phone);
          numbers.push(no);
        }
        rows.push([
          no,
          NAMES[i % NAMES.length],
          phone,
          `buyer${i}@bench.example`,
          NAMES[(i + 5) % NAMES.length],
          `09${String(20000000 + ((i * 7) % 79999999)).padStart(8, '0')}`,
          home ? zip : '',
          home ? city : '',
          home ? district : '',
          home ? `中正路 ${i % 300} 號` : '',
          home ? '' : String(100000 + (i % 899999)),
          home ? '' : `門市${i % 500}`,
          shipping,
          PAYMENTS[i % PAYMENTS.length],
          pay,
          status,
          total - 60,
          60,
          total,
          refunded,
          'personal',
          'amego',
          created,
          created,
        ]);
      }
      await c.query(
        `INSERT INTO orders (mer_trade_no, buy_name, buy_phone, buy_email, name, phone, zip, city, district, street, store_id, store_name,
           shipping, payment, payment_status, status_name, subtotal, shipping_fee, total_amount, refunded_amount, invoice_type, carrier_type, created_at, updated_at)
         VALUES ?`,
        [rows],
      );
    }
    await c.query('ANALYZE TABLE orders');
  } finally {
    await c.end();
  }
  return { phones, numbers };
}

/** `count` staff accounts hashed by the server's own PasswordHasher (dist/modules/auth/passwords.js). */
export async function createStaff(databaseUrl, distDir, count = STAFF) {
  const { PasswordHasher } = require(join(distDir, 'modules/auth/passwords.js'));
  const hash = await new PasswordHasher().hash(PASSWORD);
  const mysql = await import('mysql2/promise');
  const c = await mysql.createConnection(databaseUrl);
  const names = [];
  try {
    for (let i = 0; i < count; i++) {
      const username = `bench-staff-${i}`;
      await c.query("INSERT INTO admins (username, password_hash, display_name, role, is_active) VALUES (?, ?, ?, 'staff', 1)", [username, hash, username]);
      names.push(username);
    }
  } finally {
    await c.end();
  }
  return names;
}

/** A signed-in staff browser: its cookies and CSRF token (the server runs as behind a TLS proxy). */
async function signIn(url, username) {
  const jar = new Map();
  const keep = (res) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const eq = pair.indexOf('=');
      jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const proxied = { 'X-Forwarded-Proto': 'https' };
  const tokenRes = await fetch(`${url}/api/admin/csrf-token`, { headers: proxied });
  keep(tokenRes);
  const { csrfToken } = await tokenRes.json();
  const res = await fetch(`${url}/api/admin/login`, {
    method: 'POST',
    headers: { ...proxied, 'Content-Type': 'application/json', 'X-CSRF-Token': csrfToken, Cookie: cookie() },
    body: JSON.stringify({ username, password: PASSWORD, rememberMe: false }),
  });
  keep(res);
  const body = await res.json();
  if (res.status !== 200 || body.success !== true) throw new Error(`admin login ${username}: ${res.status} ${body.message ?? ''}`);
  return { headers: { ...proxied, 'Content-Type': 'application/json', 'X-CSRF-Token': body.csrfToken, Cookie: cookie() } };
}

/** The filters the orders screen sends, in the mix the load cycles through. */
function queries(now, seeded) {
  const range = (days) => ({ startDate: taipeiDay(now, days - 1), endDate: taipeiDay(now, 0) });
  const base = { limit: 10, offset: 0, keyword: '', status_code: '', payment_status: '' };
  return [
    { ...base, ...range(15) }, // the screen's default
    { ...base, ...range(15) },
    { ...base, ...range(15), offset: 10 },
    { ...base, ...range(1) },
    { ...base, ...range(3) },
    { ...base, ...range(30) },
    { ...base, ...range(30), status_code: 'paid' },
    { ...base, ...range(90), payment_status: 1 },
    { ...base, ...range(180), status_code: 'pending' },
    { ...base, startDate: '2000-01-01', endDate: taipeiDay(now, 0) },
    { ...base, startDate: '2000-01-01', endDate: taipeiDay(now, 0), offset: 200 },
    { ...base, ...range(180), keyword: seeded.phones[0] ?? '0912' },
    { ...base, ...range(15), keyword: '林志明' },
    { ...base, startDate: '2000-01-01', endDate: taipeiDay(now, 0), keyword: seeded.numbers[1] ?? 'BN' },
  ];
}

/** `15 days`, `all, offset 200`, `180 days, keyword 0912…` … */
function describeMix(b) {
  const days = b.startDate === '2000-01-01' ? 'all' : `${Math.round((Date.parse(b.endDate) - Date.parse(b.startDate)) / DAY_MS) + 1} days`;
  const extra = [b.status_code && `status ${b.status_code}`, b.payment_status !== '' && `payment ${b.payment_status}`, b.keyword && `keyword ${b.keyword}`, b.offset && `offset ${b.offset}`].filter(Boolean);
  return [days, ...extra].join(', ');
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

/** `staff` signed-in staff paging and filtering back to back for `seconds`. */
async function listLoad(url, sessions, bodies, { seconds, serverCpuMs }) {
  const latencies = [];
  /** Latencies per filter mix (index into `bodies`). */
  const perMix = bodies.map(() => []);
  const errors = [];
  const db = mariadbPid();
  const cpu0 = { server: serverCpuMs?.() ?? 0, db: db ? cpuMs(db) : 0, bench: process.cpuUsage(), machine: machineBusyMs() };
  const end = Date.now() + seconds * 1000;
  const t0 = performance.now();
  await Promise.all(
    sessions.map(async (s, w) => {
      for (let n = 0; Date.now() < end; n++) {
        const mix = (w * 5 + n) % bodies.length;
        const body = bodies[mix];
        const t = performance.now();
        try {
          const res = await fetch(`${url}/api/admin/getOrdersByPage`, { method: 'POST', headers: s.headers, body: JSON.stringify(body) });
          const json = await res.json();
          const ms = performance.now() - t;
          latencies.push(ms);
          perMix[mix].push(ms);
          if (res.status !== 200 || json.success !== true) errors.push(`${res.status} ${json.message ?? ''}`);
        } catch (err) {
          errors.push(err.message);
        }
        if (errors.length > 50) return;
      }
    }),
  );
  const elapsed = (performance.now() - t0) / 1000;
  latencies.sort((a, b) => a - b);
  const bench = process.cpuUsage(cpu0.bench);
  const mine = (serverCpuMs ? serverCpuMs() - cpu0.server : 0) + (db ? cpuMs(db) - cpu0.db : 0) + (bench.user + bench.system) / 1000;
  const others = (100 * Math.max(0, machineBusyMs() - cpu0.machine - mine)) / (elapsed * 1000);
  const n = Math.max(1, latencies.length);
  return {
    rps: latencies.length / elapsed,
    p50: pct(latencies, 50),
    p99: pct(latencies, 99),
    count: latencies.length,
    errors,
    perMix: perMix.map((l) => l.sort((a, b) => a - b)),
    cpu: { server: serverCpuMs ? (serverCpuMs() - cpu0.server) / n : NaN, db: db ? (cpuMs(db) - cpu0.db) / n : NaN, bench: (bench.user + bench.system) / 1000 / n, others },
  };
}

/** The paid total the list answers must equal: Σ (total − refunded) of paid orders in the range, by SQL. */
async function checkPaidTotal(url, databaseUrl, session, now) {
  const startDate = taipeiDay(now, 29);
  const endDate = taipeiDay(now, 0);
  const from = new Date(Date.parse(`${startDate}T00:00:00Z`) - TAIPEI_MS);
  const to = new Date(Date.parse(`${endDate}T00:00:00Z`) - TAIPEI_MS + DAY_MS);
  const mysql = await import('mysql2/promise');
  const c = await mysql.createConnection({ uri: databaseUrl, timezone: 'Z' });
  let expected;
  let count;
  try {
    const [[row]] = await c.query(
      'SELECT COUNT(*) AS n, COALESCE(SUM(CASE WHEN payment_status = 1 THEN total_amount - refunded_amount ELSE 0 END), 0) AS paid FROM orders WHERE created_at >= ? AND created_at < ?',
      [from, to],
    );
    expected = Number(row.paid);
    count = Number(row.n);
  } finally {
    await c.end();
  }
  const res = await fetch(`${url}/api/admin/getOrdersByPage`, { method: 'POST', headers: session.headers, body: JSON.stringify({ startDate, endDate }) });
  const body = await res.json();
  return { ok: body.total === count && body.totalPaidAmount === expected, got: `${body.total} orders, NT$ ${body.totalPaidAmount}`, expected: `${count} orders, NT$ ${expected}` };
}

/**
 * The bench section: seeds, signs the staff in, loads the list. `row(name, figure, budget, ok)` and
 * `note(text)` print as bench/run.mjs does; `budget.adminP99` (ms).
 */
export async function adminOrdersSection({ url, databaseUrl, distDir = join(root, 'dist'), serverCpuMs, seconds, budget, row, note }) {
  const t = performance.now();
  const seeded = await seedOrders(databaseUrl);
  const names = await createStaff(databaseUrl, distDir);
  note(`seeded ${ORDERS.toLocaleString('en-US')} orders over 180 days and ${names.length} staff in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  const sessions = [];
  for (const name of names) sessions.push(await signIn(url, name));
  const now = Date.now();
  const bodies = queries(now, seeded);
  // Warm-up (JIT, pools, caches of labels and methods), not measured.
  await listLoad(url, sessions, bodies, { seconds: 1 });
  const r = await listLoad(url, sessions, bodies, { seconds, serverCpuMs });
  const figure = `${r.rps.toFixed(0)} req/s  p50 ${r.p50.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms`;
  row(`POST /api/admin/getOrdersByPage @${sessions.length} staff`, figure, `p99 < ${budget.adminP99} ms`, r.errors.length === 0 && r.p99 < budget.adminP99);
  const f = (v) => (Number.isFinite(v) ? `${v.toFixed(1)} ms` : 'n/a');
  note(`${r.count} lists over ${bodies.length} filter mixes; CPU per list: server ${f(r.cpu.server)}, MariaDB ${f(r.cpu.db)}, bench client ${f(r.cpu.bench)}; other processes meanwhile ${r.cpu.others.toFixed(0)}% of a core`);
  if (r.errors.length) note(`errors: ${[...new Set(r.errors)].slice(0, 3).join(' | ')}`);
  const slowest = r.perMix
    .map((l, i) => ({ i, p50: pct(l, 50), p99: pct(l, 99) }))
    .sort((a, b) => b.p99 - a.p99)
    .slice(0, 3)
    .map(({ i, p50, p99 }) => `${describeMix(bodies[i])} p50 ${p50.toFixed(0)} / p99 ${p99.toFixed(0)} ms`);
  note(`slowest filters: ${slowest.join('; ')}`);
  const check = await checkPaidTotal(url, databaseUrl, sessions[0], now);
  row('admin list: total and paid total = SQL (30 days)', check.got, check.expected, check.ok);
}

// ---------------------------------------------------------------- alone: node bench/admin-orders.mjs


if (import.meta.url === `file://${process.argv[1]}`) {
  const distDir = resolve(process.env.BENCH_DIST ?? join(root, 'dist'));
  const env = {
    NODE_ENV: 'production',
    PORT: process.env.BENCH_PORT ?? '3312',
    DATABASE_URL: await freshMariaDb(process.env.BENCH_DATABASE ?? 'skinshop_bench_admin'),
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret',
    LOG_LEVEL: 'warn',
    MEDIA_DIR: 'var/bench-media',
    TRUST_PROXY: 'loopback',
    PROVIDER_SIMULATORS: 'true',
    ADMIN_INITIAL_PASSWORD: 'bench-owner-password',
  };
  const seconds = Number(process.env.BENCH_SECONDS ?? 10);
  console.log(`skinshop bench — admin orders list alone (${distDir}), MariaDB, 1 web process, ${seconds}s`);
  const first = await startBuilt(distDir, env); // migrates and seeds
  await first.stop();
  const server = await startBuilt(distDir, env);
  let failed = 0;
  const row = (name, figure, budget, ok) => {
    if (!ok) failed++;
    console.log(`${verdict(ok).padEnd(4)}  ${name.padEnd(44)} ${figure.padEnd(34)} budget ${budget}`);
  };
  try {
    await adminOrdersSection({ url: server.url, databaseUrl: env.DATABASE_URL, distDir, serverCpuMs: server.cpuMs, seconds, budget: { adminP99: 100 }, row, note: (s) => console.log(`      ${s}`) });
  } finally {
    await server.stop();
  }
  process.exit(failed ? 1 : 0);
}
