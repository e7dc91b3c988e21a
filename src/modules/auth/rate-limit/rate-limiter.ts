/** A fixed-window counter: how many hits `key` had in its current window, and when it ends. */
export interface WindowCount {
  count: number;
  /** Milliseconds until the window resets (0 when no window is open). */
  resetMs: number;
}

/**
 * Atomic fixed-window counters for throttling (login attempts, code sends). Redis (INCR +
 * PEXPIRE in one script) when REDIS_URL is set, so every web process shares them; the
 * `rate_limits` table otherwise (single conditional statements, atomic on MariaDB and SQLite).
 */
export abstract class RateLimiter {
  /** Counts one hit; the first hit of a window opens it for `windowMs`. */
  abstract hit(key: string, windowMs: number): Promise<WindowCount>;
  /** The current count without adding to it. */
  abstract peek(key: string): Promise<WindowCount>;
  /** Closes the window (e.g. after a successful login). */
  abstract reset(key: string): Promise<void>;
}

/** Ioredis connection shared by the auth module (rate limits, sessions), or null without Redis. */
export const AUTH_REDIS = Symbol('AUTH_REDIS');
