// Login throughput: members created with the real hashing code, each login a fresh visitor
// session (GET /api/csrf-token, then POST /api/login/basic-login with the token), as the shop's
// login page does. Password logins are bound by argon2id, so the cost of one hash is printed too.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { root } from './lib.mjs';

const require = createRequire(import.meta.url);
const PASSWORD = 'Bench1234';

/** The server's own hasher and parameters (dist/modules/auth/passwords.js). */
function hasherModule() {
  return require(join(root, 'dist/modules/auth/passwords.js'));
}

/** Mean time of one argon2id hash and one verify with the server's parameters, in this process. */
export async function argon2Cost(rounds = 5) {
  const { PasswordHasher, ARGON2_OPTIONS } = hasherModule();
  const hasher = new PasswordHasher();
  let hash = await hasher.hash(PASSWORD); // warm-up
  let t = performance.now();
  for (let i = 0; i < rounds; i++) hash = await hasher.hash(PASSWORD);
  const hashMs = (performance.now() - t) / rounds;
  t = performance.now();
  for (let i = 0; i < rounds; i++) if (!(await hasher.verify(hash, PASSWORD))) throw new Error('argon2 verify failed');
  const verifyMs = (performance.now() - t) / rounds;
  const { memoryCost: m, timeCost: tc, parallelism: p } = ARGON2_OPTIONS;
  return { hashMs, verifyMs, params: `m=${m},t=${tc},p=${p}` };
}

/** Inserts `count` password members (phones 0990000000…), hashed by the server's PasswordHasher. */
export async function createMembers(databaseUrl, count) {
  const { PasswordHasher } = hasherModule();
  const hasher = new PasswordHasher();
  const mysql = await import('mysql2/promise');
  const c = await mysql.createConnection(databaseUrl);
  const phones = [];
  try {
    for (let i = 0; i < count; i++) {
      // 0980…: a valid Taiwan mobile range (09 + 0–8), unlikely to collide with demo data.
      const phone = `0980${String(i).padStart(6, '0')}`;
      const hash = await hasher.hash(PASSWORD);
      const [r] = await c.query(
        "INSERT INTO users (account, phone, password_hash, username, gender, birthday) VALUES (?, ?, ?, '', '', NULL)",
        [phone, phone, hash],
      );
      await c.query('INSERT INTO user_configs (user_id) VALUES (?)', [r.insertId]);
      phones.push(phone);
    }
  } finally {
    await c.end();
  }
  return phones;
}

function cookieOf(res) {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** One login as a new visitor; returns the login request's latency in ms. */
async function loginOnce(url, account) {
  // The server runs as in production (Secure session cookie): we are the TLS-terminating proxy.
  const proxied = { 'X-Forwarded-Proto': 'https' };
  const tokenRes = await fetch(`${url}/api/csrf-token`, { headers: proxied });
  const cookie = cookieOf(tokenRes);
  const { csrfToken } = await tokenRes.json();
  const t = performance.now();
  const res = await fetch(`${url}/api/login/basic-login`, {
    method: 'POST',
    headers: { ...proxied, 'Content-Type': 'application/json', 'X-CSRF-Token': csrfToken, Cookie: cookie },
    body: JSON.stringify({ account, password: PASSWORD }),
  });
  const ms = performance.now() - t;
  const body = await res.json();
  if (res.status !== 200 || body.success !== true) throw new Error(`login ${account}: ${res.status} ${body.message ?? ''}`);
  return ms;
}

/**
 * `connections` visitors logging in back to back for `seconds`, each with its own accounts
 * (an account is never used by two at once, so the per-account throttle sees one attempt at a time).
 */
export async function loginLoad(url, accounts, { connections, seconds }) {
  const latencies = [];
  const errors = [];
  const end = Date.now() + seconds * 1000;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async (_, w) => {
      const mine = accounts.filter((_a, i) => i % connections === w);
      for (let n = 0; Date.now() < end; n++) {
        try {
          latencies.push(await loginOnce(url, mine[n % mine.length]));
        } catch (err) {
          errors.push(err.message);
          if (errors.length > 20) return;
        }
      }
    }),
  );
  const elapsed = (performance.now() - t0) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? NaN;
  return { rps: latencies.length / elapsed, p50: pct(50), p99: pct(99), count: latencies.length, errors };
}
