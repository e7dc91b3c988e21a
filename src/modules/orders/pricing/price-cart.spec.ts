import { priceCart } from './price-cart';

const rule = { shipping_cost: 60, free_shipping_threshold: 1000 };

describe('priceCart (spec 4 §4)', () => {
  it('prices lines at unit price × quantity, with the fee below the free threshold', () => {
    const p = priceCart({ lines: [{ unitPrice: 300, quantity: 2 }, { unitPrice: 150, quantity: 1 }], shipping: rule });
    expect(p.lines.map((l) => [l.gross, l.discount, l.amount])).toEqual([
      [600, 0, 600],
      [150, 0, 150],
    ]);
    expect(p).toMatchObject({ subtotal: 750, discountTotal: 0, pointsUsed: 0, goods: 750, shippingFee: 60, total: 810, adjustments: [] });
  });

  it('spreads an order-level amount by the largest remainder, ties to the earlier line', () => {
    const p = priceCart({
      lines: [{ unitPrice: 100, quantity: 1 }, { unitPrice: 100, quantity: 1 }, { unitPrice: 100, quantity: 1 }],
      shipping: { fixedFee: 0 },
      adjustments: [{ kind: 'manual', label: '訂單折扣', amount: -100 }],
    });
    expect(p.lines.map((l) => l.discount)).toEqual([34, 33, 33]);
    expect(p.lines.map((l) => l.amount)).toEqual([66, 67, 67]);
    expect(p.adjustments).toEqual([{ kind: 'manual', label: '訂單折扣', amount: -100, lineIndex: null, sourceId: '', reason: '', shares: [34, 33, 33] }]);
    expect(p.total).toBe(200);
    expect(p.discountTotal).toBe(100);
  });

  it('judges the free-shipping threshold on the goods after discounts (step 6)', () => {
    const before = priceCart({ lines: [{ unitPrice: 1050, quantity: 1 }], shipping: rule });
    expect(before.shippingFee).toBe(0);
    const after = priceCart({ lines: [{ unitPrice: 1050, quantity: 1 }], shipping: rule, adjustments: [{ kind: 'promotion', label: '滿千折百', amount: -100 }] });
    expect(after.goods).toBe(950);
    expect(after.shippingFee).toBe(60);
    expect(after.total).toBe(1010);
  });

  it('judges it before points: points pay, they do not shrink the order (step 5–6)', () => {
    const p = priceCart({ lines: [{ unitPrice: 1000, quantity: 1 }], shipping: rule, points: 50 });
    expect(p.shippingFee).toBe(0);
    expect(p.pointsUsed).toBe(50);
    expect(p.discountTotal).toBe(0);
    expect(p.total).toBe(950);
    expect(p.adjustments[0]).toMatchObject({ kind: 'points', label: '購物金折抵', amount: -50 });
  });

  it('a free_shipping promotion makes the fee 0 without an adjustment row', () => {
    const p = priceCart({ lines: [{ unitPrice: 300, quantity: 1 }], shipping: rule, freeShipping: true });
    expect([p.shippingFee, p.total, p.adjustments]).toEqual([0, 300, []]);
  });

  it('caps points at POINTS_MAX_PERCENT of the goods after discounts', () => {
    const p = priceCart({ lines: [{ unitPrice: 999, quantity: 1 }], shipping: { fixedFee: 0 }, points: 500 });
    expect(p.pointsUsed).toBe(299);
    expect(p.total).toBe(700);
  });

  it('never takes a line below 0: an amount larger than the goods takes only the goods', () => {
    const p = priceCart({ lines: [{ unitPrice: 80, quantity: 1 }, { unitPrice: 20, quantity: 1 }], shipping: { fixedFee: 60 }, adjustments: [{ kind: 'manual', label: '訂單折扣', amount: -500 }] });
    expect(p.lines.map((l) => l.amount)).toEqual([0, 0]);
    expect(p.adjustments[0].amount).toBe(-100);
    expect(p.total).toBe(60);
  });

  it('applies a line-level adjustment to its line only, capped at the line', () => {
    const p = priceCart({
      lines: [{ unitPrice: 500, quantity: 1 }, { unitPrice: 30, quantity: 1 }],
      shipping: { fixedFee: 0 },
      adjustments: [{ kind: 'promotion', label: '加價購', amount: -50, lineIndex: 1 }],
    });
    expect(p.lines.map((l) => l.amount)).toEqual([500, 0]);
    expect(p.adjustments[0]).toMatchObject({ amount: -30, lineIndex: 1 });
  });

  it('spreads only over eligible lines', () => {
    const p = priceCart({
      lines: [{ unitPrice: 100, quantity: 1, eligible: false }, { unitPrice: 100, quantity: 1 }],
      shipping: { fixedFee: 0 },
      adjustments: [{ kind: 'coupon', label: 'WELCOME', amount: -30 }],
    });
    expect(p.lines.map((l) => l.discount)).toEqual([0, 30]);
  });

  it('spreads an amount with lineIndexes over those lines only (a promotion on its eligible lines), in proportion to what is left', () => {
    const p = priceCart({
      lines: [{ unitPrice: 300, quantity: 1 }, { unitPrice: 100, quantity: 1 }, { unitPrice: 200, quantity: 1 }],
      shipping: { fixedFee: 0 },
      adjustments: [
        { kind: 'promotion', label: '任選', amount: -50, lineIndexes: [0] },
        { kind: 'promotion', label: '折扣', amount: -100, lineIndexes: [0, 2] },
      ],
    });
    expect(p.adjustments.map((a) => a.shares)).toEqual([
      [50, 0, 0],
      [56, 0, 44],
    ]);
    expect(p.lines.map((l) => l.amount)).toEqual([194, 100, 156]);
  });

  it('caps an amount with lineIndexes at what is left of those lines, and never spreads over an ineligible line even when named', () => {
    const p = priceCart({
      lines: [{ unitPrice: 80, quantity: 1 }, { unitPrice: 0, quantity: 1, eligible: false }, { unitPrice: 500, quantity: 1 }],
      shipping: { fixedFee: 0 },
      adjustments: [{ kind: 'coupon', label: 'X', amount: -300, lineIndexes: [0, 1] }],
    });
    expect(p.adjustments[0]).toMatchObject({ amount: -80, shares: [80, 0, 0] });
    expect(p.total).toBe(500);
  });

  it('re-prices a stored order the same way (stored adjustments, then the new one)', () => {
    const lines = [{ unitPrice: 250, quantity: 2 }, { unitPrice: 100, quantity: 3 }];
    const first = priceCart({ lines, shipping: { fixedFee: 60 }, adjustments: [{ kind: 'manual', label: '訂單折扣', amount: -99 }] });
    const again = priceCart({ lines, shipping: { fixedFee: 60 }, adjustments: [{ kind: 'manual', label: '訂單折扣', amount: -99 }, { kind: 'manual', label: '訂單折扣', amount: -1 }] });
    expect(again.adjustments[0].shares).toEqual(first.adjustments[0].shares);
    expect(again.total).toBe(first.total - 1);
  });

  it('refuses what is not money', () => {
    expect(() => priceCart({ lines: [{ unitPrice: 1.5, quantity: 1 }], shipping: rule })).toThrow(RangeError);
    expect(() => priceCart({ lines: [{ unitPrice: 1, quantity: 1 }], shipping: rule, adjustments: [{ kind: 'manual', label: 'x', amount: 5 }] })).toThrow(RangeError);
    expect(() => priceCart({ lines: [{ unitPrice: 1, quantity: 1 }], shipping: rule, adjustments: [{ kind: 'manual', label: 'x', amount: -1, lineIndex: 3 }] })).toThrow(RangeError);
    expect(() => priceCart({ lines: [{ unitPrice: 1, quantity: 1 }], shipping: rule, adjustments: [{ kind: 'manual', label: 'x', amount: -1, lineIndexes: [1] }] })).toThrow(RangeError);
  });
});
