import type Redis from 'ioredis';
import { RateLimiter, WindowCount } from './rate-limiter';

/** INCR, open the window on the first hit (or if a key lost its TTL), answer count and TTL. */
const HIT = `
local c = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if c == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {c, ttl}`;

/** Redis driver: one round trip per hit, shared by every web process. */
export class RedisRateLimiter extends RateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {
    super();
  }

  async hit(key: string, windowMs: number): Promise<WindowCount> {
    const [count, ttl] = (await this.redis.eval(HIT, 1, this.k(key), String(Math.max(1, Math.round(windowMs))))) as [number, number];
    return { count, resetMs: Math.max(0, ttl) };
  }

  async peek(key: string): Promise<WindowCount> {
    const [value, ttl] = await this.redis.multi().get(this.k(key)).pttl(this.k(key)).exec().then((r) => (r ?? []).map((x) => x[1]));
    const count = Number(value ?? 0);
    return count > 0 ? { count, resetMs: Math.max(0, Number(ttl)) } : { count: 0, resetMs: 0 };
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.k(key));
  }

  private k(key: string): string {
    return `${this.prefix}:rl:${key}`;
  }
}
