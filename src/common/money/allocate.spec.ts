import { allocate } from './allocate';

describe('allocate (largest remainder, whole NT$)', () => {
  it('splits evenly with the extra NT$ to the earlier parts on ties', () => {
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(2, [5, 5, 5])).toEqual([1, 1, 0]);
  });
  it('follows the weights and adds up exactly', () => {
    const s = allocate(100, [1000, 500, 299]);
    expect(s.reduce((a, b) => a + b, 0)).toBe(100);
    expect(s).toEqual([55, 28, 17]);
  });
  it('gives nothing to zero weights', () => {
    expect(allocate(10, [0, 5])).toEqual([0, 10]);
    expect(allocate(0, [0, 0])).toEqual([0, 0]);
  });
  it('respects caps and spreads the rest over the others', () => {
    expect(allocate(100, [1, 1], [10, 1000])).toEqual([10, 90]);
  });
  it('refuses what cannot be placed', () => {
    expect(() => allocate(5, [0, 0])).toThrow(RangeError);
    expect(() => allocate(50, [1, 1], [10, 10])).toThrow(RangeError);
    expect(() => allocate(-1, [1])).toThrow(RangeError);
    expect(() => allocate(1.5, [1])).toThrow(RangeError);
  });
});
