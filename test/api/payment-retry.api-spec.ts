import request from 'supertest';
import { DataSource } from 'typeorm';
import type { GatewayForm } from '../../src/common/api/orders';
import { APP_CONFIG, type AppConfig } from '../../src/config/app-config';
import { sealEnvelope } from '../../src/integrations/payuni/payuni-crypto';
import type { EmbeddedSimulators } from '../../src/integrations/providers/embedded-simulators';
import { SIMULATORS } from '../../src/integrations/providers/provider-tokens';
import { JobDriver } from '../../src/jobs/job-queue';
import { Order } from '../../src/modules/orders/entities/order.entity';
import { OrderStateService } from '../../src/modules/orders/order-state.service';
import { PaymentTransaction } from '../../src/modules/payments/entities/payment-transaction.entity';
import { ReconciliationService } from '../../src/modules/orders/reconciliation.service';
import { adminSession } from '../helpers/admin';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { expectOrderAddsUp, expectRefundsAddUp } from '../helpers/order-invariants';
import { feeFor, homeCod, shippingMethod, shopper, stockOf, submit, variants, type Shopper, type TestVariant } from './checkout-fixtures';

jest.setTimeout(90_000);

/**
 * Issue 19 §6 "retry a failed card payment": a card payment that fails at the (simulated PAYUNi)
 * card page keeps the order 待付款 (payment_status 2) with its stock; the member pays it again by
 * card (POST /api/orders/retryPayment) or another method (POST /api/orders/changePayment), each
 * attempt under its own gateway number (`<order>R<n>`); late answers of an older attempt are matched
 * to the order and never charge twice silently. Real app, real simulators.
 */
describe('payment retry: 重新付款 and 更換付款方式 after a failed card payment', () => {
  let t: TestApp;
  let ds: DataSource;
  let base: string;
  let sims: EmbeddedSimulators;
  let config: AppConfig;
  let v: TestVariant;
  let home: { shipping_cost: number; free_shipping_threshold: number };
  let buyer: Shopper;

  beforeAll(async () => {
    t = await createTestApp({ CHECKOUT_RATE_LIMIT: '1000' }, { listen: true });
    base = (await t.app.getUrl()).replace('[::1]', '127.0.0.1').replace('localhost', '127.0.0.1');
    ds = t.app.get(DataSource);
    sims = t.app.get<EmbeddedSimulators>(SIMULATORS);
    config = t.app.get<AppConfig>(APP_CONFIG);
    [v] = await variants(t.app, 1, 500);
    home = await shippingMethod(t.app, 4);
    buyer = await shopper(t);
  });
  afterAll(async () => {
    await sims?.idle();
    await t?.close();
  });

  const orderRow = async (id: number) => (await t.app.get(OrderStateService).findById(id))!;
  const attempts = async (id: number) =>
    (await ds.query('SELECT mer_trade_no, method, status FROM payment_transactions WHERE order_id = ? ORDER BY id', [id])) as { mer_trade_no: string; method: string; status: string }[];
  const outboxJobIds = async (): Promise<string[]> => ((await ds.query('SELECT job_id FROM outbox_messages ORDER BY id')) as { job_id: string }[]).map((r) => r.job_id);

  /** Opens the card page (the browser posting the UPP form to the simulator) and presses an outcome there. */
  async function payOnCardPage(form: GatewayForm, merTradeNo: string, outcome: 'paid' | 'failed'): Promise<void> {
    const go = new URL(form.go_url, base);
    const page = await request(go.origin).post(go.pathname).type('form').send(form.body);
    expect(page.status).toBe(200);
    expect(page.text).toContain(merTradeNo);
    const action = /<form method="post" action="([^"]+)">/.exec(page.text)![1].replace(/&amp;/g, '&');
    const decide = await request(go.origin).post(new URL(action, go.origin).pathname).type('form').send({ MerTradeNo: merTradeNo, outcome });
    expect(decide.status).toBe(200);
    await sims.idle();
  }

  /** A card order through the real checkout; the card page pressed 付款失敗. */
  async function failedCardOrder(): Promise<{ id: number; merTradeNo: string; total: number }> {
    const total = v.price + feeFor(home, v.price);
    const r = await submit(buyer, homeCod(buyer, [{ v, quantity: 1 }], total, { payment: 'credit' }));
    expect(r.status).toBe(200);
    const { order_id: id, MerTradeNo: merTradeNo } = r.body.resData as { order_id: number; MerTradeNo: string };
    await payOnCardPage(r.body.result as GatewayForm, merTradeNo, 'failed');
    return { id, merTradeNo, total };
  }

  function signedNotify(inner: Record<string, string | number>): Record<string, string> {
    const p = config.providers.payuni;
    return { Status: 'SUCCESS', ...sealEnvelope(p.merId, '1.0', { Status: 'SUCCESS', MerID: p.merId, ...inner }, p.hashKey, p.hashIv) };
  }
  const postNotify = (fields: Record<string, string>) => request(base).post('/api/payments/payuni/notify').type('form').send(fields);

  it('付款失敗 on the card page keeps the order 待付款 (payment failed), its stock reserved, 重新付款 offered on the slip', async () => {
    const stockBefore = await stockOf(t.app, v.variantId);
    const o = await failedCardOrder();
    const row = await orderRow(o.id);
    expect(row.status_name).toBe('pending');
    expect(row.payment_status).toBe(2);
    expect(row.cancelled_at).toBeNull();
    expect((await expectOrderAddsUp(t.app, o.id)).order.total_amount).toBe(o.total);
    // The order's stock stays reserved (the cart's goods are kept for the member).
    expect(await stockOf(t.app, v.variantId)).toBe(stockBefore - 1);
    const slip = await buyer.b.get(`/api/order/getOrderAndDetails/${o.merTradeNo}`);
    expect(slip.status).toBe(200);
    expect(slip.body.order.payment_status_label).toBe('付款失敗');
    expect(slip.body.order.cancellable).toBe(true);
    expect(Date.parse(slip.body.order.payment_retry_until)).toBeGreaterThan(Date.now());
    const list = await buyer.b.get('/api/order/getUserOrdersByPage?page=1&limit=5');
    expect(list.body.orders.find((x: { order_id: number }) => x.order_id === o.id).payment_retry_until).toBe(slip.body.order.payment_retry_until);
    // The history says so.
    const rows: { machine: string; from_state: string; to_state: string; actor: string }[] = await ds.query('SELECT machine, from_state, to_state, actor FROM order_transitions WHERE order_id = ?', [o.id]);
    expect(rows).toEqual(expect.arrayContaining([expect.objectContaining({ machine: 'payment', from_state: 'unpaid', to_state: 'failed', actor: 'gateway' })]));
  });

  it('重新付款: a new card attempt under its own number (R2) pays the order; the failed first attempt stays failed', async () => {
    const o = await failedCardOrder();
    const r = await buyer.b.post('/api/orders/retryPayment', { order_id: o.id });
    expect(r.status).toBe(200);
    expect(r.body.success).toBe(true);
    expect(r.body.resData).toEqual({ order_id: o.id, MerTradeNo: o.merTradeNo });
    expect((await orderRow(o.id)).payment_status).toBe(0);
    const form = r.body.result as GatewayForm;
    // The card page's 返回商店 link names the attempt (R2): the slip finds the order by it; another member's does not.
    const byAttempt = await buyer.b.get(`/api/order/getOrderAndDetails/${o.merTradeNo}R2`);
    expect(byAttempt.status).toBe(200);
    expect(byAttempt.body.order.mer_trade_no).toBe(o.merTradeNo);
    expect((await (await shopper(t)).b.get(`/api/order/getOrderAndDetails/${o.merTradeNo}R2`)).status).toBe(404);
    await payOnCardPage(form, `${o.merTradeNo}R2`, 'paid');
    const after = await orderRow(o.id);
    expect(after.status_name).toBe('paid');
    expect(after.payment_status).toBe(1);
    expect(after.payment).toBe('credit');
    expect(after.trade_no).toBe(sims.payuni!.trades.get(`${o.merTradeNo}R2`)!.tradeNo);
    expect(await attempts(o.id)).toEqual([
      { mer_trade_no: o.merTradeNo, method: 'credit', status: 'failed' },
      { mer_trade_no: `${o.merTradeNo}R2`, method: 'credit', status: 'paid' },
    ]);
    expect((await expectOrderAddsUp(t.app, o.id)).order.total_amount).toBe(o.total);
    // Paid: no more retry.
    const again = await buyer.b.post('/api/orders/retryPayment', { order_id: o.id });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('訂單狀態已變更，請重新整理');
  });

  it('a card order paid on its retry (R2) is refunded at PAYUNi against that trade (the paying TradeNo, not the order number)', async () => {
    const o = await failedCardOrder();
    const r = await buyer.b.post('/api/orders/retryPayment', { order_id: o.id });
    expect(r.status).toBe(200);
    await payOnCardPage(r.body.result as GatewayForm, `${o.merTradeNo}R2`, 'paid');
    expect((await orderRow(o.id)).status_name).toBe('paid');
    const owner = await adminSession(t, 'owner');
    const refund = await owner.agent.post('/api/admin/refundOrder').set('X-CSRF-Token', owner.csrf).send({ order_id: o.id, reason: '顧客取消', restock: true });
    expect(refund.status).toBe(200);
    expect(refund.body.refund).toMatchObject({ order_id: o.id, amount: o.total, method: 'credit-void', status: 'done' });
    expect(sims.payuni!.trades.get(`${o.merTradeNo}R2`)).toMatchObject({ tradeStatus: 3 });
    expect(sims.payuni!.trades.get(o.merTradeNo)).toMatchObject({ tradeStatus: 2 });
    expect(await orderRow(o.id)).toMatchObject({ status_name: 'cancelled', payment_status: 3, refunded_amount: o.total });
    await expectRefundsAddUp(t.app, o.id, o.total);
  });

  it('更換付款方式 to ATM: an account is issued (R2) and the ATM notify pays the order', async () => {
    const o = await failedCardOrder();
    const noBank = await buyer.b.post('/api/orders/changePayment', { order_id: o.id, payment: 'atm' });
    expect(noBank.status).toBe(400);
    expect(noBank.body.message).toBe('請選擇銀行代碼！');
    expect((await orderRow(o.id)).payment).toBe('credit');

    const r = await buyer.b.post('/api/orders/changePayment', { order_id: o.id, payment: 'atm', bankCode: '013' });
    expect(r.status).toBe(200);
    expect(r.body.result).toBeUndefined();
    const row = await orderRow(o.id);
    expect(row.payment).toBe('atm');
    expect(row.payment_status).toBe(0);
    expect(row.payment_code).toMatch(/^013-\d{10,16}$/);
    expect(row.expire_date).toBeTruthy();
    const slip = await buyer.b.get(`/api/order/getOrderAndDetails/${o.merTradeNo}`);
    expect(slip.body.order.payment).toBe('atm');
    expect(slip.body.order.payment_retry_until).toBeNull();

    const sent = await sims.payuni!.settle(`${o.merTradeNo}R2`, 'paid');
    expect(sent?.status).toBe(200);
    const paid = await orderRow(o.id);
    expect(paid.status_name).toBe('paid');
    expect(paid.payment).toBe('atm');
    expect(paid.trade_no).toBe(sims.payuni!.trades.get(`${o.merTradeNo}R2`)!.tradeNo);
    expect((await expectOrderAddsUp(t.app, o.id)).order.total_amount).toBe(o.total);
  });

  it('a late success of the failed card attempt after a switch pays the order once; paid again by the ATM code → recorded and staff alerted, never silent', async () => {
    const o = await failedCardOrder();
    expect((await buyer.b.post('/api/orders/changePayment', { order_id: o.id, payment: 'atm', bankCode: '822' })).status).toBe(200);
    // A late failed answer of the first attempt changes nothing.
    const lateFail = await postNotify(signedNotify({ TradeNo: 'LATE-F-1', MerTradeNo: o.merTradeNo, TradeAmt: o.total, TradeStatus: 2, PaymentType: 1 }));
    expect(lateFail.status).toBe(200);
    expect((await orderRow(o.id)).payment_status).toBe(0);
    // The card's bank says it was paid after all (the first attempt, another TradeNo): that pays the order, by card.
    const lateCard = await postNotify(signedNotify({ TradeNo: `LATE-${o.id}`, MerTradeNo: o.merTradeNo, TradeAmt: o.total, TradeStatus: 1, PaymentType: 1 }));
    expect(lateCard.status).toBe(200);
    const paid = await orderRow(o.id);
    expect(paid.status_name).toBe('paid');
    expect(paid.payment).toBe('credit');
    expect(paid.trade_no).toBe(`LATE-${o.id}`);
    // The member also pays the ATM account: a second payment, recorded and staff alerted to refund it.
    const atm = await sims.payuni!.settle(`${o.merTradeNo}R2`, 'paid');
    expect(atm?.status).toBe(200);
    const still = await orderRow(o.id);
    expect(still.trade_no).toBe(`LATE-${o.id}`);
    expect(still.payment_status).toBe(1);
    const rows = await attempts(o.id);
    expect(rows[1]).toEqual({ mer_trade_no: `${o.merTradeNo}R2`, method: 'atm', status: 'paid' });
    expect(await outboxJobIds()).toEqual(expect.arrayContaining([expect.stringMatching(new RegExp(`^alert-paid-twice.${o.id}`))]));
    await t.app.get(JobDriver).whenIdle();
    const alerts = sims.telegram!.sent().filter((m) => m.text.includes(`#${o.id}（${o.merTradeNo}）`) && m.text.includes('又收到另一筆付款'));
    expect(alerts).toHaveLength(1);
    expect(alerts[0].text).toContain('待退款');
    const notes = Number((await ds.query('SELECT COUNT(*) AS n FROM payment_notifications WHERE order_id = ?', [o.id]))[0].n);
    expect(notes).toBe(4);
    expect((await expectOrderAddsUp(t.app, o.id)).order.total_amount).toBe(o.total);
  });

  it('更換付款方式 to cash on delivery (home delivery takes it); refusals: another member, a closed window, LINE Pay with a company invoice, no CSRF', async () => {
    const o = await failedCardOrder();
    const other = await shopper(t);
    const theirs = await other.b.post('/api/orders/changePayment', { order_id: o.id, payment: 'cod' });
    expect(theirs.status).toBe(404);
    const noCsrf = await buyer.b.agent.post('/api/orders/changePayment').set('X-Forwarded-For', buyer.b.ip).send({ order_id: o.id, payment: 'cod' });
    expect(noCsrf.status).toBe(403);
    const cod = await buyer.b.post('/api/orders/changePayment', { order_id: o.id, payment: 'cod' });
    expect(cod.status).toBe(200);
    expect(cod.body.message).toBe('付款方式已更新');
    const row = await orderRow(o.id);
    expect(row.payment).toBe('cod');
    expect(row.status_name).toBe('pending');
    expect(row.payment_status).toBe(0);
    expect((await expectOrderAddsUp(t.app, o.id)).order.total_amount).toBe(o.total);

    // A company invoice cannot go to LINE Pay (its invoice goes to the member carrier).
    const total = v.price + feeFor(home, v.price);
    const r = await submit(buyer, homeCod(buyer, [{ v, quantity: 1 }], total, { payment: 'credit', invoiceType: 'Company', companyName: '測試股份有限公司', taxId: '12345675' }));
    expect(r.status).toBe(200);
    const company = r.body.resData as { order_id: number; MerTradeNo: string };
    await payOnCardPage(r.body.result as GatewayForm, company.MerTradeNo, 'failed');
    const lp = await buyer.b.post('/api/orders/changePayment', { order_id: company.order_id, payment: 'linepay' });
    expect(lp.status).toBe(400);
    expect(lp.body.message).toBe('LINE Pay 付款的發票僅能存入會員載具，請選擇其他付款方式');

    // The window has ended: no more retries (reconciliation cancels it once PAYUNi confirms it unpaid).
    const minutes = config.payments.abandonMinutes;
    await ds.getRepository(Order).update({ id: company.order_id }, { created_at: new Date(Date.now() - (minutes + 1) * 60_000) });
    const late = await buyer.b.post('/api/orders/retryPayment', { order_id: company.order_id });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('已超過付款期限，無法重新付款，請重新下單');
    const slip = await buyer.b.get(`/api/order/getOrderAndDetails/${company.MerTradeNo}`);
    expect(slip.body.order.payment_retry_until).toBeNull();
  });

  it('reconciliation: a failed card order stays 待付款 inside its window and is cancelled after it (PAYUNi says failed)', async () => {
    const o = await failedCardOrder();
    const rec = t.app.get(ReconciliationService);
    const early = await rec.reconcile({ orderId: o.id });
    expect(early.cancelled).toBe(0);
    expect((await orderRow(o.id)).status_name).toBe('pending');
    const minutes = config.payments.abandonMinutes;
    await ds.getRepository(Order).update({ id: o.id }, { created_at: new Date(Date.now() - (minutes + 1) * 60_000) });
    await ds.getRepository(PaymentTransaction).update({ order_id: o.id }, { created_at: new Date(Date.now() - (minutes + 1) * 60_000) });
    const late = await rec.reconcile({ orderId: o.id });
    expect(late.cancelled).toBe(1);
    const row = await orderRow(o.id);
    expect(row.status_name).toBe('cancelled');
  });
});
