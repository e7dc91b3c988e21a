import request from 'supertest';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../src/config/app-config';
import { sealEnvelope } from '../../src/integrations/payuni/payuni-crypto';
import { DomainEvents } from '../../src/common/events/domain-events';
import { JobDriver } from '../../src/jobs/job-queue';
import { REFUND_MSG } from '../../src/common/validation/admin';
import { CHECKOUT_MSG } from '../../src/common/validation/checkout-rules';
import { LIFECYCLE_MSG } from '../../src/modules/orders/order-lifecycle';
import { OrderStateService } from '../../src/modules/orders/order-state.service';
import { adminSession } from '../helpers/admin';
import { eventually } from '../helpers/processes';
import { createTestApp, TestApp } from '../helpers/test-app';
import { expectOrderAddsUp, expectRefundsAddUp } from '../helpers/order-invariants';
import { jobsIdle, shopper, stockOf, variants, type Shopper, type TestVariant } from './checkout-fixtures';
import { OrderMaker, type PaidOrder } from './refund-fixtures';

jest.setTimeout(120_000);

type Session = Awaited<ReturnType<typeof adminSession>>;
const DAY = 86400_000;

/**
 * The order lifecycle (src/modules/orders/order-lifecycle.ts) through the real app: 開始備貨 and the
 * staff cancel of an unpaid cash-on-delivery order from the back office, the completion job on its
 * own schedule (ORDER_COMPLETION_DAYS / ORDER_COMPLETION_EVERY_MS through the environment), a late
 * paid notify on a fully refunded order, and the history read as sentences of labels.
 */
describe('order lifecycle: staff moves, completion job, late payment after a refund, history sentences', () => {
  let t: TestApp;
  let ds: DataSource;
  let buyer: Shopper;
  let v: TestVariant;
  let make: OrderMaker;
  let owner: Session;
  let staff: Session;
  let editor: Session;

  beforeAll(async () => {
    t = await createTestApp({ CHECKOUT_RATE_LIMIT: '1000', RUN_WORKERS_IN_WEB: 'true', ORDER_COMPLETION_DAYS: '7', ORDER_COMPLETION_EVERY_MS: '400' }, { listen: true });
    ds = t.app.get(DataSource);
    const base = await OrderMaker.baseOf(t);
    [v] = await variants(t.app, 1, 500, 300);
    buyer = await shopper(t);
    make = new OrderMaker(t, base, buyer, v);
    owner = await adminSession(t, 'owner');
    staff = await adminSession(t, 'staff');
    editor = await adminSession(t, 'editor');
  });
  afterAll(async () => {
    await make?.sims.idle();
    await t?.close();
  });

  const details = async (id: number) => {
    const r = await staff.post('/api/admin/getAdminOrderDetails', { order_id: id });
    expect(r.status).toBe(200);
    return r.body.orderDetails as {
      order: { status_name: string; status_label: string; can: { startProcessing: boolean; cancel: boolean } };
      history: { action: string; lines: string[]; admin_username: string; summary: string }[];
    };
  };
  const transitions = async (id: number) =>
    (await ds.query('SELECT machine, from_state, to_state, actor, actor_name, reason FROM order_transitions WHERE order_id = ? ORDER BY id', [id])) as {
      machine: string;
      from_state: string;
      to_state: string;
      actor: string;
      actor_name: string;
      reason: string;
    }[];

  async function delivered(daysAgo: number): Promise<PaidOrder> {
    const o = await make.paid('atm');
    const orders = t.app.get(OrderStateService);
    expect(await orders.markShipped(o.id, `SHIP${o.id}`)).toBe('shipped');
    expect(await orders.markDelivered(o.id, new Date(Date.now() - daysAgo * DAY))).toBe(true);
    return o;
  }

  it('開始備貨: a paid order → 備貨中 by staff, once; refused for an unpaid online order and for editors; the history says it', async () => {
    const o = await make.paid('atm');
    expect((await details(o.id)).order.can).toMatchObject({ startProcessing: true, cancel: false });

    const denied = await editor.post('/api/admin/startProcessing', { order_id: o.id });
    expect(denied.status).toBe(403);

    const r = await staff.post('/api/admin/startProcessing', { order_id: o.id });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ success: true, message: '已開始備貨' });
    expect((await make.order(o.id)).status_name).toBe('processing');
    const d = await details(o.id);
    expect(d.order).toMatchObject({ status_name: 'processing', status_label: '備貨中', can: { startProcessing: false } });
    expect(d.history[0]).toMatchObject({ action: 'order.start-processing', lines: ['訂單狀態：已付款 → 備貨中'], admin_username: staff.username });
    expect(await transitions(o.id)).toEqual(
      expect.arrayContaining([expect.objectContaining({ machine: 'order', from_state: 'paid', to_state: 'processing', actor: 'staff', actor_name: staff.username })]),
    );

    const again = await staff.post('/api/admin/startProcessing', { order_id: o.id });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ success: false, message: LIFECYCLE_MSG.changed });

    const unpaid = await make.place('atm');
    const early = await staff.post('/api/admin/startProcessing', { order_id: unpaid.id });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('訂單狀態已變更，請重新整理');
    expect((await make.order(unpaid.id)).status_name).toBe('pending');

    const unknown = await staff.post('/api/admin/startProcessing', { order_id: 99999999 });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(CHECKOUT_MSG.orderNotFound);

    // A processing order still ships.
    expect(await t.app.get(OrderStateService).markShipped(o.id, `SHIP${o.id}`)).toBe('shipped');
    expect((await expectOrderAddsUp(t.app, o.id)).order.total_amount).toBe(o.total);
  });

  it('staff cancel an unpaid cash-on-delivery order (also once 備貨中): stock back, audited; a paid order is refused', async () => {
    const before = await stockOf(t.app, v.variantId);
    const cod = await make.place('cod');
    expect(await stockOf(t.app, v.variantId)).toBe(before - 1);
    const d = await details(cod.id);
    expect(d.order).toMatchObject({ status_label: '處理中', can: { startProcessing: true, cancel: true } });
    expect((await staff.post('/api/admin/startProcessing', { order_id: cod.id })).status).toBe(200);

    const r = await owner.post('/api/admin/cancelOrder', { order_id: cod.id, reason: '客人電話取消' });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ success: true, message: '訂單已取消' });
    const row = await make.order(cod.id);
    expect(row).toMatchObject({ status_name: 'cancelled', payment_status: 0 });
    expect(await stockOf(t.app, v.variantId)).toBe(before);
    const after = await details(cod.id);
    expect(after.history[0]).toMatchObject({ action: 'order.cancel', lines: ['訂單狀態：備貨中 → 已取消', '原因：客人電話取消'] });
    expect(await transitions(cod.id)).toEqual(
      expect.arrayContaining([expect.objectContaining({ machine: 'order', from_state: 'processing', to_state: 'cancelled', actor: 'staff', reason: '管理員取消訂單：客人電話取消' })]),
    );
    // Twice: the same answer, nothing more released.
    expect((await owner.post('/api/admin/cancelOrder', { order_id: cod.id })).status).toBe(200);
    expect(await stockOf(t.app, v.variantId)).toBe(before);
    expect((await expectOrderAddsUp(t.app, cod.id)).order.total_amount).toBe(cod.total);

    const paid = await make.paid('atm');
    expect((await details(paid.id)).order.can.cancel).toBe(false);
    const refused = await staff.post('/api/admin/cancelOrder', { order_id: paid.id });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(CHECKOUT_MSG.cancelPaid);
    expect((await make.order(paid.id)).status_name).toBe('paid');

    const unpaidOnline = await make.place('atm');
    const online = await staff.post('/api/admin/cancelOrder', { order_id: unpaidOnline.id });
    expect(online.status).toBe(409);
    expect((await make.order(unpaidOnline.id)).status_name).toBe('pending');

    const tooLong = await staff.post('/api/admin/cancelOrder', { order_id: unpaidOnline.id, reason: '長'.repeat(101) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toBe('取消原因最多 100 字');
    expect((await editor.post('/api/admin/cancelOrder', { order_id: unpaidOnline.id })).status).toBe(403);
  });

  it('an unpaid online order reads 待付款 (slip, my orders, back office); paid reads 已付款', async () => {
    const o = await make.place('atm');
    const slip = await buyer.b.get(`/api/order/getOrderAndDetails/${o.merTradeNo}`);
    expect(slip.body.order).toMatchObject({ status_name: 'pending', status_label: '待付款' });
    const mine = await buyer.b.get('/api/order/getUserOrdersByPage?page=1&limit=50');
    expect((mine.body.orders as { order_id: number; status_label: string }[]).find((x) => x.order_id === o.id)?.status_label).toBe('待付款');
    expect((await details(o.id)).order.status_label).toBe('待付款');
    await make.pay('atm', o);
    expect((await details(o.id)).order.status_label).toBe('已付款');
    // The payment's moves are in the history, as sentences, by the gateway.
    const h = (await details(o.id)).history;
    expect(h.flatMap((e) => e.lines)).toEqual(expect.arrayContaining(['訂單狀態：待付款 → 已付款', '付款狀態：未付款 → 已付款']));
    expect((await expectOrderAddsUp(t.app, o.id)).order.total_amount).toBe(o.total);
  });

  it('the completion job completes a delivered order ORDER_COMPLETION_DAYS after delivery (its return window closes), not one with an open return or delivered recently', async () => {
    expect(t.app.get<AppConfig>(APP_CONFIG).orders).toEqual({ completionDays: 7, completionEveryMs: 400 });
    const due = await delivered(8);
    const recent = await delivered(3);
    const asked = await delivered(8);
    // A return asked (through the lifecycle's requestReturn) keeps the order open.
    expect(await t.app.get(OrderStateService).setReturnStatus(asked.id, 'requested', [''])).toBe(true);

    await eventually(async () => (await make.order(due.id)).status_name === 'completed', 15_000, 'the completion job to complete the due order');
    const row = (await ds.query('SELECT status_name, completed_at FROM orders WHERE id = ?', [due.id]))[0];
    expect(row.completed_at).not.toBeNull();
    expect(await transitions(due.id)).toEqual(expect.arrayContaining([expect.objectContaining({ machine: 'order', from_state: 'delivered', to_state: 'completed', actor: 'job' })]));
    // Two more runs: the others stay as they are.
    await new Promise((r) => setTimeout(r, 1000));
    await t.app.get(JobDriver).whenIdle();
    expect((await make.order(recent.id)).status_name).toBe('delivered');
    expect((await make.order(asked.id)).status_name).toBe('delivered');

    const d = await details(due.id);
    expect(d.order).toMatchObject({ status_name: 'completed', status_label: '已完成' });
    expect((await expectOrderAddsUp(t.app, due.id)).order.total_amount).toBe(due.total);
    const late = await buyer.b.post('/api/order/requestReturn', { order_id: due.id, reason: '想退' });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(REFUND_MSG.returnWindowOver);
    const mine = await buyer.b.get('/api/order/getUserOrdersByPage?page=1&limit=50');
    expect((mine.body.orders as { order_id: number; returnable: boolean }[]).find((x) => x.order_id === due.id)?.returnable).toBe(false);
  });

  it('a signed paid notify for a fully refunded order keeps it refunded, records the late payment once and alerts staff (Telegram)', async () => {
    const o = await make.paid('credit');
    const full = await owner.agent.post('/api/admin/refundOrder').set('X-CSRF-Token', owner.csrf).set('Idempotency-Key', `full-${o.id}`).send({ order_id: o.id, reason: '顧客取消', restock: true });
    expect(full.status).toBe(200);
    expect(await make.order(o.id)).toMatchObject({ payment_status: 3, refunded_amount: o.total });

    const p = t.app.get<AppConfig>(APP_CONFIG).providers.payuni;
    const notify = () =>
      request(t.http)
        .post('/api/payments/payuni/notify')
        .type('form')
        .send({
          Status: 'SUCCESS',
          ...sealEnvelope(p.merId, '1.0', { Status: 'SUCCESS', MerID: p.merId, MerTradeNo: o.merTradeNo, TradeNo: `LATE${o.id}`, TradeAmt: o.total, TradeStatus: 1, PaymentType: 1 }, p.hashKey, p.hashIv),
        });
    const r = await notify();
    expect([r.status, r.text]).toEqual([200, 'OK']);
    expect(await make.order(o.id)).toMatchObject({ payment_status: 3, refunded_amount: o.total });
    // Again (the gateway retries): recorded once.
    expect((await notify()).status).toBe(200);
    const late = (await transitions(o.id)).filter((x) => x.machine === 'payment' && x.from_state === 'refunded');
    expect(late).toHaveLength(1);
    expect(late[0]).toMatchObject({ to_state: 'refunded', actor: 'gateway', reason: expect.stringContaining(`退款後收到付款 NT$ ${o.total.toLocaleString('en-US')}`) });

    await jobsIdle(t.app);
    await t.app.get(JobDriver).whenIdle();
    const alerts = make.sims.telegram!.sent().filter((m) => m.text.includes(`#${o.id}（${o.merTradeNo}）`) && m.text.includes('全額退款後'));
    expect(alerts).toHaveLength(1);
    expect(alerts[0].text).toContain('【待退款】');
    expect(alerts[0].text).toContain(`LATE${o.id}`);
    const d = await details(o.id);
    expect(d.history.flatMap((e) => e.lines)).toContain('付款狀態：已退款');
    expect(d.history.map((e) => e.summary)).toEqual(expect.arrayContaining([expect.stringContaining('退款後收到付款')]));
    // The late payment is not a refund: the books still show one refund of the whole (unchanged) total.
    expect((await expectRefundsAddUp(t.app, o.id, o.total)).refundedAmount).toBe(o.total);
  });

  it('an in-transaction event listener that fails rolls the change back (order, stock and history as they were), instead of being logged and swallowed', async () => {
    const o = await make.place('atm');
    const stock = await stockOf(t.app, v.variantId);
    let failing = true;
    t.app.get(DomainEvents).inTransaction('order.cancelled', async ({ orderId }) => {
      if (failing && orderId === o.id) throw new Error('listener down');
    });
    const r = await buyer.b.post('/api/order/cancelOrder', { order_id: o.id });
    expect(r.status).toBe(500);
    expect(r.body.success).toBe(false);
    expect(await make.order(o.id)).toMatchObject({ status_name: 'pending', payment_status: 0, cancelled_at: null });
    expect(await stockOf(t.app, v.variantId)).toBe(stock);
    expect((await transitions(o.id)).filter((x) => x.to_state === 'cancelled')).toEqual([]);

    failing = false;
    const again = await buyer.b.post('/api/order/cancelOrder', { order_id: o.id });
    expect(again.status).toBe(200);
    expect((await make.order(o.id)).status_name).toBe('cancelled');
    expect(await stockOf(t.app, v.variantId)).toBe(stock + 1);
  });

  it('操作紀錄 reads sentences of labels: 運費：100 → 80, not codes or JSON', async () => {
    const list = (await owner.get('/api/admin/loadsettings')).body.shipping_methods as Record<string, unknown>[];
    const home = list.find((m) => m.id === 4)!;
    const edited = list.map((m) => (m.id === 4 ? { ...m, shipping_cost: '80' } : m));
    const res = await owner.post('/api/admin/updateshipping', { shipping_methods: edited });
    expect(res.body).toMatchObject({ success: true });
    const logs = await owner.get('/api/admin/auditLogs?entity=shipping_method&entity_id=4');
    expect(logs.status).toBe(200);
    const entry = (logs.body.rows as { lines: string[] }[])[0];
    expect(entry.lines).toContain(`運費：${Number(home.shipping_cost).toLocaleString('en-US')} → 80`);
    for (const line of entry.lines) expect(line).not.toMatch(/[{}]|shipping_cost/);
  });
});
