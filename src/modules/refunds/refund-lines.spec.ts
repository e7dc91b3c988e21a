import fc from 'fast-check';
import { REFUND_MSG } from '../../common/validation/admin';
import { lineStates, planRefund, RefundFieldError, restockUnits, unitsValue, type OrderLine } from './refund-lines';

const line = (id: number, quantity: number, amount: number, variant: number | null = id * 10): OrderLine => ({ order_item_id: id, variant_id: variant, title: `商品 ${id}`, variant_name: '', price: Math.ceil(amount / quantity), quantity, amount });

function refusal(f: () => unknown): RefundFieldError {
  try {
    f();
  } catch (e) {
    if (e instanceof RefundFieldError) return e;
    throw e;
  }
  throw new Error('not refused');
}

describe('refunds by line (refund-lines.ts)', () => {
  const order = [line(1, 3, 100), line(2, 1, 250)];

  it('a unit is worth amount × q / quantity, the last unit takes the rest', () => {
    let { lines } = lineStates(order, [], 60, 0);
    expect(unitsValue(lines[0], 1)).toBe(33);
    expect(unitsValue(lines[0], 2)).toBe(66);
    expect(unitsValue(lines[0], 3)).toBe(100);
    // after one unit went back: 33 + 33 + 34
    ({ lines } = lineStates(order, [{ order_item_id: 1, quantity: 1, amount: 33 }], 60, 0));
    expect(lines[0]).toMatchObject({ refunded_quantity: 1, left_quantity: 2, left_amount: 67 });
    expect(unitsValue(lines[0], 1)).toBe(33);
    expect(unitsValue(lines[0], 2)).toBe(67);
  });

  it('names items and quantities, with or without the shipping fee', () => {
    const { lines, shippingLeft } = lineStates(order, [], 60, 0);
    expect(planRefund({ items: [{ order_item_id: 1, quantity: 2 }] }, lines, shippingLeft)).toEqual({ amount: 66, shipping_amount: 0, lines: [{ order_item_id: 1, quantity: 2, amount: 66 }] });
    expect(planRefund({ items: [{ order_item_id: 2, quantity: 1 }], shipping: true }, lines, shippingLeft)).toEqual({ amount: 310, shipping_amount: 60, lines: [{ order_item_id: 2, quantity: 1, amount: 250 }] });
  });

  it('refuses a quantity above what is left, an unknown line, items and amount together', () => {
    const { lines, shippingLeft } = lineStates(order, [{ order_item_id: 1, quantity: 2, amount: 66 }], 60, 0);
    const over = refusal(() => planRefund({ items: [{ order_item_id: 1, quantity: 2 }] }, lines, shippingLeft));
    expect(over).toMatchObject({ field: 'items.0.quantity', message: '超過可退數量（最多 1 件）' });
    // the same line twice counts as one
    expect(refusal(() => planRefund({ items: [{ order_item_id: 1, quantity: 1 }, { order_item_id: 1, quantity: 1 }] }, lines, shippingLeft)).field).toBe('items.1.quantity');
    expect(refusal(() => planRefund({ items: [{ order_item_id: 9, quantity: 1 }] }, lines, shippingLeft))).toMatchObject({ field: 'items.0.order_item_id', message: REFUND_MSG.itemNotInOrder });
    expect(refusal(() => planRefund({ items: [{ order_item_id: 2, quantity: 1 }], amount: 5 }, lines, shippingLeft)).message).toBe(REFUND_MSG.itemsOrAmount);
  });

  it('an amount is spread over the lines by the largest remainder, capped at what each has left; above the total it is refused on the field', () => {
    const { lines, shippingLeft } = lineStates(order, [], 60, 0);
    expect(planRefund({ amount: 35 }, lines, shippingLeft)).toEqual({ amount: 35, shipping_amount: 0, lines: [{ order_item_id: 1, quantity: 0, amount: 10 }, { order_item_id: 2, quantity: 0, amount: 25 }] });
    // old requests: lines first, then shipping
    expect(planRefund({ amount: 400 }, lines, shippingLeft)).toMatchObject({ amount: 400, shipping_amount: 50 });
    expect(planRefund({ amount: 100, shipping: true }, lines, shippingLeft)).toMatchObject({ amount: 100, shipping_amount: 60 });
    const over = refusal(() => planRefund({ amount: 99999 }, lines, shippingLeft));
    expect(over).toMatchObject({ field: 'amount', message: '超過可退金額（最多 NT$ 410）', extra: { refundable: 410 } });
    expect(refusal(() => planRefund({ amount: 351, shipping: false }, lines, shippingLeft)).message).toBe('超過可退金額（最多 NT$ 350）');
    expect(refusal(() => planRefund({ amount: 59, shipping: true }, lines, shippingLeft)).message).toBe(REFUND_MSG.amountBelowShipping);
  });

  it('neither: everything left, every unit', () => {
    const { lines, shippingLeft } = lineStates(order, [{ order_item_id: 1, quantity: 1, amount: 33 }], 60, 0);
    expect(planRefund({}, lines, shippingLeft)).toEqual({
      amount: 377,
      shipping_amount: 60,
      lines: [
        { order_item_id: 1, quantity: 2, amount: 67 },
        { order_item_id: 2, quantity: 1, amount: 250 },
      ],
    });
  });

  it('refunds made before lines were recorded are taken from the lines, then the shipping fee', () => {
    const { lines, shippingLeft } = lineStates(order, [], 60, 0, 380);
    expect(lines.map((l) => l.left_amount)).toEqual([0, 0]);
    expect(shippingLeft).toBe(30);
  });

  it('restock: named units once each; an amount refund puts back every unit not back yet; nothing after a whole-order restock', () => {
    expect(restockUnits(order, { lines: [{ order_item_id: 1, quantity: 2, amount: 66 }] }, new Map(), false)).toEqual([{ order_item_id: 1, variant_id: 10, quantity: 2 }]);
    expect(restockUnits(order, { lines: [{ order_item_id: 1, quantity: 0, amount: 5 }] }, new Map([[1, 2]]), false)).toEqual([
      { order_item_id: 1, variant_id: 10, quantity: 1 },
      { order_item_id: 2, variant_id: 20, quantity: 1 },
    ]);
    expect(restockUnits(order, { lines: [{ order_item_id: 1, quantity: 1, amount: 5 }] }, new Map(), true)).toEqual([]);
  });

  it('property: any sequence of refunds never gives back more than each line and the shipping fee, and all of it adds up', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ q: fc.integer({ min: 1, max: 5 }), a: fc.integer({ min: 0, max: 5000 }) }), { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 0, max: 200 }),
        fc.array(fc.oneof(fc.record({ kind: fc.constant('amount' as const), amount: fc.integer({ min: 1, max: 6000 }) }), fc.record({ kind: fc.constant('items' as const), pick: fc.nat(), q: fc.integer({ min: 1, max: 5 }), ship: fc.boolean() })), { maxLength: 8 }),
        (defs, fee, steps) => {
          const lines = defs.map((d, i) => line(i + 1, d.q, d.a));
          const taken: { order_item_id: number; quantity: number; amount: number }[] = [];
          let shipTaken = 0;
          for (const st of steps) {
            const s = lineStates(lines, taken, fee, shipTaken);
            try {
              const plan =
                st.kind === 'amount' ? planRefund({ amount: st.amount }, s.lines, s.shippingLeft) : planRefund({ items: [{ order_item_id: (st.pick % lines.length) + 1, quantity: st.q }], shipping: st.ship }, s.lines, s.shippingLeft);
              expect(plan.lines.reduce((x, l) => x + l.amount, 0) + plan.shipping_amount).toBe(plan.amount);
              taken.push(...plan.lines);
              shipTaken += plan.shipping_amount;
            } catch (e) {
              if (!(e instanceof RefundFieldError)) throw e;
            }
          }
          for (const l of lines) {
            const mine = taken.filter((t) => t.order_item_id === l.order_item_id);
            expect(mine.reduce((x, t) => x + t.amount, 0)).toBeLessThanOrEqual(l.amount);
            expect(mine.reduce((x, t) => x + t.quantity, 0)).toBeLessThanOrEqual(l.quantity);
            if (mine.reduce((x, t) => x + t.quantity, 0) === l.quantity) expect(mine.reduce((x, t) => x + t.amount, 0)).toBe(l.amount);
          }
          expect(shipTaken).toBeLessThanOrEqual(fee);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
