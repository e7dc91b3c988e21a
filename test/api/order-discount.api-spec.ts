import request from 'supertest';
import { DataSource } from 'typeorm';
import { ORDER_DISCOUNT_MSG } from '../../src/common/validation/order-discount-rules';
import { adminSession, type AdminSession } from '../helpers/admin';
import { expectOrderAddsUp } from '../helpers/order-invariants';
import { createTestApp, TestApp } from '../helpers/test-app';
import { feeFor, homeCod, jobsIdle, shippingMethod, shopper, submit, variants, type Shopper, type TestVariant } from './checkout-fixtures';
import { promotion, setPromotion } from './promotion-fixtures';
import { OrderMaker } from './refund-fixtures';

jest.setTimeout(180_000);

/**
 * Staff 訂單折扣 (issue 19 §3): POST /api/admin/addOrderDiscount on an unpaid order — roles,
 * validation as typed, the manual adjustment re-spread over the lines, the order's total lowered,
 * audited, the payment re-priced (a new ATM account / CVS code for the new amount, the old CVS code
 * cancelled), and the money invariants on the stored order.
 */
describe('訂單折扣: POST /api/admin/addOrderDiscount (issue 19)', () => {
  let t: TestApp;
  let ds: DataSource;
  let base: string;
  let buyer: Shopper;
  let a: TestVariant;
  let b: TestVariant;
  let make: OrderMaker;
  let owner: AdminSession;
  let staff: AdminSession;
  let editor: AdminSession;

  beforeAll(async () => {
    t = await createTestApp({ CHECKOUT_RATE_LIMIT: '1000' }, { listen: true });
    ds = t.app.get(DataSource);
    base = await OrderMaker.baseOf(t);
    [a, b] = await variants(t.app, 2, 500, 300);
    buyer = await shopper(t);
    make = new OrderMaker(t, base, buyer, a);
    [owner, staff, editor] = await Promise.all([adminSession(t, 'owner'), adminSession(t, 'staff'), adminSession(t, 'editor')]);
  });
  afterAll(async () => {
    await make?.sims.idle();
    await t?.close();
  });

  const discount = (who: AdminSession, body: Record<string, unknown>) => who.post('/api/admin/addOrderDiscount', body);
  const orderRow = async (id: number) => {
    const [o] = await ds.query('SELECT status_name, payment_status, payment_code, trade_no, total_amount, discount_total, version FROM orders WHERE id = ?', [id]);
    return { ...o, total_amount: Number(o.total_amount), discount_total: Number(o.discount_total), payment_status: Number(o.payment_status), version: Number(o.version) };
  };
  /** A cash-on-delivery order of 2 × a and 1 × b (home delivery). */
  async function codOrder(): Promise<{ id: number; merTradeNo: string; total: number; subtotal: number; fee: number }> {
    const subtotal = a.price * 2 + b.price;
    const fee = feeFor(await shippingMethod(t.app, 4), subtotal);
    const r = await submit(
      buyer,
      homeCod(
        buyer,
        [
          { v: a, quantity: 2 },
          { v: b, quantity: 1 },
        ],
        subtotal + fee,
      ),
    );
    expect(r.status).toBe(200);
    return { id: r.body.resData.order_id, merTradeNo: r.body.resData.MerTradeNo, total: subtotal + fee, subtotal, fee };
  }

  it('owners and staff only: visitors 401, editors 403; an unknown order 404; nothing written', async () => {
    const o = await codOrder();
    const before = await orderRow(o.id);
    const visitor = await request(t.http).post('/api/admin/addOrderDiscount').send({ order_id: o.id, amount: 10, reason: 'x' });
    expect([401, 403]).toContain(visitor.status);
    const ed = await discount(editor, { order_id: o.id, amount: 10, reason: '補償' });
    expect(ed.status).toBe(403);
    const unknown = await discount(staff, { order_id: 99_999_999, amount: 10, reason: '補償' });
    expect([unknown.status, unknown.body.success]).toEqual([404, false]);
    expect(await orderRow(o.id)).toEqual(before);
    expect(await ds.query('SELECT id FROM order_adjustments WHERE order_id = ?', [o.id])).toEqual([]);
  });

  it('checks amount and reason as typed, in zh-TW; a refusal changes nothing', async () => {
    const o = await codOrder();
    const before = await orderRow(o.id);
    const cases: [unknown, unknown, string][] = [
      ['-5', '補償', ORDER_DISCOUNT_MSG.amountInvalid],
      ['abc', '補償', ORDER_DISCOUNT_MSG.amountInvalid],
      ['1.5', '補償', ORDER_DISCOUNT_MSG.amountInvalid],
      [1.5, '補償', ORDER_DISCOUNT_MSG.amountInvalid],
      [0, '補償', ORDER_DISCOUNT_MSG.amountInvalid],
      [null, '補償', ORDER_DISCOUNT_MSG.amountInvalid],
      [o.subtotal, '補償', ORDER_DISCOUNT_MSG.amountTooLarge(o.subtotal)],
      [o.subtotal + 1, '補償', ORDER_DISCOUNT_MSG.amountTooLarge(o.subtotal)],
      [10, '', ORDER_DISCOUNT_MSG.reasonRequired],
      [10, '   ', ORDER_DISCOUNT_MSG.reasonRequired],
      [10, 5, ORDER_DISCOUNT_MSG.reasonRequired],
      [10, '字'.repeat(101), ORDER_DISCOUNT_MSG.reasonTooLong],
    ];
    for (const [amount, reason, message] of cases) {
      const r = await discount(owner, { order_id: o.id, amount, reason });
      expect([amount, r.status, r.body.message]).toEqual([amount, 400, message]);
    }
    expect(await orderRow(o.id)).toEqual(before);
    expect(await ds.query('SELECT id FROM order_adjustments WHERE order_id = ?', [o.id])).toEqual([]);
    await expectOrderAddsUp(t.app, o.id);
  });

  it('cash on delivery: a manual adjustment spread over the lines, the total lowered, audited; the answers show it; a second one adds up too', async () => {
    const o = await codOrder();
    const r = await discount(staff, { order_id: o.id, amount: '101', reason: ' 客訴補償 ' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      success: true,
      message: ORDER_DISCOUNT_MSG.done,
      order_id: o.id,
      subtotal: o.subtotal,
      discount_total: 101,
      total_amount: o.total - 101,
      repriced: true,
      adjustments: [{ kind: 'manual', label: '訂單折扣', amount: -101 }],
    });
    const money = await expectOrderAddsUp(t.app, o.id);
    // Spread in proportion to the lines' amounts (largest remainder, whole NT$).
    const w = [a.price * 2, b.price];
    const exact = w.map((x) => (101 * x) / (w[0] + w[1]));
    expect(money.items.map((i) => i.discount).reduce((s, x) => s + x, 0)).toBe(101);
    money.items.forEach((i, k) => expect(Math.abs(i.discount - exact[k])).toBeLessThan(1));
    expect(money.adjustments).toEqual([{ id: expect.any(Number), order_item_id: null, kind: 'manual', label: '訂單折扣', amount: -101 }]);
    const [adj] = await ds.query('SELECT reason, created_by FROM order_adjustments WHERE order_id = ?', [o.id]);
    expect([adj.reason, Number(adj.created_by)]).toEqual(['客訴補償', staff.id]);
    const [audit] = await ds.query("SELECT action, admin_id, summary FROM audit_logs WHERE entity = 'order' AND entity_id = ? AND action = 'order.discount'", [String(o.id)]);
    expect([audit.action, Number(audit.admin_id), audit.summary]).toEqual(['order.discount', staff.id, '訂單折扣 −NT$ 101：客訴補償']);

    // The shopper's slip and the admin detail read the stored lines and adjustments.
    const slip = await buyer.b.get(`/api/order/getOrderAndDetails/${o.merTradeNo}`);
    expect(slip.body.order).toMatchObject({ subtotal: o.subtotal, discount_total: 101, total_amount: o.total - 101, adjustments: [{ kind: 'manual', label: '訂單折扣', amount: -101 }] });
    expect(slip.body.orderItems.map((i: { discount: number; amount: number }) => [i.discount, i.amount])).toEqual(money.items.map((i) => [i.discount, i.amount]));
    const detail = await owner.post('/api/admin/getAdminOrderDetails', { order_id: o.id });
    expect(detail.body.orderDetails.order.adjustments).toEqual([{ kind: 'manual', label: '訂單折扣', amount: -101 }]);
    expect(detail.body.orderDetails.items.map((i: { amount: number }) => i.amount)).toEqual(money.items.map((i) => i.amount));
    const list = await buyer.b.get('/api/order/getUserOrdersByPage?page=1&limit=50');
    expect(list.body.orders.find((x: { order_id: number }) => x.order_id === o.id).adjustments).toEqual([{ kind: 'manual', label: '訂單折扣', amount: -101 }]);

    // A second discount: its own row, the lines re-spread, still adding up; the goods left bound it.
    const goods = o.subtotal - 101;
    const tooMuch = await discount(owner, { order_id: o.id, amount: goods, reason: '再折' });
    expect([tooMuch.status, tooMuch.body.message]).toEqual([400, ORDER_DISCOUNT_MSG.amountTooLarge(goods)]);
    const again = await discount(owner, { order_id: o.id, amount: 7, reason: '再折' });
    expect(again.status).toBe(200);
    const after = await expectOrderAddsUp(t.app, o.id);
    expect(after.order).toMatchObject({ discount_total: 108, total_amount: o.total - 108 });
    expect(after.adjustments.map((x) => x.amount)).toEqual([-101, -7]);
  });

  it("a promotion's discount keeps its lines: only the new amount is spread (a refund by line gives back the same share)", async () => {
    // 20% off product a only (coupon-free, automatic): its shares sit on line a alone.
    const promo = await promotion(t.app, { kind: 'percent_off', percent: 20, scope: 'products', product_ids: [a.productId], priority: 99 });
    try {
      const subtotal = a.price * 2 + b.price;
      const off = Math.floor((a.price * 2 * 20) / 100);
      const fee = feeFor(await shippingMethod(t.app, 4), subtotal - off);
      const r = await submit(buyer, homeCod(buyer, [{ v: a, quantity: 2 }, { v: b, quantity: 1 }], subtotal - off + fee));
      expect([r.status, r.body.message]).toEqual([200, '訂單已成立']);
      const id = r.body.resData.order_id as number;
      const before = await expectOrderAddsUp(t.app, id);
      expect(before.items.map((i) => i.discount)).toEqual([off, 0]);
      const res = await discount(staff, { order_id: id, amount: 90, reason: '客訴補償' });
      expect(res.status).toBe(200);
      const after = await expectOrderAddsUp(t.app, id);
      // 90 spread over what the lines cost now (a: 2×500−200 = 800, b: 300) → 65 + 25; a keeps its 200.
      const now = before.items.map((i) => i.amount);
      const share = now.map((x) => (90 * x) / (now[0] + now[1]));
      const added = after.items.map((i, k) => i.discount - before.items[k].discount);
      expect(added.reduce((s, x) => s + x, 0)).toBe(90);
      added.forEach((x, k) => expect(Math.abs(x - share[k])).toBeLessThan(1));
      expect(after.order).toMatchObject({ discount_total: off + 90, total_amount: subtotal - off + fee - 90 });
    } finally {
      await setPromotion(t.app, promo.id, { is_active: 0 });
    }
  });

  it('ATM: a new virtual account for the new amount (attempt R2); paying it pays the order at the new total', async () => {
    const o = await make.place('atm');
    const first = await orderRow(o.id);
    expect(first.payment_code).toMatch(/^013-\d+$/);
    const r = await discount(owner, { order_id: o.id, amount: 50, reason: '補償' });
    expect([r.status, r.body.message, r.body.repriced]).toEqual([200, ORDER_DISCOUNT_MSG.done, true]);
    const now = await orderRow(o.id);
    expect(now.total_amount).toBe(o.total - 50);
    expect(now.payment_code).toMatch(/^013-\d+$/);
    expect(now.payment_code).not.toBe(first.payment_code);
    expect(r.body.payment_code).toBe(now.payment_code);
    const attempts = await ds.query('SELECT mer_trade_no, amount FROM payment_transactions WHERE order_id = ? ORDER BY id', [o.id]);
    expect(attempts.map((x: { mer_trade_no: string; amount: unknown }) => [x.mer_trade_no, Number(x.amount)])).toEqual([
      [o.merTradeNo, o.total],
      [`${o.merTradeNo}R2`, o.total - 50],
    ]);
    expect(make.sims.payuni!.trades.get(`${o.merTradeNo}R2`)!.tradeAmt).toBe(o.total - 50);
    await expectOrderAddsUp(t.app, o.id);
    // The shopper is told the new account (訂單金額調整通知), once per issued code.
    await jobsIdle(t.app);
    const told = await ds.query('SELECT kind FROM order_messages WHERE order_id = ? ORDER BY id', [o.id]);
    expect(told.map((m: { kind: string }) => m.kind)).toContain(`mail.new-code:${o.merTradeNo}R2`);

    // The old account cannot be closed at PAYUNi (it lapses): a transfer of the old amount to it pays
    // nothing; it is kept as an extra payment for staff to refund (test/api/extra-payments.api-spec.ts).
    await make.sims.payuni!.settle(o.merTradeNo, 'paid');
    await make.sims.idle();
    expect((await orderRow(o.id)).payment_status).toBe(0);

    await make.sims.payuni!.settle(`${o.merTradeNo}R2`, 'paid');
    await make.sims.idle();
    await jobsIdle(t.app);
    const paid = await orderRow(o.id);
    expect([paid.payment_status, paid.total_amount]).toEqual([1, o.total - 50]);
    // Paid: no more discounts.
    const late = await discount(owner, { order_id: o.id, amount: 1, reason: '補償' });
    expect([late.status, late.body.message]).toEqual([409, ORDER_DISCOUNT_MSG.changed]);
  });

  it('CVS: the old code cancelled at PAYUNi, a new code for the new total', async () => {
    const o = await make.place('cvs', 2);
    const first = await orderRow(o.id);
    const r = await discount(staff, { order_id: o.id, amount: 30, reason: '補償' });
    expect([r.status, r.body.repriced]).toEqual([200, true]);
    const now = await orderRow(o.id);
    expect(now.payment_code).not.toBe(first.payment_code);
    expect(now.payment_code).not.toBe('');
    expect(make.sims.payuni!.trades.get(o.merTradeNo)!.tradeStatus).toBe(3);
    expect(make.sims.payuni!.trades.get(`${o.merTradeNo}R2`)!.tradeAmt).toBe(o.total - 30);
    await expectOrderAddsUp(t.app, o.id);
  });

  it('a card order whose page may still be open is refused (付款頁面可能仍在進行中…); nothing changes', async () => {
    const o = await make.place('credit');
    const before = await orderRow(o.id);
    const r = await discount(owner, { order_id: o.id, amount: 10, reason: '補償' });
    expect([r.status, r.body.message]).toEqual([409, ORDER_DISCOUNT_MSG.paymentOpen]);
    expect(await orderRow(o.id)).toEqual(before);
  });

  it('a cancelled order and a paid one are refused with 訂單狀態已變更，請重新整理; nothing changes', async () => {
    const cancelled = await codOrder();
    const c = await buyer.b.post('/api/order/cancelOrder', { order_id: cancelled.id });
    expect(c.status).toBe(200);
    const paid = await make.paid('atm');
    for (const id of [cancelled.id, paid.id]) {
      const before = await orderRow(id);
      const r = await discount(owner, { order_id: id, amount: 10, reason: '補償' });
      expect([id, r.status, r.body.message]).toEqual([id, 409, ORDER_DISCOUNT_MSG.changed]);
      expect(await orderRow(id)).toEqual(before);
      await expectOrderAddsUp(t.app, id);
    }
  });
});
