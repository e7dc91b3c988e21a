import { describe, expect, it } from 'vitest';
import type { PublicPromotion } from '@api/promotions';
import { badgesFor, covers } from './promotionBadges';

const promo = (id: number, over: Partial<PublicPromotion>): PublicPromotion => ({
  id, name: `活動${id}`, description: '', kind: 'amount_off', badge: `徽章${id}`, starts_at: null, ends_at: null, scope: 'all',
  product_ids: [], category_ids: [], exclude_product_ids: [], needs_code: false, ...over,
});
const serum = { product_id: 1, product_type: 3 };

describe('covers (spec 4 §3 scope)', () => {
  it('all, listed products, the product’s type, minus the exclusions', () => {
    expect(covers(promo(1, {}), serum)).toBe(true);
    expect(covers(promo(1, { scope: 'products', product_ids: [1, 2] }), serum)).toBe(true);
    expect(covers(promo(1, { scope: 'products', product_ids: [2] }), serum)).toBe(false);
    expect(covers(promo(1, { scope: 'categories', category_ids: [3] }), serum)).toBe(true);
    expect(covers(promo(1, { scope: 'categories', category_ids: [4] }), serum)).toBe(false);
    expect(covers(promo(1, { scope: 'categories', category_ids: [3] }), { product_id: 1, product_type: null })).toBe(false);
    expect(covers(promo(1, { exclude_product_ids: [1] }), serum)).toBe(false);
    expect(covers(promo(1, { scope: 'categories', category_ids: [3], exclude_product_ids: [1] }), serum)).toBe(false);
  });
});

describe('badgesFor', () => {
  const now = Date.parse('2026-05-01T12:00:00+08:00');

  it('leaves out promotions with a code, not running now, or without a badge; one badge per text', () => {
    const list = [
      promo(1, { badge: '滿千折百' }),
      promo(2, { badge: '9 折', needs_code: true }),
      promo(3, { badge: '免運', starts_at: '2026-05-02T00:00:00+08:00' }),
      promo(4, { badge: '滿額贈', ends_at: '2026-05-01T12:00:00+08:00' }),
      promo(5, { badge: '任選 3 件 NT$ 999', starts_at: '2026-04-01T00:00:00+08:00', ends_at: '2026-06-01T00:00:00+08:00' }),
      promo(6, { badge: '滿千折百' }),
      promo(7, { badge: '' }),
    ];
    expect(badgesFor(serum, list, now)).toEqual([{ id: 1, text: '滿千折百' }, { id: 5, text: '任選 3 件 NT$ 999' }]);
  });
});
