import request from 'supertest';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../src/config/app-config';
import { sealEnvelope } from '../../src/integrations/payuni/payuni-crypto';
import type { EmbeddedSimulators } from '../../src/integrations/providers/embedded-simulators';
import { LINEPAY_GATEWAY, SIMULATORS, type LinePayGateway } from '../../src/integrations/providers/provider-tokens';
import { JobQueue } from '../../src/jobs/job-queue';
import { QueueName } from '../../src/jobs/job-types';
import { Order } from '../../src/modules/orders/entities/order.entity';
import { OrderStateService } from '../../src/modules/orders/order-state.service';
import { PaymentTransaction } from '../../src/modules/payments/entities/payment-transaction.entity';
import { ReconciliationService } from '../../src/modules/orders/reconciliation.service';
import { createTestApp, TestApp } from '../helpers/test-app';
import { expectOrderAddsUp } from '../helpers/order-invariants';
import { feeFor, homeCod, jobsIdle, shippingMethod, shopper, stockOf, submit, variants, type Shopper, type TestVariant } from './checkout-fixtures';

jest.setTimeout(60_000);

type Method = 'atm' | 'cvs' | 'credit' | 'linepay';
type Form = { go_url: string; body: Record<string, string> };

interface Placed {
  id: number;
  merTradeNo: string;
  total: number;
  form?: Form;
}

const MIN = 60_000;

/** Orders through the real checkout (submitOrder), which starts each payment at the simulator. */
function shop(getApp: () => TestApp) {
  let v: TestVariant;
  let home: { shipping_cost: number; free_shipping_threshold: number };
  let buyer: Shopper;
  let n = 0;
  return {
    async setUp(): Promise<void> {
      const t = getApp();
      [v] = await variants(t.app, 1, 500);
      home = await shippingMethod(t.app, 4);
      buyer = await shopper(t);
    },
    get variantId(): number {
      return v.variantId;
    },
    async place(method: Method, quantity = 1): Promise<Placed> {
      const subtotal = v.price * quantity;
      const total = subtotal + feeFor(home, subtotal);
      const r = await submit(buyer, homeCod(buyer, [{ v, quantity }], total, { payment: method, ...(method === 'atm' ? { bankCode: '822' } : {}) }), `rec-${method}-${++n}`);
      if (r.status !== 200) throw new Error(`submitOrder ${method}: ${r.status} ${JSON.stringify(r.body)}`);
      return { id: r.body.resData.order_id, merTradeNo: r.body.resData.MerTradeNo, total, form: r.body.result };
    },
  };
}

describe('reconciliation: what the gateways say about pending orders is applied, and nothing is cancelled without them', () => {
  let t: TestApp;
  let ds: DataSource;
  let base: string;
  let sims: EmbeddedSimulators;
  let rec: ReconciliationService;
  let config: AppConfig;
  const s = shop(() => t);

  beforeAll(async () => {
    t = await createTestApp({ CHECKOUT_RATE_LIMIT: '1000' }, { listen: true });
    base = (await t.app.getUrl()).replace('[::1]', '127.0.0.1');
    ds = t.app.get(DataSource);
    sims = t.app.get<EmbeddedSimulators>(SIMULATORS);
    rec = t.app.get(ReconciliationService);
    config = t.app.get<AppConfig>(APP_CONFIG);
    await s.setUp();
  });
  afterAll(async () => {
    await sims?.idle();
    await t?.close();
  });

  const order = async (id: number) => (await t.app.get(OrderStateService).findById(id))!;
  const notificationRows = async (id: number): Promise<{ source: string; status: string }[]> =>
    ds.query('SELECT source, status FROM payment_notifications WHERE order_id = ? ORDER BY id', [id]);
  const outboxJobs = async (id: number): Promise<string[]> =>
    ((await ds.query('SELECT job_id FROM outbox_messages ORDER BY id')) as { job_id: string }[]).map((r) => r.job_id).filter((j) => j.endsWith(`.${id}`));
  /** The buyer pays at PAYUNi but the notify never reaches the shop. */
  async function paidNotifyLost(merTradeNo: string): Promise<void> {
    const trade = sims.payuni!.trades.get(merTradeNo)!;
    trade.notifyUrl = undefined;
    await sims.payuni!.settle(merTradeNo, 'paid');
    expect(trade.tradeStatus).toBe(1);
  }
  /** The browser posts the UPP form: PAYUNi now has the card trade (unpaid). */
  async function openCardPage(form: Form): Promise<void> {
    const go = new URL(form.go_url, base);
    const page = await request(base).post(go.pathname).type('form').send(form.body);
    expect(page.text).toContain('模擬付款');
  }

  it('ATM paid at the gateway, notify lost → reconciled to paid (source query); the late notify is a duplicate', async () => {
    const o = await s.place('atm');
    await paidNotifyLost(o.merTradeNo);
    expect((await order(o.id)).status_name).toBe('pending');

    const report = await rec.reconcile({ orderId: o.id });
    expect(report).toMatchObject({ checked: 1, paid: 1, cancelled: 0, errors: 0 });
    const after = await order(o.id);
    expect(after.status_name).toBe('paid');
    expect(after.payment_status).toBe(1);
    expect(after.trade_no).toBe(sims.payuni!.trades.get(o.merTradeNo)!.tradeNo);
    expect(await outboxJobs(o.id)).toEqual(expect.arrayContaining([`invoice.${o.id}`, `mail-paid.${o.id}`, `news.paid.${o.id}`]));
    expect(await notificationRows(o.id)).toEqual([{ source: 'query', status: '1' }]);
    expect((await expectOrderAddsUp(t.app, o.id)).order.total_amount).toBe(o.total);

    // The notify arrives after all (PAYUNi retried): accepted, nothing changes.
    const p = config.providers.payuni;
    const trade = sims.payuni!.trades.get(o.merTradeNo)!;
    const late = await request(base)
      .post('/api/payments/payuni/notify')
      .type('form')
      .send({ Status: 'SUCCESS', ...sealEnvelope(p.merId, '1.0', { Status: 'SUCCESS', MerID: p.merId, TradeNo: trade.tradeNo, MerTradeNo: o.merTradeNo, TradeAmt: o.total, TradeStatus: 1 }, p.hashKey, p.hashIv) });
    expect([late.status, late.text]).toEqual([200, 'OK']);
    expect(await notificationRows(o.id)).toHaveLength(1);
    // A second run finds nothing to do.
    expect((await rec.reconcile({ orderId: o.id })).checked).toBe(0);
  });

  it('card paid on the UPP page, notify lost → reconciled to paid', async () => {
    const o = await s.place('credit');
    await openCardPage(o.form!);
    await paidNotifyLost(o.merTradeNo);
    const report = await rec.reconcile({ orderId: o.id });
    expect(report.paid).toBe(1);
    expect((await order(o.id)).status_name).toBe('paid');
    expect((await expectOrderAddsUp(t.app, o.id)).order.total_amount).toBe(o.total);
  });

  it('ATM unpaid: left before its ExpireDate, cancelled after it (only once PAYUNi says unpaid), stock released', async () => {
    const o = await s.place('atm', 2);
    const before = await order(o.id);
    expect(before.expire_date).toBeTruthy();
    const stockBefore = await stockOf(t.app, s.variantId);

    const early = await rec.reconcile({ orderId: o.id, now: new Date(new Date(before.expire_date!).getTime() - MIN) });
    expect(early.outcomes[0]).toMatchObject({ outcome: 'skipped' });
    expect((await order(o.id)).status_name).toBe('pending');

    const late = await rec.reconcile({ orderId: o.id, now: new Date(new Date(before.expire_date!).getTime() + MIN) });
    expect(late).toMatchObject({ checked: 1, cancelled: 1, paid: 0, errors: 0 });
    const after = await order(o.id);
    expect(after.status_name).toBe('cancelled');
    expect(after.payment_status).toBe(0);
    expect(after.order_status_msg).toBe('付款期限已過，訂單已取消');
    expect(await stockOf(t.app, s.variantId)).toBe(stockBefore + 2);
    expect((await expectOrderAddsUp(t.app, o.id)).order.total_amount).toBe(o.total);
  });

  it('CVS unpaid past its ExpireDate → cancelled, and its code cancelled at PAYUNi', async () => {
    const o = await s.place('cvs');
    const before = await order(o.id);
    const report = await rec.reconcile({ orderId: o.id, now: new Date(new Date(before.expire_date!).getTime() + MIN) });
    expect(report.cancelled).toBe(1);
    await jobsIdle(t.app);
    expect(sims.payuni!.trades.get(o.merTradeNo)!.tradeStatus).toBe(3);
  });

  it('an ATM code paid after its expiry date passed in our clock but before PAYUNi closed it: paid, not cancelled', async () => {
    const o = await s.place('atm');
    await paidNotifyLost(o.merTradeNo);
    const before = await order(o.id);
    const report = await rec.reconcile({ orderId: o.id, now: new Date(new Date(before.expire_date!).getTime() + MIN) });
    expect(report).toMatchObject({ paid: 1, cancelled: 0 });
    expect((await order(o.id)).status_name).toBe('paid');
    expect((await expectOrderAddsUp(t.app, o.id)).order.total_amount).toBe(o.total);
  });

  it('card abandoned: the UPP page never opened (QUERY03001) or left unpaid → cancelled after PAYMENTS_ABANDON_MINUTES, not before', async () => {
    const never = await s.place('credit');
    const opened = await s.place('credit');
    await openCardPage(opened.form!);
    const stockBefore = await stockOf(t.app, s.variantId);
    const abandon = config.payments.abandonMinutes;
    const created = (await order(never.id)).created_at.getTime();

    for (const o of [never, opened]) {
      const early = await rec.reconcile({ orderId: o.id, now: new Date(created + (abandon - 1) * MIN) });
      expect(early.outcomes[0].outcome).toBe('skipped');
    }
    for (const o of [never, opened]) {
      const late = await rec.reconcile({ orderId: o.id, now: new Date(Date.now() + (abandon + 1) * MIN) });
      expect(late.outcomes[0].outcome).toBe('cancelled');
      const after = await order(o.id);
      expect(after.status_name).toBe('cancelled');
      expect(after.order_status_msg).toBe('未完成付款，訂單已取消');
    }
    expect(await stockOf(t.app, s.variantId)).toBe(stockBefore + 2);
  });

  it('a failed card payment at PAYUNi (TradeStatus 2) → kept 待付款 (付款失敗) inside its payment window, cancelled as payment-failed after it (issue 19 §6)', async () => {
    const o = await s.place('credit');
    await openCardPage(o.form!);
    const trade = sims.payuni!.trades.get(o.merTradeNo)!;
    trade.notifyUrl = undefined;
    await sims.payuni!.settle(o.merTradeNo, 'failed');
    const inside = await rec.reconcile({ orderId: o.id });
    expect(inside.cancelled).toBe(0);
    expect(await order(o.id)).toMatchObject({ status_name: 'pending', payment_status: 2 });
    // The window (PAYMENTS_ABANDON_MINUTES after the order and its latest attempt) has ended.
    const past = new Date(Date.now() - (config.payments.abandonMinutes + 1) * 60_000);
    await t.app.get(DataSource).getRepository(Order).update({ id: o.id }, { created_at: past });
    await t.app.get(DataSource).getRepository(PaymentTransaction).update({ order_id: o.id }, { created_at: past });
    const report = await rec.reconcile({ orderId: o.id });
    expect(report.cancelled).toBe(1);
    expect((await order(o.id)).order_status_msg).toBe('付款失敗，訂單已取消');
  });

  it('gateway outage (PAYUNi 503, LINE Pay 503, a tampered answer): logged, nothing cancelled, applied on a later run', async () => {
    const atm = await s.place('atm');
    const card = await s.place('credit');
    const line = await s.place('linepay');
    await paidNotifyLost(atm.merTradeNo);
    const far = new Date(Date.now() + 400 * 24 * 60 * MIN);
    const pendingBefore = Number((await ds.query("SELECT COUNT(*) AS n FROM orders WHERE status_name = 'pending'"))[0].n);

    sims.payuni!.simulateOutage(60_000);
    sims.linepay!.setOutage(true);
    try {
      const report = await rec.reconcile({ now: far, olderThanMinutes: 0 });
      expect(report.checked).toBeGreaterThanOrEqual(3);
      expect(report.cancelled).toBe(0);
      expect(report.paid).toBe(0);
      expect(report.errors).toBe(report.checked);
    } finally {
      sims.payuni!.simulateOutage(0);
      sims.linepay!.setOutage(false);
    }
    sims.payuni!.failNext('tamper');
    const tampered = await rec.reconcile({ orderId: card.id, now: far });
    expect(tampered.outcomes[0].outcome).toBe('error');
    expect(Number((await ds.query("SELECT COUNT(*) AS n FROM orders WHERE status_name = 'pending'"))[0].n)).toBe(pendingBefore);
    for (const o of [atm, card, line]) expect((await order(o.id)).status_name).toBe('pending');

    // Back up: the paid one is paid, the abandoned ones are cancelled.
    expect((await rec.reconcile({ orderId: atm.id })).paid).toBe(1);
    expect((await rec.reconcile({ orderId: card.id, now: far })).cancelled).toBe(1);
    expect((await rec.reconcile({ orderId: line.id, now: far })).cancelled).toBe(1);
  });

  it('LINE Pay approved but never confirmed (the buyer closed the tab) → confirmed now with our total, paid', async () => {
    const o = await s.place('linepay');
    const txId = sims.linepay!.transactionOf(o.merTradeNo)!;
    sims.linepay!.approve(txId);
    const report = await rec.reconcile({ orderId: o.id });
    expect(report).toMatchObject({ checked: 1, paid: 1 });
    expect(sims.linepay!.transactions.get(txId)!.status).toBe('confirmed');
    const after = await order(o.id);
    expect(after.status_name).toBe('paid');
    expect(after.trade_no).toBe(txId);
    expect(await notificationRows(o.id)).toEqual([{ source: 'query', status: 'confirmed' }]);
    expect((await expectOrderAddsUp(t.app, o.id)).order.total_amount).toBe(o.total);
  });

  it('LINE Pay confirmed at LINE Pay but not recorded here → paid; pending past the abandon time → cancelled; cancelled at LINE Pay → cancelled', async () => {
    const confirmed = await s.place('linepay');
    const txC = sims.linepay!.transactionOf(confirmed.merTradeNo)!;
    sims.linepay!.approve(txC);
    await t.app.get<LinePayGateway>(LINEPAY_GATEWAY).confirm(txC, { amount: confirmed.total, currency: 'TWD' });
    expect((await rec.reconcile({ orderId: confirmed.id })).paid).toBe(1);
    expect((await order(confirmed.id)).status_name).toBe('paid');
    expect((await expectOrderAddsUp(t.app, confirmed.id)).order.total_amount).toBe(confirmed.total);

    const waiting = await s.place('linepay');
    expect((await rec.reconcile({ orderId: waiting.id })).outcomes[0].outcome).toBe('skipped');
    expect((await rec.reconcile({ orderId: waiting.id, now: new Date(Date.now() + (config.payments.abandonMinutes + 1) * MIN) })).cancelled).toBe(1);

    const gaveUp = await s.place('linepay');
    sims.linepay!.cancel(sims.linepay!.transactionOf(gaveUp.merTradeNo)!);
    expect((await rec.reconcile({ orderId: gaveUp.id })).cancelled).toBe(1);
    expect((await order(gaveUp.id)).status_name).toBe('cancelled');
  });

  it('the scheduler enqueues one run per time bucket (reconcile:<bucket>), in a process that runs workers', async () => {
    expect(rec.runsWorkers).toBe(true);
    const at = new Date('2030-01-01T00:00:00Z');
    const a = await rec.schedule(at);
    const b = await rec.schedule(new Date(at.getTime() + 1));
    expect(a).toBe(`reconcile.${Math.floor(at.getTime() / config.payments.reconcileEveryMs)}`);
    expect(b).toBe(a);
    await jobsIdle(t.app);
    const done = await t.app.get(JobQueue).listJobs(QueueName.Reconciliation, 'completed', 100);
    expect(done.filter((j) => j.id === a)).toHaveLength(1);
  });
});

describe('reconciliation on its own schedule (tiny timings through the environment)', () => {
  let t: TestApp;
  let sims: EmbeddedSimulators;
  const s = shop(() => t);

  beforeAll(async () => {
    t = await createTestApp({ CHECKOUT_RATE_LIMIT: '1000', PAYMENTS_RECONCILE_EVERY_MS: '200', PAYMENTS_PENDING_MINUTES: '0' }, { listen: true });
    sims = t.app.get<EmbeddedSimulators>(SIMULATORS);
    await s.setUp();
  });
  afterAll(async () => {
    await sims?.idle();
    await t?.close();
  });

  it('a LINE Pay payment approved but never confirmed and an ATM payment whose notify was lost turn paid by themselves', async () => {
    const line = await s.place('linepay');
    sims.linepay!.approve(sims.linepay!.transactionOf(line.merTradeNo)!);
    const atm = await s.place('atm');
    const trade = sims.payuni!.trades.get(atm.merTradeNo)!;
    trade.notifyUrl = undefined;
    await sims.payuni!.settle(atm.merTradeNo, 'paid');
    const states = t.app.get(OrderStateService);
    const deadline = Date.now() + 15_000;
    let l = '';
    let a = '';
    while (Date.now() < deadline) {
      l = (await states.findById(line.id))!.status_name;
      a = (await states.findById(atm.id))!.status_name;
      if (l === 'paid' && a === 'paid') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect([l, a]).toEqual(['paid', 'paid']);
    for (const o of [line, atm]) expect((await expectOrderAddsUp(t.app, o.id)).order.total_amount).toBe(o.total);
  });
});
