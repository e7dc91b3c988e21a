import { DataSource } from 'typeorm';
import { refundOverMessage } from '../../src/common/validation/admin';
import type { PayuniGateway } from '../../src/integrations/payuni/payuni-gateway';
import { PAYUNI_GATEWAY } from '../../src/integrations/providers/provider-tokens';
import { adminSession } from '../helpers/admin';
import { createTestApp, TestApp } from '../helpers/test-app';
import { expectRefundsAddUp } from '../helpers/order-invariants';
import { homeCod, setShipping, shippingMethod, shopper, stockOf, submit, variants, type Shopper, type TestVariant } from './checkout-fixtures';
import { OrderMaker, type PayMethod } from './refund-fixtures';

jest.setTimeout(120_000);

type Session = Awaited<ReturnType<typeof adminSession>>;

const BANK = { bank_code: '013', account: '123456789012', name: '王小明' };

/** refund_items and refunds of an order, as stored. */
interface Books {
  refunds: { id: number; amount: number; shipping_amount: number; status: string }[];
  items: { refund_id: number; order_item_id: number; quantity: number; amount: number }[];
  lines: { id: number; quantity: number; amount: number }[];
  refunded: number;
  total: number;
}

describe('refunds by line: POST /api/admin/refundOrder with items / amount / shipping, GET /api/admin/refundable, races', () => {
  let t: TestApp;
  let ds: DataSource;
  let buyer: Shopper;
  let a: TestVariant;
  let b: TestVariant;
  let make: OrderMaker;
  let owner: Session;
  let fee: number;
  let seq = 0;

  beforeAll(async () => {
    t = await createTestApp({ CHECKOUT_RATE_LIMIT: '1000' }, { listen: true });
    ds = t.app.get(DataSource);
    [a, b] = await variants(t.app, 2, 500, 100);
    buyer = await shopper(t);
    make = new OrderMaker(t, await OrderMaker.baseOf(t), buyer, a);
    owner = await adminSession(t, 'owner');
    // A home-delivery fee on every order, so the shipping part can be refunded.
    await setShipping(t.app, 4, { free_shipping_threshold: 10_000_000 });
    fee = (await shippingMethod(t.app, 4)).shipping_cost;
    expect(fee).toBeGreaterThan(0);
  });
  afterAll(async () => {
    await make?.sims.idle();
    await t?.close();
  });

  /** A paid order of 3 × a and 1 × b, home delivery with the fee. */
  async function paidOrder(method: PayMethod): Promise<{ id: number; merTradeNo: string; total: number; lineA: number; lineB: number }> {
    const total = a.price * 3 + b.price + fee;
    const body = homeCod(buyer, [{ v: a, quantity: 3 }, { v: b, quantity: 1 }], total, { payment: method, ...(method === 'atm' ? { bankCode: '013' } : {}) });
    const r = await submit(buyer, body, `by-line-${method}-${Date.now()}-${++seq}`);
    expect(r.status).toBe(200);
    const { order_id: id, MerTradeNo: merTradeNo } = r.body.resData as { order_id: number; MerTradeNo: string };
    await make.pay(method, { id, merTradeNo, total, form: r.body.result });
    const lines: { id: number; variant_id: number }[] = await ds.query('SELECT id, variant_id FROM order_items WHERE order_id = ? ORDER BY id', [id]);
    return { id, merTradeNo, total, lineA: Number(lines.find((l) => Number(l.variant_id) === a.variantId)!.id), lineB: Number(lines.find((l) => Number(l.variant_id) === b.variantId)!.id) };
  }

  const refund = (body: Record<string, unknown>, key?: string) => {
    let req = owner.agent.post('/api/admin/refundOrder').set('X-CSRF-Token', owner.csrf);
    if (key) req = req.set('Idempotency-Key', key);
    return req.send({ reason: '依品項退款', restock: false, ...body });
  };

  async function books(orderId: number): Promise<Books> {
    const num = <T extends Record<string, unknown>>(rows: T[]) => rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, k === 'status' ? v : Number(v)])));
    const refunds = num(await ds.query('SELECT id, amount, shipping_amount, status FROM refunds WHERE order_id = ? ORDER BY id', [orderId])) as Books['refunds'];
    const items = num(await ds.query('SELECT refund_id, order_item_id, quantity, amount FROM refund_items WHERE order_id = ? ORDER BY id', [orderId])) as Books['items'];
    const lines = num(await ds.query('SELECT id, quantity, amount FROM order_items WHERE order_id = ? ORDER BY id', [orderId])) as Books['lines'];
    const o = (await ds.query('SELECT refunded_amount, total_amount FROM orders WHERE id = ?', [orderId]))[0];
    return { refunds, items, lines, refunded: Number(o.refunded_amount), total: Number(o.total_amount) };
  }

  /** Σ refund_items + shipping = refunds.amount for every refund; no line gives back more units or money than it had; the order's refunded amount is Σ done refunds. */
  function expectConsistent(bk: Books): void {
    const live = bk.refunds.filter((r) => r.status !== 'failed');
    for (const r of bk.refunds) expect(bk.items.filter((i) => i.refund_id === r.id).reduce((s, i) => s + i.amount, 0) + r.shipping_amount).toBe(r.amount);
    for (const l of bk.lines) {
      const mine = bk.items.filter((i) => i.order_item_id === l.id && live.some((r) => r.id === i.refund_id));
      expect(mine.reduce((s, i) => s + i.quantity, 0)).toBeLessThanOrEqual(l.quantity);
      expect(mine.reduce((s, i) => s + i.amount, 0)).toBeLessThanOrEqual(l.amount);
    }
    const done = live.filter((r) => r.status === 'done' || r.status === 'manual').reduce((s, r) => s + r.amount, 0);
    expect(done).toBeLessThanOrEqual(bk.total);
    expect(bk.refunded).toBe(done);
  }

  it('names lines and units (restocking only those), refuses what is beyond on the field, spreads an amount, refunds the shipping fee whole, then the rest', async () => {
    const o = await paidOrder('atm');
    const stockA = await stockOf(t.app, a.variantId);
    const stockB = await stockOf(t.app, b.variantId);

    const view = await owner.agent.get(`/api/admin/refundable?order_id=${o.id}`);
    expect(view.status).toBe(200);
    expect(view.body.refundable).toMatchObject({ order_id: o.id, shipping_fee: fee, shipping_left: fee, refundable: o.total });
    expect(view.body.refundable.lines).toEqual([
      expect.objectContaining({ order_item_id: o.lineA, quantity: 3, amount: a.price * 3, left_quantity: 3, left_amount: a.price * 3, refunded_quantity: 0 }),
      expect.objectContaining({ order_item_id: o.lineB, quantity: 1, amount: b.price, left_quantity: 1, left_amount: b.price }),
    ]);

    // One unit of a, back to stock.
    const one = await refund({ order_id: o.id, items: [{ order_item_id: o.lineA, quantity: 1 }], restock: true, bank: BANK });
    expect(one.status).toBe(200);
    expect(one.body.refund).toMatchObject({ amount: a.price, shipping_amount: 0, restock: true, items: [{ order_item_id: o.lineA, quantity: 1, amount: a.price }] });
    expect(await stockOf(t.app, a.variantId)).toBe(stockA + 1);
    expect(await stockOf(t.app, b.variantId)).toBe(stockB);

    // More units than are left: refused on the field, nothing changes.
    const tooMany = await refund({ order_id: o.id, items: [{ order_item_id: o.lineA, quantity: 3 }], bank: BANK });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body).toMatchObject({ success: false, message: '超過可退數量（最多 2 件）', errors: [{ field: 'items.0.quantity', message: '超過可退數量（最多 2 件）' }] });
    // A typed 99999: refused on the field with the maximum, not clamped to the whole order.
    const left = o.total - a.price;
    const typo = await refund({ order_id: o.id, amount: 99999, bank: BANK });
    expect(typo.status).toBe(409);
    expect(typo.body).toMatchObject({ message: refundOverMessage(left), errors: [{ field: 'amount', message: refundOverMessage(left) }], refundable: left });
    // A line of another order.
    const foreign = await refund({ order_id: o.id, items: [{ order_item_id: 999_999, quantity: 1 }], bank: BANK });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors[0].field).toBe('items.0.order_item_id');
    expect((await books(o.id)).refunds).toHaveLength(1);

    // An amount (old request shape): spread over the lines by what each has left, shipping untouched.
    const spread = await refund({ order_id: o.id, amount: 30, bank: BANK });
    expect(spread.status).toBe(200);
    expect(spread.body.refund.shipping_amount).toBe(0);
    expect(spread.body.refund.items.every((i: { quantity: number }) => i.quantity === 0)).toBe(true);
    expect(spread.body.refund.items.reduce((s: number, i: { amount: number }) => s + i.amount, 0)).toBe(30);

    // b and the shipping fee (refunded whole, as its own amount).
    const withShip = await refund({ order_id: o.id, items: [{ order_item_id: o.lineB, quantity: 1 }], shipping: true, bank: BANK });
    expect(withShip.status).toBe(200);
    expect(withShip.body.refund.shipping_amount).toBe(fee);
    const bk1 = await books(o.id);
    const bTaken = bk1.items.filter((i) => i.order_item_id === o.lineB).reduce((s, i) => s + i.amount, 0);
    expect(bTaken).toBe(b.price);
    const after = (await owner.agent.get(`/api/admin/refundable?order_id=${o.id}`)).body.refundable;
    expect(after.shipping_left).toBe(0);
    expect(after.lines[1]).toMatchObject({ left_quantity: 0, left_amount: 0 });

    // Everything left: the two units of a; the order is fully refunded, the lines add up exactly.
    const rest = await refund({ order_id: o.id, restock: true, bank: BANK });
    expect(rest.status).toBe(200);
    expect(rest.body.refund.items).toEqual([expect.objectContaining({ order_item_id: o.lineA, quantity: 2 })]);
    expect(await stockOf(t.app, a.variantId)).toBe(stockA + 3);
    expect(await stockOf(t.app, b.variantId)).toBe(stockB);
    const bk = await books(o.id);
    expectConsistent(bk);
    expect(bk.refunded).toBe(o.total);
    for (const l of bk.lines) expect(bk.items.filter((i) => i.order_item_id === l.id).reduce((s, i) => s + i.amount, 0)).toBe(l.amount);
    expect(await make.order(o.id)).toMatchObject({ payment_status: 3 });
    // The order's own money is untouched by the refunds: it still adds up to the total it was paid.
    expect((await expectRefundsAddUp(t.app, o.id, o.total)).refunds).toHaveLength(4);
  });

  it('refuses items and an amount together, an empty item list, a zero quantity', async () => {
    const o = await paidOrder('atm');
    const both = await refund({ order_id: o.id, amount: 10, items: [{ order_item_id: o.lineA, quantity: 1 }], bank: BANK });
    expect(both.status).toBe(400);
    expect(both.body.errors[0].field).toBe('amount');
    const empty = await refund({ order_id: o.id, items: [], bank: BANK });
    expect(empty.status).toBe(400);
    const zero = await refund({ order_id: o.id, items: [{ order_item_id: o.lineA, quantity: 0 }], bank: BANK });
    expect(zero.status).toBe(400);
    expect((await books(o.id)).refunds).toHaveLength(0);
  });

  it('race: concurrent refunds by line with different keys never give back more than was paid, nor a unit twice', async () => {
    for (const method of ['atm', 'credit'] as const) {
      const o = await paidOrder(method);
      if (method === 'credit') {
        const trade = make.sims.payuni!.trades.get(o.merTradeNo)!;
        await t.app.get<PayuniGateway>(PAYUNI_GATEWAY).tradeClose({ tradeNo: trade.tradeNo, closeType: 1, tradeAmt: trade.tradeAmt });
      }
      const extra = method === 'atm' ? { bank: BANK } : {};
      // 2 of the 3 units of a, six times at once: one fits.
      const units = await Promise.all(Array.from({ length: 6 }, (_, i) => refund({ order_id: o.id, items: [{ order_item_id: o.lineA, quantity: 2 }], ...extra }, `race-line-${o.id}-${i}`)));
      for (const r of units) expect([200, 409]).toContain(r.status);
      expect(units.filter((r) => r.status === 200)).toHaveLength(1);
      // Then amounts of 40 % of the order, six at once: never above what is left.
      const part = Math.ceil(o.total * 0.4);
      const amounts = await Promise.all(Array.from({ length: 6 }, (_, i) => refund({ order_id: o.id, amount: part, ...extra }, `race-amount-${o.id}-${i}`)));
      for (const r of amounts) expect([200, 409]).toContain(r.status);
      const bk = await books(o.id);
      expectConsistent(bk);
      await expectRefundsAddUp(t.app, o.id, o.total);
      expect(bk.items.filter((i) => i.order_item_id === o.lineA).reduce((s, i) => s + i.quantity, 0)).toBe(2);
      if (method === 'credit') expect(make.sims.payuni!.trades.get(o.merTradeNo)!.refundAmt).toBe(bk.refunded);
      // Each refund row's moves are in the order's history (machine 'refund'): created by staff, settled by the gateway.
      const moves: { from_state: string; to_state: string; actor: string; reason: string }[] = await ds.query("SELECT from_state, to_state, actor, reason FROM order_transitions WHERE order_id = ? AND machine = 'refund' ORDER BY id", [o.id]);
      expect(moves.filter((m) => m.from_state === '')).toHaveLength(bk.refunds.length);
      const settled = bk.refunds.filter((r) => r.status === 'done' && method === 'credit');
      expect(moves.filter((m) => m.from_state === 'pending' && m.to_state === 'done' && m.actor === 'gateway')).toHaveLength(settled.length);
      for (const r of bk.refunds) expect(moves.some((m) => m.reason.startsWith(`退款 #${r.id} NT$ `))).toBe(true);
    }
  });
});
