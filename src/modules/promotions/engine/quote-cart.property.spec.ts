import fc from 'fast-check';
import type { EngineCustomer, EngineInput, EngineLine, EnginePromotion } from './engine-types';
import { quoteCart } from './quote-cart';
import { NOW } from './testing/fixtures';

/**
 * Random carts × random promotions (spec 4 §4, CONVENTIONS "pure pricing, property-tested"): the money
 * always adds up, no line goes below 0, and the answer does not depend on the order the promotions
 * (or the add-on requests) come in.
 */

const HOUR = 3_600_000;
const sum = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0);

const lineArb = (productId: number): fc.Arbitrary<EngineLine> =>
  fc.record({
    productId: fc.constant(productId),
    variantId: fc.constant(productId * 10),
    categoryId: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
    title: fc.constant(`商品${productId}`),
    variantName: fc.constant(''),
    imageUrl: fc.constant(''),
    unitPrice: fc.oneof(fc.integer({ min: 0, max: 3000 }), fc.constantFrom(0, 1, 99, 999)),
    quantity: fc.integer({ min: 1, max: 6 }),
  });

const variantArb = fc.record({
  productId: fc.integer({ min: 1, max: 8 }),
  variantId: fc.integer({ min: 1, max: 9 }).map((p) => p * 10),
  title: fc.constant('贈品'),
  variantName: fc.constant(''),
  imageUrl: fc.constant(''),
  price: fc.integer({ min: 0, max: 2000 }),
  stock: fc.integer({ min: 0, max: 8 }),
});

const ids = fc.uniqueArray(fc.integer({ min: 1, max: 8 }), { maxLength: 4 });
/** Mostly `dflt` (conditions that let a promotion apply), sometimes a random value. */
const mostly = <T, U>(dflt: T, other: fc.Arbitrary<U>, weight = 4): fc.Arbitrary<T | U> => fc.oneof({ arbitrary: fc.constant(dflt), weight }, { arbitrary: other, weight: 1 });
const maybeTime = mostly(null, fc.integer({ min: -48, max: 48 }).map((h) => new Date(NOW.getTime() + h * HOUR)), 3);

const promotionArb = (id: number): fc.Arbitrary<EnginePromotion> =>
  fc.record({
    id: fc.constant(id),
    name: fc.constant(`活動${id}`),
    description: fc.constant(''),
    kind: fc.constantFrom('amount_off', 'percent_off', 'bundle_price', 'amount_off', 'percent_off', 'bundle_price', 'free_shipping', 'gift', 'addon'),
    startsAt: maybeTime,
    endsAt: maybeTime,
    isActive: mostly(true, fc.boolean()),
    stackable: fc.boolean(),
    priority: fc.integer({ min: -2, max: 2 }),
    memberOnly: mostly(false, fc.boolean()),
    firstOrderOnly: mostly(false, fc.boolean()),
    tierIds: mostly([] as number[], fc.uniqueArray(fc.integer({ min: 1, max: 3 }), { maxLength: 2 })),
    scope: mostly('all' as const, fc.constantFrom('products' as const, 'categories' as const), 2),
    productIds: ids,
    categoryIds: fc.uniqueArray(fc.integer({ min: 1, max: 3 }), { maxLength: 3 }),
    excludeProductIds: mostly([] as number[], fc.uniqueArray(fc.integer({ min: 1, max: 8 }), { maxLength: 2 }), 2),
    minSubtotal: mostly(null, fc.integer({ min: 0, max: 6000 }), 2),
    minQuantity: mostly(null, fc.integer({ min: 1, max: 6 }), 3),
    tiers: fc.array(
      fc.integer({ min: 1, max: 3000 }).chain((threshold) => fc.record({ threshold: fc.constant(threshold), value: fc.integer({ min: 1, max: threshold + 200 }) })),
      { minLength: 1, maxLength: 3 },
    ),
    percent: fc.option(fc.integer({ min: 1, max: 99 }), { nil: null, freq: 8 }),
    maxDiscount: fc.option(fc.integer({ min: 0, max: 1000 }), { nil: null }),
    bundleQuantity: fc.option(fc.integer({ min: 2, max: 4 }), { nil: null, freq: 8 }),
    bundlePrice: fc.option(fc.integer({ min: 1, max: 3000 }), { nil: null, freq: 8 }),
    gift: fc.option(variantArb, { nil: null, freq: 6 }),
    giftStock: mostly(1, fc.integer({ min: 0, max: 3 }), 2),
    addonItems: fc.array(
      fc.record({
        productId: fc.integer({ min: 1, max: 8 }),
        variantId: fc.integer({ min: 1, max: 9 }).map((p) => p * 10 + 1),
        title: fc.constant('加價購'),
        variantName: fc.constant(''),
        imageUrl: fc.constant(''),
        price: fc.integer({ min: 0, max: 2000 }),
        stock: fc.integer({ min: 0, max: 8 }),
        addonPrice: fc.integer({ min: 0, max: 500 }),
        maxPerOrder: fc.integer({ min: 1, max: 3 }),
      }),
      { maxLength: 2 },
    ),
    couponMode: mostly('none' as const, fc.constantFrom('shared' as const, 'unique' as const), 3),
    usageLimit: mostly(null, fc.integer({ min: 1, max: 5 })),
    usedCount: fc.integer({ min: 0, max: 5 }),
    perMemberLimit: mostly(null, fc.integer({ min: 1, max: 3 })),
  });

const customerArb: fc.Arbitrary<EngineCustomer> = fc.oneof(
  fc.constant({ userId: null, isFirstOrder: true, tierId: null, usesByPromotion: new Map<number, number>() }),
  fc.record({
    userId: fc.constant(7),
    isFirstOrder: fc.boolean(),
    tierId: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
    usesByPromotion: fc.array(fc.tuple(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 0, max: 3 })), { maxLength: 4 }).map((xs) => new Map(xs)),
  }),
);

const baseArb = fc
  .tuple(fc.uniqueArray(fc.integer({ min: 1, max: 8 }), { minLength: 1, maxLength: 6 }), fc.uniqueArray(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 7 }))
  .chain(([productIds, promotionIds]) =>
    fc.record({
      lines: fc.tuple(...productIds.map(lineArb)),
      promotions: fc.tuple(...promotionIds.map(promotionArb)),
      now: fc.constant(NOW),
      customer: customerArb,
      coupon: fc.option(
        fc.record({
          code: fc.constant('CODE2026'),
          promotionId: fc.option(fc.constantFrom(...promotionIds, 99), { nil: null, freq: 8 }),
          codeId: fc.option(fc.integer({ min: 1, max: 100 }), { nil: null }),
          codeUsed: fc.constantFrom(false, false, false, true),
        }),
        { nil: null },
      ),
      addons: fc.constant([]),
      shipping: fc.record({ shipping_cost: fc.integer({ min: 0, max: 120 }), free_shipping_threshold: fc.integer({ min: 0, max: 5000 }) }),
      points: fc.integer({ min: 0, max: 2000 }),
      pointsBalance: fc.integer({ min: 0, max: 2000 }),
      pointsMaxPercent: fc.constantFrom(0, 30, 100),
    }),
  ) as fc.Arbitrary<EngineInput>;

const inputArb: fc.Arbitrary<EngineInput> = baseArb
  // Add-on requests mostly for items the promotions offer (some for none), with odd quantities.
  .chain((base) => {
    const offered = base.promotions.flatMap((p) => p.addonItems.map((a) => ({ promotionId: p.id, variantId: a.variantId })));
    const request = fc.oneof(
      ...(offered.length ? [{ arbitrary: fc.constantFrom(...offered), weight: 4 }] : []),
      { arbitrary: fc.record({ promotionId: fc.integer({ min: 1, max: 13 }), variantId: fc.integer({ min: 1, max: 9 }).map((p) => p * 10 + 1) }), weight: 1 },
    );
    const addons = fc.array(fc.tuple(request, fc.integer({ min: -1, max: 4 })).map(([r, quantity]) => ({ ...r, quantity })), { maxLength: 4 });
    return addons.map((a) => ({ ...base, addons: a }));
  });

describe('quoteCart properties (fast-check)', () => {
  it('adds up: Σ line amount + shipping = total = Σ gross + Σ adjustments + shipping; lines ≥ 0, adjustments < 0, discounts ≤ subtotal', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const r = quoteCart(input);
        const p = r.priced;
        expect(sum(p.lines.map((l) => l.amount)) + p.shippingFee).toBe(p.total);
        expect(sum(p.lines.map((l) => l.gross)) + sum(p.adjustments.map((a) => a.amount)) + p.shippingFee).toBe(p.total);
        expect(sum(p.lines.map((l) => l.discount)) + sum(p.adjustments.map((a) => a.amount))).toBe(0);
        expect(p.discountTotal).toBeLessThanOrEqual(p.subtotal);
        for (const l of p.lines) expect(l.amount).toBeGreaterThanOrEqual(0);
        for (const a of r.adjustments) expect(a.amount).toBeLessThan(0);
        // The quote's lines are the priced lines, in the same order: bought, gifts, add-ons.
        expect(r.lines.map((l) => [l.unit_price, l.quantity, l.discount, l.amount])).toEqual(p.lines.map((l) => [l.unitPrice, l.quantity, l.discount, l.amount]));
        expect(r.lines.slice(0, input.lines.length).map((l) => l.variant_id)).toEqual(input.lines.map((l) => l.variantId));
        const kinds = r.lines.map((l) => l.line_kind).join(',');
        expect(kinds).toMatch(/^(item,?)+(gift,?)*(addon,?)*$/);
        // Gift and add-on lines take no promotion (points may pay for an add-on).
        for (const a of p.adjustments.filter((x) => x.kind !== 'points')) a.shares.forEach((s, i) => s > 0 && expect(r.lines[i].line_kind).toBe('item'));
        for (const l of r.lines.filter((x) => x.line_kind === 'gift')) expect([l.unit_price, l.amount]).toEqual([0, 0]);
        // Uses carry exactly the promotion discounts; a coupon applies only when typed.
        expect(sum(r.uses.map((u) => u.discount))).toBe(p.discountTotal);
        for (const a of r.adjustments.filter((x) => x.kind === 'coupon')) expect(r.coupon?.applied && r.coupon.promotion_id === a.promotion_id).toBe(true);
        expect(r.pointsMax).toBeLessThanOrEqual(input.pointsBalance);
        expect(p.pointsUsed).toBeLessThanOrEqual(r.pointsMax);
      }),
      { numRuns: 3000 },
    );
  });

  it('is the same whatever order the promotions and the add-on requests come in', () => {
    fc.assert(
      fc.property(inputArb, fc.integer({ min: 0, max: 1000 }), (input, seed) => {
        const shuffle = <T>(xs: readonly T[]) => xs.map((x, i) => ({ x, k: (i * 7919 + seed) % 17 })).sort((a, b) => a.k - b.k).map((e) => e.x);
        const a = quoteCart(input);
        const b = quoteCart({ ...input, promotions: shuffle(input.promotions), addons: shuffle(input.addons) });
        expect(b).toEqual(a);
      }),
      { numRuns: 2000 },
    );
  });
});
