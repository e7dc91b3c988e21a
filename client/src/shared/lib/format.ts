/**
 * 1280 → "1,280" (integer NT$: thousands separators, no decimals). Non-finite values become "0".
 * Written out rather than with Intl.NumberFormat: building a formatter loads ICU data, which
 * cost the first screen a long task on slow phones.
 */
export function formatNumber(n: number): string {
  const whole = Number.isFinite(n) ? Math.round(n) : 0;
  return String(Object.is(whole, -0) ? 0 : whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** 1280 → "NT$ 1,280". */
export function formatNT(n: number): string {
  return `NT$ ${formatNumber(n)}`;
}

/** A price range: "NT$ 1,280" when both ends agree, else "NT$ 980 ~ 1,280". */
export function formatNTRange(low: number, high: number): string {
  if (!(high > 0) || high === low) return formatNT(low);
  const [a, b] = low <= high ? [low, high] : [high, low];
  return `NT$ ${formatNumber(a)} ~ ${formatNumber(b)}`;
}
