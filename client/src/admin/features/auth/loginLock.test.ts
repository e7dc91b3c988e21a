import { describe, expect, it } from 'vitest';
import { isLockedLocally, lockLocally, nextTaipeiMidnight } from './loginLock';

describe('local login lock (spec 3 §4 isOut)', () => {
  it('ends at the next 00:00 Asia/Taipei', () => {
    // 2026-03-01 23:30 Taipei = 15:30 UTC → 2026-03-02 00:00 Taipei = 2026-03-01 16:00 UTC
    expect(new Date(nextTaipeiMidnight(Date.parse('2026-03-01T15:30:00Z'))).toISOString()).toBe('2026-03-01T16:00:00.000Z');
    // 00:30 Taipei (16:30 UTC the day before) → the coming midnight, almost a whole day later
    expect(new Date(nextTaipeiMidnight(Date.parse('2026-03-01T16:30:00Z'))).toISOString()).toBe('2026-03-02T16:00:00.000Z');
  });

  it('locks one account (any letter case) until then', () => {
    const now = Date.parse('2026-03-01T15:30:00Z');
    lockLocally('Admin', now);
    expect(isLockedLocally('admin', now)).toBe(true);
    expect(isLockedLocally('helper', now)).toBe(false);
    expect(isLockedLocally('admin', Date.parse('2026-03-01T16:00:00Z'))).toBe(false);
  });
});
