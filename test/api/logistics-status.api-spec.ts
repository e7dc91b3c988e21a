import request from 'supertest';
import { DataSource } from 'typeorm';
import { ADMIN_MSG } from '../../src/common/validation/admin';
import { DevOutbox } from '../../src/integrations/outbox/dev-outbox';
import { sealEnvelope } from '../../src/integrations/payuni/payuni-crypto';
import type { EmbeddedSimulators } from '../../src/integrations/providers/embedded-simulators';
import { SIMULATORS } from '../../src/integrations/providers/provider-tokens';
import { LogisticsStatusService } from '../../src/modules/logistics/logistics-status.service';
import { OrderStateService } from '../../src/modules/orders/order-state.service';
import { adminSession, type AdminSession } from '../helpers/admin';
import { createTestApp, TestApp } from '../helpers/test-app';
import { feeFor, homeCod, jobsIdle, shippingMethod, shopper, submit, variants, type Shopper, type TestVariant } from './checkout-fixtures';

jest.setTimeout(120_000);

const KEY = '12345678901234567890123456789012';
const IV = '1234567890123456';
const STORE = { store_id: '155139', store_name: '信義松仁門市', store_addr: '台北市信義區松仁路58號', city: '', district: '', zip: '', street: '' };

/**
 * Logistics status (issue 11): PAYUNi's status notifies posted by the simulator to POST
 * /api/logistics/payuni/notify (verified, each status once, newest wins), getShippingStatus
 * (logistics/query), the repeatable sync job, and what they do to the order: at the store → the
 * receiver's SMS (once), picked up → delivered (delivered_at; cash on delivery paid), returned →
 * returned (the COD invoice voided).
 */
describe('logistics status: notify, getShippingStatus, the sync job, order moves and the at-store SMS', () => {
  let t: TestApp;
  let ds: DataSource;
  let sims: EmbeddedSimulators;
  let buyer: Shopper;
  let v: TestVariant;
  let staff: AdminSession;
  let seq = 0;

  beforeAll(async () => {
    t = await createTestApp({ CHECKOUT_RATE_LIMIT: '1000' }, { listen: true });
    ds = t.app.get(DataSource);
    sims = t.app.get<EmbeddedSimulators>(SIMULATORS);
    [v] = await variants(t.app, 1, 1000, 300);
    buyer = await shopper(t);
    staff = await adminSession(t, 'staff');
  });
  afterAll(async () => {
    await sims?.idle();
    await t?.close();
  });

  /** A cash-on-delivery order (7-11 or home) with its PAYUNi ticket made; answers the order and the shipment number. */
  async function shipped(shipping: 1 | 4): Promise<{ id: number; merTradeNo: string; shipTradeNo: string; ticketId: number }> {
    const m = await shippingMethod(t.app, shipping);
    const total = v.price + feeFor(m, v.price);
    const r = await submit(buyer, homeCod(buyer, [{ v, quantity: 1 }], total, { shipping, ...(shipping === 1 ? STORE : {}) }), `ls-${Date.now()}-${++seq}`);
    if (r.status !== 200) throw new Error(`submitOrder: ${r.status} ${JSON.stringify(r.body)}`);
    const { order_id: id, MerTradeNo: merTradeNo } = r.body.resData as { order_id: number; MerTradeNo: string };
    const ticket = await staff.post('/api/admin/createShippingOrder', { order_id: id });
    if (ticket.status !== 200) throw new Error(`createShippingOrder: ${ticket.status} ${JSON.stringify(ticket.body)}`);
    await jobsIdle(t.app);
    return { id, merTradeNo, shipTradeNo: ticket.body.ticket.ship_trade_no as string, ticketId: ticket.body.ticket.id as number };
  }
  const orderRow = async (id: number) => (await t.app.get(OrderStateService).findById(id))!;
  const ticketRow = async (id: number) => (await ds.query('SELECT * FROM shipping_tickets WHERE id = ?', [id]))[0] as Record<string, unknown>;
  const events = async (shipTradeNo: string) => Number((await ds.query('SELECT COUNT(*) AS n FROM logistics_events WHERE ship_trade_no = ?', [shipTradeNo]))[0].n);
  const smsTo = (phone: string) => t.app.get(DevOutbox, { strict: false }).list('sms').filter((m) => m.to === phone);

  it('a 7-11 parcel: notifies move the ticket, at the store the receiver gets one SMS, pickup delivers the order (COD paid)', async () => {
    const o = await shipped(1);
    expect((await orderRow(o.id)).status_name).toBe('shipped');
    const payuni = sims.payuni!;
    // 91 → 21 (dropped off) → 31 (in transit) → 32 (at the store) → 11 (picked up), each a signed notify.
    const first = await payuni.advanceShipment(o.shipTradeNo);
    expect(first?.status).toBe(200);
    expect(first?.url).toMatch(/\/api\/logistics\/payuni\/notify$/);
    expect(await ticketRow(o.ticketId)).toMatchObject({ ship_status: '21' });
    await payuni.advanceShipment(o.shipTradeNo);
    const before = smsTo('0911222333').length;
    const atStore = await payuni.advanceShipment(o.shipTradeNo);
    expect(atStore?.status).toBe(200);
    await jobsIdle(t.app);
    const row = await ticketRow(o.ticketId);
    expect(row.ship_status).toBe('32');
    expect(row.at_store_sms_at).toBeTruthy();
    const sms = smsTo('0911222333').slice(0, smsTo('0911222333').length - before);
    expect(sms).toHaveLength(1);
    expect(sms[0].body).toContain(o.merTradeNo);
    expect(sms[0].body).toContain('信義松仁門市');
    // The same notify again (PAYUNi retries): recorded once, no second SMS.
    const replay = await request(t.http).post('/api/logistics/payuni/notify').type('form').send(atStore!.fields);
    expect(replay.status).toBe(200);
    expect(replay.text).toBe('OK');
    await jobsIdle(t.app);
    expect(smsTo('0911222333').length - before).toBe(1);
    expect(await events(o.shipTradeNo)).toBe(3);
    expect((await orderRow(o.id)).status_name).toBe('shipped');

    await payuni.advanceShipment(o.shipTradeNo, '11');
    const done = await orderRow(o.id);
    expect(done.status_name).toBe('delivered');
    expect(done.delivered_at).toBeTruthy();
    expect(done.payment_status).toBe(1);
    expect(done.paid_at).toBeTruthy();

    // A late notify of an older step changes nothing (newest wins).
    const late = await request(t.http).post('/api/logistics/payuni/notify').type('form').send(atStore!.fields);
    expect(late.status).toBe(200);
    expect((await ticketRow(o.ticketId)).ship_status).toBe('11');
    expect((await orderRow(o.id)).status_name).toBe('delivered');
  });

  it('two identical notifies at once write one status row (the unique shipment/status/time)', async () => {
    const o = await shipped(4);
    const first = await sims.payuni!.advanceShipment(o.shipTradeNo);
    expect(first?.status).toBe(200);
    const before = await events(o.shipTradeNo);
    // PAYUNi's next step, posted five times at once (its retries racing each other).
    const next = await sims.payuni!.advanceShipment(o.shipTradeNo);
    const answers = await Promise.all(Array.from({ length: 5 }, () => request(t.http).post('/api/logistics/payuni/notify').type('form').send(next!.fields)));
    for (const a of answers) expect([a.status, a.text]).toEqual([200, 'OK']);
    expect(await events(o.shipTradeNo)).toBe(before + 1);
    const rows: { n: number }[] = await ds.query('SELECT COUNT(*) AS n FROM logistics_events WHERE ship_trade_no = ? GROUP BY ship_status, ship_status_time HAVING COUNT(*) > 1', [o.shipTradeNo]);
    expect(rows).toHaveLength(0);
  });

  it('getShippingStatus asks logistics/query and applies it: the spec fields and the order status', async () => {
    const o = await shipped(4);
    // The carrier moves it while the notify URL is not set (nothing tells the shop).
    sims.payuni!.setStatusNotifyUrl(undefined);
    await sims.payuni!.advanceShipment(o.shipTradeNo, '31');
    await sims.payuni!.advanceShipment(o.shipTradeNo, '11');
    const r = await staff.post('/api/admin/getShippingStatus', { ship_trade_no: o.shipTradeNo, shipping: 4 });
    expect(r.status).toBe(200);
    expect(r.body.success).toBe(true);
    expect(r.body.result).toMatchObject({
      ShipTradeNo: o.shipTradeNo,
      ShipStatus: '11',
      LgsType: 'HOME',
      Consignee: '陳美麗',
      ConsigneeMobile: '0911222333',
      StoreName: '',
      StoreID: '',
      orderStatusCode: 'delivered',
    });
    expect(r.body.result.ShipStatusTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect((await orderRow(o.id)).delivered_at).toBeTruthy();
    // Home delivery: no at-store SMS.
    expect((await ticketRow(o.ticketId)).at_store_sms_at).toBeNull();
    expect((await staff.post('/api/admin/getShippingStatus', { ship_trade_no: 'NOPE0000' })).status).toBe(404);
    sims.payuni!.simulateOutage(500);
    const down = await staff.post('/api/admin/getShippingStatus', { ship_trade_no: o.shipTradeNo });
    expect(down.status).toBe(502);
    expect(down.body.message).toBe(ADMIN_MSG.statusQueryFailed);
    await new Promise((r) => setTimeout(r, 600));
  });

  it('the sync job asks about open shipments only and applies what changed', async () => {
    const a = await shipped(1);
    const b = await shipped(4);
    sims.payuni!.setStatusNotifyUrl(undefined);
    await sims.payuni!.advanceShipment(a.shipTradeNo, '31');
    await sims.payuni!.advanceShipment(b.shipTradeNo, '11');
    const svc = t.app.get(LogisticsStatusService);
    const id = await svc.schedule();
    expect(id).toMatch(/^logistics-sync/);
    await jobsIdle(t.app);
    expect((await ticketRow(a.ticketId)).ship_status).toBe('31');
    expect((await ticketRow(b.ticketId)).ship_status).toBe('11');
    expect((await orderRow(b.id)).status_name).toBe('delivered');
    // b is final now: the next run does not ask about it; a run with nothing new changes nothing.
    const report = await svc.sync();
    expect(report.errors).toBe(0);
    expect(report.applied).toBe(0);
  });

  it('a parcel returned to the sender returns the order; its cash-on-delivery invoice is voided', async () => {
    const o = await shipped(1);
    await jobsIdle(t.app);
    expect((await orderRow(o.id)).invoice_status).toBe('issued');
    sims.payuni!.setStatusNotifyUrl(`${(await t.app.getUrl()).replace('[::1]', '127.0.0.1').replace('localhost', '127.0.0.1')}/api/logistics/payuni/notify`);
    await sims.payuni!.advanceShipment(o.shipTradeNo, '51');
    await jobsIdle(t.app);
    const row = await orderRow(o.id);
    expect(row.status_name).toBe('returned');
    expect(row.order_status_msg).toContain('包裹退回');
    expect(row.payment_status).toBe(0);
    expect(row.invoice_status).toBe('void');
  });

  it('a shipment cancelled at PAYUNi (41) is no longer the live one: staff make a new ticket', async () => {
    const o = await shipped(4);
    sims.payuni!.setStatusNotifyUrl(`${(await t.app.getUrl()).replace('[::1]', '127.0.0.1').replace('localhost', '127.0.0.1')}/api/logistics/payuni/notify`);
    await sims.payuni!.advanceShipment(o.shipTradeNo, '41');
    expect(await ticketRow(o.ticketId)).toMatchObject({ ship_status: '41', live_order_id: null });
    expect((await orderRow(o.id)).status_name).toBe('shipped');
    const again = await staff.post('/api/admin/createShippingOrder', { order_id: o.id, ship_trade_no: o.shipTradeNo });
    expect(again.status).toBe(200);
    expect(again.body.ticket.id).not.toBe(o.ticketId);
    expect(again.body.ticket.ship_trade_no).not.toBe(o.shipTradeNo);
    expect((await orderRow(o.id)).ship_trade_no).toBe(again.body.ticket.ship_trade_no);
  });

  it('refuses posts it cannot verify (400) and answers OK for a shipment it does not know', async () => {
    const o = await shipped(4);
    const bad = sealEnvelope('SIMSHOP01', '1.0', { MerID: 'SIMSHOP01', Status: 'SUCCESS', ApiType: 'ShipStatus', ShipTradeNo: o.shipTradeNo, LgsType: 'HOME', ShipStatus: '11', ShipStatusTime: '2026-01-01 10:00:00' }, KEY, IV);
    const tampered = await request(t.http).post('/api/logistics/payuni/notify').type('form').send({ ...bad, HashInfo: 'A'.repeat(64) });
    expect(tampered.status).toBe(400);
    expect(tampered.text).toBe('bad_hash');
    expect((await request(t.http).post('/api/logistics/payuni/notify').type('form').send({})).status).toBe(400);
    expect((await orderRow(o.id)).status_name).toBe('shipped');
    const unknown = sealEnvelope('SIMSHOP01', '1.0', { MerID: 'SIMSHOP01', Status: 'SUCCESS', ApiType: 'ShipStatus', ShipTradeNo: 'HM0000000', LgsType: 'HOME', ShipStatus: '31', ShipStatusTime: '2026-01-01 10:00:00' }, KEY, IV);
    const r = await request(t.http).post('/api/logistics/payuni/notify').type('form').send({ ...unknown });
    expect(r.status).toBe(200);
    // A JSON body is not the form PAYUNi posts: refused before the route.
    const json = await request(t.http).post('/api/logistics/payuni/notify').send({ ...unknown });
    expect(json.status).toBeGreaterThanOrEqual(400);
  });
});
