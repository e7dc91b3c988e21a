import request from 'supertest';
import { DataSource } from 'typeorm';
import { ADMIN_MSG, REFUND_MSG } from '../../src/common/validation/admin';
import { CHECKOUT_MSG } from '../../src/common/validation/checkout-rules';
import { Order } from '../../src/modules/orders/entities/order.entity';
import { OrderStateService } from '../../src/modules/orders/order-state.service';
import { Returns } from '../../src/modules/refunds/returns.service';
import { adminSession } from '../helpers/admin';
import { createTestApp, TestApp } from '../helpers/test-app';
import { expectOrderAddsUp, expectRefundsAddUp } from '../helpers/order-invariants';
import { jobsIdle, shopper, variants, type Shopper, type TestVariant } from './checkout-fixtures';
import { OrderMaker, type PaidOrder } from './refund-fixtures';

jest.setTimeout(120_000);

type Session = Awaited<ReturnType<typeof adminSession>>;
const DAY = 86400_000;

describe('returns: POST /api/order/requestReturn within 7 days of delivery, POST /api/admin/handleReturnRequest, the 退款申請 alert', () => {
  let t: TestApp;
  let ds: DataSource;
  let buyer: Shopper;
  let other: Shopper;
  let v: TestVariant;
  let make: OrderMaker;
  let owner: Session;
  let staff: Session;
  let editor: Session;

  beforeAll(async () => {
    t = await createTestApp({ CHECKOUT_RATE_LIMIT: '1000' }, { listen: true });
    ds = t.app.get(DataSource);
    const base = await OrderMaker.baseOf(t);
    [v] = await variants(t.app, 1, 500, 300);
    buyer = await shopper(t);
    other = await shopper(t);
    make = new OrderMaker(t, base, buyer, v);
    owner = await adminSession(t, 'owner');
    staff = await adminSession(t, 'staff');
    editor = await adminSession(t, 'editor');
  });
  afterAll(async () => {
    await make?.sims.idle();
    await t?.close();
  });

  /** An order shipped and delivered `daysAgo` days ago through the logistics moves (OrderStateService.markShipped / markDelivered); cash on delivery is paid on delivery. */
  async function delivered(daysAgo: number, status: 'delivered' | 'completed' = 'delivered', method: 'atm' | 'cod' = 'atm'): Promise<PaidOrder> {
    const o = method === 'cod' ? await make.place('cod') : await make.paid(method);
    const orders = t.app.get(OrderStateService);
    expect(await orders.markShipped(o.id, `SHIP${o.id}`)).toBe('shipped');
    expect(await orders.markDelivered(o.id, new Date(Date.now() - daysAgo * DAY))).toBe(true);
    if (status === 'completed') await ds.getRepository(Order).update({ id: o.id }, { status_name: 'completed' });
    return o;
  }

  async function myOrder(s: Shopper, id: number) {
    const r = await s.b.get('/api/order/getUserOrdersByPage?page=1&limit=50');
    expect(r.status).toBe(200);
    return (r.body.orders as { order_id: number; returnable: boolean; return_status: string }[]).find((o) => o.order_id === id);
  }

  const ask = (s: Shopper, body: Record<string, unknown>) => s.b.post('/api/order/requestReturn', body);

  it('a delivered order within 7 days is returnable; the request is recorded, the order shows it, staff are alerted through the outbox', async () => {
    const o = await delivered(2);
    expect(await myOrder(buyer, o.id)).toMatchObject({ returnable: true, return_status: '' });

    const r = await ask(buyer, { order_id: o.id, reason: '尺寸不合' });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ success: true, message: REFUND_MSG.returnRequested, order_id: o.id, return_status: 'requested', returnable: false });
    expect(await myOrder(buyer, o.id)).toMatchObject({ returnable: false, return_status: 'requested' });

    const alerts: { job_id: string; payload: unknown }[] = await ds.query("SELECT job_id, payload FROM outbox_messages WHERE job_name = 'telegram.notify' ORDER BY id");
    const alert = alerts.find((a) => a.job_id.startsWith('alert-return.'));
    expect(alert).toBeDefined();
    const payload = (typeof alert!.payload === 'string' ? JSON.parse(alert!.payload) : alert!.payload) as { settingType: string; text: string };
    expect(payload.settingType).toBe('refund_request');
    expect(payload.text).toContain(o.merTradeNo);
    expect(payload.text).toContain('【退款申請】');
    expect(payload.text).toContain('尺寸不合');
    expect(payload.text).toContain('王小明');
    await jobsIdle(t.app);

    // Asked once only.
    const again = await ask(buyer, { order_id: o.id, reason: '再申請' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(REFUND_MSG.returnAlreadyRequested);

    const list = await t.app.get(Returns).listForOrder(o.id);
    expect(list).toEqual([expect.objectContaining({ order_id: o.id, reason: '尺寸不合', status: 'requested', staff_reason: '', handled_at: null })]);
    expect((await expectOrderAddsUp(t.app, o.id)).order.total_amount).toBe(o.total);
  });

  it('refused: another member’s order (404 as unknown), not delivered, past the 7 days, no reason, visitors', async () => {
    const o = await delivered(1);
    const notMine = await ask(other, { order_id: o.id, reason: '想退' });
    expect(notMine.status).toBe(404);
    expect(notMine.body).toEqual({ success: false, message: CHECKOUT_MSG.orderNotFound });

    const paidOnly = await make.paid('atm');
    const notDelivered = await ask(buyer, { order_id: paidOnly.id, reason: '想退' });
    expect(notDelivered.status).toBe(409);
    expect(notDelivered.body.message).toBe(REFUND_MSG.returnNotAllowed);
    expect(await myOrder(buyer, paidOnly.id)).toMatchObject({ returnable: false });

    const old = await delivered(8, 'completed');
    expect(await myOrder(buyer, old.id)).toMatchObject({ returnable: false });
    const late = await ask(buyer, { order_id: old.id, reason: '想退' });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(REFUND_MSG.returnWindowOver);

    const noReason = await ask(buyer, { order_id: o.id, reason: ' ' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toBe(REFUND_MSG.returnReasonRequired);

    const visitor = await request(t.http).post('/api/order/requestReturn').send({ order_id: o.id, reason: '想退' });
    expect([401, 403]).toContain(visitor.status);
    expect(Number((await ds.query('SELECT COUNT(*) AS n FROM return_requests WHERE order_id = ?', [o.id]))[0].n)).toBe(0);
  });

  it('staff approve or refuse with a reason, once; audited; the member sees the outcome; editors may not', async () => {
    const a = await delivered(3);
    const b = await delivered(3);
    await ask(buyer, { order_id: a.id, reason: '過敏' });
    await ask(buyer, { order_id: b.id, reason: '不喜歡' });
    const [ra] = await t.app.get(Returns).listForOrder(a.id);
    const [rb] = await t.app.get(Returns).listForOrder(b.id);

    const byEditor = await editor.post('/api/admin/handleReturnRequest', { request_id: ra.id, approve: true, reason: '' });
    expect(byEditor.status).toBe(403);
    expect(byEditor.body.message).toBe(ADMIN_MSG.forbidden);

    const noReason = await staff.post('/api/admin/handleReturnRequest', { request_id: rb.id, approve: false, reason: '' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toBe(REFUND_MSG.returnRefuseReasonRequired);

    const approved = await staff.post('/api/admin/handleReturnRequest', { request_id: ra.id, approve: true, reason: '請寄回商品' });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ success: true, message: REFUND_MSG.returnApproved, returnRequest: { id: ra.id, status: 'approved', staff_reason: '請寄回商品' } });
    expect(approved.body.returnRequest.handled_at).toBeTruthy();

    const refused = await owner.post('/api/admin/handleReturnRequest', { request_id: rb.id, approve: false, reason: '已超過鑑賞期的使用痕跡' });
    expect(refused.status).toBe(200);
    expect(refused.body.returnRequest).toMatchObject({ status: 'refused', staff_reason: '已超過鑑賞期的使用痕跡' });

    const twice = await owner.post('/api/admin/handleReturnRequest', { request_id: ra.id, approve: false, reason: '改拒絕' });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(REFUND_MSG.returnAlreadyHandled);
    const unknown = await owner.post('/api/admin/handleReturnRequest', { request_id: 999999, approve: true, reason: '' });
    expect(unknown.status).toBe(404);

    expect(await myOrder(buyer, a.id)).toMatchObject({ return_status: 'approved', returnable: false });
    expect(await myOrder(buyer, b.id)).toMatchObject({ return_status: 'refused', returnable: false });
    const audit: { action: string; admin_username: string }[] = await ds.query("SELECT action, admin_username FROM audit_logs WHERE entity = 'order' AND entity_id IN (?, ?) ORDER BY id", [
      String(a.id),
      String(b.id),
    ]);
    expect(audit).toEqual([
      { action: 'order.return-approve', admin_username: staff.username },
      { action: 'order.return-refuse', admin_username: owner.username },
    ]);

    // Approved goods came back: staff refund with restock; the order becomes returned.
    const refund = await owner.post('/api/admin/refundOrder', { order_id: a.id, reason: '退貨退款', restock: true, bank: { bank_code: '700', account: '0001234567', name: '王小明' } });
    expect(refund.status).toBe(200);
    expect(await make.order(a.id)).toMatchObject({ status_name: 'returned', payment_status: 3, return_status: 'approved' });
    expect((await expectRefundsAddUp(t.app, a.id, a.total)).refundedAmount).toBe(a.total);
  });

  it('cash on delivery: paid when delivered, then returnable like the others', async () => {
    const o = await delivered(0, 'delivered', 'cod');
    expect(await make.order(o.id)).toMatchObject({ status_name: 'delivered', payment_status: 1 });
    expect(await myOrder(buyer, o.id)).toMatchObject({ returnable: true });
    const r = await ask(buyer, { order_id: o.id, reason: '收到破損' });
    expect(r.status).toBe(200);
    expect((await expectOrderAddsUp(t.app, o.id)).order.total_amount).toBe(o.total);
  });

  it('concurrent requests for one order make one request', async () => {
    const o = await delivered(1);
    const answers = await Promise.all([1, 2, 3].map((i) => ask(buyer, { order_id: o.id, reason: `連點 ${i}` })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    expect(Number((await ds.query('SELECT COUNT(*) AS n FROM return_requests WHERE order_id = ?', [o.id]))[0].n)).toBe(1);
  });
});
