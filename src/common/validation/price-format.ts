/**
 * Price texts, written once for the server-rendered first screen (src/modules/seo) and the app
 * (client/src/shared/lib/format.ts through `@rules`), so a price reads the same before and after
 * the app takes over: `NT$ 1,280`, a range `NT$ 980 ~ 1,280` (spec 1: prices in NT$ with
 * thousands separators).
 *
 * Written out rather than with Intl.NumberFormat / toLocaleString: building a formatter loads
 * ICU data, which cost the app's first screen a long task on slow phones. Pure TypeScript, no
 * imports (it runs in the browser as is).
 */

/** 1280 → "1,280" (integer NT$: thousands separators, no decimals). Non-finite values become "0". */
export function formatNumber(n: number): string {
  const whole = Number.isFinite(n) ? Math.round(n) : 0;
  return String(Object.is(whole, -0) ? 0 : whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** 1280 → "NT$ 1,280". */
export function formatNT(n: number): string {
  return `NT$ ${formatNumber(n)}`;
}

/** A price range: "NT$ 1,280" when both ends agree (or the high end is missing), else "NT$ 980 ~ 1,280". */
export function formatNTRange(low: number, high: number): string {
  if (!(high > 0) || high === low) return formatNT(low);
  const [a, b] = low <= high ? [low, high] : [high, low];
  return `NT$ ${formatNumber(a)} ~ ${formatNumber(b)}`;
}

/** What a product's price shows: the selling price (range) and, when higher, the original one struck through. */
export interface PriceTexts {
  selling: string;
  /** Null when the original price is not above the selling price. */
  original: string | null;
}

/**
 * The texts of a price tag: selling `low`–`high` (discount prices), original `originalLow`–`originalHigh`
 * shown only when it is above the selling price at either end.
 */
export function priceTexts(low: number, high: number = low, originalLow: number = low, originalHigh: number = originalLow): PriceTexts {
  const showOriginal = originalLow > low || originalHigh > high;
  return { selling: formatNTRange(low, high), original: showOriginal ? formatNTRange(originalLow, originalHigh) : null };
}
