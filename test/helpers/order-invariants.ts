import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** What expectOrderAddsUp read, for further assertions. */
export interface StoredOrderMoney {
  order: { subtotal: number; discount_total: number; points_used: number; shipping_fee: number; total_amount: number };
  items: { id: number; price: number; quantity: number; discount: number; amount: number }[];
  adjustments: { id: number; order_item_id: number | null; kind: string; label: string; amount: number }[];
}

const n = (v: unknown): number => Number(v);

/**
 * The money invariants of issue 19 on a STORED order (orders, order_items, order_adjustments), read
 * straight from the database:
 * - Σ line amount + shipping_fee = total_amount;
 * - Σ (price × quantity) + Σ adjustments + shipping_fee = total_amount;
 * - total_amount = subtotal − discount_total − points_used + shipping_fee, subtotal = Σ price × quantity;
 * - discount_total = −Σ non-points adjustments, points_used = −Σ points adjustments;
 * - every line: amount = price × quantity − discount, 0 ≤ amount; Σ line discount = −Σ adjustments;
 * - every adjustment amount < 0; a line-level one names a line of this order.
 * Call it in every order path's API test: `await expectOrderAddsUp(t.app, orderId)`.
 */
export async function expectOrderAddsUp(app: INestApplication, orderId: number): Promise<StoredOrderMoney> {
  const ds = app.get(DataSource);
  const [o] = await ds.query('SELECT subtotal, discount_total, points_used, shipping_fee, total_amount FROM orders WHERE id = ?', [orderId]);
  expect(o).toBeDefined();
  const order = { subtotal: n(o.subtotal), discount_total: n(o.discount_total), points_used: n(o.points_used), shipping_fee: n(o.shipping_fee), total_amount: n(o.total_amount) };
  const items = ((await ds.query('SELECT id, price, quantity, discount, amount FROM order_items WHERE order_id = ? ORDER BY id', [orderId])) as Record<string, unknown>[]).map((r) => ({
    id: n(r.id),
    price: n(r.price),
    quantity: n(r.quantity),
    discount: n(r.discount),
    amount: n(r.amount),
  }));
  const adjustments = ((await ds.query('SELECT id, order_item_id, kind, label, amount FROM order_adjustments WHERE order_id = ? ORDER BY id', [orderId])) as Record<string, unknown>[]).map((r) => ({
    id: n(r.id),
    order_item_id: r.order_item_id === null ? null : n(r.order_item_id),
    kind: String(r.kind),
    label: String(r.label),
    amount: n(r.amount),
  }));
  const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);
  const gross = sum(items.map((i) => i.price * i.quantity));
  const adj = sum(adjustments.map((a) => a.amount));
  const facts = {
    linesPlusShipping: sum(items.map((i) => i.amount)) + order.shipping_fee,
    grossPlusAdjustmentsPlusShipping: gross + adj + order.shipping_fee,
    fromColumns: order.subtotal - order.discount_total - order.points_used + order.shipping_fee,
    subtotal: order.subtotal,
    discountTotal: order.discount_total,
    pointsUsed: order.points_used,
    lineDiscounts: sum(items.map((i) => i.discount)),
  };
  expect(facts).toEqual({
    linesPlusShipping: order.total_amount,
    grossPlusAdjustmentsPlusShipping: order.total_amount,
    fromColumns: order.total_amount,
    subtotal: gross,
    // 0 − x, not −x: an empty sum is 0, and toEqual tells −0 from 0.
    discountTotal: 0 - sum(adjustments.filter((a) => a.kind !== 'points').map((a) => a.amount)),
    pointsUsed: 0 - sum(adjustments.filter((a) => a.kind === 'points').map((a) => a.amount)),
    lineDiscounts: 0 - adj,
  });
  expect(items.length).toBeGreaterThan(0);
  for (const i of items) expect([i.id, i.amount >= 0, i.amount]).toEqual([i.id, true, i.price * i.quantity - i.discount]);
  const ids = new Set(items.map((i) => i.id));
  for (const a of adjustments) {
    expect([a.id, a.amount < 0]).toEqual([a.id, true]);
    if (a.order_item_id !== null) expect(ids.has(a.order_item_id)).toBe(true);
  }
  return { order, items, adjustments };
}
