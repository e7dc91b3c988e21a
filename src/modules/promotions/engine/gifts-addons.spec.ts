import type { EnginePromotion } from './engine-types';
import { GIFT_SOLD_OUT } from './messages';
import { quoteCart } from './quote-cart';
import { input, line, promo, variant } from './testing/fixtures';

/** Issue 20 rules 10–11, spec 4 §4 steps 4–6: gifts, add-ons, free shipping and the shape of the lines. */

const travelKit = variant(901, { title: '旅行組' });
const giftPromo = (over: Partial<EnginePromotion> = {}) => promo({ id: 4, kind: 'gift', minSubtotal: 1500, gift: travelKit, giftStock: 5, ...over });
const addonItem = (over: Partial<ReturnType<typeof variant>> = {}) => ({ ...variant(902, { title: '化妝棉', price: 300, stock: 5, ...over }), addonPrice: 99, maxPerOrder: 2 });
const addonPromo = (over: Partial<EnginePromotion> = {}) => promo({ id: 6, kind: 'addon', minSubtotal: 500, addonItems: [addonItem()], ...over });

describe('gifts (rule 10)', () => {
  it('one gift line at NT$ 0 when the goods after discounts reach the threshold', () => {
    const r = quoteCart(input({ lines: [line(1, 1600)], promotions: [giftPromo()] }));
    expect(r.lines[1]).toEqual({ product_id: 90, variant_id: 901, title: '旅行組', variant_name: '小', image_url: '/img/v901.jpg', unit_price: 0, quantity: 1, discount: 0, amount: 0, line_kind: 'gift', promotion_id: 4 });
    expect(r.gifts).toEqual([{ promotion_id: 4, product_id: 90, variant_id: 901, title: '旅行組', variant_name: '小', image_url: '/img/v901.jpg', quantity: 1, available: true }]);
    expect(r.uses).toEqual([{ promotionId: 4, counts: false, codeId: null, code: '', gift: true, discount: 0, perMemberLimit: null }]);
    expect(r.priced.total).toBe(1660);
  });

  it('judges the threshold after discounts: 10% off 1,600 is 1,440, no gift', () => {
    const r = quoteCart(input({ lines: [line(1, 1600)], promotions: [giftPromo(), promo({ id: 1, kind: 'percent_off', percent: 10 })] }));
    expect(r.gifts).toEqual([]);
    expect(r.lines.map((l) => l.line_kind)).toEqual(['item']);
  });

  it.each([
    ['gift_stock 0', giftPromo({ giftStock: 0 })],
    ['the variant out of stock', giftPromo({ gift: { ...travelKit, stock: 0 } })],
  ])('is listed as 贈品已送完 with no line when %s', (_name, p) => {
    const r = quoteCart(input({ lines: [line(1, 1600)], promotions: [p] }));
    expect(r.gifts).toEqual([expect.objectContaining({ promotion_id: 4, available: false, quantity: 0, message: GIFT_SOLD_OUT })]);
    expect(r.lines).toHaveLength(1);
    expect(r.uses).toEqual([]);
  });

  it('shares the variant’s stock with the bought lines and with other gifts (higher priority first)', () => {
    // Line of product 90 is variant 900: the gift of the same variant gets what the line leaves.
    const same = variant(900, { stock: 2 });
    expect(quoteCart(input({ lines: [line(90, 800, 2)], promotions: [giftPromo({ gift: same })] })).gifts[0].available).toBe(false);
    expect(quoteCart(input({ lines: [line(90, 800, 2)], promotions: [giftPromo({ gift: { ...same, stock: 3 } })] })).gifts[0].available).toBe(true);
    const one = { ...travelKit, stock: 1 };
    const r = quoteCart(input({ lines: [line(1, 2000)], promotions: [giftPromo({ gift: one }), giftPromo({ id: 5, gift: one, priority: 3 })] }));
    expect(r.gifts.map((g) => [g.promotion_id, g.available])).toEqual([
      [5, true],
      [4, false],
    ]);
  });
});

describe('add-ons (rule 11)', () => {
  it('offered when the condition holds; the requested quantity is clamped to max_per_order', () => {
    const r = quoteCart(input({ lines: [line(1, 1000)], promotions: [addonPromo()], addons: [{ promotionId: 6, variantId: 902, quantity: 5 }] }));
    expect(r.addonOffers).toEqual([
      { promotion_id: 6, promotion_name: '活動6', product_id: 90, variant_id: 902, title: '化妝棉', variant_name: '小', image_url: '/img/v902.jpg', price: 300, addon_price: 99, max_per_order: 2, quantity: 2, stock: 5 },
    ]);
    expect(r.lines[1]).toMatchObject({ variant_id: 902, unit_price: 99, quantity: 2, amount: 198, line_kind: 'addon', promotion_id: 6 });
    expect(r.priced.total).toBe(1000 + 198 + 60);
    expect(r.uses).toEqual([{ promotionId: 6, counts: false, codeId: null, code: '', gift: false, discount: 0, perMemberLimit: null }]);
  });

  it('clamps to the stock left', () => {
    const r = quoteCart(input({ lines: [line(1, 1000)], promotions: [addonPromo({ addonItems: [addonItem({ stock: 1 })] })], addons: [{ promotionId: 6, variantId: 902, quantity: 2 }] }));
    expect(r.lines[1].quantity).toBe(1);
    expect(r.addonOffers[0]).toMatchObject({ quantity: 1, stock: 1 });
  });

  it('offered but not added: listed with quantity 0, no line, no use', () => {
    const r = quoteCart(input({ lines: [line(1, 1000)], promotions: [addonPromo()] }));
    expect(r.addonOffers[0].quantity).toBe(0);
    expect([r.lines.length, r.uses]).toEqual([1, []]);
  });

  it('drops a requested add-on that is not offered (condition not met, unknown variant or promotion)', () => {
    const below = quoteCart(input({ lines: [line(1, 400)], promotions: [addonPromo()], addons: [{ promotionId: 6, variantId: 902, quantity: 1 }] }));
    expect([below.addonOffers, below.lines.length, below.priced.total]).toEqual([[], 1, 460]);
    const unknown = quoteCart(input({ lines: [line(1, 1000)], promotions: [addonPromo()], addons: [{ promotionId: 6, variantId: 999, quantity: 1 }, { promotionId: 77, variantId: 902, quantity: 1 }] }));
    expect(unknown.lines).toHaveLength(1);
  });

  it('add-on and gift lines take no other promotion; add-ons count toward the method’s free threshold', () => {
    const r = quoteCart(
      input({
        lines: [line(1, 950)],
        promotions: [addonPromo(), promo({ id: 1, kind: 'percent_off', percent: 10, stackable: true }), giftPromo({ minSubtotal: 100 })],
        addons: [{ promotionId: 6, variantId: 902, quantity: 1 }],
        shipping: { shipping_cost: 60, free_shipping_threshold: 950 },
      }),
    );
    expect(r.lines.map((l) => [l.line_kind, l.discount, l.amount])).toEqual([
      ['item', 95, 855],
      ['gift', 0, 0],
      ['addon', 0, 99],
    ]);
    expect(r.priced.lines.map((l) => l.unitPrice)).toEqual(r.lines.map((l) => l.unit_price));
    expect([r.priced.goods, r.priced.shippingFee, r.freeShipping]).toEqual([954, 0, true]);
  });
});

describe('free shipping (spec 4 §4 step 6)', () => {
  it('a free_shipping promotion makes the fee 0 without an adjustment', () => {
    const r = quoteCart(input({ lines: [line(1, 1000)], promotions: [promo({ id: 7, kind: 'free_shipping', minSubtotal: 1000 })] }));
    expect([r.priced.shippingFee, r.priced.total, r.adjustments, r.freeShipping]).toEqual([0, 1000, [], true]);
    expect(r.uses.map((u) => u.promotionId)).toEqual([7]);
    const below = quoteCart(input({ lines: [line(1, 999)], promotions: [promo({ id: 7, kind: 'free_shipping', minSubtotal: 1000 })] }));
    expect([below.priced.shippingFee, below.freeShipping]).toEqual([60, false]);
  });

  it('the method’s own threshold counts the goods after discounts', () => {
    const shipping = { shipping_cost: 60, free_shipping_threshold: 1000 };
    const r = quoteCart(input({ lines: [line(1, 1000)], shipping }));
    expect([r.priced.shippingFee, r.freeShipping]).toEqual([0, true]);
    const after = quoteCart(input({ lines: [line(1, 1000)], shipping, promotions: [promo({ id: 1, kind: 'percent_off', percent: 10 })] }));
    expect([after.priced.shippingFee, after.freeShipping, after.priced.total]).toEqual([60, false, 960]);
  });

  it('a method that costs nothing is not "free shipping"', () => {
    const r = quoteCart(input({ lines: [line(1, 100)], shipping: { shipping_cost: 0, free_shipping_threshold: 5000 } }));
    expect([r.priced.shippingFee, r.freeShipping, r.hints]).toEqual([0, false, []]);
  });
});

describe('points (rule 13)', () => {
  it('uses at most the balance and POINTS_MAX_PERCENT of the goods; pointsMax says how much', () => {
    const r = quoteCart(input({ lines: [line(1, 1000)], points: 500, pointsBalance: 100 }));
    expect([r.priced.pointsUsed, r.pointsMax, r.priced.total]).toEqual([100, 100, 960]);
    expect(r.adjustments).toEqual([{ kind: 'points', label: '購物金折抵', amount: -100, sourceId: '' }]);
    const none = quoteCart(input({ lines: [line(1, 1000)], points: 500 }));
    expect([none.priced.pointsUsed, none.pointsMax]).toEqual([0, 0]);
  });
});
