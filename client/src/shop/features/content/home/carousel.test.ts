import { describe, expect, it } from 'vitest';
import { settledPosition, slideAt, trackSlides } from './carousel';

describe('carousel track', () => {
  it('puts a copy of the last slide first and of the first slide last', () => {
    expect(trackSlides(['a', 'b', 'c']).map((s) => `${s.slide}${s.copy ? '*' : ''}`)).toEqual(['c*', 'a', 'b', 'c', 'a*']);
    expect(trackSlides(['a'])).toEqual([{ slide: 'a', index: 0, copy: false }]);
  });

  it('names the slide at each position, the copies included', () => {
    expect([0, 1, 2, 3, 4].map((p) => slideAt(p, 3))).toEqual([2, 0, 1, 2, 0]);
  });

  it('jumps from a copy back to its original, so the loop never ends', () => {
    expect(settledPosition(4, 3)).toBe(1);
    expect(settledPosition(0, 3)).toBe(3);
    expect(settledPosition(2, 3)).toBe(2);
  });
});
