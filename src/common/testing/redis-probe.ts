import { spawnSync } from 'node:child_process';

/** The Redis server suites use: REDIS_URL, else the local default. */
export const TEST_REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * Synchronous TCP probe, so a suite can choose `describe` or `describe.skip` at load time.
 * Without Redis a suite skips with a printed notice, except under CI=true, where it fails.
 */
export function redisSuite(what: string, url = TEST_REDIS_URL): boolean {
  const { hostname, port } = new URL(url);
  const host = hostname.replace(/^\[|\]$/g, '') || '127.0.0.1';
  const probe = `const s=require('net').connect(${Number(port) || 6379},${JSON.stringify(host)});s.setTimeout(1500);s.on('connect',()=>process.exit(0));s.on('error',()=>process.exit(1));s.on('timeout',()=>process.exit(1));`;
  const up = spawnSync(process.execPath, ['-e', probe], { timeout: 5000 }).status === 0;
  if (!up && process.env.CI === 'true') throw new Error(`Redis not reachable at ${url}: the ${what} must run in CI`);
  if (!up) console.warn(`SKIP: Redis not reachable at ${url}; ${what} skipped (they are required when CI=true)`);
  return up;
}
