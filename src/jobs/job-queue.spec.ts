import { backoffDelay, JOB_DEFAULTS, retrySpanMs } from './job-queue';

describe('retry backoff', () => {
  it('doubles from the base and stops at the cap', () => {
    expect([1, 2, 3, 4, 5].map((n) => backoffDelay(10_000, n, 60_000))).toEqual([10_000, 20_000, 40_000, 60_000, 60_000]);
    expect(backoffDelay(50, 200, 400)).toBe(400); // no overflow for large retry numbers
  });

  it('retries a job for at least 24 hours with the defaults (22 attempts from 10 s, capped at 2 h)', () => {
    const span = retrySpanMs(JOB_DEFAULTS.attempts, JOB_DEFAULTS.backoffDelayMs, JOB_DEFAULTS.backoffMaxDelayMs);
    expect(span).toBeGreaterThanOrEqual(24 * 3600 * 1000);
    expect(span).toBe(89_430_000); // ≈ 24.8 h
    expect(retrySpanMs(JOB_DEFAULTS.attempts - 1, JOB_DEFAULTS.backoffDelayMs, JOB_DEFAULTS.backoffMaxDelayMs)).toBeLessThan(24 * 3600 * 1000);
  });
});
