import { HomeProduct, sample, selectHomeProducts } from './home-products';

const product = (id: number, flags: Partial<HomeProduct> = {}): HomeProduct =>
  ({ product_id: id, is_hot: 0, manager_rank: 100 - id, ...flags }) as HomeProduct;

describe('selectHomeProducts', () => {
  it('puts manager-recommended and hot products first, keeps rank order, fills up to the limit', () => {
    const listed = [product(1), product(2, { is_hot: 1 }), product(3), product(4, { is_manager: 1 }), product(5)];
    expect(selectHomeProducts(listed, 4).map((p) => p.product_id)).toEqual([2, 4, 1, 3]);
    expect(selectHomeProducts(listed.slice(0, 2), 8).map((p) => p.product_id)).toEqual([2, 1]);
  });
});

describe('sample', () => {
  it('returns up to n distinct entries of the input', () => {
    const items = Array.from({ length: 25 }, (_, i) => i);
    const picked = sample(items, 10);
    expect(picked).toHaveLength(10);
    expect(new Set(picked).size).toBe(10);
    expect(picked.every((x) => items.includes(x))).toBe(true);
    expect(sample([1, 2, 3], 10).sort()).toEqual([1, 2, 3]);
    expect(items).toEqual(Array.from({ length: 25 }, (_, i) => i));
  });
});
