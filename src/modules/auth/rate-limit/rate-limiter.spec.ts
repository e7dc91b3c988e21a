import Redis from 'ioredis';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { RateLimit } from '../entities/rate-limit.entity';
import { DbRateLimiter } from './db-rate-limiter';
import { RateLimiter } from './rate-limiter';
import { RedisRateLimiter } from './redis-rate-limiter';

/** Both drivers must count the same way, also under concurrency. */
function contract(name: string, make: () => Promise<{ limiter: RateLimiter; close: () => Promise<void> }>) {
  describe(name, () => {
    let limiter: RateLimiter;
    let close: () => Promise<void>;
    beforeAll(async () => ({ limiter, close } = await make()));
    afterAll(async () => close());
    const key = () => `test:${randomBytes(4).toString('hex')}`;

    it('counts hits in a window and reports the time left', async () => {
      const k = key();
      expect(await limiter.peek(k)).toEqual({ count: 0, resetMs: 0 });
      expect((await limiter.hit(k, 60_000)).count).toBe(1);
      const second = await limiter.hit(k, 60_000);
      expect(second.count).toBe(2);
      expect(second.resetMs).toBeGreaterThan(59_000);
      expect((await limiter.peek(k)).count).toBe(2);
    });

    it('starts a new window after the old one ends, and on reset', async () => {
      const k = key();
      await limiter.hit(k, 30);
      await limiter.hit(k, 30);
      await new Promise((r) => setTimeout(r, 60));
      expect((await limiter.hit(k, 60_000)).count).toBe(1);
      await limiter.reset(k);
      expect((await limiter.peek(k)).count).toBe(0);
    });

    it('loses no hit under concurrency', async () => {
      const k = key();
      const results = await Promise.all(Array.from({ length: 25 }, () => limiter.hit(k, 60_000)));
      expect((await limiter.peek(k)).count).toBe(25);
      expect(Math.max(...results.map((r) => r.count))).toBe(25);
    });
  });
}

contract('DbRateLimiter (SQLite)', async () => {
  const ds = new DataSource({ type: 'better-sqlite3', database: ':memory:', entities: [RateLimit], synchronize: true });
  await ds.initialize();
  const limiter = new DbRateLimiter(ds);
  return {
    limiter,
    close: async () => {
      expect(await limiter.prune()).toBeGreaterThanOrEqual(0);
      await ds.destroy();
    },
  };
});

if (process.env.TEST_REDIS_URL) {
  contract('RedisRateLimiter', async () => {
    const redis = new Redis(process.env.TEST_REDIS_URL as string);
    return { limiter: new RedisRateLimiter(redis, `skinshop-unit-${randomBytes(3).toString('hex')}`), close: async () => void (await redis.quit()) };
  });
}
