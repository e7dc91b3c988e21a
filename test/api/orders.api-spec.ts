import request from 'supertest';
import { DataSource } from 'typeorm';
import { CHECKOUT_MSG } from '../../src/common/validation/checkout-rules';
import { SIMULATORS } from '../../src/integrations/providers/provider-tokens';
import type { EmbeddedSimulators } from '../../src/integrations/providers/embedded-simulators';
import { BrowserSession, isolatedEnv } from '../../src/modules/auth/testing/browser-session';
import { OrderStateService } from '../../src/modules/orders/order-state.service';
import { expectOrderAddsUp } from '../helpers/order-invariants';
import { createTestApp, TestApp } from '../helpers/test-app';
import { feeFor, homeCod, rowCount, shippingMethod, shopper, Shopper, stockOf, submit, TestVariant, variants } from './checkout-fixtures';

jest.setTimeout(180_000);

const NOT_FOUND = { success: false, message: CHECKOUT_MSG.orderNotFound };

describe('orders: payment slip, my orders, details, cancel (spec 1 §7–8, spec 2 §7)', () => {
  let t: TestApp;
  let ds: DataSource;
  let sims: EmbeddedSimulators;

  beforeAll(async () => {
    t = await createTestApp(isolatedEnv(), { listen: true });
    ds = t.app.get(DataSource);
    sims = t.app.get<EmbeddedSimulators>(SIMULATORS);
  });
  afterAll(async () => {
    await sims?.payuni?.idle();
    await t?.close();
  });

  async function homeTotal(v: TestVariant, quantity: number): Promise<number> {
    return v.price * quantity + feeFor(await shippingMethod(t.app, 4), v.price * quantity);
  }
  /** An order placed through submitOrder; its id, number and total. */
  async function place(s: Shopper, v: TestVariant, quantity = 1, extra: Record<string, unknown> = {}) {
    const total = await homeTotal(v, quantity);
    const res = await submit(s, homeCod(s, [{ v, quantity }], total, extra));
    if (res.status !== 200) throw new Error(`submitOrder: ${res.status} ${JSON.stringify(res.body)}`);
    return { id: res.body.resData.order_id as number, merTradeNo: res.body.resData.MerTradeNo as string, total };
  }

  describe('payment slip: GET /api/order/getOrderAndDetails/:MerTradeNo', () => {
    it('shows the owner the order with labels and colours from the database, and its items', async () => {
      const s = await shopper(t);
      const [v] = await variants(t.app, 1, 10);
      const o = await place(s, v, 2);
      const res = await s.b.get(`/api/order/getOrderAndDetails/${o.merTradeNo}`);
      expect(res.status).toBe(200);
      const subtotal = v.price * 2;
      expect(res.body).toEqual({
        success: true,
        order: expect.objectContaining({
          order_id: o.id,
          mer_trade_no: o.merTradeNo,
          user_id: s.userId,
          subtotal,
          shipping_fee: o.total - subtotal,
          total_amount: o.total,
          payment: 'cod',
          paymentname: '貨到付款',
          payment_label: '貨到付款',
          payment_code: '',
          expiredate: null,
          payment_status: 0,
          payment_status_label: '未付款',
          payment_status_color: '#fa8c16',
          status_name: 'pending',
          status_label: '處理中',
          status_color: '#fa8c16',
          cancellable: true,
          shipping: 4,
          shippingname: '宅配',
          shippingicon_url: '/media/demo/ship-home.svg',
          shipping_icon_url: '/media/demo/ship-home.svg',
          name: '陳美麗',
          city: '臺北市',
          invoice_type: 'personal',
          carrier_type: 'amego',
          invoice_no: '',
          paid_at: null,
          created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
        }),
        orderItems: [
          {
            order_detail_id: expect.any(Number),
            product_id: v.productId,
            variant_id: v.variantId,
            title: v.title,
            variant_name: v.variantName,
            image_url: expect.stringMatching(/^\/media\//),
            quantity: 2,
            price: v.price,
            // Issue 19: the line as stored (its share of discounts, what it costs).
            discount: 0,
            amount: v.price * 2,
            // Issue 20: a bought line (gifts and add-ons are marked, with their promotion).
            line_kind: 'item',
            promotion_id: null,
          },
        ],
      });
      expect(res.body.order).toMatchObject({ discount_total: 0, points_used: 0, adjustments: [] });
      expect(Math.abs(Date.parse(res.body.order.created_at) - Date.now())).toBeLessThan(60_000);
      await expectOrderAddsUp(t.app, o.id);
    });

    it('ATM: the bank-account code and its deadline in Taipei time (YYYY-MM-DD HH:mm:ss)', async () => {
      const s = await shopper(t);
      const [v] = await variants(t.app, 1, 10);
      const o = await place(s, v, 1, { payment: 'atm', bankCode: '004' });
      const slip = (await s.b.get(`/api/order/getOrderAndDetails/${o.merTradeNo}`)).body.order;
      const trade = sims.payuni!.trades.get(o.merTradeNo)!;
      expect(slip).toMatchObject({ payment: 'atm', paymentname: 'ATM 轉帳', bank_code: '004', payment_code: `004-${trade.payNo}`, cancellable: true });
      expect(slip.expiredate).toBe(trade.expireDate);
      expect(slip.expiredate).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    });

    it('paid on the PAYUNi simulator: the slip shows it paid and no longer cancellable', async () => {
      const s = await shopper(t);
      const [v] = await variants(t.app, 1, 10);
      const o = await place(s, v, 1, { payment: 'cvs' });
      await sims.payuni!.settle(o.merTradeNo, 'paid');
      const slip = (await s.b.get(`/api/order/getOrderAndDetails/${o.merTradeNo}`)).body.order;
      expect(slip).toMatchObject({ status_name: 'paid', status_label: '已付款', payment_status: 1, payment_status_label: '已付款', payment_status_color: '#52c41a', cancellable: false });
      expect(Date.parse(slip.paid_at)).toBeGreaterThan(Date.now() - 60_000);
      await expectOrderAddsUp(t.app, o.id);
    });
  });

  describe('my orders: GET /api/order/getUserOrdersByPage, GET /api/order/getOrderDetails/:order_id', () => {
    let s: Shopper;
    let placed: { id: number; merTradeNo: string }[];
    let v: TestVariant;

    beforeAll(async () => {
      s = await shopper(t);
      [v] = await variants(t.app, 1, 50);
      placed = [];
      for (let i = 1; i <= 7; i++) placed.push(await place(s, v, i));
    });

    it('pages newest first, 5 by default, with the total', async () => {
      const first = await s.b.get('/api/order/getUserOrdersByPage?page=1');
      expect(first.status).toBe(200);
      expect(first.body.success).toBe(true);
      expect(first.body.total).toBe(7);
      expect(first.body.orders.map((o: { order_id: number }) => o.order_id)).toEqual(placed.slice(2).map((p) => p.id).reverse());
      const second = await s.b.get('/api/order/getUserOrdersByPage?page=2&limit=5');
      expect(second.body.orders.map((o: { order_id: number }) => o.order_id)).toEqual(placed.slice(0, 2).map((p) => p.id).reverse());
      expect(second.body.total).toBe(7);
      const all = await s.b.get('/api/order/getUserOrdersByPage?page=1&limit=50');
      expect(all.body.orders).toHaveLength(7);
      const beyond = await s.b.get('/api/order/getUserOrdersByPage?page=9&limit=5');
      expect([beyond.body.orders, beyond.body.total]).toEqual([[], 7]);
      const none = await s.b.get('/api/order/getUserOrdersByPage');
      expect(none.body.orders).toHaveLength(5);
      // Its own user_id is fine (the spec's client sends it).
      expect((await s.b.get(`/api/order/getUserOrdersByPage?user_id=${s.userId}&page=1&limit=5`)).body.orders).toHaveLength(5);
      const order = first.body.orders[0];
      expect(order).toMatchObject({ order_id: placed[6].id, status_label: '處理中', payment_status_label: '未付款', cancellable: true, shippingname: '宅配' });
    });

    it('refuses limits past 50 and malformed paging (400)', async () => {
      for (const q of ['limit=51', 'limit=0', 'page=0', 'page=-1', 'page=x', 'limit=1e3', 'page=1.5']) {
        const res = await s.b.get(`/api/order/getUserOrdersByPage?${q}`);
        expect([q, res.status, res.body.success]).toEqual([q, 400, false]);
        expect(res.body.message).toMatch(/[\u4e00-\u9fff]/);
      }
    });

    it('details: the items of the member’s order', async () => {
      const res = await s.b.get(`/api/order/getOrderDetails/${placed[2].id}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        success: true,
        orderItems: [expect.objectContaining({ product_id: v.productId, variant_id: v.variantId, title: v.title, quantity: 3, price: v.price })],
      });
      for (const id of ['0', 'abc', '1e3', '-1', '99999999', '1.5', '12abc']) {
        const bad = await s.b.get(`/api/order/getOrderDetails/${id}`);
        expect([id, bad.status, bad.body]).toEqual([id, 404, NOT_FOUND]);
      }
    });
  });

  describe('cancel: POST /api/order/cancelOrder', () => {
    it('cancels a pending, unpaid order: its status from the database, the stock back; again answers the same', async () => {
      const s = await shopper(t);
      const [v] = await variants(t.app, 1, 10);
      const o = await place(s, v, 3);
      expect(await stockOf(t.app, v.variantId)).toBe(7);
      const res = await s.b.post('/api/order/cancelOrder', { order_id: o.id, user_id: s.userId });
      expect([res.status, res.body]).toEqual([
        200,
        {
          success: true,
          message: '訂單已取消！',
          status_name: 'cancelled',
          status_label: '已取消',
          status_color: '#8c8c8c',
          payment_status: 0,
          payment_status_label: '未付款',
          payment_status_color: '#fa8c16',
        },
      ]);
      expect(await stockOf(t.app, v.variantId)).toBe(10);
      const [row] = await ds.query('SELECT status_name, cancelled_at, order_status_msg FROM orders WHERE id = ?', [o.id]);
      expect(row.status_name).toBe('cancelled');
      expect(row.cancelled_at).not.toBeNull();
      expect(row.order_status_msg).toBe('會員取消訂單');
      // A double click: the same answer, the stock not returned twice.
      const again = await s.b.post('/api/order/cancelOrder', { order_id: o.id });
      expect([again.status, again.body]).toEqual([200, res.body]);
      expect(await stockOf(t.app, v.variantId)).toBe(10);
      const slip = (await s.b.get(`/api/order/getOrderAndDetails/${o.merTradeNo}`)).body.order;
      expect(slip).toMatchObject({ status_name: 'cancelled', cancellable: false });
      await expectOrderAddsUp(t.app, o.id);
    });

    it('a paid order: 409 付款已完成，無法取消訂單 with the payment and order status', async () => {
      const s = await shopper(t);
      const [v] = await variants(t.app, 1, 10);
      const o = await place(s, v, 1, { payment: 'atm', bankCode: '013' });
      await sims.payuni!.settle(o.merTradeNo, 'paid');
      const res = await s.b.post('/api/order/cancelOrder', { order_id: o.id });
      expect([res.status, res.body]).toEqual([
        409,
        {
          success: false,
          message: '付款已完成，無法取消訂單',
          status_name: 'paid',
          status_label: '已付款',
          status_color: '#1677ff',
          payment_status: 1,
          payment_status_label: '已付款',
          payment_status_color: '#52c41a',
        },
      ]);
      expect(await stockOf(t.app, v.variantId)).toBe(9);
    });

    it('an order past pending (shipped): 409 此訂單目前無法取消', async () => {
      const s = await shopper(t);
      const [v] = await variants(t.app, 1, 10);
      const o = await place(s, v);
      await ds.query("UPDATE orders SET status_name = 'shipped' WHERE id = ?", [o.id]);
      const res = await s.b.post('/api/order/cancelOrder', { order_id: o.id });
      expect([res.status, res.body]).toMatchObject([409, { success: false, message: CHECKOUT_MSG.cancelNotAllowed, status_name: 'shipped', status_label: '已出貨' }]);
      expect(await stockOf(t.app, v.variantId)).toBe(9);
    });

    it('a paid notify racing a cancel: exactly one wins, the other takes its branch (10 trials)', async () => {
      const s = await shopper(t);
      const [v] = await variants(t.app, 1, 20);
      const state = t.app.get(OrderStateService);
      const seen = new Set<string>();
      for (let i = 0; i < 10; i++) {
        const o = await place(s, v, 1, { payment: 'atm', bankCode: '013' });
        const stock = await stockOf(t.app, v.variantId);
        const [cancel, paid] = await Promise.all([
          s.b.post('/api/order/cancelOrder', { order_id: o.id }),
          state.markPaid(o.id, { gateway: 'payuni', tradeNo: `race-${i}`, amount: o.total, source: 'notify' }),
        ]);
        const [row] = await ds.query('SELECT status_name, payment_status FROM orders WHERE id = ?', [o.id]);
        if (paid === 'paid') {
          expect([cancel.status, cancel.body.message, row.status_name, Number(row.payment_status)]).toEqual([409, CHECKOUT_MSG.cancelPaid, 'paid', 1]);
          expect(await stockOf(t.app, v.variantId)).toBe(stock);
        } else {
          expect([paid, cancel.status, row.status_name, Number(row.payment_status)]).toEqual(['paid-after-cancel', 200, 'cancelled', 1]);
          expect(await stockOf(t.app, v.variantId)).toBe(stock + 1);
        }
        seen.add(paid);
        // Whatever happened, a second notify changes nothing.
        expect(await state.markPaid(o.id, { gateway: 'payuni', tradeNo: `race-${i}`, amount: o.total, source: 'notify' })).toBe('duplicate');
        await new Promise((r) => setTimeout(r, 0));
      }
      expect(seen.size).toBeGreaterThanOrEqual(1);
      // A notify with another amount is refused.
      const o = await place(s, v, 1, { payment: 'atm', bankCode: '013' });
      await expect(state.markPaid(o.id, { gateway: 'payuni', tradeNo: 'x', amount: o.total + 1, source: 'notify' })).rejects.toMatchObject({ message: '金額不符' });
    });
  });

  describe('IDOR: member B with member A’s ids gets nothing', () => {
    it('every order endpoint answers 404 without data (or 403 for a forged user_id), and A’s order is untouched', async () => {
      const a = await shopper(t);
      const b = await shopper(t);
      const [v] = await variants(t.app, 1, 10);
      const o = await place(a, v, 2);
      const probes: [string, () => Promise<request.Response>, number, object][] = [
        ['slip', () => b.b.get(`/api/order/getOrderAndDetails/${o.merTradeNo}`), 404, NOT_FOUND],
        ['details', () => b.b.get(`/api/order/getOrderDetails/${o.id}`), 404, NOT_FOUND],
        ['cancel', () => b.b.post('/api/order/cancelOrder', { order_id: o.id }), 404, NOT_FOUND],
        ['cancel as A', () => b.b.post('/api/order/cancelOrder', { order_id: o.id, user_id: a.userId }), 403, { success: false, message: '無權存取其他會員的資料' }],
        ['list as A', () => b.b.get(`/api/order/getUserOrdersByPage?user_id=${a.userId}`), 403, { success: false, message: '無權存取其他會員的資料' }],
        ['list', () => b.b.get('/api/order/getUserOrdersByPage'), 200, { success: true, orders: [], total: 0 }],
        ['unknown slip', () => b.b.get('/api/order/getOrderAndDetails/SS000000000000ABCDEF'), 404, NOT_FOUND],
        ['unknown details', () => b.b.get('/api/order/getOrderDetails/2147483647'), 404, NOT_FOUND],
        ['unknown cancel', () => b.b.post('/api/order/cancelOrder', { order_id: 2147483647 }), 404, NOT_FOUND],
        ['odd slip', () => b.b.get('/api/order/getOrderAndDetails/..%2F..%2Fetc'), 404, NOT_FOUND],
      ];
      for (const [what, probe, status, body] of probes) {
        const res = await probe();
        expect([what, res.status, res.body]).toEqual([what, status, body]);
        expect(JSON.stringify(res.body)).not.toContain(o.merTradeNo);
        expect(JSON.stringify(res.body)).not.toContain('陳美麗');
      }
      const [row] = await ds.query('SELECT status_name FROM orders WHERE id = ?', [o.id]);
      expect(row.status_name).toBe('pending');
      expect(await stockOf(t.app, v.variantId)).toBe(8);
      // A still sees it.
      expect((await a.b.get(`/api/order/getOrderAndDetails/${o.merTradeNo}`)).status).toBe(200);

      // A visitor: 401 everywhere.
      const visitor = new BrowserSession(request.agent(t.http));
      for (const res of [
        await visitor.get(`/api/order/getOrderAndDetails/${o.merTradeNo}`),
        await visitor.get(`/api/order/getOrderDetails/${o.id}`),
        await visitor.get('/api/order/getUserOrdersByPage'),
        await visitor.post('/api/order/cancelOrder', { order_id: o.id }),
      ]) {
        expect([res.status, res.body.success]).toEqual([401, false]);
        expect(JSON.stringify(res.body)).not.toContain(o.merTradeNo);
      }
    });
  });

  describe('oversell trial', () => {
    it('20 members buy 1 of a variant with stock 10 at once: exactly 10 orders, stock 0, never negative', async () => {
      const buyers: Shopper[] = [];
      for (let i = 0; i < 20; i++) buyers.push(await shopper(t));
      const [v] = await variants(t.app, 1, 10);
      const total = await homeTotal(v, 1);
      for (const s of buyers) await s.b.csrfToken();
      const before = await rowCount(t.app, 'SELECT COUNT(*) AS n FROM orders');
      const answers = await Promise.all(buyers.map((s) => submit(s, homeCod(s, [{ v, quantity: 1 }], total))));
      const won = answers.filter((r) => r.status === 200);
      const lost = answers.filter((r) => r.status !== 200);
      expect(won).toHaveLength(10);
      expect(lost.map((r) => r.status)).toEqual(Array(10).fill(409));
      for (const r of lost) expect(r.body.message).toMatch(/^庫存不足：「.+」(已售完|僅剩 \d+ 件)$/);
      expect(await stockOf(t.app, v.variantId)).toBe(0);
      expect(await rowCount(t.app, 'SELECT COUNT(*) AS n FROM orders')).toBe(before + 10);
      expect(await rowCount(t.app, 'SELECT COUNT(*) AS n FROM order_items WHERE variant_id = ?', [v.variantId])).toBe(10);
      expect(await rowCount(t.app, 'SELECT COUNT(*) AS n FROM product_variants WHERE quantity < 0')).toBe(0);
    });
  });
});
