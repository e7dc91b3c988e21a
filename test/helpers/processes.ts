import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { Server as HttpServer } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';

/**
 * Real processes for the fault tests: the built server (`dist/main.js`, `dist/worker.js`) and
 * private Redis servers, started, killed with SIGKILL and restarted by the test itself. The
 * shared MariaDB and Redis of the machine are never stopped.
 */

const ROOT = join(__dirname, '..', '..');
export const DIST_MAIN = join(ROOT, 'dist', 'main.js');
export const DIST_WORKER = join(ROOT, 'dist', 'worker.js');
export const REDIS_SERVER = process.env.REDIS_SERVER_BIN ?? '/usr/bin/redis-server';

/** Why these tests cannot run here, or undefined. With CI=true a missing part fails instead. */
export function processTestsUnavailable(opts: { redis?: boolean } = {}): string | undefined {
  const missing: string[] = [];
  if (!existsSync(DIST_MAIN)) missing.push('dist/ (run `npm run build`)');
  if (opts.redis && !existsSync(REDIS_SERVER)) missing.push(`${REDIS_SERVER} (apt-get install redis-server)`);
  if (missing.length === 0) return undefined;
  const why = `fault tests need ${missing.join(' and ')}`;
  if (process.env.CI === 'true') throw new Error(why);
  console.warn(`⚠ SKIP: ${why}`);
  return why;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/**
 * A port held open until a server takes it over: `listen(server)` hands the listening socket to
 * `server` (node's `server.listen(handle)`), so no other process can take the port between
 * choosing it and listening on it — as can happen with freePort(), whose port is free again
 * for any connect() or listen() of the machine while the app boots.
 */
export interface ReservedPort {
  port: number;
  listen(server: HttpServer): Promise<void>;
}

export async function reservePort(): Promise<ReservedPort> {
  const holder = createServer();
  await new Promise<void>((resolve, reject) => {
    holder.once('error', reject);
    holder.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = holder.address() as AddressInfo;
  return {
    port,
    listen: (server) =>
      new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(holder, () => resolve());
      }),
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it returns a value (not undefined/false) or the deadline passes. */
export async function eventually<T>(check: () => Promise<T | undefined | false> | T | undefined | false, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const v = await check();
      if (v !== undefined && v !== false) return v;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${last ? `: ${(last as Error).message}` : ''}`);
    await sleep(50);
  }
}

export interface NodeProcess {
  proc: ChildProcess;
  /** What the process printed (stdout + stderr), for failure messages. */
  output(): string;
  /** SIGKILL: no shutdown hook runs. Resolves once the process is gone. */
  kill9(): Promise<void>;
  /** SIGTERM, then SIGKILL after 10 s. */
  stop(): Promise<void>;
}

function startNode(script: string, env: Record<string, string>): NodeProcess {
  const proc = spawn(process.execPath, [script], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const keep = (b: Buffer) => {
    out = (out + b.toString()).slice(-20_000);
  };
  proc.stdout?.on('data', keep);
  proc.stderr?.on('data', keep);
  const gone = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  const signal = async (sig: NodeJS.Signals) => {
    if (proc.exitCode !== null || proc.signalCode !== null) return;
    proc.kill(sig);
    await gone;
  };
  return {
    proc,
    output: () => out,
    kill9: () => signal('SIGKILL'),
    async stop() {
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      const timer = setTimeout(() => proc.kill('SIGKILL'), 10_000);
      await signal('SIGTERM');
      clearTimeout(timer);
    },
  };
}

export interface WebProcess extends NodeProcess {
  url: string;
}

/** `node dist/main.js` on a free port; resolves once /api/health answers. */
export async function startWeb(env: Record<string, string>): Promise<WebProcess> {
  const port = await freePort();
  const p = startNode(DIST_MAIN, { NODE_ENV: 'test', HOST: '127.0.0.1', ...env, PORT: String(port) });
  const url = `http://127.0.0.1:${port}`;
  try {
    await eventually(
      async () => {
        if (p.proc.exitCode !== null) throw new Error(`server exited (${p.proc.exitCode})`);
        const res = await fetch(`${url}/api/health`);
        return res.status === 200 || res.status === 503;
      },
      60_000,
      'the server to answer /api/health',
    );
  } catch (err) {
    await p.kill9();
    throw new Error(`${(err as Error).message}\n${p.output()}`);
  }
  return { ...p, url };
}

/** `node dist/worker.js` (job processors only). */
export function startWorker(env: Record<string, string>): NodeProcess {
  return startNode(DIST_WORKER, { NODE_ENV: 'test', ...env });
}

export interface RedisProcess {
  url: string;
  port: number;
  /** Stops it without saving (a restart comes back empty, as Redis without persistence). */
  stop(): Promise<void>;
  /** Starts it again on the same port. */
  restart(): Promise<void>;
}

/**
 * A private redis-server (no persistence unless `durable`), so an outage hurts nobody else.
 * `args` are further redis-server options (they override the ones above, e.g. `--maxmemory-policy`).
 */
export async function startRedis(opts: { durable?: boolean; args?: string[] } = {}): Promise<RedisProcess> {
  const port = await freePort();
  let proc: ChildProcess | undefined;
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--daemonize', 'no', '--dir', '/tmp'];
  if (opts.durable) args.push('--appendonly', 'yes', '--appendfilename', `skinshop-test-${port}.aof`, '--maxmemory-policy', 'noeviction');
  else args.push('--appendonly', 'no');
  args.push(...(opts.args ?? []));
  const up = async () => {
    proc = spawn(REDIS_SERVER, args, { stdio: 'ignore' });
    await eventually(() => spawnSync('redis-cli', ['-p', String(port), 'ping'], { encoding: 'utf8' }).stdout.trim() === 'PONG', 10_000, 'redis-server');
  };
  const down = async () => {
    if (!proc || proc.exitCode !== null) return;
    const gone = new Promise<void>((resolve) => proc?.once('exit', () => resolve()));
    proc.kill('SIGKILL');
    await gone;
  };
  await up();
  return { url: `redis://127.0.0.1:${port}`, port, stop: down, restart: up };
}

/** A visitor's contact message through the real HTTP API: CSRF token and cookie first, from its own address. */
export async function postContact(baseUrl: string, ip: string, body: object): Promise<{ status: number; body: { success?: boolean; message?: string } }> {
  const headers: Record<string, string> = { 'X-Forwarded-For': ip };
  const tokenRes = await fetch(`${baseUrl}/api/csrf-token`, { headers });
  const cookies = tokenRes.headers.getSetCookie().map((c) => c.split(';')[0]);
  const { csrfToken } = (await tokenRes.json()) as { csrfToken: string };
  const res = await fetch(`${baseUrl}/api/email/contactSend`, {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/json', 'X-CSRF-Token': csrfToken, Cookie: cookies.join('; ') },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { success?: boolean; message?: string } };
}
