import { priceRange } from './price-range';

describe('priceRange', () => {
  it('takes lowest and highest prices and sums stock', () => {
    expect(
      priceRange([
        { original_price: 1200, discount_price: 980, stock: 3 },
        { original_price: 2000, discount_price: 1680, stock: 0 },
        { original_price: 800, discount_price: 799, stock: 5 },
      ]),
    ).toEqual({ price: 800, discount_price: 799, highest_price: 2000, highest_discount: 1680, stock: 8 });
  });

  it('gives zeros for a product without variants', () => {
    expect(priceRange([])).toEqual({ price: 0, discount_price: 0, highest_price: 0, highest_discount: 0, stock: 0 });
  });

  it('never counts negative stock', () => {
    expect(priceRange([{ original_price: 100, discount_price: 90, stock: -2 }]).stock).toBe(0);
  });
});
