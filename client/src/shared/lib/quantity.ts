/** Quantity rules (spec 1 §5, §9): an integer from 1 to 99, and never more than the stock. */
export const MIN_QUANTITY = 1;
export const MAX_QUANTITY = 99;
export const QUANTITY_HINT = '最多可選 99 件';
export const SOLD_OUT_HINT = '已售完';

/** Whether a stock figure is known (a finite number; negative counts as none left). */
const known = (stock: number | null | undefined): stock is number => typeof stock === 'number' && Number.isFinite(stock);

/**
 * The most that may be chosen: 99, or the stock when it is lower. A sold-out or unknown-low
 * stock still gives 1 (the field never shows 0; sold-out controls are disabled instead).
 */
export function quantityLimit(stock?: number | null): number {
  if (!known(stock)) return MAX_QUANTITY;
  return Math.max(MIN_QUANTITY, Math.min(MAX_QUANTITY, Math.floor(stock)));
}

/** Clamps any input (number, typed text, empty) to an integer in 1..limit (99 by default). */
export function clampQuantity(value: unknown, limit: number = MAX_QUANTITY): number {
  const max = Math.max(MIN_QUANTITY, Math.min(MAX_QUANTITY, Math.floor(limit)));
  const n = typeof value === 'number' ? value : Number.parseInt(String(value ?? '').trim(), 10);
  if (!Number.isFinite(n)) return MIN_QUANTITY;
  return Math.min(max, Math.max(MIN_QUANTITY, Math.trunc(n)));
}

export const canIncrease = (q: number, limit: number = MAX_QUANTITY): boolean => q < Math.min(MAX_QUANTITY, limit);
export const canDecrease = (q: number): boolean => q > MIN_QUANTITY;

/** The stock holds the quantity below 99 (the shopper is told how many are left). */
export const stockBound = (stock?: number | null): boolean => known(stock) && stock < MAX_QUANTITY;

/** The hint under a stepper: 最多可選 99 件, 庫存僅剩 N 件 when the stock is lower, 已售完 at none. */
export function quantityHint(stock?: number | null): string {
  if (!known(stock) || stock >= MAX_QUANTITY) return QUANTITY_HINT;
  if (stock <= 0) return SOLD_OUT_HINT;
  return `庫存僅剩 ${Math.floor(stock)} 件`;
}
