import request from 'supertest';
import { DataSource } from 'typeorm';
import { taipeiToday } from '../../src/common/time/taipei-time';
import { ADMIN_MSG } from '../../src/common/validation/admin';
import { decryptInfo } from '../../src/integrations/payuni/payuni-crypto';
import type { EmbeddedSimulators } from '../../src/integrations/providers/embedded-simulators';
import { SIMULATORS } from '../../src/integrations/providers/provider-tokens';
import { ShippingTickets } from '../../src/modules/logistics/shipping-tickets.service';
import { SHIPPING_MSG } from '../../src/modules/logistics/shipping-pages';
import { OrderStateService } from '../../src/modules/orders/order-state.service';
import { adminBrowser, adminSession, type AdminSession } from '../helpers/admin';
import { createTestApp, TestApp } from '../helpers/test-app';
import { expectOrderAddsUp, expectRefundsAddUp } from '../helpers/order-invariants';
import { feeFor, homeCod, jobsIdle, shippingMethod, shopper, submit, variants, type Shopper, type TestVariant } from './checkout-fixtures';

jest.setTimeout(120_000);

/** `YYYY-MM-DD` + days. */
const plus = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

const STORE = { store_id: '241610', store_name: '北車站門市', store_addr: '台北市中正區忠孝西路一段49號' };

/**
 * Shipping tickets (issue 11): POST /api/admin/createShippingOrder as the `shipping.create-ticket`
 * job against the embedded PAYUNi simulator (7-11 C2C and T-cat), its defaults, the refusals, the
 * pending answer and polling, HOME01092, failures, idempotency, the label pages, 全家 / 萊爾富
 * marked shipped by hand, the call-carrier button, and the cash-on-delivery invoice.
 */
describe('shipping tickets: createShippingOrder, getShippingTicket, shippingLabel, markShipped, callCarrier', () => {
  let t: TestApp;
  let ds: DataSource;
  let sims: EmbeddedSimulators;
  let buyer: Shopper;
  let v: TestVariant;
  let owner: AdminSession;
  let staff: AdminSession;
  let editor: AdminSession;
  let seq = 0;

  beforeAll(async () => {
    // A short wait so the pending path is reachable; quick retries for the lost-answer case.
    t = await createTestApp({ CHECKOUT_RATE_LIMIT: '1000', SHIPPING_TICKET_WAIT_MS: '3000', JOBS_BACKOFF_BASE_MS: '300', JOBS_BACKOFF_MAX_MS: '1000' }, { listen: true });
    ds = t.app.get(DataSource);
    sims = t.app.get<EmbeddedSimulators>(SIMULATORS);
    [v] = await variants(t.app, 1, 1000, 300);
    buyer = await shopper(t);
    [owner, staff, editor] = await Promise.all([adminSession(t, 'owner'), adminSession(t, 'staff'), adminSession(t, 'editor')]);
  });
  afterAll(async () => {
    await sims?.idle();
    await t?.close();
  });

  /** An order through the real checkout. `shipping` 1/2/3 are stores, 4 home; `payment` cod or an online method (then paid at the simulator). */
  async function order(shipping: number, payment: 'cod' | 'atm', opts: { pay?: boolean } = {}): Promise<{ id: number; merTradeNo: string; total: number }> {
    const m = await shippingMethod(t.app, shipping);
    const total = v.price + feeFor(m, v.price);
    const extra: Record<string, unknown> = { shipping, payment, ...(payment === 'atm' ? { bankCode: '013' } : {}) };
    if (shipping <= 3) Object.assign(extra, STORE, { city: '', district: '', zip: '', street: '' });
    const r = await submit(buyer, homeCod(buyer, [{ v, quantity: 1 }], total, extra), `ship-${Date.now()}-${++seq}`);
    if (r.status !== 200) throw new Error(`submitOrder: ${r.status} ${JSON.stringify(r.body)}`);
    const { order_id: id, MerTradeNo: merTradeNo } = r.body.resData as { order_id: number; MerTradeNo: string };
    if (payment !== 'cod' && opts.pay !== false) {
      await sims.payuni!.settle(merTradeNo, 'paid');
      await sims.idle();
    }
    return { id, merTradeNo, total };
  }
  const orderRow = async (id: number) => (await t.app.get(OrderStateService).findById(id))!;
  const tickets = async (orderId: number) => ds.query('SELECT * FROM shipping_tickets WHERE order_id = ? ORDER BY id', [orderId]) as Promise<Record<string, unknown>[]>;
  const shipmentOf = (shipTradeNo: string) => sims.payuni!.shipments.get(shipTradeNo)!;
  const audit = async (orderId: number) =>
    ((await ds.query("SELECT action, summary, admin_username FROM audit_logs WHERE entity = 'order' AND entity_id = ? ORDER BY id", [String(orderId)])) as { action: string; summary: string; admin_username: string }[]);
  async function poll(who: AdminSession, ticketId: number, until: (status: string) => boolean) {
    for (let i = 0; i < 100; i++) {
      const r = await who.post('/api/admin/getShippingTicket', { ticket_id: ticketId });
      if (until(r.body.ticket?.status)) return r;
      await new Promise((res) => setTimeout(res, 100));
    }
    throw new Error(`ticket #${ticketId} never settled`);
  }

  it('is for owners and staff: visitors 401, members refused, editors 403', async () => {
    const b = await adminBrowser(t);
    const visitor = await b.agent.post('/api/admin/createShippingOrder').set('X-CSRF-Token', b.csrf).send({ order_id: 1 });
    expect(visitor.status).toBe(401);
    expect(visitor.body).toEqual({ success: false, message: ADMIN_MSG.loginRequired });
    const member = await buyer.b.post('/api/admin/createShippingOrder', { order_id: 1 });
    expect([401, 403]).toContain(member.status);
    expect(member.body.success).toBe(false);
    for (const path of ['/api/admin/createShippingOrder', '/api/admin/markShipped', '/api/admin/getShippingStatus', '/api/admin/getShippingTicket', '/api/admin/callCarrier']) {
      const r = await editor.post(path, {});
      expect([path, r.status, r.body.message]).toEqual([path, 403, ADMIN_MSG.forbidden]);
    }
    expect((await editor.get('/api/admin/shippingLabel/1')).status).toBe(403);
  });

  it('refuses an unpaid order that is not cash on delivery (spec text), unknown orders and bad fields', async () => {
    const unpaid = await order(4, 'atm', { pay: false });
    const r = await staff.post('/api/admin/createShippingOrder', { order_id: unpaid.id });
    expect(r.status).toBe(409);
    expect(r.body).toEqual({ success: false, message: ADMIN_MSG.noTicketUnpaid });
    expect(await tickets(unpaid.id)).toHaveLength(0);
    expect((await staff.post('/api/admin/createShippingOrder', { order_id: 99_999_999 })).status).toBe(404);
    expect((await staff.post('/api/admin/createShippingOrder', {})).status).toBe(400);
    expect((await staff.post('/api/admin/createShippingOrder', { order_id: 'x' })).status).toBe(400);
    const cod = await order(4, 'cod');
    const big = await staff.post('/api/admin/createShippingOrder', { order_id: cod.id, spec: '4', goodsType: '2' });
    expect(big.status).toBe(400);
    expect(big.body.message).toBe(SHIPPING_MSG.spec150Ambient);
    const wrong = await staff.post('/api/admin/createShippingOrder', { order_id: cod.id, lgsType: 'C2C' });
    expect(wrong.body.message).toBe(SHIPPING_MSG.lgsTypeMismatch);
    // Codes are strings or whole numbers (2 and "2"); nothing else is coerced.
    for (const goodsType of [1.5, 'x', true, '01']) expect((await staff.post('/api/admin/createShippingOrder', { order_id: cod.id, goodsType })).status).toBe(400);
    const past = await staff.post('/api/admin/createShippingOrder', { order_id: cod.id, shipDate: '2020-01-01' });
    expect(past.body.message).toBe(SHIPPING_MSG.badDate);
    expect(await tickets(cod.id)).toHaveLength(0);
  });

  it("refuses a receiver PAYUNi would refuse (the checkout takes any number of 漢字) before making a ticket", async () => {
    const o = await order(4, 'cod');
    await ds.query('UPDATE orders SET name = ? WHERE id = ?', ['歐陽美麗華人', o.id]);
    const r = await staff.post('/api/admin/createShippingOrder', { order_id: o.id });
    expect(r.status).toBe(409);
    expect(r.body.message).toBe(SHIPPING_MSG.consigneeName);
    expect(await tickets(o.id)).toHaveLength(0);
  });

  it('T-cat for a cash-on-delivery home order: the defaults, the job at PAYUNi, shipped, its e-invoice, the label, audited', async () => {
    const o = await order(4, 'cod');
    const r = await staff.post('/api/admin/createShippingOrder', { order_id: o.id });
    expect(r.status).toBe(200);
    expect(r.body.success).toBe(true);
    const today = taipeiToday();
    expect(r.body.ticket).toMatchObject({
      order_id: o.id,
      lgs_type: 'HOME',
      ship_type: '2',
      goods_type: '1',
      spec: '1',
      ship_date: plus(today, 1),
      delivery_date: plus(today, 3),
      status: 'created',
      created_by: staff.username,
      label_url: `/api/admin/shippingLabel/${r.body.ticket.id}`,
    });
    expect(r.body.pdfUrl).toBe(r.body.ticket.label_url);
    const shipTradeNo = r.body.ticket.ship_trade_no as string;
    const sh = shipmentOf(shipTradeNo);
    expect(sh).toMatchObject({ lgsType: 'HOME', serviceType: '1', tradeAmt: o.total, consignee: '陳美麗', consigneeMobile: '0911222333', prodDesc: '商品一批' });
    expect(sh.address).toBe('100臺北市中正區重慶南路一段122號');
    // result: the label form (spec 2 §7 "an HTML string for the ticket"), signed for get_obt_number_pdf.
    expect(r.body.result).toContain('/sim/payuni/api/home_delivery/get_obt_number_pdf');
    const row = await orderRow(o.id);
    expect(row.status_name).toBe('shipped');
    expect(row.ship_trade_no).toBe(shipTradeNo);
    await jobsIdle(t.app);
    expect((await orderRow(o.id)).invoice_status).toBe('issued');
    expect(await audit(o.id)).toEqual([expect.objectContaining({ action: 'shipping.create-ticket', summary: '建立出貨單 黑貓宅配', admin_username: staff.username })]);
    // The COD amount collected at the door is the stored order's total, which adds up.
    expect((await expectOrderAddsUp(t.app, o.id)).order.total_amount).toBe(sh.tradeAmt);

    // The label page posts the signed form to the PAYUNi label; the simulator answers its label.
    const label = await staff.get(r.body.ticket.label_url);
    expect(label.status).toBe(200);
    expect(label.headers['content-type']).toMatch(/text\/html/);
    expect(label.text).toContain('<script src="/api/logistics/autosubmit.js"');
    const action = /action="([^"]+)"/.exec(label.text)![1];
    const fields = Object.fromEntries([...label.text.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    expect(decryptInfo(fields.EncryptInfo, '12345678901234567890123456789012', '1234567890123456')).toMatchObject({ ShipTradeNo: shipTradeNo, ShipDate: plus(today, 1), DeliveryDate: plus(today, 3), Spec: '1' });
    const pdf = await request(t.http).post(new URL(action).pathname).type('form').send(fields);
    expect(pdf.status).toBe(200);
    expect(pdf.text).toContain('模擬黑貓託運單');
    expect((await request(t.http).get('/api/logistics/autosubmit.js')).text).toContain('.submit()');

    // Idempotent: the same order answers the same ticket; nothing new at PAYUNi.
    const before = sims.payuni!.shipments.size;
    const again = await owner.post('/api/admin/createShippingOrder', { order_id: o.id });
    expect(again.body.ticket.id).toBe(r.body.ticket.id);
    expect(sims.payuni!.shipments.size).toBe(before);
    expect(await tickets(o.id)).toHaveLength(1);
    // getShippingTicket and the details' list say the same.
    const polled = await staff.post('/api/admin/getShippingTicket', { ticket_id: r.body.ticket.id });
    expect(polled.body).toMatchObject({ success: true, ticket: { id: r.body.ticket.id, status: 'created' } });
    expect((await t.app.get(ShippingTickets).listForOrder(o.id)).map((x) => x.id)).toEqual([r.body.ticket.id]);
  });

  it('7-11 C2C for a paid order: C2C defaults, no collection, the stored label with the drop-off code', async () => {
    const o = await order(1, 'atm');
    const r = await owner.post('/api/admin/createShippingOrder', { order_id: o.id, memo: '易碎' });
    expect(r.status).toBe(200);
    expect(r.body.ticket).toMatchObject({ lgs_type: 'C2C', ship_type: '1', goods_type: '1', status: 'created', memo: '易碎' });
    const sh = shipmentOf(r.body.ticket.ship_trade_no);
    expect(sh).toMatchObject({ lgsType: 'C2C', serviceType: '3', storeId: '241610', tradeAmt: o.total });
    expect(r.body.result).toContain('7-ELEVEN 交貨便寄件單');
    expect(r.body.result).toContain(sh.partnerId);
    expect(r.body.result).toContain('不代收');
    const row = (await tickets(o.id))[0];
    expect(row.label_mode).toBe('2');
    const label = await owner.get(r.body.ticket.label_url);
    expect(label.text).toBe(r.body.result);
    expect((await orderRow(o.id)).status_name).toBe('shipped');
    expect((await expectOrderAddsUp(t.app, o.id)).order.total_amount).toBe(o.total);
  });

  it('takes its codes as numbers or strings (2 and "2"), as clients send both', async () => {
    const asNumbers = await order(4, 'cod');
    const asStrings = await order(4, 'cod');
    const n = await staff.post('/api/admin/createShippingOrder', { order_id: asNumbers.id, shipType: 2, goodsType: 1, spec: 2, labelMode: '' });
    const s = await staff.post('/api/admin/createShippingOrder', { order_id: asStrings.id, shipType: '2', goodsType: '1', spec: '2' });
    expect([n.status, s.status]).toEqual([200, 200]);
    for (const r of [n, s]) expect(r.body.ticket).toMatchObject({ lgs_type: 'HOME', ship_type: '2', goods_type: '1', spec: '2' });
    // A number that is not a code is refused like a wrong string.
    const bad = await order(4, 'cod');
    expect((await staff.post('/api/admin/createShippingOrder', { order_id: bad.id, spec: 5 })).status).toBe(400);
    expect(await tickets(bad.id)).toHaveLength(0);
  });

  it('creating a ticket leaves the simulated PAYUNi back office alone (its notify URL is set by the simulator wiring when the shop listens)', async () => {
    const payuni = sims.payuni!;
    const own = `${(await t.app.getUrl()).replace('[::1]', '127.0.0.1').replace('localhost', '127.0.0.1')}/api/logistics/payuni/notify`;
    expect(payuni.statusNotifyTarget()).toBe(own);
    payuni.setStatusNotifyUrl('http://127.0.0.1:9/elsewhere');
    try {
      const o = await order(4, 'cod');
      const r = await staff.post('/api/admin/createShippingOrder', { order_id: o.id });
      expect(r.status).toBe(200);
      expect(payuni.statusNotifyTarget()).toBe('http://127.0.0.1:9/elsewhere');
    } finally {
      payuni.setStatusNotifyUrl(own);
    }
  });

  it('a full refund before the parcel was handed over cancels its live PAYUNi ticket (the simulator shows it cancelled); a parcel already sent is left alone', async () => {
    const bank = { bank_code: '013', account: '123456789012', name: '王小明' };
    const o = await order(4, 'atm');
    const r = await owner.post('/api/admin/createShippingOrder', { order_id: o.id });
    expect(r.status).toBe(200);
    const shipTradeNo = r.body.ticket.ship_trade_no as string;
    expect(shipmentOf(shipTradeNo).shipStatus).toBe('91');
    const refund = await owner.post('/api/admin/refundOrder', { order_id: o.id, reason: '顧客取消', restock: true, bank });
    expect(refund.status).toBe(200);
    await jobsIdle(t.app);
    await sims.idle();
    expect(shipmentOf(shipTradeNo).shipStatus).toBe('41');
    const [row] = await tickets(o.id);
    expect(row.live_order_id).toBeNull();
    expect(row.ship_status).toBe('41');
    // The order may get no new shipment by mistake: it is refunded.
    expect((await orderRow(o.id)).payment_status).toBe(3);
    await expectRefundsAddUp(t.app, o.id, o.total);

    // A ticket still waiting for its job: failed at once, the job makes no shipment for the refunded order.
    const waiting = await order(4, 'atm');
    await ds.query("INSERT INTO shipping_tickets (order_id, live_order_id, ship_type, lgs_type, goods_type, status) VALUES (?, ?, '2', 'HOME', '1', 'pending')", [waiting.id, waiting.id]);
    const shipmentsBefore = sims.payuni!.shipments.size;
    expect((await owner.post('/api/admin/refundOrder', { order_id: waiting.id, reason: '顧客取消', restock: false, bank })).status).toBe(200);
    const [w] = await tickets(waiting.id);
    expect(w).toMatchObject({ status: 'failed', live_order_id: null, message: SHIPPING_MSG.cancelledAfterRefund });
    await jobsIdle(t.app);
    expect(sims.payuni!.shipments.size).toBe(shipmentsBefore);

    // Handed over (21): not cancelled, still the order's shipment.
    const sent = await order(4, 'atm');
    const s = await owner.post('/api/admin/createShippingOrder', { order_id: sent.id });
    await sims.payuni!.advanceShipment(s.body.ticket.ship_trade_no, '21');
    expect((await owner.post('/api/admin/refundOrder', { order_id: sent.id, reason: '退貨', restock: false, bank })).status).toBe(200);
    await jobsIdle(t.app);
    expect(shipmentOf(s.body.ticket.ship_trade_no).shipStatus).toBe('21');
    expect((await tickets(sent.id))[0].live_order_id).not.toBeNull();
  });

  it('a double click makes one ticket and one shipment', async () => {
    const o = await order(4, 'cod');
    const before = sims.payuni!.shipments.size;
    const [a, b] = await Promise.all([staff.post('/api/admin/createShippingOrder', { order_id: o.id }), owner.post('/api/admin/createShippingOrder', { order_id: o.id })]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.ticket.id).toBe(b.body.ticket.id);
    expect(await tickets(o.id)).toHaveLength(1);
    expect(sims.payuni!.shipments.size).toBe(before + 1);
  });

  it('a slow gateway answers pending; the screen polls getShippingTicket until it is made', async () => {
    const o = await order(4, 'cod');
    sims.payuni!.simulateOutage(3500);
    const r = await staff.post('/api/admin/createShippingOrder', { order_id: o.id });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, pending: true, message: SHIPPING_MSG.pending, ticket: { status: 'pending', label_url: '' } });
    const done = await poll(staff, r.body.ticket.id, (s) => s !== 'pending');
    expect(done.body).toMatchObject({ success: true, ticket: { status: 'created' } });
    expect((await orderRow(o.id)).status_name).toBe('shipped');
  });

  it('HOME01092: an answer lost after PAYUNi made the shipment → the retry is 已重複領取 with the PDF link', async () => {
    const o = await order(4, 'cod');
    const before = sims.payuni!.shipments.size;
    sims.payuni!.failNext('lostAnswer');
    const r = await staff.post('/api/admin/createShippingOrder', { order_id: o.id });
    const settled = r.body.pending ? await poll(staff, r.body.ticket.id, (s) => s !== 'pending') : r;
    expect(settled.status).toBe(409);
    expect(settled.body).toMatchObject({ success: false, message: ADMIN_MSG.duplicateTicket, ticket: { status: 'duplicate' } });
    expect(settled.body.pdfUrl).toBe(settled.body.ticket.label_url);
    expect(sims.payuni!.shipments.size).toBe(before + 1);
    expect(shipmentOf(settled.body.ticket.ship_trade_no).merTradeNo).toBe((await tickets(o.id))[0].mer_trade_no);
    expect((await staff.get(settled.body.pdfUrl)).text).toContain('get_obt_number_pdf');
    expect((await orderRow(o.id)).status_name).toBe('shipped');
  });

  it('a refusal at PAYUNi is 出貨單建立失敗; the failed ticket frees the order for another', async () => {
    const o = await order(4, 'cod');
    sims.payuni!.failNext({ code: 'HOME02011', message: '收件人姓名格式錯誤' });
    const r = await staff.post('/api/admin/createShippingOrder', { order_id: o.id });
    expect(r.status).toBe(502);
    expect(r.body).toMatchObject({ success: false, message: ADMIN_MSG.ticketFailed, ticket: { status: 'failed', message: 'HOME02011: 收件人姓名格式錯誤', label_url: '' } });
    expect((await orderRow(o.id)).status_name).toBe('pending');
    const retry = await staff.post('/api/admin/createShippingOrder', { order_id: o.id });
    expect(retry.status).toBe(200);
    expect(retry.body.ticket.id).not.toBe(r.body.ticket.id);
    expect((await tickets(o.id)).map((x) => x.status)).toEqual(['failed', 'created']);
  });

  it('全家 / 萊爾富: no PAYUNi ticket; markShipped records the carrier and tracking number, ships the order, audited', async () => {
    const o = await order(2, 'atm');
    const refused = await staff.post('/api/admin/createShippingOrder', { order_id: o.id });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(SHIPPING_MSG.manualOnly);
    expect((await staff.post('/api/admin/markShipped', { order_id: o.id, carrier: '', tracking_no: 'AB123456' })).body.message).toBe(SHIPPING_MSG.carrierRequired);
    expect((await staff.post('/api/admin/markShipped', { order_id: o.id, carrier: '全家', tracking_no: '12' })).body.message).toBe(SHIPPING_MSG.trackingInvalid);
    const r = await staff.post('/api/admin/markShipped', { order_id: o.id, carrier: '全家', tracking_no: 'FM12345678' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, message: SHIPPING_MSG.markedShipped, ticket: { lgs_type: 'MANUAL', carrier: '全家', ship_trade_no: 'FM12345678', status: 'created', label_url: '' } });
    const row = await orderRow(o.id);
    expect([row.status_name, row.ship_trade_no]).toEqual(['shipped', 'FM12345678']);
    expect((await staff.post('/api/admin/markShipped', { order_id: o.id, carrier: '全家', tracking_no: 'FM999999' })).body.message).toBe(SHIPPING_MSG.alreadyShipped);
    expect((await audit(o.id)).map((a) => a.action)).toEqual(['shipping.mark-shipped']);
    const status = await staff.post('/api/admin/getShippingStatus', { ship_trade_no: 'FM12345678', shipping: 2 });
    expect(status.body.message).toBe(SHIPPING_MSG.manualNoStatus);
    // A 7-11 order is not marked by hand.
    const seven = await order(1, 'atm');
    expect((await staff.post('/api/admin/markShipped', { order_id: seven.id, carrier: '7-11', tracking_no: 'AB123456' })).body.message).toBe(SHIPPING_MSG.notManual);
    // An unpaid 萊爾富 order is refused like a ticket.
    const unpaid = await order(3, 'atm', { pay: false });
    expect((await staff.post('/api/admin/markShipped', { order_id: unpaid.id, carrier: '萊爾富', tracking_no: 'HL12345678' })).body.message).toBe(ADMIN_MSG.noTicketUnpaid);
  });

  it('call carrier answers the not-yet-open text; an unknown label is 404', async () => {
    const r = await staff.post('/api/admin/callCarrier', { order_id: 1 });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ success: false, message: ADMIN_MSG.callCarrierClosed });
    expect((await staff.get('/api/admin/shippingLabel/99999999')).status).toBe(404);
    expect((await staff.get('/api/admin/shippingLabel/abc')).status).toBe(404);
  });
});
