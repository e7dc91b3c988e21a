import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A redis-server of a test's own (never the shared one): its URL, and `stop()` to end it. */
export interface OwnRedis {
  url: string;
  port: number;
  stop(): Promise<void>;
}

/**
 * Whether `redis-server` can be started here. Without it a suite skips with a printed notice,
 * except under CI=true, where it fails.
 */
export function redisServerAvailable(what: string): boolean {
  const ok = spawnSync('redis-server', ['--version'], { timeout: 5000 }).status === 0;
  if (!ok && process.env.CI === 'true') throw new Error(`redis-server not installed: the ${what} must run in CI`);
  if (!ok) console.warn(`SKIP: redis-server not installed; ${what} skipped (they are required when CI=true)`);
  return ok;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

function accepting(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = createConnection({ host: '127.0.0.1', port }, () => (s.destroy(), resolve(true)));
    s.on('error', () => resolve(false));
  });
}

/**
 * Starts `redis-server` on a free local port with `args` (e.g. `['--appendonly', 'no']`),
 * in a temp directory (no snapshot unless `args` asks), and waits until it accepts connections.
 */
export async function startRedisServer(args: string[] = []): Promise<OwnRedis> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'skinshop-redis-'));
  const child: ChildProcess = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', ...args], {
    stdio: 'ignore',
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) break;
    if (await accepting(port)) return { url: `redis://127.0.0.1:${port}`, port, stop };
    await new Promise((r) => setTimeout(r, 50));
  }
  await stop();
  throw new Error(`redis-server ${args.join(' ')} did not start on port ${port}`);
}
