import Redis from 'ioredis';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { createTempDatabase, describeMariaDb } from '../../database/testing/databases';
import { redisSuite, TEST_REDIS_URL } from '../testing/redis-probe';
import { RateLimit } from './rate-limit.entity';
import { RateLimiter, rateLimiterStore, rateLimitRule } from './rate-limiter';
import { pruneRateLimits } from './typeorm-rate-limiter';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const unique = () => randomBytes(4).toString('hex');

/** Every store must count the same way, also under concurrency. */
function contract(make: () => Promise<{ limiter: RateLimiter; close: () => Promise<void> }>) {
  let limiter: RateLimiter;
  let close: () => Promise<void>;
  beforeAll(async () => ({ limiter, close } = await make()));
  afterAll(async () => close());
  const rule = (points: number, seconds = 60) => rateLimitRule(`t-${unique()}`, points, seconds);

  it('allows the rule’s points in a window, then refuses with the time left', async () => {
    const r = rule(2);
    expect(await limiter.peek(r, 'k')).toEqual({ consumed: 0, remaining: 2, msBeforeNext: 0 });
    expect(await limiter.consume(r, 'k')).toMatchObject({ allowed: true, consumed: 1, remaining: 1 });
    expect(await limiter.consume(r, 'k')).toMatchObject({ allowed: true, consumed: 2, remaining: 0 });
    const refused = await limiter.consume(r, 'k');
    expect(refused).toMatchObject({ allowed: false, consumed: 3, remaining: 0 });
    expect(refused.msBeforeNext).toBeGreaterThan(58_000);
    expect(refused.msBeforeNext).toBeLessThanOrEqual(60_000);
    expect((await limiter.consume(r, 'other')).allowed).toBe(true);
  });

  it('starts a new window after the old one ends, and on reset', async () => {
    const r = rule(1, 1);
    await limiter.consume(r, 'k');
    expect((await limiter.consume(r, 'k')).allowed).toBe(false);
    await sleep(1100);
    expect(await limiter.peek(r, 'k')).toMatchObject({ consumed: 0 });
    expect(await limiter.consume(r, 'k')).toMatchObject({ allowed: true, consumed: 1 });
    await limiter.reset(r, 'k');
    expect((await limiter.peek(r, 'k')).consumed).toBe(0);
    expect((await limiter.consume(r, 'k')).allowed).toBe(true);
  });

  it('opens a window of a given length when asked (daily caps end at midnight)', async () => {
    const r = rule(1, 3600);
    expect((await limiter.consume(r, 'day', { durationSeconds: 1 })).msBeforeNext).toBeLessThanOrEqual(1000);
    expect((await limiter.consume(r, 'day', { durationSeconds: 1 })).allowed).toBe(false);
    await sleep(1100);
    expect((await limiter.consume(r, 'day', { durationSeconds: 1 })).allowed).toBe(true);
  });

  it('counts penalties without refusing, and peeks without counting', async () => {
    const r = rule(2);
    for (let i = 0; i < 3; i++) await limiter.penalty(r, 'k');
    expect(await limiter.peek(r, 'k')).toMatchObject({ consumed: 3, remaining: 0 });
    expect((await limiter.peek(r, 'k')).consumed).toBe(3);
  });

  it('loses no hit and lets none past the limit under concurrency', async () => {
    const r = rule(10);
    const results = await Promise.all(Array.from({ length: 25 }, () => limiter.consume(r, 'burst')));
    expect(results.filter((d) => d.allowed)).toHaveLength(10);
    expect(results.map((d) => d.consumed).sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    expect((await limiter.peek(r, 'burst')).consumed).toBe(25);
  });

  it('takes long keys (an account name of any length)', async () => {
    const r = rule(1);
    const long = `${'帳'.repeat(150)}:203.0.113.9`;
    expect((await limiter.consume(r, long)).allowed).toBe(true);
    expect((await limiter.consume(r, long)).allowed).toBe(false);
    expect((await limiter.consume(r, `${long}x`)).allowed).toBe(true);
  });
}

/** The table store on a database with only `rate_limits`. */
async function tableStore(ds: DataSource) {
  await ds.initialize();
  return {
    limiter: new RateLimiter(rateLimiterStore({ dataSource: ds })),
    close: async () => {
      // Every window ends: the prune empties the table.
      await ds.getRepository(RateLimit).createQueryBuilder().update().set({ expires_at: new Date(Date.now() - 1000) }).execute();
      expect(await pruneRateLimits(ds)).toBeGreaterThan(0);
      expect(await ds.getRepository(RateLimit).count()).toBe(0);
      await ds.destroy();
    },
  };
}

describe('RateLimiter on the rate_limits table (SQLite)', () => {
  contract(() => tableStore(new DataSource({ type: 'better-sqlite3', database: ':memory:', entities: [RateLimit], synchronize: true })));
});

describeMariaDb('RateLimiter on the rate_limits table (MariaDB)', () => {
  contract(async () => {
    const db = await createTempDatabase('mysql');
    const u = new URL(db.url);
    const ds = new DataSource({
      type: 'mariadb',
      host: u.hostname,
      port: Number(u.port || 3306),
      username: decodeURIComponent(u.username),
      password: decodeURIComponent(u.password),
      database: u.pathname.slice(1),
      timezone: 'Z',
      entities: [RateLimit],
      synchronize: true,
    });
    const store = await tableStore(ds);
    return { limiter: store.limiter, close: async () => (await store.close(), await db.drop()) };
  });
});

(redisSuite('rate limiter Redis tests') ? describe : describe.skip)('RateLimiter on Redis', () => {
  contract(async () => {
    const redis = new Redis(TEST_REDIS_URL);
    return { limiter: new RateLimiter(rateLimiterStore({ redis, prefix: `skinshop-unit-${unique()}` })), close: async () => void (await redis.quit()) };
  });
});

describe('RateLimiter on Redis while Redis is unreachable', () => {
  it('keeps limiting in this process (in memory) instead of failing the request', async () => {
    const redis = new Redis('redis://127.0.0.1:1', { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    redis.on('error', () => undefined);
    const limiter = new RateLimiter(rateLimiterStore({ redis, prefix: 'down' }));
    const r = rateLimitRule('down-test', 2, 60);
    expect((await limiter.consume(r, 'k')).allowed).toBe(true);
    expect((await limiter.consume(r, 'k')).allowed).toBe(true);
    expect((await limiter.consume(r, 'k')).allowed).toBe(false);
    redis.disconnect();
  });
});
