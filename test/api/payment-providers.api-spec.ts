import request from 'supertest';
import type { GatewayForm } from '../../src/common/api/orders';
import { PaymentProviderRegistry } from '../../src/modules/payments/payment-provider.registry';
import { adminSession } from '../helpers/admin';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { expectOrderAddsUp, expectRefundsAddUp } from '../helpers/order-invariants';
import { shopper, variants, type Shopper, type TestVariant } from './checkout-fixtures';
import { OrderMaker } from './refund-fixtures';

jest.setTimeout(90_000);

/**
 * The payment contract end to end (issue 19 §2): callbacks are routed to the provider named in the
 * path, only for the kinds and HTTP methods it declares; a card paid under a retried attempt's own
 * number (`<order>R2`) is refunded at PAYUNi through the same adapter. Real app, real simulators.
 */
describe('payment providers: callback routing and refunds through the registry', () => {
  let t: TestApp;
  let base: string;
  let buyer: Shopper;
  let v: TestVariant;
  let make: OrderMaker;

  beforeAll(async () => {
    t = await createTestApp({ CHECKOUT_RATE_LIMIT: '1000' }, { listen: true });
    base = await OrderMaker.baseOf(t);
    [v] = await variants(t.app, 1, 500, 300);
    buyer = await shopper(t);
    make = new OrderMaker(t, base, buyer, v);
  });
  afterAll(async () => {
    await make?.sims.idle();
    await t?.close();
  });

  it('a callback reaches only a registered gateway, for the kinds and methods it declares; anything else is refused', async () => {
    const registry = t.app.get(PaymentProviderRegistry);
    expect(Object.keys(registry.for('credit').callbacks).sort()).toEqual(['notify', 'return']);
    const answers = await Promise.all([
      request(t.http).get('/api/payments/payuni/notify'),
      request(t.http).post('/api/payments/linepay/notify').type('form').send({ a: '1' }),
      request(t.http).post('/api/payments/cod/notify').type('form').send({ a: '1' }),
      request(t.http).post('/api/payments/nope/notify').type('form').send({ a: '1' }),
      request(t.http).get('/api/payments/linepay/refund'),
    ]);
    // Posts to a path no gateway declared stop at the CSRF check (only the declared notify/return are exempt); GETs are 404.
    expect(answers.map((a) => a.status)).toEqual([404, 403, 403, 403, 404]);
    // The declared ones answer as before: an unsigned notify is refused with its reason, an unknown LINE Pay order gets the 400 page.
    const unsigned = await request(t.http).post('/api/payments/payuni/notify').type('form').send({ MerID: 'x' });
    expect(unsigned.status).toBe(400);
    const confirm = await request(t.http).get('/api/payments/linepay/confirm?transactionId=1&orderId=NOPE');
    expect(confirm.status).toBe(400);
    expect(confirm.text).toContain('找不到這筆 LINE Pay 付款的訂單');
  });

  it('a card paid by its retried attempt (<order>R2) is refunded at PAYUNi: the paid trade is found by its TradeNo', async () => {
    const o = await make.place('credit');
    const payuni = make.sims.payuni!;
    const page = new URL(o.form!.go_url, base);
    expect((await request(page.origin).post(page.pathname).type('form').send(o.form!.body)).status).toBe(200);
    await payuni.settle(o.merTradeNo, 'failed');
    await make.sims.idle();
    expect((await make.order(o.id)).payment_status).toBe(2);

    const retry = await buyer.b.post('/api/orders/retryPayment', { order_id: o.id });
    expect(retry.status).toBe(200);
    const form = retry.body.result as GatewayForm;
    const page2 = new URL(form.go_url, base);
    expect((await request(page2.origin).post(page2.pathname).type('form').send(form.body)).status).toBe(200);
    await payuni.settle(`${o.merTradeNo}R2`, 'paid');
    await make.sims.idle();
    expect(await make.order(o.id)).toMatchObject({ status_name: 'paid', payment_status: 1 });
    expect((await expectOrderAddsUp(t.app, o.id)).order.total_amount).toBe(o.total);

    const owner = await adminSession(t, 'owner');
    const r = await owner.agent.post('/api/admin/refundOrder').set('X-CSRF-Token', owner.csrf).send({ order_id: o.id, reason: '顧客取消', restock: true });
    expect(r.status).toBe(200);
    expect(r.body.refund).toMatchObject({ amount: o.total, method: 'credit-void', status: 'done' });
    expect(payuni.trades.get(`${o.merTradeNo}R2`)).toMatchObject({ tradeStatus: 3 });
    expect(payuni.trades.get(o.merTradeNo)).toMatchObject({ tradeStatus: 2 });
    expect(await make.order(o.id)).toMatchObject({ payment_status: 3, refunded_amount: o.total });
    await expectRefundsAddUp(t.app, o.id, o.total);
  });
});
