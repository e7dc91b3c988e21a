import { describe, expect, it } from 'vitest';
import type { ProductListItem } from './catalogTypes';
import { foldChinese } from './chineseFold';
import { listProducts, matchesSearch, parseListQuery, searchWords, SORT_OPTIONS, toSearchParams } from './productListing';

function product(id: number, over: Partial<ProductListItem>): ProductListItem {
  return {
    product_id: id, title: `商品${id}`, description: '', image_url: '', unit: '瓶', product_type: 1, type_name: '精華',
    price: 1000, discount_price: 900, highest_price: 1000, highest_discount: 900, stock: 10, sold_quantity: 0, sales: 0,
    views: 0, manager_rank: 0, is_new: 0, is_hot: 0, is_manager: 0, ...over,
  };
}

const items = [
  product(1, { title: 'Hydra 玻尿酸精華', description: '深層保濕', product_type: 1, views: 50, sales: 5, manager_rank: 3, discount_price: 1280 }),
  product(2, { title: '積雪草修護霜', description: '舒緩泛紅 HYDRA', product_type: 2, views: 300, sales: 1, manager_rank: 9, discount_price: 980 }),
  product(3, { title: '溫和潔顏慕斯', description: '胺基酸', product_type: 3, views: 10, sales: 80, manager_rank: 5, discount_price: 450 }),
  product(4, { title: '維他命C亮白精華', description: '', product_type: 1, views: 120, sales: 40, manager_rank: 1, discount_price: 1580 }),
];
const ids = (list: ProductListItem[]) => list.map((p) => p.product_id);
const all = { q: '', type: null, sort: 'managerRec' as const };

describe('matchesSearch', () => {
  it('matches title or description, ignoring case', () => {
    expect(matchesSearch(items[0], 'hydra')).toBe(true);
    expect(matchesSearch(items[1], 'hydra')).toBe(true);
    expect(matchesSearch(items[2], '胺基')).toBe(true);
    expect(matchesSearch(items[3], '保濕')).toBe(false);
  });
  it('ignores blank queries', () => {
    expect(matchesSearch(items[3], '   ')).toBe(true);
    expect(matchesSearch(items[3], '\u3000 \t')).toBe(true);
  });
  it('needs every word (AND), each in the title or the description', () => {
    const mask = product(5, { title: '玻尿酸保濕面膜', description: '一片補足一日水分' });
    expect(searchWords(' 玻尿酸\u3000面膜  ')).toEqual(['玻尿酸', '面膜']);
    expect(matchesSearch(mask, '玻尿酸 面膜')).toBe(true);
    expect(matchesSearch(mask, '面膜 玻尿酸')).toBe(true);
    expect(matchesSearch(mask, '面膜 水分')).toBe(true); // one in the title, one in the description
    expect(matchesSearch(mask, '玻尿酸 乳霜')).toBe(false);
    expect(matchesSearch(items[0], '玻尿酸 面膜')).toBe(false);
    // The spec's substring rule stays the base: a one-word query is a substring.
    expect(matchesSearch(mask, '酸保')).toBe(true);
  });
  it('folds full-width letters (phone keyboards) without the Chinese tables', () => {
    expect(matchesSearch(items[0], 'ＨＹＤＲＡ')).toBe(true);
  });
});

describe('matchesSearch with the Chinese fold (OpenCC tw→cn characters)', () => {
  const mask = product(5, { title: '玻尿酸保濕面膜', description: '一片補足一日水分，急救乾燥' });
  it('finds Traditional text with a Simplified query, and the other way round', () => {
    expect(foldChinese('保濕')).toBe(foldChinese('保湿'));
    expect(matchesSearch(mask, '保湿', foldChinese)).toBe(true);
    expect(matchesSearch(mask, '玻尿酸 面膜', foldChinese)).toBe(true);
    expect(matchesSearch(mask, '补足 干燥', foldChinese)).toBe(true);
    expect(matchesSearch(product(6, { title: '保湿乳液' }), '保濕', foldChinese)).toBe(true);
    // Taiwan variants too (溼 → 湿).
    expect(matchesSearch(mask, '保溼', foldChinese)).toBe(true);
  });
  it('keeps the AND and the substring rule', () => {
    expect(matchesSearch(mask, '保湿 乳霜', foldChinese)).toBe(false);
    expect(matchesSearch(items[3], '保湿', foldChinese)).toBe(false);
    expect(matchesSearch(items[0], 'HYDRA 保湿', foldChinese)).toBe(true);
  });
  it('lists the matches in the chosen order', () => {
    const list = [...items, mask];
    expect(ids(listProducts(list, { ...all, q: '保湿' }, foldChinese))).toEqual([1, 5]);
    expect(ids(listProducts(list, { ...all, q: '保湿' }))).toEqual([]);
  });
});

describe('listProducts', () => {
  it('sorts by manager rank by default', () => {
    expect(ids(listProducts(items, all))).toEqual([2, 3, 1, 4]);
  });
  it('applies every sort', () => {
    expect(ids(listProducts(items, { ...all, sort: 'viewsDesc' }))).toEqual([2, 4, 1, 3]);
    expect(ids(listProducts(items, { ...all, sort: 'salesDesc' }))).toEqual([3, 4, 1, 2]);
    expect(ids(listProducts(items, { ...all, sort: 'priceAsc' }))).toEqual([3, 2, 1, 4]);
    expect(ids(listProducts(items, { ...all, sort: 'priceDesc' }))).toEqual([4, 1, 2, 3]);
  });
  it('breaks ties by product id so the order is stable', () => {
    const tied = [product(9, { views: 5 }), product(7, { views: 5 }), product(8, { views: 5 })];
    expect(ids(listProducts(tied, { ...all, sort: 'viewsDesc' }))).toEqual([7, 8, 9]);
  });
  it('filters by type and search together', () => {
    expect(ids(listProducts(items, { ...all, type: 1 }))).toEqual([1, 4]);
    expect(ids(listProducts(items, { ...all, type: 1, q: '精華', sort: 'priceAsc' }))).toEqual([1, 4]);
    expect(ids(listProducts(items, { ...all, type: 2, q: '精華' }))).toEqual([]);
  });
  it('does not mutate its input', () => {
    const copy = [...items];
    listProducts(items, { ...all, sort: 'priceDesc' });
    expect(items).toEqual(copy);
  });
  it('labels the five sorts in Chinese with managerRec first', () => {
    expect(SORT_OPTIONS.map((o) => o.label)).toEqual(['店長推薦', '最多瀏覽', '熱銷排行', '價格低到高', '價格高到低']);
  });
});

describe('query string', () => {
  it('parses and falls back to defaults', () => {
    expect(parseListQuery(new URLSearchParams('q=霜&type=2&sort=priceAsc'))).toEqual({ q: '霜', type: 2, sort: 'priceAsc' });
    expect(parseListQuery(new URLSearchParams('type=abc&sort=bogus'))).toEqual(all);
  });
  it('round-trips and leaves defaults out', () => {
    expect(toSearchParams(all).toString()).toBe('');
    const q = { q: '精華', type: 1, sort: 'salesDesc' as const };
    expect(parseListQuery(toSearchParams(q))).toEqual(q);
  });
});
