import { formatNT, formatNTRange, formatNumber, priceTexts } from './price-format';

/** The one price format of the server-rendered first screen and the app (client/src/shared/lib/format.ts). */
describe('price texts', () => {
  it('writes integer NT$ with thousands separators and no ICU', () => {
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatNumber(1280.6)).toBe('1,281');
    expect(formatNumber(Number.NaN)).toBe('0');
    expect(formatNT(1280)).toBe('NT$ 1,280');
  });

  it('writes a range low ~ high, one figure when the ends agree', () => {
    expect(formatNTRange(980, 1280)).toBe('NT$ 980 ~ 1,280');
    expect(formatNTRange(1280, 980)).toBe('NT$ 980 ~ 1,280');
    expect(formatNTRange(1280, 1280)).toBe('NT$ 1,280');
    expect(formatNTRange(980, 0)).toBe('NT$ 980');
  });

  it('shows the original price only when it is above the selling price', () => {
    expect(priceTexts(990, 1580, 1280, 1980)).toEqual({ selling: 'NT$ 990 ~ 1,580', original: 'NT$ 1,280 ~ 1,980' });
    expect(priceTexts(620, 620, 780, 780)).toEqual({ selling: 'NT$ 620', original: 'NT$ 780' });
    expect(priceTexts(620, 620, 620, 620)).toEqual({ selling: 'NT$ 620', original: null });
    expect(priceTexts(620)).toEqual({ selling: 'NT$ 620', original: null });
    // Only the high end is discounted.
    expect(priceTexts(620, 900, 620, 1000)).toEqual({ selling: 'NT$ 620 ~ 900', original: 'NT$ 620 ~ 1,000' });
  });
});
