/**
 * Price and number texts: the server's own file (src/common/validation/price-format.ts through
 * `@rules`), so the app prints exactly what the server-rendered first screen printed.
 */
export { formatNT, formatNTRange, formatNumber, priceTexts, type PriceTexts } from '@rules/price-format';
