import {
  isCouponCode,
  normalizeCode,
  normalizePromotion,
  parsePromotionTime,
  PROMOTION_MSG,
  promotionErrors,
  promotionStatus,
  promotionTimeText,
  type PromotionDraft,
} from './promotion-rules';

const base: PromotionDraft = { name: '滿千折百', kind: 'amount_off', tiers: [{ threshold: 1000, value: 100 }] };
const errors = (d: PromotionDraft, ctx = {}) => promotionErrors({ ...base, ...d }, ctx).map((p) => [p.field, p.message]);

describe('promotion rules (spec 4 §5 "Promotion")', () => {
  it('passes a complete promotion of each kind', () => {
    expect(errors({})).toEqual([]);
    expect(errors({ kind: 'percent_off', percent: 10, max_discount: 300 })).toEqual([]);
    expect(errors({ kind: 'percent_off', percent: '15', max_discount: '' })).toEqual([]);
    expect(errors({ kind: 'bundle_price', bundle_quantity: 3, bundle_price: 999 })).toEqual([]);
    expect(errors({ kind: 'free_shipping', min_subtotal: 800 })).toEqual([]);
    expect(errors({ kind: 'gift', gift_variant_id: 7, gift_stock: 0 }, { knownVariantIds: new Set([7]) })).toEqual([]);
    expect(errors({ kind: 'addon', addon_items: [{ variant_id: 3, addon_price: 0, max_per_order: 2 }] })).toEqual([]);
    expect(errors({ coupon_mode: 'shared', shared_code: ' welcome-100 ', usage_limit: 100, per_member_limit: '1' })).toEqual([]);
    expect(errors({ coupon_mode: 'unique', scope: 'categories', category_ids: [6], exclude_product_ids: ['3'] })).toEqual([]);
  });

  it('name 1–50: 請輸入活動名稱; kind: 請選擇活動類型', () => {
    for (const name of ['', '   ', undefined, 5, '字'.repeat(51)]) expect(errors({ name })).toEqual([['name', PROMOTION_MSG.name]]);
    expect(errors({ name: '字'.repeat(50) })).toEqual([]);
    for (const kind of ['', 'coupon', undefined, null]) expect(errors({ kind })).toEqual([['kind', '請選擇活動類型']]);
  });

  it('times: ISO 8601 with an offset (none = Taipei); ends after starts', () => {
    expect(errors({ starts_at: '2026-12-01T00:00:00+08:00', ends_at: '2026-12-31T23:59:59+08:00' })).toEqual([]);
    expect(errors({ starts_at: '2026-12-01T00:00:00+08:00', ends_at: '2026-12-01T00:00:00+08:00' })).toEqual([['ends_at', '結束時間必須晚於開始時間']]);
    expect(errors({ starts_at: '2026-12-02T00:00:00Z', ends_at: '2026-12-02T07:00:00+08:00' })).toEqual([['ends_at', '結束時間必須晚於開始時間']]);
    expect(errors({ starts_at: null, ends_at: '' })).toEqual([]);
    expect(errors({ starts_at: '2026-02-30T00:00:00+08:00' })).toEqual([['starts_at', PROMOTION_MSG.time]]);
    expect(errors({ ends_at: 'tomorrow' })).toEqual([['ends_at', PROMOTION_MSG.time]]);
  });

  it('amount_off: each tier 0 < value < threshold: 折抵金額必須大於 0 且小於門檻', () => {
    const msg = '折抵金額必須大於 0 且小於門檻';
    expect(errors({ tiers: [] })).toEqual([['tiers', msg]]);
    expect(errors({ tiers: undefined })).toEqual([['tiers', msg]]);
    expect(errors({ tiers: [{ threshold: 1000, value: 1000 }] })).toEqual([['tiers.0.value', msg]]);
    expect(errors({ tiers: [{ threshold: 1000, value: 0 }] })).toEqual([['tiers.0.value', msg]]);
    expect(errors({ tiers: [{ threshold: 0, value: 0 }] })).toEqual([['tiers.0.threshold', msg]]);
    expect(errors({ tiers: [{ threshold: 1000, value: 100 }, { threshold: 1000, value: 200 }] })).toEqual([['tiers.1.threshold', msg]]);
    expect(errors({ tiers: [{ threshold: '2,000', value: '250' }, { threshold: 1000, value: 100 }] })).toEqual([]);
  });

  it('percent_off: 1–99 and max_discount ≥ 0', () => {
    for (const percent of [0, 100, '', null, 1.5, '-5']) expect(errors({ kind: 'percent_off', percent })).toEqual([['percent', '折扣須介於 1% 與 99%']]);
    expect(errors({ kind: 'percent_off', percent: 1 })).toEqual([]);
    expect(errors({ kind: 'percent_off', percent: 99, max_discount: 0 })).toEqual([]);
    expect(errors({ kind: 'percent_off', percent: 10, max_discount: -1 })).toEqual([['max_discount', PROMOTION_MSG.maxDiscount]]);
  });

  it('bundle_price: quantity ≥ 2 and price > 0: 請輸入任選件數與組合價', () => {
    const msg = '請輸入任選件數與組合價';
    expect(errors({ kind: 'bundle_price', bundle_quantity: 1, bundle_price: 999 })).toEqual([['bundle_quantity', msg]]);
    expect(errors({ kind: 'bundle_price', bundle_quantity: 3, bundle_price: 0 })).toEqual([['bundle_price', msg]]);
    expect(errors({ kind: 'bundle_price' })).toEqual([['bundle_quantity', msg], ['bundle_price', msg]]);
  });

  it('gift: a variant that exists and gift_stock ≥ 0: 請選擇贈品', () => {
    expect(errors({ kind: 'gift', gift_stock: 10 })).toEqual([['gift_variant_id', '請選擇贈品']]);
    expect(errors({ kind: 'gift', gift_variant_id: 9, gift_stock: 10 }, { knownVariantIds: new Set([7]) })).toEqual([['gift_variant_id', '請選擇贈品']]);
    expect(errors({ kind: 'gift', gift_variant_id: 7, gift_stock: -1 }, { knownVariantIds: new Set([7]) })).toEqual([['gift_stock', '請選擇贈品']]);
  });

  it('addon: at least one item, price ≥ 0: 請設定加價購商品', () => {
    const msg = '請設定加價購商品';
    expect(errors({ kind: 'addon', addon_items: [] })).toEqual([['addon_items', msg]]);
    expect(errors({ kind: 'addon', addon_items: [{ variant_id: 3, addon_price: -1, max_per_order: 1 }] })).toEqual([['addon_items.0.addon_price', msg]]);
    expect(errors({ kind: 'addon', addon_items: [{ variant_id: 3, addon_price: 10, max_per_order: 0 }] })).toEqual([['addon_items.0.max_per_order', msg]]);
    expect(errors({ kind: 'addon', addon_items: [{ variant_id: 4, addon_price: 10, max_per_order: 1 }] }, { knownVariantIds: new Set([3]) })).toEqual([['addon_items.0.variant_id', msg]]);
  });

  it('shared code 6–20 of A–Z 0–9 -: 折扣碼格式錯誤; taken: 折扣碼已存在', () => {
    for (const shared_code of ['', 'ABC12', 'A'.repeat(21), 'WELCOME 100', '歡迎碼123456', null]) {
      expect(errors({ coupon_mode: 'shared', shared_code })).toEqual([['shared_code', '折扣碼格式錯誤']]);
    }
    expect(errors({ coupon_mode: 'shared', shared_code: 'welcome100' }, { takenCodes: new Set(['WELCOME100']) })).toEqual([['shared_code', '折扣碼已存在']]);
    // Only a shared promotion's own code is checked.
    expect(errors({ coupon_mode: 'none', shared_code: 'x' })).toEqual([]);
  });

  it('limits are integers ≥ 1 or empty: 請輸入正確的使用次數', () => {
    expect(errors({ usage_limit: '', per_member_limit: null })).toEqual([]);
    expect(errors({ usage_limit: 0 })).toEqual([['usage_limit', '請輸入正確的使用次數']]);
    expect(errors({ per_member_limit: '1.5' })).toEqual([['per_member_limit', '請輸入正確的使用次數']]);
  });

  it('reports every failing field at once', () => {
    const all = promotionErrors({ name: '', kind: 'percent_off', percent: 0, usage_limit: -1, coupon_mode: 'shared', shared_code: 'x', ends_at: 'x' });
    expect(all.map((p) => p.field)).toEqual(['name', 'ends_at', 'percent', 'shared_code', 'usage_limit']);
    expect(PROMOTION_MSG.checkFields).toBe('請檢查表單欄位');
  });

  it('normalises codes: trimmed, upper-case', () => {
    expect(normalizeCode('  welcome100 ')).toBe('WELCOME100');
    expect(isCouponCode('vip-2026')).toBe(true);
    expect(isCouponCode('vip_2026')).toBe(false);
    expect(normalizeCode(12)).toBe('');
  });

  it('reads times in UTC and answers them with the Taipei offset', () => {
    expect(parsePromotionTime('2026-12-01T00:00:00+08:00')?.toISOString()).toBe('2026-11-30T16:00:00.000Z');
    expect(parsePromotionTime('2026-12-01 00:00')?.toISOString()).toBe('2026-11-30T16:00:00.000Z');
    expect(parsePromotionTime('2026-11-30T16:00:00.000Z')?.toISOString()).toBe('2026-11-30T16:00:00.000Z');
    expect(parsePromotionTime('2026-12-01T00:00:00-0500')?.toISOString()).toBe('2026-12-01T05:00:00.000Z');
    expect(parsePromotionTime('')).toBeNull();
    expect(parsePromotionTime('2026-13-01T00:00:00Z')).toBeUndefined();
    expect(promotionTimeText(new Date('2026-11-30T16:00:00.000Z'))).toBe('2026-12-01T00:00:00+08:00');
    expect(promotionTimeText(null)).toBeNull();
  });

  it('status: disabled, upcoming, ended, running (issue 20 rule 14)', () => {
    const now = new Date('2026-06-01T00:00:00Z');
    expect(promotionStatus({ is_active: 0, starts_at: null, ends_at: null }, now)).toBe('disabled');
    expect(promotionStatus({ is_active: 1, starts_at: '2026-07-01T00:00:00Z', ends_at: null }, now)).toBe('upcoming');
    expect(promotionStatus({ is_active: 1, starts_at: null, ends_at: now }, now)).toBe('ended');
    expect(promotionStatus({ is_active: 1, starts_at: now, ends_at: null }, now)).toBe('running');
  });

  it('stores only the fields of its kind, scope and coupon mode', () => {
    const p = normalizePromotion({
      ...base,
      name: ' 滿千折百 ',
      tiers: [{ threshold: '2000', value: 250 }, { threshold: 1000, value: 100 }],
      percent: 10,
      gift_variant_id: 3,
      scope: 'all',
      product_ids: [1, 2],
      coupon_mode: 'none',
      shared_code: 'ABCDEF',
      starts_at: '2026-12-01T00:00:00Z',
      stackable: true,
    });
    expect(p).toMatchObject({
      name: '滿千折百',
      tiers: [{ threshold: 1000, value: 100 }, { threshold: 2000, value: 250 }],
      percent: null,
      gift_variant_id: null,
      product_ids: [],
      shared_code: null,
      starts_at: '2026-12-01T08:00:00+08:00',
      ends_at: null,
      stackable: 1,
      is_active: 1,
      coupon_mode: 'none',
    });
  });
});
