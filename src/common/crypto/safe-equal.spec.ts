import { safeEqual } from './safe-equal';

describe('safeEqual', () => {
  it('is true only for the same bytes', () => {
    expect(safeEqual('abc', 'abc')).toBe(true);
    expect(safeEqual('abc', 'abd')).toBe(false);
    expect(safeEqual('abc', 'abcd')).toBe(false);
    expect(safeEqual('', '')).toBe(true);
    expect(safeEqual(Buffer.from('簽章'), '簽章')).toBe(true);
  });
});
