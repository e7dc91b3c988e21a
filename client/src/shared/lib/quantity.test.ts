import { describe, expect, it } from 'vitest';
import { canDecrease, canIncrease, clampQuantity } from './quantity';

describe('clampQuantity', () => {
  it('keeps values inside 1..99', () => {
    expect(clampQuantity(1)).toBe(1);
    expect(clampQuantity(42)).toBe(42);
    expect(clampQuantity(99)).toBe(99);
  });
  it('clamps out-of-range values', () => {
    expect(clampQuantity(0)).toBe(1);
    expect(clampQuantity(-5)).toBe(1);
    expect(clampQuantity(100)).toBe(99);
    expect(clampQuantity(12345)).toBe(99);
  });
  it('parses typed text and drops fractions', () => {
    expect(clampQuantity('7')).toBe(7);
    expect(clampQuantity(' 150 ')).toBe(99);
    expect(clampQuantity(3.9)).toBe(3);
  });
  it('turns blank or garbage into 1', () => {
    expect(clampQuantity('')).toBe(1);
    expect(clampQuantity('abc')).toBe(1);
    expect(clampQuantity(undefined)).toBe(1);
    expect(clampQuantity(Number.NaN)).toBe(1);
  });
});

describe('stepper limits', () => {
  it('disables plus at 99 and minus at 1 or below', () => {
    expect(canIncrease(98)).toBe(true);
    expect(canIncrease(99)).toBe(false);
    expect(canDecrease(2)).toBe(true);
    expect(canDecrease(1)).toBe(false);
    expect(canDecrease(0)).toBe(false);
  });
});
