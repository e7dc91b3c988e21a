import { describe, expect, it } from 'vitest';
import { formatNT, formatNTRange, formatNumber } from './format';

describe('formatNumber', () => {
  it('adds thousands separators', () => {
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(980)).toBe('980');
    expect(formatNumber(1280)).toBe('1,280');
    expect(formatNumber(1234567)).toBe('1,234,567');
  });
  it('never prints decimals or NaN', () => {
    expect(formatNumber(1280.6)).toBe('1,281');
    expect(formatNumber(Number.NaN)).toBe('0');
    expect(formatNumber(-0.2)).toBe('0');
  });
  it('keeps the sign of refunds', () => {
    expect(formatNumber(-1234567)).toBe('-1,234,567');
  });
});

describe('formatNT', () => {
  it('prefixes NT$', () => {
    expect(formatNT(1280)).toBe('NT$ 1,280');
    expect(formatNT(60)).toBe('NT$ 60');
  });
});

describe('formatNTRange', () => {
  it('shows one price when low and high agree', () => {
    expect(formatNTRange(1280, 1280)).toBe('NT$ 1,280');
  });
  it('shows a range otherwise', () => {
    expect(formatNTRange(980, 1280)).toBe('NT$ 980 ~ 1,280');
  });
  it('orders the ends and ignores a missing high end', () => {
    expect(formatNTRange(1280, 980)).toBe('NT$ 980 ~ 1,280');
    expect(formatNTRange(980, 0)).toBe('NT$ 980');
  });
});
