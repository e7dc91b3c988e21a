// Shared bench helpers: start the built server, load it with wrk (or autocannon), read RSS.
import { execFile, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

export const root = new URL('..', import.meta.url).pathname;

export function hasWrk() {
  return spawnSync('wrk', ['--version']).error === undefined;
}

/** The node flags `npm start` runs the web process with (package.json), so the bench measures the same process. */
export function startFlags() {
  const start = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts.start;
  const m = /^node\s+(.*?)\s*dist\/main\.js$/.exec(start);
  if (!m) throw new Error(`unexpected start script: ${start}`);
  return m[1].split(/\s+/).filter(Boolean);
}

/** Starts `node <npm start's flags> dist/main.js`; resolves once /api/health answers 200, with the time it took. */
export async function startServer(env, { timeoutMs = 60000 } = {}) {
  const url = `http://127.0.0.1:${env.PORT}`;
  const taken = await fetch(`${url}/api/health`).then(() => true, () => false);
  if (taken) throw new Error(`port ${env.PORT} is already in use: stop that process or set BENCH_PORT`);
  const t0 = process.hrtime.bigint();
  // BENCH_NODE_FLAGS: more node flags for the server, e.g. `--cpu-prof --cpu-prof-dir=var/prof` to see where its time goes.
  const extra = (process.env.BENCH_NODE_FLAGS ?? '').split(/\s+/).filter(Boolean);
  const child = spawn(process.execPath, [...startFlags(), ...extra, join(root, 'dist/main.js')], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}): ${stderr}`);
    try {
      const r = await fetch(`${url}/api/health`);
      if (r.status === 200) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`server did not answer within ${timeoutMs} ms: ${stderr}`);
    await new Promise((r) => setTimeout(r, 10));
  }
  const readyMs = Number(process.hrtime.bigint() - t0) / 1e6;
  return {
    url,
    pid: child.pid,
    readyMs,
    /** Largest resident set among the server's processes (the primary and, in cluster mode, its workers). */
    rssMb: () => Math.max(...processTree(child.pid).map(rssMb)),
    /** CPU time used so far by the server's processes, in ms. */
    cpuMs: () => processTree(child.pid).reduce((sum, pid) => sum + cpuMs(pid), 0),
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** CPU time (user + system) a process has used so far, in ms; 0 when it cannot be read. */
export function cpuMs(pid) {
  try {
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks();
  } catch {
    return 0;
  }
}

/** CPU time (ms) all the machine's cores have spent busy so far (/proc/stat), and the number of cores. */
export function machineBusyMs() {
  try {
    const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal: busy = all but idle and iowait.
    const busy = cpu.slice(0, 8).reduce((a, b) => a + b, 0) - cpu[3] - cpu[4];
    return (busy * 1000) / clockTicks();
  } catch {
    return NaN;
  }
}

let ticks;
/** Kernel clock ticks per second (/proc CPU times are in ticks). */
export function clockTicks() {
  if (ticks === undefined) {
    const r = spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' });
    ticks = Number(r.stdout?.trim()) || 100;
  }
  return ticks;
}

/** The local MariaDB server's pid (to read its CPU time), or undefined (not found, or a remote server). */
export function mariadbPid() {
  for (const name of ['mariadbd', 'mysqld']) {
    const r = spawnSync('pgrep', ['-x', name], { encoding: 'utf8' });
    const pid = Number(r.stdout?.trim().split('\n')[0]);
    if (pid) return pid;
  }
  return undefined;
}

export function processTree(pid) {
  const kids = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  return [pid, ...kids];
}

export function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

function ms(s) {
  const m = /([\d.]+)(us|ms|s)/.exec(s);
  if (!m) return NaN;
  const v = Number(m[1]);
  return m[2] === 'us' ? v / 1000 : m[2] === 's' ? v * 1000 : v;
}

/**
 * Loads `url` for `seconds` with `connections`; returns req/s, p50 and p99 in ms.
 * `method`, `body` and `headers` (e.g. a JSON POST) go to wrk through a Lua script.
 */
export async function load(url, { connections, seconds = 10, threads = 2, method = 'GET', body, headers = {} }) {
  if (hasWrk()) {
    const args = ['-t', String(Math.min(threads, connections)), '-c', String(connections), '-d', `${seconds}s`, '--latency'];
    let dir;
    if (method !== 'GET' || body !== undefined || Object.keys(headers).length) {
      dir = mkdtempSync(join(tmpdir(), 'skinshop-wrk-'));
      const lua = [
        `wrk.method = ${JSON.stringify(method)}`,
        ...(body !== undefined ? [`wrk.body = ${JSON.stringify(body)}`] : []),
        ...Object.entries(headers).map(([k, v]) => `wrk.headers[${JSON.stringify(k)}] = ${JSON.stringify(v)}`),
      ].join('\n');
      writeFileSync(join(dir, 'request.lua'), `${lua}\n`);
      args.push('-s', join(dir, 'request.lua'));
    }
    let out;
    try {
      // Asynchronous: two wrk processes may load two servers at once (the scale section).
      out = (await promisify(execFile)('wrk', [...args, url], { encoding: 'utf8' })).stdout;
    } finally {
      if (dir) rmSync(dir, { recursive: true, force: true });
    }
    const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
    const p50 = ms(/\n\s+50%\s+(\S+)/.exec(out)?.[1] ?? '');
    const p99 = ms(/\n\s+99%\s+(\S+)/.exec(out)?.[1] ?? '');
    const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0);
    const errors = /Socket errors:.*/.exec(out)?.[0];
    return { tool: 'wrk', rps, p50, p99, non2xx, errors };
  }
  const { default: autocannon } = await import('autocannon');
  const r = await autocannon({ url, connections, duration: seconds, method, body, headers });
  return { tool: 'autocannon', rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors ? `${r.errors} errors` : undefined };
}

export function verdict(ok) {
  return ok ? 'PASS' : 'FAIL';
}

export function mariadbUrl() {
  return process.env.MARIADB_URL ?? 'mysql://skinshop:skinshop@127.0.0.1:3306';
}

export async function freshMariaDb(name) {
  const mysql = await import('mysql2/promise');
  const c = await mysql.createConnection(mariadbUrl());
  await c.query(`DROP DATABASE IF EXISTS \`${name}\``);
  await c.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await c.end();
  return `${mariadbUrl()}/${name}`;
}

export function builtClientExists() {
  return existsSync(join(root, 'client/dist/.vite/manifest.json'));
}

/**
 * The built server of `distDir` (the `npm start` flags plus BENCH_NODE_FLAGS) with `env`, once
 * /api/health answers: its URL, the CPU of its process tree so far, and stop().
 */
export async function startBuilt(distDir, env) {
  const url = `http://127.0.0.1:${env.PORT}`;
  // BENCH_NODE_FLAGS: more node flags for the server (e.g. `--cpu-prof --cpu-prof-dir=var/prof`), as in lib.mjs.
  const extra = (process.env.BENCH_NODE_FLAGS ?? '').split(/\s+/).filter(Boolean);
  const child = spawn(process.execPath, [...startFlags(), ...extra, join(distDir, 'main.js')], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}): ${stderr}`);
    const up = await fetch(`${url}/api/health`).then((r) => r.status === 200, () => false);
    if (up) break;
    if (Date.now() > deadline) throw new Error(`server did not answer: ${stderr}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url,
    cpuMs: () => processTree(child.pid).reduce((sum, pid) => sum + cpuMs(pid), 0),
    stop: () => new Promise((done) => (child.exitCode !== null ? done() : (child.once('exit', () => done()), child.kill('SIGTERM')))),
  };
}

/**
 * `node dist/worker.js` (job processors, no HTTP) with `env`; resolves once it logs that it
 * processes the queues, with the time it took, its CPU so far and stop().
 */
export async function startWorker(env, { timeoutMs = 60000 } = {}) {
  const t0 = process.hrtime.bigint();
  const child = spawn(process.execPath, [join(root, 'dist/worker.js')], { cwd: root, env: { ...process.env, ...env, LOG_LEVEL: 'info' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const keep = (d) => (out = (out + d).slice(-20_000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const deadline = Date.now() + timeoutMs;
  while (!out.includes('processing BullMQ queues')) {
    if (child.exitCode !== null) throw new Error(`worker exited (${child.exitCode}): ${out.slice(-2000)}`);
    if (Date.now() > deadline) throw new Error(`worker not ready within ${timeoutMs} ms: ${out.slice(-2000)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  // Ready: stop keeping its (info-level) log.
  child.stdout.removeListener('data', keep);
  child.stdout.resume();
  return {
    pid: child.pid,
    readyMs: Number(process.hrtime.bigint() - t0) / 1e6,
    cpuMs: () => cpuMs(child.pid),
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** A free TCP port on loopback (for a child server that must be addressed by its own port). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const s = createNetServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/**
 * Waits until the shop's server and MariaDB are idle (under `idlePct` of a core over a second), so a
 * section is not measured while the jobs an earlier section queued still run (e.g. the checkout
 * section's 20,000 order e-mails, the rewards section's 10,000 expiry reminders). Answers the
 * seconds waited and whether they went idle within `maxSeconds`.
 */
export async function settle(serverCpuMs, { idlePct = 5, maxSeconds = 600 } = {}) {
  const db = mariadbPid();
  const busy = () => serverCpuMs() + (db ? cpuMs(db) : 0);
  const t0 = Date.now();
  for (;;) {
    const before = busy();
    await new Promise((r) => setTimeout(r, 1000));
    if (((busy() - before) / 1000) * 100 < idlePct) return { seconds: (Date.now() - t0) / 1000, idle: true };
    if (Date.now() - t0 > maxSeconds * 1000) return { seconds: (Date.now() - t0) / 1000, idle: false };
  }
}
