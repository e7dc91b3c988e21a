// The read path against the machine's ceiling (issue 23): each cached public read — the product
// list, a product page, the home page — as the shop answers it (gzip, a real answer captured over
// loopback: status, headers and the compressed bytes), replayed by a bare node:http server
// (bench/bare-server.mjs, a child process) for the same requests. wrk at 50 connections loads the
// shop and the bare server in turn (after a 2 s warm-up of each), `runs` × `seconds` each,
// alternating (shop first in odd rounds, bare first in even ones, so a drift of the machine weighs
// on both); the row prints both means and the ratio shop / bare against the budget.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { load, root } from './lib.mjs';

/** Headers node:http writes itself (the bare server's own, as the shop's are): not replayed. */
const OWN = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

/** Seconds per run: BENCH_READ_SECONDS, else BENCH_SECONDS, else 8. Runs per server: BENCH_READ_RUNS, else 3. */
export function readRunPlan() {
  const seconds = Number(process.env.BENCH_READ_SECONDS ?? process.env.BENCH_SECONDS ?? 8);
  const runs = Number(process.env.BENCH_READ_RUNS ?? 3);
  return { seconds: seconds > 0 ? seconds : 8, runs: Number.isInteger(runs) && runs > 0 ? runs : 3 };
}

/** One answer of the shop exactly as sent: status, raw headers (in order) and the body bytes, not decoded. */
export function capture(url, { method = 'GET', body, headers = {} } = {}) {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.request({ hostname: u.hostname, port: u.port, path: u.pathname + u.search, method, headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const pairs = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) pairs.push([res.rawHeaders[i], res.rawHeaders[i + 1]]);
        resolve({ method, path: u.pathname, status: res.statusCode, headers: pairs, body: Buffer.concat(chunks) });
      });
    });
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

/** Starts bench/bare-server.mjs on `port` (0: any free one) answering `answers` (from capture()); resolves with stop(). */
export async function startBare(port, answers) {
  const dir = mkdtempSync(join(tmpdir(), 'skinshop-bare-'));
  const file = join(dir, 'answers.json');
  writeFileSync(
    file,
    JSON.stringify(
      answers.map((a) => ({ method: a.method, path: a.path, status: a.status, headers: a.headers.filter(([k]) => !OWN.has(k.toLowerCase())), body: a.body.toString('base64') })),
    ),
  );
  const child = spawn(process.execPath, [join(root, 'bench/bare-server.mjs'), String(port), file], { stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  child.stderr.on('data', (d) => (err += d));
  const listening = await new Promise((resolve, reject) => {
    child.stdout.on('data', (d) => {
      const m = /ready (\d+)/.exec(String(d));
      if (m) resolve(Number(m[1]));
    });
    child.once('exit', (code) => reject(new Error(`bare server exited (${code}): ${err}`)));
  });
  return {
    url: `http://127.0.0.1:${listening}`,
    stop: () =>
      new Promise((done) => {
        rmSync(dir, { recursive: true, force: true });
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
}

/** The three cached public reads of a running shop (the `reads` targets), as wrk requests. */
export async function readTargets(url) {
  const list = await (await fetch(`${url}/api/load/loadProducts`)).json();
  const productId = list.products[0].product_id;
  // Browsers send it; the shop answers gzip (compressed once per cache fill).
  const gzip = { 'Accept-Encoding': 'gzip' };
  return [
    { name: 'GET /api/load/loadProducts', path: '/api/load/loadProducts', request: { headers: gzip } },
    { name: `GET /api/load/productD/${productId}`, path: `/api/load/productD/${productId}`, request: { headers: gzip } },
    {
      name: 'POST /api/load/homepage',
      path: '/api/load/homepage',
      request: { method: 'POST', body: JSON.stringify({ homeVersion: '', homeProductsVersion: '' }), headers: { ...gzip, 'Content-Type': 'application/json' } },
    },
  ];
}

const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;

/**
 * The `reads` rows: per target, the shop and the bare server alternating `runs` × `seconds` at
 * `connections`; a ratio row (budget.readRatio) and the shop's p99 (budget.p99, the worst run).
 */
export async function readRatioSection({ url, barePort = 0, connections = 50, seconds, runs, budget, row, note }) {
  const targets = await readTargets(url);
  const answers = [];
  for (const t of targets) {
    const a = await capture(`${url}${t.path}`, t.request);
    if (a.status !== 200) throw new Error(`${t.name}: ${a.status} ${a.body.toString('utf8').slice(0, 120)}`);
    answers.push(a);
  }
  const bare = await startBare(barePort, answers);
  try {
    note(`wrk -c ${connections}, Accept-Encoding: gzip; shop and a bare node:http server replaying the shop's captured answer (status, headers, bytes), 2 s warm-up, then ${runs} × ${seconds} s each, alternating`);
    for (const [i, t] of targets.entries()) {
      const a = answers[i];
      const encoding = a.headers.find(([k]) => k.toLowerCase() === 'content-encoding')?.[1] ?? 'identity';
      // Warm-up, not counted: the first seconds of a Node process are spent compiling (JIT).
      for (const base of [url, bare.url]) await load(`${base}${t.path}`, { connections, seconds: Math.min(2, seconds), ...t.request });
      const shop = [];
      const ceiling = [];
      for (let r = 0; r < runs; r++) {
        const order = r % 2 === 0 ? ['shop', 'bare'] : ['bare', 'shop'];
        for (const who of order) {
          const res = await load(`${who === 'shop' ? url : bare.url}${t.path}`, { connections, seconds, ...t.request });
          (who === 'shop' ? shop : ceiling).push(res);
        }
      }
      const clean = [...shop, ...ceiling].every((r) => !r.non2xx && !r.errors);
      const s = mean(shop.map((r) => r.rps));
      const b = mean(ceiling.map((r) => r.rps));
      const ratio = s / b;
      row(
        `${t.name} @${connections} ÷ bare node:http`,
        `${s.toFixed(0)} / ${b.toFixed(0)} req/s = ${ratio.toFixed(2)}`,
        `≥ ${budget.readRatio}`,
        clean && ratio >= budget.readRatio,
      );
      const p99 = Math.max(...shop.map((r) => r.p99));
      row(`${t.name} @${connections} p99 (worst run)`, `${p99.toFixed(1)} ms (bare ${Math.max(...ceiling.map((r) => r.p99)).toFixed(1)} ms)`, `< ${budget.p99} ms`, clean && p99 < budget.p99);
      note(`runs: shop ${shop.map((r) => r.rps.toFixed(0)).join(' / ')}, bare ${ceiling.map((r) => r.rps.toFixed(0)).join(' / ')} req/s; ${a.body.length} B ${encoding}, ${a.headers.length} headers`);
      for (const r of [...shop, ...ceiling].filter((x) => x.non2xx || x.errors)) note(`non-2xx: ${r.non2xx} ${r.errors ?? ''}`);
    }
  } finally {
    await bare.stop();
  }
}
