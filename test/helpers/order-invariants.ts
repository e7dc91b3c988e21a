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

/** What expectRefundsAddUp read. */
export interface StoredRefunds extends StoredOrderMoney {
  refundedAmount: number;
  refunds: { id: number; amount: number; shipping_amount: number; status: string; items: { order_item_id: number; quantity: number; amount: number }[] }[];
}

/** Refund statuses whose money is on the order's refunded_amount (done, or a transfer owed by hand). */
const COUNTED_REFUND = new Set(['done', 'manual']);

/**
 * The money invariants of an order after refunds (issue 19 §3, §5), read from the database:
 * - the order itself still adds up and its total is unchanged by refunds (expectOrderAddsUp;
 *   pass `total` to compare it with the total before the refunds);
 * - every refund: Σ refund_items.amount + refunds.shipping_amount = refunds.amount, no part below 0;
 * - 0 ≤ orders.refunded_amount ≤ total_amount, and it is Σ amount of the done / manual refunds;
 * - of the refunds not failed, no line gives back more units or NT$ than it has, nor shipping more than the fee.
 */
export async function expectRefundsAddUp(app: INestApplication, orderId: number, total?: number): Promise<StoredRefunds> {
  const money = await expectOrderAddsUp(app, orderId);
  if (total !== undefined) expect(money.order.total_amount).toBe(total);
  const ds = app.get(DataSource);
  const [o] = await ds.query('SELECT refunded_amount FROM orders WHERE id = ?', [orderId]);
  const refundedAmount = n(o.refunded_amount);
  const rows = (await ds.query('SELECT id, amount, shipping_amount, status FROM refunds WHERE order_id = ? ORDER BY id', [orderId])) as Record<string, unknown>[];
  const items = (await ds.query('SELECT refund_id, order_item_id, quantity, amount FROM refund_items WHERE order_id = ? ORDER BY id', [orderId])) as Record<string, unknown>[];
  const refunds = rows.map((r) => ({
    id: n(r.id),
    amount: n(r.amount),
    shipping_amount: n(r.shipping_amount),
    status: String(r.status),
    items: items.filter((i) => n(i.refund_id) === n(r.id)).map((i) => ({ order_item_id: n(i.order_item_id), quantity: n(i.quantity), amount: n(i.amount) })),
  }));
  const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);
  for (const r of refunds) {
    expect({ refund: r.id, adds: sum(r.items.map((i) => i.amount)) + r.shipping_amount, noneBelow0: r.shipping_amount >= 0 && r.items.every((i) => i.amount >= 0 && i.quantity >= 0) }).toEqual({
      refund: r.id,
      adds: r.amount,
      noneBelow0: true,
    });
  }
  expect({ inRange: refundedAmount >= 0 && refundedAmount <= money.order.total_amount, refundedAmount }).toEqual({
    inRange: true,
    refundedAmount: sum(refunds.filter((r) => COUNTED_REFUND.has(r.status)).map((r) => r.amount)),
  });
  const live = refunds.filter((r) => r.status !== 'failed');
  for (const line of money.items) {
    const taken = live.flatMap((r) => r.items).filter((i) => i.order_item_id === line.id);
    expect({ line: line.id, units: sum(taken.map((i) => i.quantity)) <= line.quantity, amount: sum(taken.map((i) => i.amount)) <= line.amount }).toEqual({ line: line.id, units: true, amount: true });
  }
  const lineIds = new Set(money.items.map((i) => i.id));
  for (const i of refunds.flatMap((r) => r.items)) expect(lineIds.has(i.order_item_id)).toBe(true);
  expect(sum(live.map((r) => r.shipping_amount))).toBeLessThanOrEqual(money.order.shipping_fee);
  return { ...money, refundedAmount, refunds };
}
