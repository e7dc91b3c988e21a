import { quoteCart } from './quote-cart';
import { code, input, line, member, NOW, promo, visitor } from './testing/fixtures';
import type { EngineInput, EnginePromotion, EngineResult } from './engine-types';

/** Spec 4 §4 step 2, issue 20 rules 1–8: the discount kinds, how they compete and stack, and when they apply. */

const adds = (r: EngineResult) => r.adjustments.map((a) => [a.kind, a.promotion_id, a.amount]);
const amounts = (r: EngineResult) => r.lines.map((l) => l.amount);
const quote = (over: Partial<EngineInput>) => quoteCart(input(over));

describe('discount kinds (rule 7)', () => {
  const tiers = [
    { threshold: 1000, value: 100 },
    { threshold: 2000, value: 300 },
  ];

  it('amount_off: the highest tier reached, spread over the eligible lines by the largest remainder', () => {
    const low = quote({ lines: [line(1, 600, 2)], promotions: [promo({ id: 1, kind: 'amount_off', tiers })] });
    expect(adds(low)).toEqual([['promotion', 1, -100]]);
    const high = quote({ lines: [line(1, 1500), line(2, 600)], promotions: [promo({ id: 1, kind: 'amount_off', tiers })] });
    expect(adds(high)).toEqual([['promotion', 1, -300]]);
    expect(high.lines.map((l) => l.discount)).toEqual([214, 86]);
    expect(high.priced.total).toBe(2100 - 300 + 60);
    expect(high.adjustments[0]).toMatchObject({ label: '活動1', sourceId: '1' });
  });

  it('amount_off below its lowest tier, or below min_subtotal, takes nothing', () => {
    expect(adds(quote({ lines: [line(1, 999)], promotions: [promo({ id: 1, kind: 'amount_off', tiers })] }))).toEqual([]);
    expect(adds(quote({ lines: [line(1, 1200)], promotions: [promo({ id: 1, kind: 'amount_off', tiers, minSubtotal: 1500 })] }))).toEqual([]);
  });

  it('percent_off: floor(what is left × percent / 100), capped by max_discount (0 or null = no cap)', () => {
    expect(adds(quote({ lines: [line(1, 1234)], promotions: [promo({ id: 1, kind: 'percent_off', percent: 10 })] }))).toEqual([['promotion', 1, -123]]);
    expect(adds(quote({ lines: [line(1, 1234)], promotions: [promo({ id: 1, kind: 'percent_off', percent: 10, maxDiscount: 100 })] }))).toEqual([['promotion', 1, -100]]);
    expect(adds(quote({ lines: [line(1, 1234)], promotions: [promo({ id: 1, kind: 'percent_off', percent: 10, maxDiscount: 0 })] }))).toEqual([['promotion', 1, -123]]);
    // floor(9 × 10 / 100) = 0: nothing to take, no adjustment and no use.
    const tiny = quote({ lines: [line(1, 9)], promotions: [promo({ id: 1, kind: 'percent_off', percent: 10 })] });
    expect([adds(tiny), tiny.uses]).toEqual([[], []]);
  });

  it('bundle_price: the most expensive eligible units first, any N for X, spread over the lines holding them', () => {
    const r = quote({ lines: [line(1, 500, 2), line(2, 400), line(3, 300, 2)], promotions: [promo({ id: 1, kind: 'bundle_price', bundleQuantity: 3, bundlePrice: 999 })] });
    // 500 + 500 + 400 − 999 = 401, over lines 1 (1,000) and 2 (400).
    expect(adds(r)).toEqual([['promotion', 1, -401]]);
    expect(r.lines.map((l) => l.discount)).toEqual([286, 115, 0]);
  });

  it('bundle_price repeats: k = floor(units / N) groups', () => {
    const r = quote({ lines: [line(1, 400, 7)], promotions: [promo({ id: 1, kind: 'bundle_price', bundleQuantity: 3, bundlePrice: 999 })] });
    expect(adds(r)).toEqual([['promotion', 1, -(2400 - 1998)]]);
  });

  it('bundle_price: equal units are taken in line order; no saving, no adjustment', () => {
    const r = quote({ lines: [line(1, 400), line(2, 400), line(3, 400), line(4, 400)], promotions: [promo({ id: 1, kind: 'bundle_price', bundleQuantity: 3, bundlePrice: 999 })] });
    expect(r.lines.map((l) => l.discount)).toEqual([67, 67, 67, 0]);
    const none = quote({ lines: [line(1, 300, 3)], promotions: [promo({ id: 1, kind: 'bundle_price', bundleQuantity: 3, bundlePrice: 999 })] });
    expect(adds(none)).toEqual([]);
  });

  it('a line never goes below 0: a later discount is capped at what is left', () => {
    const r = quote({
      lines: [line(1, 120)],
      promotions: [
        promo({ id: 1, kind: 'percent_off', percent: 95, stackable: true, priority: 5 }),
        promo({ id: 2, kind: 'amount_off', tiers: [{ threshold: 100, value: 100 }], stackable: true }),
      ],
    });
    expect(adds(r)).toEqual([
      ['promotion', 1, -114],
      ['promotion', 2, -6],
    ]);
    expect(amounts(r)).toEqual([0]);
    expect(r.priced.total).toBe(60);
    expect(r.uses.map((u) => [u.promotionId, u.discount])).toEqual([
      [1, 114],
      [2, 6],
    ]);
  });
});

describe('competition and stacking (rule 3)', () => {
  const thousandOff100 = promo({ id: 1, kind: 'amount_off', tiers: [{ threshold: 1000, value: 100 }] });

  it('only the automatic non-stackable discount saving most applies', () => {
    const r = quote({ lines: [line(1, 1200)], promotions: [thousandOff100, promo({ id: 2, kind: 'percent_off', percent: 15 })] });
    expect(adds(r)).toEqual([['promotion', 2, -180]]);
    expect(r.uses.map((u) => u.promotionId)).toEqual([2]);
  });

  it('a tie goes to the higher priority, then the lower id', () => {
    const ten = (id: number, priority = 0) => promo({ id, kind: 'percent_off', percent: 10, priority });
    expect(adds(quote({ lines: [line(1, 1000)], promotions: [ten(3), thousandOff100] }))).toEqual([['promotion', 1, -100]]);
    expect(adds(quote({ lines: [line(1, 1000)], promotions: [ten(3, 1), thousandOff100] }))).toEqual([['promotion', 3, -100]]);
  });

  it('stackable ones apply after, in priority order, each on what is left', () => {
    const s10 = (priority: number) => promo({ id: 5, kind: 'percent_off', percent: 10, stackable: true, priority });
    const s100 = (priority: number) => promo({ id: 6, kind: 'amount_off', tiers: [{ threshold: 1000, value: 100 }], stackable: true, priority });
    expect(adds(quote({ lines: [line(1, 1000)], promotions: [s10(5), s100(1)] }))).toEqual([
      ['promotion', 5, -100],
      ['promotion', 6, -100],
    ]);
    expect(adds(quote({ lines: [line(1, 1000)], promotions: [s10(1), s100(5)] }))).toEqual([
      ['promotion', 6, -100],
      ['promotion', 5, -90],
    ]);
    // The non-stackable winner first (even with a lower priority), then the stackable on what it left.
    expect(adds(quote({ lines: [line(1, 1000)], promotions: [promo({ id: 2, kind: 'percent_off', percent: 20, priority: -1 }), s10(9)] }))).toEqual([
      ['promotion', 2, -200],
      ['promotion', 5, -80],
    ]);
  });

  it('a non-stackable code overrides the automatic non-stackable ones; stackable automatic ones still follow', () => {
    const welcome = promo({ id: 9, kind: 'amount_off', tiers: [{ threshold: 500, value: 50 }], couponMode: 'shared' });
    const r = quote({
      lines: [line(1, 1200)],
      promotions: [promo({ id: 2, kind: 'percent_off', percent: 15 }), welcome, promo({ id: 3, kind: 'percent_off', percent: 5, stackable: true })],
      coupon: code(9),
    });
    expect(adds(r)).toEqual([
      ['coupon', 9, -50],
      ['promotion', 3, -57],
    ]);
    expect(r.coupon).toEqual({ code: 'WELCOME100', applied: true, promotion_id: 9 });
  });

  it('a stackable code stacks on the best automatic non-stackable one, in priority order', () => {
    const r = quote({
      lines: [line(1, 1200)],
      promotions: [promo({ id: 2, kind: 'percent_off', percent: 15 }), promo({ id: 9, kind: 'amount_off', tiers: [{ threshold: 500, value: 50 }], couponMode: 'shared', stackable: true })],
      coupon: code(9),
    });
    expect(adds(r)).toEqual([
      ['promotion', 2, -180],
      ['coupon', 9, -50],
    ]);
  });

  it('a coded promotion never applies without its code', () => {
    expect(adds(quote({ lines: [line(1, 1200)], promotions: [promo({ id: 9, kind: 'percent_off', percent: 50, couponMode: 'shared' })] }))).toEqual([]);
  });
});

describe('scope (rule 5)', () => {
  const lines = [line(1, 1000, 1, { categoryId: 4 }), line(2, 500, 1, { categoryId: 5 }), line(3, 300, 1, { categoryId: 4 })];

  it('products and categories, minus exclusions; thresholds on the eligible lines only', () => {
    const byProducts = quote({ lines, promotions: [promo({ id: 1, kind: 'percent_off', percent: 10, scope: 'products', productIds: [2, 3] })] });
    expect(byProducts.lines.map((l) => l.discount)).toEqual([0, 50, 30]);
    const byCategory = quote({ lines, promotions: [promo({ id: 1, kind: 'percent_off', percent: 10, scope: 'categories', categoryIds: [4], excludeProductIds: [3] })] });
    expect(byCategory.lines.map((l) => l.discount)).toEqual([100, 0, 0]);
    const allBut = quote({ lines, promotions: [promo({ id: 1, kind: 'amount_off', tiers: [{ threshold: 1500, value: 150 }], excludeProductIds: [3] })] });
    expect(allBut.lines.map((l) => l.discount)).toEqual([100, 50, 0]);
    // 500 + 300 eligible < 1,000.
    expect(adds(quote({ lines, promotions: [promo({ id: 1, kind: 'amount_off', tiers: [{ threshold: 1000, value: 100 }], scope: 'products', productIds: [2, 3] })] }))).toEqual([]);
  });

  it('counts min_quantity on eligible units', () => {
    const p = promo({ id: 1, kind: 'percent_off', percent: 10, minQuantity: 2, scope: 'categories', categoryIds: [4] });
    expect(adds(quote({ lines, promotions: [p] }))).toEqual([['promotion', 1, -130]]);
    expect(adds(quote({ lines, promotions: [{ ...p, minQuantity: 3 }] }))).toEqual([]);
  });
});

describe('window, customer and limits (rules 4, 8)', () => {
  const ten = (over: Partial<EnginePromotion> = {}) => promo({ id: 1, kind: 'percent_off', percent: 10, ...over });
  const applies = (over: Partial<EngineInput>) => quote({ lines: [line(1, 1000)], ...over }).adjustments.length === 1;

  it('starts_at ≤ now < ends_at, with Taipei offsets; is_active', () => {
    expect(applies({ promotions: [ten({ startsAt: NOW })] })).toBe(true);
    expect(applies({ promotions: [ten({ startsAt: new Date('2026-12-10T12:00:01+08:00') })] })).toBe(false);
    expect(applies({ promotions: [ten({ endsAt: NOW })] })).toBe(false);
    expect(applies({ promotions: [ten({ isActive: false })] })).toBe(false);
    const endsMidnight = ten({ endsAt: new Date('2026-12-11T00:00:00+08:00') });
    expect(applies({ promotions: [endsMidnight], now: new Date('2026-12-10T15:59:59Z') })).toBe(true); // 23:59:59 in Taipei
    expect(applies({ promotions: [endsMidnight], now: new Date('2026-12-10T16:00:00Z') })).toBe(false); // 00:00 on the 11th
  });

  it('member_only, first_order_only and tiers', () => {
    expect(applies({ promotions: [ten({ memberOnly: true })], customer: visitor })).toBe(false);
    expect(applies({ promotions: [ten({ memberOnly: true })], customer: member() })).toBe(true);
    expect(applies({ promotions: [ten({ firstOrderOnly: true })], customer: member({ isFirstOrder: false }) })).toBe(false);
    expect(applies({ promotions: [ten({ firstOrderOnly: true })], customer: member({ isFirstOrder: true }) })).toBe(true);
    expect(applies({ promotions: [ten({ tierIds: [2, 3] })], customer: member({ tierId: 2 }) })).toBe(true);
    expect(applies({ promotions: [ten({ tierIds: [2, 3] })], customer: member({ tierId: 1 }) })).toBe(false);
    expect(applies({ promotions: [ten({ tierIds: [2] })], customer: visitor })).toBe(false);
  });

  it('an automatic promotion stops at its usage limit and at the member’s limit; a use counts only with a limit or a code', () => {
    expect(applies({ promotions: [ten({ usageLimit: 10, usedCount: 10 })] })).toBe(false);
    const left = quote({ lines: [line(1, 1000)], promotions: [ten({ usageLimit: 10, usedCount: 9 })] });
    expect(left.uses).toEqual([{ promotionId: 1, counts: true, codeId: null, code: '', gift: false, discount: 100, perMemberLimit: null }]);
    expect(applies({ promotions: [ten({ perMemberLimit: 1 })], customer: member({ usesByPromotion: new Map([[1, 1]]) }) })).toBe(false);
    expect(applies({ promotions: [ten({ perMemberLimit: 2 })], customer: member({ usesByPromotion: new Map([[1, 1]]) }) })).toBe(true);
    // A visitor has no member's count to reach.
    expect(applies({ promotions: [ten({ perMemberLimit: 1 })], customer: visitor })).toBe(true);
    expect(quote({ lines: [line(1, 1000)], promotions: [ten()] }).uses[0].counts).toBe(false);
    // The use says the member's limit, so the order counts the member's use only when there is one.
    expect(quote({ lines: [line(1, 1000)], promotions: [ten({ perMemberLimit: 2 })], customer: member() }).uses[0]).toMatchObject({ counts: true, perMemberLimit: 2 });
  });
});
