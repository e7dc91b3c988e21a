/** Quantity rules (spec 1 §5, §9): an integer from 1 to 99. */
export const MIN_QUANTITY = 1;
export const MAX_QUANTITY = 99;
export const QUANTITY_HINT = '最多可選 99 件';

/** Clamps any input (number, typed text, empty) to an integer in 1..99. */
export function clampQuantity(value: unknown): number {
  const n = typeof value === 'number' ? value : Number.parseInt(String(value ?? '').trim(), 10);
  if (!Number.isFinite(n)) return MIN_QUANTITY;
  return Math.min(MAX_QUANTITY, Math.max(MIN_QUANTITY, Math.trunc(n)));
}

export const canIncrease = (q: number): boolean => q < MAX_QUANTITY;
export const canDecrease = (q: number): boolean => q > MIN_QUANTITY;
