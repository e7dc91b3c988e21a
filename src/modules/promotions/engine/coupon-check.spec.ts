import type { EngineCustomer, EngineInput, EnginePromotion } from './engine-types';
import { COUPON_MSG, GIFT_SOLD_OUT } from './messages';
import { quoteCart } from './quote-cart';
import { code, input, line, member, NOW, promo, variant, visitor } from './testing/fixtures';

/** Issue 20 rule 9 (spec 4 §5): a typed code, checked in order; a refused code leaves the quote without it. */

const later = new Date(NOW.getTime() + 86_400_000);
const earlier = new Date(NOW.getTime() - 86_400_000);
const coded = (over: Partial<EnginePromotion> = {}) => promo({ id: 9, kind: 'amount_off', tiers: [{ threshold: 500, value: 100 }], couponMode: 'shared', ...over });

function couponOf(p: EnginePromotion | null, customer: EngineCustomer = member(), over: Partial<EngineInput> = {}) {
  return quoteCart(input({ lines: [line(1, 1000, 1, { categoryId: 4 })], promotions: p ? [p] : [], customer, coupon: code(p ? p.id : null), ...over })).coupon;
}

describe('coupon checks, each message (rule 9)', () => {
  it.each<[string, EnginePromotion | null, EngineCustomer, string]>([
    ['unknown', null, member(), COUPON_MSG.unknown],
    ['a promotion without codes', coded({ couponMode: 'none' }), member(), COUPON_MSG.unknown],
    ['disabled', coded({ isActive: false }), member(), COUPON_MSG.disabled],
    ['not started', coded({ startsAt: later }), member(), COUPON_MSG.notStarted],
    ['ended', coded({ endsAt: earlier }), member(), COUPON_MSG.expired],
    ['ends now', coded({ endsAt: NOW }), member(), COUPON_MSG.expired],
    ['all used', coded({ usageLimit: 3, usedCount: 3 }), member(), COUPON_MSG.usedUp],
    ['visitor on member_only', coded({ memberOnly: true }), visitor, COUPON_MSG.membersOnly],
    ['member’s uses spent', coded({ perMemberLimit: 1 }), member({ usesByPromotion: new Map([[9, 1]]) }), COUPON_MSG.memberUsed],
    ['not a first order', coded({ firstOrderOnly: true }), member({ isFirstOrder: false }), COUPON_MSG.firstOrderOnly],
    ['wrong tier', coded({ tierIds: [3] }), member({ tierId: 2 }), COUPON_MSG.wrongTier],
    ['nothing in scope', coded({ scope: 'categories', categoryIds: [5] }), member(), COUPON_MSG.notInScope],
    ['all in scope excluded', coded({ excludeProductIds: [1] }), member(), COUPON_MSG.notInScope],
    ['below the threshold', coded({ tiers: [{ threshold: 2200, value: 100 }] }), member(), '未達使用門檻（還差 NT$ 1,200）'],
    ['below min_subtotal', coded({ minSubtotal: 1001 }), member(), '未達使用門檻（還差 NT$ 1）'],
    ['below min_quantity', coded({ minQuantity: 3 }), member(), '未達使用門檻（還差 2 件）'],
  ])('%s', (_name, p, customer, message) => {
    expect(couponOf(p, customer)).toMatchObject({ code: 'WELCOME100', applied: false, message });
  });

  it('a unique code already used by an order is used up', () => {
    const r = quoteCart(input({ lines: [line(1, 1000)], promotions: [coded({ couponMode: 'unique' })], coupon: code(9, 'AB12CD34', { codeId: 55, codeUsed: true }) }));
    expect(r.coupon).toMatchObject({ applied: false, message: COUPON_MSG.usedUp });
  });

  it('checks in the spec’s order: the first failing check is the message', () => {
    // Each promotion fails this check and every later one.
    const chain: [Partial<EnginePromotion>, EngineCustomer, string][] = [
      [{ isActive: false, startsAt: later }, visitor, COUPON_MSG.disabled],
      [{ startsAt: later, endsAt: earlier }, visitor, COUPON_MSG.notStarted],
      [{ endsAt: earlier, usageLimit: 1, usedCount: 1 }, visitor, COUPON_MSG.expired],
      [{ usageLimit: 1, usedCount: 1, memberOnly: true }, visitor, COUPON_MSG.usedUp],
      [{ memberOnly: true, tierIds: [3] }, visitor, COUPON_MSG.membersOnly],
      [{ perMemberLimit: 1, firstOrderOnly: true }, member({ usesByPromotion: new Map([[9, 2]]) }), COUPON_MSG.memberUsed],
      [{ firstOrderOnly: true, tierIds: [3] }, member({ isFirstOrder: false }), COUPON_MSG.firstOrderOnly],
      [{ tierIds: [3], scope: 'products', productIds: [2] }, member(), COUPON_MSG.wrongTier],
      [{ scope: 'products', productIds: [2], minSubtotal: 5000 }, member(), COUPON_MSG.notInScope],
    ];
    for (const [over, customer, message] of chain) expect(couponOf(coded(over), customer)?.message).toBe(message);
  });

  it('a refused code leaves the quote without it, and the automatic ones apply', () => {
    const r = quoteCart(input({ lines: [line(1, 1000)], promotions: [coded({ isActive: false }), promo({ id: 1, kind: 'percent_off', percent: 10 })], coupon: code(9) }));
    expect(r.adjustments.map((a) => [a.kind, a.promotion_id])).toEqual([['promotion', 1]]);
    expect(r.coupon).toEqual({ code: 'WELCOME100', applied: false, message: COUPON_MSG.disabled, promotion_id: 9 });
    expect(r.uses.map((u) => u.promotionId)).toEqual([1]);
  });

  it('the message texts are the spec’s', () => {
    expect(COUPON_MSG).toMatchObject({
      unknown: '折扣碼不存在',
      disabled: '折扣碼已停用',
      notStarted: '折扣碼尚未開始',
      expired: '折扣碼已過期',
      usedUp: '折扣碼已使用完畢',
      membersOnly: '此折扣碼僅限會員使用',
      memberUsed: '您已使用過此折扣碼',
      firstOrderOnly: '此折扣碼僅限首次購物',
      wrongTier: '此折扣碼不適用於您的會員等級',
      notInScope: '此折扣碼不適用於購物車中的商品',
      oneCodeOnly: '一筆訂單限用一組折扣碼',
    });
    expect(COUPON_MSG.belowThreshold(120)).toBe('未達使用門檻（還差 NT$ 120）');
  });
});

describe('an applied code', () => {
  it('is a coupon adjustment and a counted use with the code and its row', () => {
    const r = quoteCart(input({ lines: [line(1, 1000)], promotions: [coded({ couponMode: 'unique' })], coupon: code(9, 'AB12CD34', { codeId: 55 }) }));
    expect(r.coupon).toEqual({ code: 'AB12CD34', applied: true, promotion_id: 9 });
    expect(r.adjustments).toEqual([{ kind: 'coupon', label: '活動9', amount: -100, sourceId: '9', promotion_id: 9 }]);
    expect(r.uses).toEqual([{ promotionId: 9, counts: true, codeId: 55, code: 'AB12CD34', gift: false, discount: 100, perMemberLimit: null }]);
  });

  it('of WELCOME100 for first orders: visitors count as a first order', () => {
    const welcome = coded({ firstOrderOnly: true });
    expect(couponOf(welcome, visitor)).toMatchObject({ applied: true });
    expect(couponOf(welcome, member({ isFirstOrder: true }))).toMatchObject({ applied: true });
  });

  it('below the per-member limit applies; a visitor is not counted against it', () => {
    expect(couponOf(coded({ perMemberLimit: 2 }), member({ usesByPromotion: new Map([[9, 1]]) }))).toMatchObject({ applied: true });
    expect(couponOf(coded({ perMemberLimit: 1 }), visitor)).toMatchObject({ applied: true });
  });

  it('of a free_shipping promotion judges its threshold on the goods after discounts', () => {
    const ship = coded({ kind: 'free_shipping', tiers: [], minSubtotal: 950 });
    const ten = promo({ id: 1, kind: 'percent_off', percent: 10 });
    const refused = quoteCart(input({ lines: [line(1, 1000)], promotions: [ship, ten], coupon: code(9) }));
    expect(refused.coupon).toMatchObject({ applied: false, message: '未達使用門檻（還差 NT$ 50）' });
    expect([refused.freeShipping, refused.priced.shippingFee]).toEqual([false, 60]);
    const ok = quoteCart(input({ lines: [line(1, 1100)], promotions: [ship, ten], coupon: code(9) }));
    expect(ok.coupon).toMatchObject({ applied: true });
    expect([ok.freeShipping, ok.priced.shippingFee, ok.priced.total]).toEqual([true, 0, 990]);
    expect(ok.uses.find((u) => u.promotionId === 9)).toEqual({ promotionId: 9, counts: true, codeId: null, code: 'WELCOME100', gift: false, discount: 0, perMemberLimit: null });
  });

  it('of a gift promotion whose gift is gone is refused with 贈品已送完 (the code is not spent for nothing)', () => {
    const gift = coded({ kind: 'gift', tiers: [], gift: variant(901), giftStock: 0 });
    const r = quoteCart(input({ lines: [line(1, 1000)], promotions: [gift], coupon: code(9) }));
    expect(r.coupon).toMatchObject({ applied: false, message: GIFT_SOLD_OUT });
    expect(r.gifts).toMatchObject([{ promotion_id: 9, available: false, message: GIFT_SOLD_OUT }]);
    expect(r.uses).toEqual([]);
    const given = quoteCart(input({ lines: [line(1, 1000)], promotions: [{ ...gift, giftStock: 1 }], coupon: code(9) }));
    expect(given.coupon).toMatchObject({ applied: true });
    expect(given.uses).toEqual([{ promotionId: 9, counts: true, codeId: null, code: 'WELCOME100', gift: true, discount: 0, perMemberLimit: null }]);
  });

  it('no code typed: coupon is null', () => {
    expect(quoteCart(input({ lines: [line(1, 1000)] })).coupon).toBeNull();
  });
});
