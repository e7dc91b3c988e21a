import { describe, expect, it } from 'vitest';
import { canDecrease, canIncrease, clampQuantity, quantityHint, quantityLimit, stockBound } from './quantity';

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

describe('stock limits', () => {
  it('caps at the stock when it is below 99, never below 1', () => {
    expect(quantityLimit(22)).toBe(22);
    expect(quantityLimit(99)).toBe(99);
    expect(quantityLimit(500)).toBe(99);
    expect(quantityLimit(undefined)).toBe(99);
    expect(quantityLimit(null)).toBe(99);
    expect(quantityLimit(0)).toBe(1);
    expect(quantityLimit(-3)).toBe(1);
    expect(quantityLimit(7.8)).toBe(7);
  });

  it('clamps to a given limit and stops plus there', () => {
    expect(clampQuantity(99, 22)).toBe(22);
    expect(clampQuantity('30', 22)).toBe(22);
    expect(clampQuantity(5, 22)).toBe(5);
    expect(clampQuantity(5, 500)).toBe(5);
    expect(clampQuantity(150, 500)).toBe(99);
    expect(clampQuantity(3, 0)).toBe(1);
    expect(canIncrease(21, 22)).toBe(true);
    expect(canIncrease(22, 22)).toBe(false);
    expect(canIncrease(98, 150)).toBe(true);
  });

  it('says 庫存僅剩 N 件 below 99, 已售完 at none, else 最多可選 99 件', () => {
    expect(quantityHint(22)).toBe('庫存僅剩 22 件');
    expect(quantityHint(1)).toBe('庫存僅剩 1 件');
    expect(quantityHint(0)).toBe('已售完');
    expect(quantityHint(99)).toBe('最多可選 99 件');
    expect(quantityHint(undefined)).toBe('最多可選 99 件');
    expect(stockBound(22)).toBe(true);
    expect(stockBound(99)).toBe(false);
    expect(stockBound(undefined)).toBe(false);
  });
});
