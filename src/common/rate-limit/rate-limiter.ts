import { Injectable } from '@nestjs/common';
import { RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type Redis from 'ioredis';
import type { DataSource } from 'typeorm';
import { RateLimiterTypeorm } from './typeorm-rate-limiter';

/** One limit: at most `points` hits per key in a window of `durationSeconds` (from the window's first hit). */
export interface RateLimitRule {
  /** Names the counters in the store (`<name>:<key>`); rules with the same name share them. */
  readonly name: string;
  readonly points: number;
  readonly durationSeconds: number;
}

export function rateLimitRule(name: string, points: number, durationSeconds: number): RateLimitRule {
  if (!/^[a-z0-9-]+$/.test(name)) throw new RangeError(`rate limit name "${name}": lower-case letters, digits and dashes`);
  return { name, points, durationSeconds };
}

/** The state of one key's window. */
export interface RateLimitWindow {
  /** Hits counted in the current window (0 when none is open). */
  consumed: number;
  /** Hits left before the limit refuses. */
  remaining: number;
  /** Milliseconds until the window ends (0 when none is open). */
  msBeforeNext: number;
}

export interface RateLimitDecision extends RateLimitWindow {
  /** False once this hit went past the rule's points. */
  allowed: boolean;
}

/** Builds the rate-limiter-flexible limiter of a rule on the configured store. */
export type RateLimiterFactory = (rule: RateLimitRule) => RateLimiterAbstract;

/**
 * The rate-limiter-flexible limiter of a rule on Redis (shared by every process; each process
 * counts in memory while Redis is unreachable, instead of failing the request) or on the
 * `rate_limits` table (embedded default: survives restarts, shared by processes on one database).
 */
export function rateLimiterStore(store: { redis: Redis; prefix: string } | { dataSource: DataSource }): RateLimiterFactory {
  if ('redis' in store) {
    return (rule) => {
      // A connection that was never used has not connected: the limiter only sends to a ready one.
      if (store.redis.status === 'wait') store.redis.connect().catch(() => undefined);
      return new RateLimiterRedis({
        storeClient: store.redis,
        keyPrefix: `${store.prefix}:rl:${rule.name}`,
        points: rule.points,
        duration: rule.durationSeconds,
        rejectIfRedisNotReady: true,
        insuranceLimiter: new RateLimiterMemory({ keyPrefix: `rl:${rule.name}`, points: rule.points, duration: rule.durationSeconds }),
      });
    };
  }
  return (rule) => new RateLimiterTypeorm({ storeClient: store.dataSource, keyPrefix: rule.name, points: rule.points, duration: rule.durationSeconds });
}

/**
 * The one rate limiter of the application (login throttling, one-time-code send limits, the
 * contact form, any route through `@RateLimit`): fixed windows counted atomically in the store
 * chosen at boot (see `rateLimiterStore`). Refusals are answers (`allowed: false`), never
 * exceptions; a store failure without fallback throws.
 */
@Injectable()
export class RateLimiter {
  private readonly limiters = new Map<string, RateLimiterAbstract>();

  constructor(private readonly create: RateLimiterFactory) {}

  /**
   * Counts one hit of `key`. `durationSeconds` overrides the rule's window for a window this hit
   * opens (e.g. "until midnight" for daily caps whose key names the day).
   */
  async consume(rule: RateLimitRule, key: string, opts: { durationSeconds?: number } = {}): Promise<RateLimitDecision> {
    const options = opts.durationSeconds === undefined ? {} : { customDuration: Math.max(1, Math.ceil(opts.durationSeconds)) };
    try {
      return { allowed: true, ...window(await this.limiter(rule).consume(key, 1, options)) };
    } catch (refusal) {
      if (refusal instanceof RateLimiterRes) return { allowed: false, ...window(refusal) };
      throw refusal;
    }
  }

  /** Counts a hit without deciding anything (e.g. a failed login, judged at the next attempt). */
  async penalty(rule: RateLimitRule, key: string): Promise<RateLimitWindow> {
    return window(await this.limiter(rule).penalty(key, 1));
  }

  /** The current window of `key`, without counting. */
  async peek(rule: RateLimitRule, key: string): Promise<RateLimitWindow> {
    const res = await this.limiter(rule).get(key);
    return res ? window(res) : { consumed: 0, remaining: rule.points, msBeforeNext: 0 };
  }

  /** Ends the window of `key` (e.g. after a successful login). */
  async reset(rule: RateLimitRule, key: string): Promise<void> {
    await this.limiter(rule).delete(key);
  }

  /** One limiter per rule (name, points and window), built on first use. */
  private limiter(rule: RateLimitRule): RateLimiterAbstract {
    const id = `${rule.name}|${rule.points}|${rule.durationSeconds}`;
    let limiter = this.limiters.get(id);
    if (!limiter) this.limiters.set(id, (limiter = this.create(rule)));
    return limiter;
  }
}

function window(res: RateLimiterRes): RateLimitWindow {
  return { consumed: res.consumedPoints, remaining: res.remainingPoints, msBeforeNext: Math.max(0, res.msBeforeNext) };
}
