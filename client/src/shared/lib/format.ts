/** Money is integer NT$: formatted with thousands separators, no decimals. */
const nf = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** 1280 → "1,280". Non-finite values become "0". */
export function formatNumber(n: number): string {
  return nf.format(Number.isFinite(n) ? Math.round(n) : 0);
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
