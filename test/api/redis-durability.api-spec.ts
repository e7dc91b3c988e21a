import { Logger } from '@nestjs/common';
import { existsSync } from 'node:fs';
import request from 'supertest';
import { REDIS_SERVER, RedisProcess, startRedis } from '../helpers/processes';
import { createTestApp } from '../helpers/test-app';

const PRODUCTION = { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32), LOG_LEVEL: 'silent' };

/** These tests start redis-servers of their own; without the binary they skip (they fail under CI=true). */
function redisServerInstalled(): boolean {
  if (existsSync(REDIS_SERVER)) return true;
  if (process.env.CI === 'true') throw new Error(`${REDIS_SERVER} missing: the Redis durability tests must run in CI`);
  console.warn(`⚠ SKIP: ${REDIS_SERVER} missing (apt-get install redis-server); Redis durability tests skipped`);
  return false;
}

/**
 * Redis as a durable store: a production web process reads `appendonly` and `maxmemory-policy`
 * at boot, logs what is at risk, and shows the reading in /api/health. Each case runs against a
 * redis-server of its own, configured as the case needs.
 */
(redisServerInstalled() ? describe : describe.skip)('Redis durability check (production)', () => {
  let errors: jest.SpyInstance;
  let warnings: jest.SpyInstance;
  beforeEach(() => {
    errors = jest.spyOn(Logger.prototype, 'error');
    warnings = jest.spyOn(Logger.prototype, 'warn');
    // BullMQ prints its own eviction-policy notice on the console; the app's check is what is tested here.
    const warn = console.warn.bind(console);
    jest.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => (String(args[0]).startsWith('IMPORTANT! Eviction policy') ? undefined : warn(...args)));
  });
  afterEach(() => jest.restoreAllMocks());

  /** Boots a production app on a fresh redis-server (AOF on when `durable`, then `args`); answers its /api/health body. */
  async function healthOn(redisOpts: { durable?: boolean; args?: string[] }, env: Record<string, string> = PRODUCTION) {
    const redis: RedisProcess = await startRedis(redisOpts);
    try {
      const t = await createTestApp({ ...env, REDIS_URL: redis.url });
      try {
        return (await request(t.http).get('/api/health').expect(200)).body;
      } finally {
        await t.close();
      }
    } finally {
      await redis.stop();
    }
  }

  const riskLines = (spy: jest.SpyInstance) => spy.mock.calls.map((c) => String(c[0])).filter((m) => m.includes('sessions and rate-limit counters'));

  it('warns loudly when Redis keeps no append-only file and evicts keys', async () => {
    const body = await healthOn({ args: ['--maxmemory-policy', 'allkeys-lru'] });
    expect(body).toMatchObject({ success: true, status: 'ok', redis: 'up' });
    expect(body.redisDurability).toEqual({
      durable: false,
      appendonly: 'no',
      maxmemoryPolicy: 'allkeys-lru',
      warning: expect.stringMatching(/appendonly=no.*maxmemory-policy=allkeys-lru.*queued jobs, sessions and rate-limit counters.*appendonly yes.*noeviction/),
    });
    const logged = riskLines(errors);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toBe(body.redisDurability.warning);
  });

  it('names the one setting that is wrong (AOF on, but keys evicted)', async () => {
    const body = await healthOn({ durable: true, args: ['--maxmemory-policy', 'volatile-ttl'] });
    expect(body.redisDurability).toMatchObject({ durable: false, appendonly: 'yes', maxmemoryPolicy: 'volatile-ttl' });
    expect(body.redisDurability.warning).not.toContain('appendonly=');
    expect(riskLines(errors)).toHaveLength(1);
  });

  it('is quiet when AOF is on and the policy is noeviction', async () => {
    const body = await healthOn({ durable: true });
    expect(body.redisDurability).toEqual({ durable: true, appendonly: 'yes', maxmemoryPolicy: 'noeviction' });
    expect(riskLines(errors)).toEqual([]);
    expect(riskLines(warnings)).toEqual([]);
  });

  it('says "unknown" (a warning, not a failure) when CONFIG is disabled, as on managed Redis', async () => {
    const body = await healthOn({ args: ['--rename-command', 'CONFIG', ''] });
    expect(body).toMatchObject({ success: true, redis: 'up' });
    expect(body.redisDurability).toEqual({
      durable: 'unknown',
      appendonly: 'unknown',
      maxmemoryPolicy: 'unknown',
      warning: expect.stringContaining('could not be read'),
    });
    expect(riskLines(errors)).toEqual([]);
    expect(riskLines(warnings)).toHaveLength(1);
  });

  it('does not check outside production', async () => {
    const body = await healthOn({}, { LOG_LEVEL: 'silent' });
    expect(body).toMatchObject({ success: true, redis: 'up' });
    expect(body.redisDurability).toBeUndefined();
    expect(riskLines(errors)).toEqual([]);
  });
});
