import { promotionErrors } from '@rules/promotion-rules';
import { describe, expect, it } from 'vitest';
import { emptyPromotion, fieldPath, promotionBody, promotionValues, taipeiIso, taipeiPickerValue } from './promotionForm';
import { periodText } from './promotionText';
import { promo } from './testPromotions';

describe('promotion form values', () => {
  it('reads a saved time as Taipei wall-clock time and sends it back with +08:00', () => {
    const v = taipeiPickerValue('2026-11-30T16:00:00.000Z');
    expect(v?.format('YYYY-MM-DD HH:mm')).toBe('2026-12-01 00:00');
    expect(taipeiIso(v)).toBe('2026-12-01T00:00:00+08:00');
    expect(taipeiPickerValue(null)).toBeNull();
    expect(taipeiIso(null)).toBeNull();
    expect(periodText({ starts_at: '2026-12-01T00:00:00+08:00', ends_at: null })).toBe('2026-12-01 00:00 ～ 不限');
    expect(periodText({ starts_at: null, ends_at: null })).toBe('不限期間');
  });

  it('round-trips a saved promotion unchanged, keeping its tier ids', () => {
    const saved = promo(3, { kind: 'percent_off', tiers: [], percent: 10, max_discount: 300, tier_ids: [2], scope: 'categories', category_ids: [1], exclude_product_ids: [11] });
    const { id: _id, used_count: _u, status: _s, orders: _o, codes_total: _t, codes_used: _c, created_at: _a, updated_at: _b, ...input } = saved;
    expect(promotionBody(promotionValues(saved), saved.tier_ids)).toEqual(input);
    expect(promotionErrors(input)).toEqual([]);
  });

  it('sends only the fields of its kind, scope and coupon mode', () => {
    const v = {
      ...emptyPromotion(),
      name: ' 買三件 ',
      kind: 'bundle_price' as const,
      bundle_quantity: 3,
      bundle_price: 999,
      percent: 20,
      scope: 'products' as const,
      product_ids: [11, 12],
      category_ids: [1],
      exclude_product_ids: [13],
      shared_code: 'old',
    };
    const body = promotionBody(v);
    expect(body).toMatchObject({ name: '買三件', tiers: [], percent: null, bundle_quantity: 3, bundle_price: 999, product_ids: [11, 12], category_ids: [], exclude_product_ids: [], shared_code: null });
    expect(promotionErrors(body)).toEqual([]);
  });

  it('turns the rules\' field names into form paths', () => {
    expect(fieldPath('tiers.1.value')).toEqual(['tiers', 1, 'value']);
    expect(fieldPath('addon_items[0].variant_id')).toEqual(['addon_items', 0, 'variant_id']);
    expect(fieldPath('name')).toEqual(['name']);
  });
});
