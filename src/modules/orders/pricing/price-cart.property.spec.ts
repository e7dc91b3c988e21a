import fc from 'fast-check';
import { priceCart, type AdjustmentInput, type PriceCartInput } from './price-cart';

const line = fc.record({ unitPrice: fc.integer({ min: 0, max: 20_000 }), quantity: fc.integer({ min: 1, max: 99 }), eligible: fc.boolean() });
const kind = fc.constantFrom('promotion', 'coupon', 'tier', 'shipping', 'manual') as fc.Arbitrary<AdjustmentInput['kind']>;
const cart = fc
  .array(line, { minLength: 1, maxLength: 8 })
  .chain((lines) =>
    fc.record({
      lines: fc.constant(lines),
      shipping: fc.oneof(
        fc.record({ shipping_cost: fc.integer({ min: 0, max: 300 }), free_shipping_threshold: fc.integer({ min: 0, max: 5000 }) }),
        fc.record({ fixedFee: fc.integer({ min: 0, max: 300 }) }),
      ),
      adjustments: fc.array(
        fc.record({
          kind,
          label: fc.constant('折扣'),
          amount: fc.integer({ min: -50_000, max: 0 }),
          lineIndex: fc.option(fc.integer({ min: 0, max: lines.length - 1 }), { nil: null }),
          lineIndexes: fc.option(fc.subarray(lines.map((_, i) => i)), { nil: undefined }),
        }),
        { maxLength: 5 },
      ),
      points: fc.integer({ min: 0, max: 10_000 }),
      freeShipping: fc.boolean(),
    }),
  ) as fc.Arbitrary<PriceCartInput>;

const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);

describe('priceCart properties (fast-check)', () => {
  it('adds up: Σ line amounts + shipping = total = Σ gross + Σ adjustments + shipping; no line below 0', () => {
    fc.assert(
      fc.property(cart, (given) => {
        // One label per requested adjustment, to find what each one placed.
        const input = { ...given, adjustments: (given.adjustments ?? []).map((a, i) => ({ ...a, label: `折扣${i}` })) };
        const p = priceCart(input);
        expect(sum(p.lines.map((l) => l.amount)) + p.shippingFee).toBe(p.total);
        expect(sum(p.lines.map((l) => l.gross)) + sum(p.adjustments.map((a) => a.amount)) + p.shippingFee).toBe(p.total);
        expect(p.subtotal - p.discountTotal - p.pointsUsed + p.shippingFee).toBe(p.total);
        for (const l of p.lines) {
          expect(l.amount).toBeGreaterThanOrEqual(0);
          expect(l.amount).toBe(l.gross - l.discount);
        }
        for (const a of p.adjustments) {
          expect(a.amount).toBeLessThan(0);
          expect(sum(a.shares)).toBe(-a.amount);
        }
        // Order-level amounts go only to eligible lines.
        for (const a of p.adjustments.filter((x) => x.lineIndex === null)) a.shares.forEach((s, i) => s > 0 && expect(input.lines[i].eligible).not.toBe(false));
        // …and an adjustment with lineIndexes only to those lines.
        for (const a of p.adjustments) {
          const asked = input.adjustments.find((x) => x.label === a.label);
          if (asked?.lineIndex == null && asked?.lineIndexes) a.shares.forEach((s, i) => s > 0 && expect(asked.lineIndexes).toContain(i));
        }
      }),
      { numRuns: 5000 },
    );
  });

  it('under reordering of the lines the money stays the same; each line moves by at most 1 NT$ per spread (ties go to the earlier line)', () => {
    // Order-level amounts and points (caps binding or not): the spread is proportional, so only the
    // largest remainder's ties depend on the order of the lines.
    const spreadOnly = cart.map((c) => ({ ...c, adjustments: (c.adjustments ?? []).map((a) => ({ ...a, lineIndex: null })) }));
    fc.assert(
      fc.property(spreadOnly, fc.integer({ min: 0, max: 1000 }), (input, seed) => {
        const order = input.lines.map((_, i) => i).sort((a, b) => ((a * 7919 + seed) % 13) - ((b * 7919 + seed) % 13) || a - b);
        // The moved cart names the same lines at their new places.
        const adjustments = (input.adjustments ?? []).map((a) => ({ ...a, lineIndexes: a.lineIndexes?.map((i) => order.indexOf(i)) }));
        const moved = { ...input, lines: order.map((i) => input.lines[i]), adjustments };
        const p = priceCart(input);
        const q = priceCart(moved);
        expect(q.total).toBe(p.total);
        expect(q.shippingFee).toBe(p.shippingFee);
        expect(q.discountTotal).toBe(p.discountTotal);
        expect(q.pointsUsed).toBe(p.pointsUsed);
        expect(q.adjustments.map((a) => a.amount)).toEqual(p.adjustments.map((a) => a.amount));
        const spreads = p.adjustments.length;
        order.forEach((from, to) => {
          expect(Math.abs(q.lines[to].discount - p.lines[from].discount)).toBeLessThanOrEqual(spreads);
        });
      }),
      { numRuns: 3000 },
    );
  });

  it('is the same whatever the order of lines with distinct shares: identical lines keep their order of ties', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5000 }), fc.integer({ min: 2, max: 6 }), fc.integer({ min: 1, max: 20 }), (price, n, off) => {
        const lines = Array.from({ length: n }, () => ({ unitPrice: price, quantity: 1 }));
        const amount = Math.min(off, price * n);
        const p = priceCart({ lines, shipping: { fixedFee: 0 }, adjustments: [{ kind: 'manual', label: 'x', amount: -amount }] });
        // Equal lines: the extra NT$ go to the earlier ones.
        const d = p.lines.map((l) => l.discount);
        for (let i = 1; i < d.length; i++) expect(d[i]).toBeLessThanOrEqual(d[i - 1]);
        expect(d[0] - d[d.length - 1]).toBeLessThanOrEqual(1);
      }),
      { numRuns: 2000 },
    );
  });
});
