import request from 'supertest';
import { DataSource } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { ADMIN_MSG } from '../../src/common/validation/admin';
import { CHECKOUT_MSG } from '../../src/common/validation/checkout-rules';
import { isolatedEnv } from '../../src/modules/auth/testing/browser-session';
import { Order } from '../../src/modules/orders/entities/order.entity';
import { adminBrowser, adminSession, AdminSession } from '../helpers/admin';
import { createTestApp, TestApp } from '../helpers/test-app';
import { feeFor, homeCod, shippingMethod, shopper, submit, variants } from './checkout-fixtures';

jest.setTimeout(180_000);

let seq = 0;
/** A unique tag for one test's orders (the keyword that isolates them from the others'). */
const tag = () => `測${String.fromCharCode(0x4e00 + (++seq % 500))}${String.fromCharCode(0x4e00 + Math.floor(Math.random() * 2000))}${seq}`;

describe('admin orders: loadconifg, getOrdersByPage, getAdminOrderDetails, updateOrderReceiver (spec 2 §4–9)', () => {
  let t: TestApp;
  let ds: DataSource;
  let staff: AdminSession;
  let owner: AdminSession;
  let editor: AdminSession;

  beforeAll(async () => {
    // Listening: the PAYUNi logistics simulator posts its status notifies back (shipping tickets).
    t = await createTestApp(isolatedEnv(), { listen: true });
    ds = t.app.get(DataSource);
    [staff, owner, editor] = [await adminSession(t, 'staff'), await adminSession(t, 'owner'), await adminSession(t, 'editor')];
  });
  afterAll(() => t?.close());

  /** An order row as checkout writes it, with what the test fixes (created_at, statuses, names …). */
  async function seed(o: Partial<Order>): Promise<Order> {
    const n = ++seq;
    const row: Partial<Order> = {
      mer_trade_no: `ST${Date.now().toString(36).toUpperCase()}${n}`.slice(0, 20),
      user_id: null,
      buy_name: '王小明',
      buy_phone: '0912000000',
      buy_email: `buyer${n}@example.com`,
      name: '陳美麗',
      phone: '0911222333',
      zip: '100',
      city: '臺北市',
      district: '中正區',
      street: '重慶南路一段 122 號',
      shipping: 4,
      payment: 'cod',
      payment_status: 0,
      status_name: 'pending',
      invoice_type: 'personal',
      carrier_type: 'amego',
      subtotal: 1000,
      shipping_fee: 0,
      total_amount: 1000,
      ...o,
    };
    const res = await ds.getRepository(Order).insert(row as QueryDeepPartialEntity<Order>);
    const id = Number((res.identifiers[0] as { id: number }).id);
    if (o.created_at) await ds.getRepository(Order).update({ id }, { created_at: o.created_at });
    return (await ds.getRepository(Order).findOneByOrFail({ id }));
  }

  const list = (body: Record<string, unknown>, who: AdminSession = staff) => who.post('/api/admin/getOrdersByPage', body);

  describe('access', () => {
    it('answers 401 to a visitor and a member, 403 to an editor on the order calls; every role reads loadconifg', async () => {
      // A visitor with the admin CSRF token (no login), and a logged-in member.
      const visitor = await adminBrowser(t);
      expect((await visitor.agent.post('/api/admin/getOrdersByPage').set('X-CSRF-Token', visitor.csrf).send({})).status).toBe(401);
      expect((await request(t.http).get('/api/admin/loadconifg')).status).toBe(401);
      const s = await shopper(t, { complete: false });
      const token = (await s.b.agent.get('/api/admin/csrf-token')).body.csrfToken as string;
      expect((await s.b.agent.post('/api/admin/getOrdersByPage').set('X-CSRF-Token', token).send({})).status).toBe(401);
      expect((await s.b.agent.get('/api/admin/loadconifg')).status).toBe(401);
      for (const path of ['/api/admin/getOrdersByPage', '/api/admin/getAdminOrderDetails', '/api/admin/updateOrderReceiver']) {
        const res = await editor.post(path, { order_id: 1 });
        expect([path, res.status, res.body]).toEqual([path, 403, { success: false, message: ADMIN_MSG.forbidden }]);
      }
      for (const who of [owner, staff, editor]) expect((await who.get('/api/admin/loadconifg')).status).toBe(200);
    });
  });

  describe('GET /api/admin/loadconifg', () => {
    it('answers the status codes, payment statuses, payment and shipping methods from the database', async () => {
      const res = await staff.get('/api/admin/loadconifg');
      expect(res.body.success).toBe(true);
      expect(res.body.order_status_codes.map((s: { status_name: string }) => s.status_name)).toEqual(
        expect.arrayContaining(['pending', 'paid', 'processing', 'shipped', 'delivered', 'completed', 'cancelled', 'returned']),
      );
      expect(res.body.order_status_codes[0]).toEqual({ status_name: 'pending', status_label: '處理中', color: '#fa8c16' });
      expect(res.body.payment_status_methods).toEqual([
        { status_code: 0, status_label: '未付款', color: '#fa8c16' },
        { status_code: 1, status_label: '已付款', color: '#52c41a' },
        { status_code: 2, status_label: '付款失敗', color: '#f5222d' },
        { status_code: 3, status_label: '已退款', color: '#8c8c8c' },
      ]);
      expect(res.body.payment_methods.map((m: { method_code: string }) => m.method_code)).toEqual(['atm', 'credit', 'linepay', 'cvs', 'cod']);
      expect(res.body.shipping_methods.map((m: { id: number }) => m.id)).toEqual([1, 2, 3, 4, 5]);
      expect(Object.keys(res.body.shipping_methods[0]).sort()).toEqual(['icon_url', 'id', 'name']);
    });
  });

  describe('POST /api/admin/getOrdersByPage', () => {
    it('counts Taipei days: 23:30 belongs to that day, 00:30 to the next; endDate is inclusive', async () => {
      const k = tag();
      // 2026-03-09 23:30 and 2026-03-10 00:30 in Taipei (UTC+8).
      const late = await seed({ buy_name: k, created_at: new Date('2026-03-09T15:30:00.000Z') });
      const early = await seed({ buy_name: k, created_at: new Date('2026-03-09T16:30:00.000Z') });
      const ids = async (startDate: string, endDate: string) =>
        ((await list({ keyword: k, startDate, endDate })).body.orders as Array<{ order_id: number }>).map((o) => o.order_id);
      expect(await ids('2026-03-09', '2026-03-09')).toEqual([late.id]);
      expect(await ids('2026-03-10', '2026-03-10')).toEqual([early.id]);
      expect(await ids('2026-03-09', '2026-03-10')).toEqual([early.id, late.id]); // newest first
      expect(await ids('2026-03-08', '2026-03-08')).toEqual([]);
      expect(await ids('2000-01-01', '2026-03-09')).toEqual([late.id]);
      // Open-ended ranges.
      expect(((await list({ keyword: k, startDate: '2026-03-10' })).body.orders as unknown[]).length).toBe(1);
      expect(((await list({ keyword: k, endDate: '2026-03-09' })).body.orders as unknown[]).length).toBe(1);
    });

    it('matches the keyword in the order number, buyer and receiver names and phones, and the e-mail; % and _ are literal', async () => {
      const k = tag();
      const a = await seed({ buy_name: `${k}甲`, buy_phone: '0933111222', buy_email: 'who.is.this@shop.example' });
      const b = await seed({ name: `${k}乙`, phone: '0944555666', buy_phone: '0933999888' });
      const ids = async (keyword: string) => ((await list({ keyword })).body.orders as Array<{ order_id: number }>).map((o) => o.order_id).sort((x, y) => x - y);
      expect(await ids(k)).toEqual([a.id, b.id]);
      expect(await ids(`${k}甲`)).toEqual([a.id]);
      expect(await ids(a.mer_trade_no)).toEqual([a.id]);
      expect(await ids('0933111222')).toEqual([a.id]);
      expect(await ids('0944555666')).toEqual([b.id]);
      expect(await ids('who.is.this@shop')).toEqual([a.id]);
      expect(await ids('%')).toEqual([]);
      expect(await ids('_')).toEqual([]);
      expect(await ids(`  ${k}乙  `)).toEqual([b.id]); // trimmed
      // An order number (as checkout makes them) by its prefix; part of a phone anywhere.
      const no = `SS${String(Date.now()).slice(-12)}${seq % 10}XYZ12`.slice(0, 20);
      const c = await seed({ mer_trade_no: no, buy_name: `${k}丙` });
      expect(await ids(no.slice(0, 12))).toEqual([c.id]);
      expect(await ids(no)).toEqual([c.id]);
      expect(await ids('3311122')).toEqual([a.id]);
    });

    it('filters by status and payment status (empty = all), pages 10 by 10 newest first with the total', async () => {
      const k = tag();
      const base = Date.UTC(2026, 0, 5, 4, 0, 0);
      const made: Order[] = [];
      for (let i = 0; i < 13; i++) {
        made.push(
          await seed({
            buy_name: k,
            created_at: new Date(base + i * 60_000),
            status_name: i % 3 === 0 ? 'paid' : 'pending',
            payment_status: i % 3 === 0 ? 1 : 0,
          }),
        );
      }
      const page1 = await list({ keyword: k, status_code: '', payment_status: '' });
      expect(page1.body).toMatchObject({ success: true, total: 13 });
      expect(page1.body.orders).toHaveLength(10);
      expect(page1.body.orders.map((o: { order_id: number }) => o.order_id)).toEqual(made.slice(3).reverse().map((o) => o.id));
      const page2 = await list({ keyword: k, offset: 10, limit: 10 });
      expect(page2.body.orders.map((o: { order_id: number }) => o.order_id)).toEqual(made.slice(0, 3).reverse().map((o) => o.id));
      expect(page2.body.total).toBe(13);
      const paid = await list({ keyword: k, status_code: 'paid' });
      expect(paid.body.total).toBe(5);
      expect(paid.body.orders.every((o: { status_name: string }) => o.status_name === 'paid')).toBe(true);
      const unpaid = await list({ keyword: k, payment_status: 0 });
      expect(unpaid.body.total).toBe(8);
      expect((await list({ keyword: k, payment_status: '1', status_code: 'pending' })).body.total).toBe(0);
      // Labels and what staff may do.
      const row = paid.body.orders[0];
      expect(row).toMatchObject({ status_label: '已付款', payment_status_label: '已付款', paymentname: '貨到付款', shippingname: '宅配', refunded_amount: 0, ticket_status: '' });
      // A paid cash-on-delivery order: 開始備貨 fits, the staff cancel (unpaid cash on delivery only) does not.
      expect(row.can).toEqual({ editReceiver: true, createTicket: true, markShipped: false, queryStatus: false, refund: true, startProcessing: true, cancel: false });
      expect(row).not.toHaveProperty('cancellable');
    });

    it('totalPaidAmount sums the paid, not refunded orders matching the same filters, minus partial refunds', async () => {
      const k = tag();
      const day = new Date('2026-02-01T03:00:00.000Z');
      await seed({ buy_name: k, created_at: day, payment_status: 1, status_name: 'paid', total_amount: 1200 });
      await seed({ buy_name: k, created_at: day, payment_status: 1, status_name: 'shipped', total_amount: 800, refunded_amount: 300 }); // partial refund
      await seed({ buy_name: k, created_at: day, payment_status: 3, status_name: 'cancelled', total_amount: 5000, refunded_amount: 5000 }); // refunded
      await seed({ buy_name: k, created_at: day, payment_status: 0, status_name: 'pending', total_amount: 700 }); // unpaid
      await seed({ buy_name: k, created_at: new Date('2026-02-03T03:00:00.000Z'), payment_status: 1, status_name: 'paid', total_amount: 999 }); // another day
      const sum = async (body: Record<string, unknown>) => (await list({ keyword: k, ...body })).body.totalPaidAmount as number;
      expect(await sum({ startDate: '2026-02-01', endDate: '2026-02-01' })).toBe(1200 + 500);
      expect(await sum({ startDate: '2026-02-01', endDate: '2026-02-03' })).toBe(1200 + 500 + 999);
      expect(await sum({ startDate: '2026-02-01', endDate: '2026-02-03', status_code: 'shipped' })).toBe(500);
      expect(await sum({ startDate: '2026-02-01', endDate: '2026-02-03', payment_status: 0 })).toBe(0);
      // Independent of the page: the second page's answer has the same total.
      expect(await sum({ startDate: '2026-02-01', endDate: '2026-02-03', limit: 1, offset: 3 })).toBe(2699);
    });

    it('refuses malformed filters with a zh-TW message, never 500', async () => {
      for (const body of [
        { startDate: '2026-13-01' },
        { startDate: '2026-02-30' },
        { endDate: '20260101' },
        { limit: 0 },
        { limit: 1000 },
        { offset: -1 },
        { payment_status: 'paid' },
        { status_code: "paid' OR 1=1" },
        { keyword: ['a'] },
        { keyword: 'x'.repeat(101) },
        { unknown: 1 },
      ]) {
        const res = await list(body);
        expect([body, res.status, res.body.success, typeof res.body.message]).toEqual([body, 400, false, 'string']);
      }
      const reversed = await list({ startDate: '2026-03-02', endDate: '2026-03-01' });
      expect(reversed.status).toBe(400);
      expect(reversed.body.message).toBe(ADMIN_MSG.dateRangeInvalid);
      // Empty and null filters mean "all".
      const all = await list({ startDate: '', endDate: null, keyword: '', status_code: null, payment_status: '' });
      expect(all.status).toBe(200);
    });
  });

  describe('POST /api/admin/getAdminOrderDetails', () => {
    it('answers the order, its items, tickets, refunds, return requests and history; 取得訂單明細失敗！ for an unknown order', async () => {
      const s = await shopper(t);
      const [v] = await variants(t.app, 1, 10);
      const total = v.price * 2 + feeFor(await shippingMethod(t.app, 4), v.price * 2);
      const placed = await submit(s, homeCod(s, [{ v, quantity: 2 }], total));
      expect(placed.status).toBe(200);
      const orderId = placed.body.resData.order_id as number;
      const res = await staff.post('/api/admin/getAdminOrderDetails', { order_id: orderId });
      expect(res.status).toBe(200);
      const d = res.body.orderDetails;
      expect(d.order).toMatchObject({ order_id: orderId, total_amount: total, buy_email: s.email, user_id: s.userId, invoice_status: '', refunded_amount: 0 });
      expect(d.items).toEqual([expect.objectContaining({ variant_id: v.variantId, quantity: 2, price: v.price })]);
      expect(d).toMatchObject({ tickets: [], refunds: [], returnRequests: [], history: [] });

      const missing = await staff.post('/api/admin/getAdminOrderDetails', { order_id: 2147480000 });
      expect([missing.status, missing.body]).toEqual([404, { success: false, message: ADMIN_MSG.orderDetailFailed }]);
      const bad = await staff.post('/api/admin/getAdminOrderDetails', { order_id: 'x' });
      expect(bad.status).toBe(400);
    });
  });

  describe('POST /api/admin/updateOrderReceiver', () => {
    it('changes a home order\'s receiver under the checkout rules, normalises the area and records the change in the history', async () => {
      const o = await seed({ status_name: 'paid', payment_status: 1 });
      const res = await staff.post('/api/admin/updateOrderReceiver', {
        order_id: o.id,
        name: '林大華',
        phone: '0922333444',
        zip: '999',
        city: '台北市',
        district: '大安區',
        street: '復興南路一段 1 號',
      });
      expect([res.status, res.body]).toEqual([200, { success: true, message: '更新成功！' }]);
      const row = await ds.getRepository(Order).findOneByOrFail({ id: o.id });
      expect(row).toMatchObject({ name: '林大華', phone: '0922333444', city: '臺北市', district: '大安區', zip: '106', street: '復興南路一段 1 號' });
      const d = (await staff.post('/api/admin/getAdminOrderDetails', { order_id: o.id })).body.orderDetails;
      expect(d.history).toHaveLength(1);
      expect(d.history[0]).toMatchObject({
        action: 'order.update-receiver',
        entity: 'order',
        entity_id: String(o.id),
        admin_id: staff.id,
        admin_username: staff.username,
        summary: '修改收件人',
      });
      expect(d.history[0].changes).toMatchObject({ name: ['陳美麗', '林大華'], phone: ['0911222333', '0922333444'], district: ['中正區', '大安區'], zip: ['100', '106'] });
      expect(d.history[0].changes).not.toHaveProperty('store_name');
      // The same values again: nothing changes, nothing is recorded.
      await staff.post('/api/admin/updateOrderReceiver', { order_id: o.id, name: '林大華', phone: '0922333444', city: '臺北市', district: '大安區', zip: '106', street: '復興南路一段 1 號' });
      expect((await staff.post('/api/admin/getAdminOrderDetails', { order_id: o.id })).body.orderDetails.history).toHaveLength(1);
    });

    it('answers the checkout rule\'s text for a bad receiver and changes nothing', async () => {
      const o = await seed({});
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ name: 'John' }, CHECKOUT_MSG.receiverNameChinese],
        [{ name: '' }, CHECKOUT_MSG.receiverNameRequired],
        [{ phone: '12345' }, CHECKOUT_MSG.receiverPhoneInvalid],
        [{ phone: '' }, CHECKOUT_MSG.receiverPhoneRequired],
        [{ district: '不存在區' }, CHECKOUT_MSG.homeAddressIncomplete],
        [{ street: '' }, CHECKOUT_MSG.homeAddressIncomplete],
      ];
      for (const [change, message] of cases) {
        const res = await staff.post('/api/admin/updateOrderReceiver', { order_id: o.id, name: '陳美麗', phone: '0911222333', city: '臺北市', district: '中正區', zip: '100', street: '重慶南路一段 122 號', ...change });
        expect([change, res.status, res.body]).toEqual([change, 400, { success: false, message }]);
      }
      expect(await ds.getRepository(Order).findOneByOrFail({ id: o.id })).toMatchObject({ name: '陳美麗', phone: '0911222333', street: '重慶南路一段 122 號' });
      const wrongType = await staff.post('/api/admin/updateOrderReceiver', { order_id: o.id, name: 5 });
      expect(wrongType.status).toBe(400);
    });

    it('store orders change name and phone only', async () => {
      const o = await seed({ shipping: 1, zip: '', city: '', district: '', street: '', store_id: '123456', store_name: '鑫華門市', store_addr: '臺北市中正區…' });
      const res = await owner.post('/api/admin/updateOrderReceiver', { order_id: o.id, name: '張三', phone: '0955666777', city: '臺北市', district: '大安區', zip: '106', street: '某路 1 號' });
      expect(res.body).toEqual({ success: true, message: ADMIN_MSG.receiverUpdated });
      expect(await ds.getRepository(Order).findOneByOrFail({ id: o.id })).toMatchObject({
        name: '張三',
        phone: '0955666777',
        city: '',
        district: '',
        street: '',
        store_id: '123456',
        store_name: '鑫華門市',
      });
    });

    it('refuses once a shipping ticket exists; the list and the detail show the ticket and what staff may do', async () => {
      const o = await seed({ shipping: 1, zip: '', city: '', district: '', street: '', store_id: '131386', store_name: '鑫華門市', store_addr: '臺北市中正區重慶南路一段 1 號' });
      const before = (await list({ keyword: o.mer_trade_no })).body.orders[0];
      expect(before).toMatchObject({ ticket_status: '', can: { editReceiver: true, createTicket: true, markShipped: false, queryStatus: false, refund: false } });
      const ticket = await staff.post('/api/admin/createShippingOrder', { order_id: o.id });
      expect([ticket.status, ticket.body.success]).toEqual([200, true]);
      const res = await staff.post('/api/admin/updateOrderReceiver', { order_id: o.id, name: '林大華', phone: '0922333444' });
      expect([res.status, res.body]).toEqual([409, { success: false, message: ADMIN_MSG.receiverLockedTicket }]);
      const d = (await staff.post('/api/admin/getAdminOrderDetails', { order_id: o.id })).body.orderDetails;
      expect(d.tickets).toHaveLength(1);
      expect(d.tickets[0]).toMatchObject({ order_id: o.id, lgs_type: 'C2C', ship_type: '1' });
      expect(d.order.ticket_status).toBe(d.tickets[0].status);
      expect(d.order.can).toMatchObject({ editReceiver: false, createTicket: false, markShipped: false });
      const row = (await list({ keyword: o.mer_trade_no })).body.orders[0];
      expect(row.ticket_status).toBe(d.tickets[0].status);
      expect(row.can.editReceiver).toBe(false);
      // 全家 / 萊爾富 are shipped by hand.
      const family = await seed({ shipping: 2, zip: '', city: '', district: '', street: '', store_name: '全家台大店' });
      expect((await list({ keyword: family.mer_trade_no })).body.orders[0].can).toMatchObject({ createTicket: false, markShipped: true });
    });

    it('refuses once the goods left or the order is cancelled, and for an unknown order', async () => {
      for (const status_name of ['shipped', 'delivered', 'completed', 'cancelled', 'returned']) {
        const o = await seed({ status_name });
        const res = await staff.post('/api/admin/updateOrderReceiver', { order_id: o.id, name: '林大華', phone: '0922333444' });
        expect([status_name, res.status, res.body]).toEqual([status_name, 409, { success: false, message: ADMIN_MSG.receiverLockedStatus }]);
      }
      const missing = await staff.post('/api/admin/updateOrderReceiver', { order_id: 2147480001, name: '林大華' });
      expect(missing.status).toBe(404);
    });
  });
});
