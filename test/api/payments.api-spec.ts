import { EventEmitter2 } from '@nestjs/event-emitter';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { SIMULATORS } from '../../src/integrations/providers/provider-tokens';
import type { EmbeddedSimulators } from '../../src/integrations/providers/embedded-simulators';
import { sealEnvelope } from '../../src/integrations/payuni/payuni-crypto';
import { OrderStateService } from '../../src/modules/orders/order-state.service';
import { linePayProducts } from '../../src/integrations/linepay/linepay-payment.provider';
import { PaymentsService, type StartPaymentResult } from '../../src/modules/payments/payments.service';
import { APP_CONFIG, type AppConfig } from '../../src/config/app-config';
import { createTestApp, TestApp } from '../helpers/test-app';
import { expectOrderAddsUp } from '../helpers/order-invariants';
import { JobDriver } from '../../src/jobs/job-queue';
import { feeFor, homeCod, shippingMethod, shopper, submit, variants, type Shopper, type TestVariant } from './checkout-fixtures';

jest.setTimeout(60_000);

type Method = 'atm' | 'cvs' | 'credit' | 'linepay';

interface Placed {
  id: number;
  merTradeNo: string;
  total: number;
  variantId: number;
  start: StartPaymentResult;
}

describe('payments: every online method against the simulators, and the callbacks', () => {
  let t: TestApp;
  let ds: DataSource;
  let base: string;
  let sims: EmbeddedSimulators;
  let config: AppConfig;
  let v: TestVariant;
  let variantId: number;
  let home: { shipping_cost: number; free_shipping_threshold: number };
  let buyer: Shopper;
  let submits = 0;

  beforeAll(async () => {
    t = await createTestApp({ CHECKOUT_RATE_LIMIT: '1000' }, { listen: true });
    base = (await t.app.getUrl()).replace('[::1]', '127.0.0.1').replace('localhost', '127.0.0.1');
    ds = t.app.get(DataSource);
    sims = t.app.get<EmbeddedSimulators>(SIMULATORS);
    config = t.app.get<AppConfig>(APP_CONFIG);
    [v] = await variants(t.app, 1, 500);
    variantId = v.variantId;
    home = await shippingMethod(t.app, 4);
    buyer = await shopper(t);
  });
  afterAll(async () => {
    await sims?.idle();
    await t?.close();
  });

  /**
   * An order through the real checkout (POST /api/order/submitOrder as the client sends it, home
   * delivery), which starts the payment at the simulator. `start` is what the gateway gave: the
   * code (ATM/CVS, as stored on the order) or the form / redirect of the answer.
   */
  async function placeOrder(method: Method, opts: { quantity?: number } = {}): Promise<Placed> {
    const quantity = opts.quantity ?? 1;
    const subtotal = v.price * quantity;
    const total = subtotal + feeFor(home, subtotal);
    const body = homeCod(buyer, [{ v, quantity }], total, { payment: method, ...(method === 'atm' ? { bankCode: '013' } : {}) });
    const r = await submit(buyer, body, `pay-${method}-${++submits}`);
    if (r.status !== 200) throw new Error(`submitOrder ${method}: ${r.status} ${JSON.stringify(r.body)}`);
    const { order_id: id, MerTradeNo: merTradeNo } = r.body.resData as { order_id: number; MerTradeNo: string };
    let start: StartPaymentResult;
    if (method === 'atm' || method === 'cvs') {
      const o = (await t.app.get(OrderStateService).findById(id))!;
      start = { kind: 'code', tradeNo: o.trade_no, paymentCode: o.payment_code, ...(o.bank_code && method === 'atm' ? { bankCode: o.bank_code } : {}), expireDate: new Date(o.expire_date!) };
    } else {
      start = { kind: method === 'credit' ? 'form' : 'redirect', form: r.body.result };
    }
    return { id, merTradeNo, total, variantId: v.variantId, start };
  }

  const orderRow = async (id: number) => (await t.app.get(OrderStateService).findById(id))!;
  const notifications = async (id: number) => Number((await ds.query('SELECT COUNT(*) AS n FROM payment_notifications WHERE order_id = ?', [id]))[0].n);
  const outboxJobs = async (id: number): Promise<string[]> =>
    ((await ds.query('SELECT job_id FROM outbox_messages ORDER BY id')) as { job_id: string }[]).map((r) => r.job_id).filter((j) => j.endsWith(`.${id}`));

  /** A PAYUNi-signed notify for an order (what the gateway would post), from the simulator's credentials. */
  function signedNotify(inner: Record<string, string | number>): Record<string, string> {
    const p = config.providers.payuni;
    return { Status: 'SUCCESS', ...sealEnvelope(p.merId, '1.0', { Status: 'SUCCESS', MerID: p.merId, ...inner }, p.hashKey, p.hashIv) };
  }

  const postNotify = (fields: Record<string, string>) => request(base).post('/api/payments/payuni/notify').type('form').send(fields);

  it('ATM: the account is issued (bank-account code, expiry in a week), paid at the simulator → the order is paid, invoice and mails enqueued', async () => {
    const o = await placeOrder('atm');
    expect(o.start.kind).toBe('code');
    if (o.start.kind !== 'code') return;
    expect(o.start.paymentCode).toMatch(/^013-\d{10,16}$/);
    expect(o.start.bankCode).toBe('013');
    const days = (o.start.expireDate.getTime() - Date.now()) / 86400_000;
    expect(days).toBeGreaterThan(6);
    expect(days).toBeLessThan(8.1);
    const before = await orderRow(o.id);
    expect(before.payment_code).toBe(o.start.paymentCode);
    expect(before.status_name).toBe('pending');

    const attempt = await sims.payuni!.settle(o.merTradeNo, 'paid');
    expect(attempt?.status).toBe(200);
    const after = await orderRow(o.id);
    expect(after.status_name).toBe('paid');
    expect(after.payment_status).toBe(1);
    expect(after.trade_no).toBe(sims.payuni!.trades.get(o.merTradeNo)!.tradeNo);
    expect(after.paid_at).toBeTruthy();
    expect(await outboxJobs(o.id)).toEqual(expect.arrayContaining([`invoice.${o.id}`, `mail-paid.${o.id}`, `news.paid.${o.id}`]));
    expect(await notifications(o.id)).toBe(1);
    expect((await expectOrderAddsUp(t.app, o.id)).order.total_amount).toBe(o.total);
  });

  it('CVS: the code is issued, paid at the simulator → paid', async () => {
    const o = await placeOrder('cvs');
    expect(o.start.kind).toBe('code');
    if (o.start.kind !== 'code') return;
    expect(o.start.paymentCode).toBe(sims.payuni!.trades.get(o.merTradeNo)!.payNo);
    expect(o.start.bankCode).toBeUndefined();
    const attempt = await sims.payuni!.settle(o.merTradeNo, 'paid');
    expect(attempt?.status).toBe(200);
    const after = await orderRow(o.id);
    expect(after.status_name).toBe('paid');
    expect(await outboxJobs(o.id)).toEqual(expect.arrayContaining([`invoice.${o.id}`, `mail-paid.${o.id}`]));
    expect((await expectOrderAddsUp(t.app, o.id)).order.total_amount).toBe(o.total);
  });

  it('credit: the UPP form posted to the simulator page, 付款成功 → notify → paid, the browser return → 303 to the slip', async () => {
    const o = await placeOrder('credit');
    expect(o.start.kind).toBe('form');
    if (o.start.kind !== 'form') return;
    expect(Object.keys(o.start.form.body).sort()).toEqual(['EncryptInfo', 'HashInfo', 'MerID', 'Version']);
    // The browser posts the auto-submit form to the hosted page (on the shop origin, /sim/payuni).
    const goUrl = new URL(o.start.form.go_url, base);
    const page = await request(goUrl.origin).post(goUrl.pathname).type('form').send(o.start.form.body);
    expect(page.status).toBe(200);
    expect(page.text).toContain('模擬付款');
    expect(page.text).toContain('付款成功');
    // 付款成功: the simulator's decide page posts the notify and renders the return form.
    const decideAction = /<form method="post" action="([^"]+)">/.exec(page.text)![1].replace(/&amp;/g, '&');
    const decide = await request(goUrl.origin).post(decideAction).type('form').send({ MerTradeNo: o.merTradeNo, outcome: 'paid' });
    expect(decide.status).toBe(200);
    await sims.idle();
    expect((await orderRow(o.id)).status_name).toBe('paid');
    // The return form (same signed fields) → 303 to the slip; a duplicate of the notify, nothing changes.
    const action = /action="([^"]+)"/.exec(decide.text.slice(decide.text.indexOf('id="back"')))![1].replace(/&amp;/g, '&');
    expect(action).toBe(`${base}/api/payments/payuni/return?MerTradeNo=${o.merTradeNo}`);
    const fields: Record<string, string> = {};
    for (const m of decide.text.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) fields[m[1]] = m[2];
    const back = await request(base).post(new URL(action).pathname + new URL(action).search).type('form').send(fields);
    expect(back.status).toBe(303);
    expect(back.headers.location).toBe(`/paymentSlip?MerTradeNo=${o.merTradeNo}`);
    expect(await notifications(o.id)).toBe(1);
    // Kept: the card's last four digits; never its first six.
    const kept: { raw: unknown }[] = await ds.query('SELECT raw FROM payment_notifications WHERE order_id = ?', [o.id]);
    const raw = (typeof kept[0].raw === 'string' ? JSON.parse(kept[0].raw) : kept[0].raw) as Record<string, string>;
    expect(raw.Card4No).toBe('4242');
    expect(raw.Card6No).toBeUndefined();
    const after = await orderRow(o.id);
    expect(after.payment_status).toBe(1);
    expect(after.trade_no).toBe(sims.payuni!.trades.get(o.merTradeNo)!.tradeNo);
    expect((await expectOrderAddsUp(t.app, o.id)).order.total_amount).toBe(o.total);
  });

  it('credit: a return post that cannot be verified still goes to the slip of a known order; an unknown one gets a 400 page', async () => {
    const o = await placeOrder('credit');
    const bad = await request(base).post(`/api/payments/payuni/return?MerTradeNo=${o.merTradeNo}`).type('form').send({ MerID: 'x', EncryptInfo: 'ab', HashInfo: 'CD' });
    expect(bad.status).toBe(303);
    expect(bad.headers.location).toBe(`/paymentSlip?MerTradeNo=${o.merTradeNo}`);
    expect((await orderRow(o.id)).status_name).toBe('pending');
    const unknown = await request(base).post('/api/payments/payuni/return?MerTradeNo=NOPE123').type('form').send({ MerID: 'x', EncryptInfo: 'ab', HashInfo: 'CD' });
    expect(unknown.status).toBe(400);
    expect(unknown.text).toContain('付款結果無法確認');
  });

  it('LINE Pay: request → approve → confirm (our amount) → paid; transactionId kept exact (19 digits)', async () => {
    const o = await placeOrder('linepay', { quantity: 2 });
    expect(o.start.kind).toBe('redirect');
    if (o.start.kind !== 'redirect') return;
    expect(o.start.form.body).toEqual({});
    const txId = sims.linepay!.transactionOf(o.merTradeNo)!;
    expect(txId).toMatch(/^\d{19}$/);
    expect(BigInt(txId) > BigInt(Number.MAX_SAFE_INTEGER)).toBe(true);
    const row: { trade_no: string }[] = await ds.query('SELECT trade_no FROM payment_transactions WHERE order_id = ?', [o.id]);
    expect(row[0].trade_no).toBe(txId);
    const simTx = sims.linepay!.transactions.get(txId)!;
    expect(simTx.amount).toBe(o.total);
    // The go_url is the simulator's page; the buyer pays → redirected to confirmUrl.
    const payPage = new URL(o.start.form.go_url, base);
    const approve = await request(base).post(`${payPage.pathname}/approve`);
    expect(approve.status).toBe(303);
    const confirmUrl = new URL(approve.headers.location, base);
    expect(confirmUrl.pathname).toBe('/api/payments/linepay/confirm');
    expect(confirmUrl.searchParams.get('transactionId')).toBe(txId);
    const confirm = await request(base).get(confirmUrl.pathname + confirmUrl.search);
    expect(confirm.status).toBe(303);
    expect(confirm.headers.location).toBe(`/paymentSlip?MerTradeNo=${o.merTradeNo}`);
    const after = await orderRow(o.id);
    expect(after.status_name).toBe('paid');
    expect(after.trade_no).toBe(txId);
    expect(simTx.status).toBe('confirmed');
    // The browser coming back again (refresh): LINE Pay says already confirmed; nothing changes.
    const again = await request(base).get(confirmUrl.pathname + confirmUrl.search);
    expect(again.status).toBe(303);
    expect(await notifications(o.id)).toBe(1);
    expect((await expectOrderAddsUp(t.app, o.id)).order.total_amount).toBe(o.total);
  });

  it('LINE Pay: a confirm LINE Pay refuses (9000) → 303 to the slip, the order still pending; a refresh confirms it', async () => {
    const o = await placeOrder('linepay');
    const txId = sims.linepay!.transactionOf(o.merTradeNo)!;
    sims.linepay!.approve(txId);
    const url = new URL(sims.linepay!.redirectFor(txId, 'pay'));
    sims.linepay!.failNext({ returnCode: '9000' });
    const failed = await request(base).get(url.pathname + url.search);
    expect(failed.status).toBe(303);
    expect(failed.headers.location).toBe(`/paymentSlip?MerTradeNo=${o.merTradeNo}`);
    expect((await orderRow(o.id)).status_name).toBe('pending');
    expect(sims.linepay!.transactions.get(txId)!.status).toBe('authorized');
    const again = await request(base).get(url.pathname + url.search);
    expect(again.status).toBe(303);
    expect((await orderRow(o.id)).status_name).toBe('paid');
  });

  it('LINE Pay: an order cancelled meanwhile is not charged (confirm not called), it stays cancelled', async () => {
    const o = await placeOrder('linepay');
    const txId = sims.linepay!.transactionOf(o.merTradeNo)!;
    sims.linepay!.approve(txId);
    await t.app.get(OrderStateService).cancel(o.id, 'member');
    const url = new URL(sims.linepay!.redirectFor(txId, 'pay'));
    const r = await request(base).get(url.pathname + url.search);
    expect(r.status).toBe(303);
    expect(sims.linepay!.transactions.get(txId)!.status).toBe('authorized');
    const after = await orderRow(o.id);
    expect(after.status_name).toBe('cancelled');
    expect(after.payment_status).toBe(0);
  });

  it('LINE Pay: the package adds up exactly (lines + shipping fee as its own line)', async () => {
    const o = await placeOrder('linepay');
    const txId = sims.linepay!.transactionOf(o.merTradeNo)!;
    expect(home.shipping_cost).toBeGreaterThan(0);
    expect(sims.linepay!.transactions.get(txId)!.amount).toBe(o.total);
    const products = linePayProducts({ merTradeNo: o.merTradeNo, amount: 2 * 150 + 80, items: [{ name: 'A', quantity: 2, price: 150 }] }, base);
    expect(products).toEqual([
      { name: 'A', quantity: 2, price: 150 },
      { name: '運費', quantity: 1, price: 80 },
    ]);
    // Lines that cannot add up (a discount bigger than the fee) become one line of the total.
    expect(linePayProducts({ merTradeNo: 'X1', amount: 100, items: [{ name: 'A', quantity: 1, price: 150 }] }, base)).toEqual([{ name: '訂單 X1', quantity: 1, price: 100 }]);
  });

  it('LINE Pay: a confirm with another order number or an unknown transaction confirms nothing', async () => {
    const a = await placeOrder('linepay');
    const b = await placeOrder('linepay');
    const txA = sims.linepay!.transactionOf(a.merTradeNo)!;
    sims.linepay!.approve(txA);
    const r = await request(base).get(`/api/payments/linepay/confirm?transactionId=${txA}&orderId=${b.merTradeNo}`);
    expect(r.status).toBe(303);
    expect((await orderRow(a.id)).status_name).toBe('pending');
    expect((await orderRow(b.id)).status_name).toBe('pending');
    expect(sims.linepay!.transactions.get(txA)!.status).toBe('authorized');
    const unknown = await request(base).get('/api/payments/linepay/confirm?transactionId=1&orderId=NOPE');
    expect(unknown.status).toBe(400);
  });

  it('LINE Pay: cancel at LINE Pay → 303 to the slip; once LINE Pay confirms it the order stays 待付款 (付款失敗, stock kept) for 重新付款 inside its window (issue 19 §6)', async () => {
    const o = await placeOrder('linepay');
    const stockBefore = Number((await ds.query('SELECT quantity FROM product_variants WHERE id = ?', [variantId]))[0].quantity);
    const txId = sims.linepay!.transactionOf(o.merTradeNo)!;
    // Before the buyer cancels, the cancel URL changes nothing (anyone can open it).
    const early = await request(base).get(`/api/payments/linepay/cancel?orderId=${o.merTradeNo}`);
    expect(early.status).toBe(303);
    expect((await orderRow(o.id)).status_name).toBe('pending');
    sims.linepay!.cancel(txId);
    const r = await request(base).get(sims.linepay!.redirectFor(txId, 'cancel').replace(base, ''));
    expect(r.status).toBe(303);
    expect(r.headers.location).toBe(`/paymentSlip?MerTradeNo=${o.merTradeNo}`);
    expect(await orderRow(o.id)).toMatchObject({ status_name: 'pending', payment_status: 2 });
    expect(Number((await ds.query('SELECT quantity FROM product_variants WHERE id = ?', [variantId]))[0].quantity)).toBe(stockBefore);
  });

  it('duplicate notify (the same bytes twice) → one notification row, 200 OK both times', async () => {
    const o = await placeOrder('atm');
    const trade = sims.payuni!.trades.get(o.merTradeNo)!;
    const fields = signedNotify({ TradeNo: trade.tradeNo, MerTradeNo: o.merTradeNo, TradeAmt: o.total, TradeStatus: 1, PaymentType: 2, PayNo: trade.payNo!, PayTime: '2026-01-01 10:00:00' });
    const first = await postNotify(fields);
    const second = await postNotify(fields);
    expect([first.status, first.text]).toEqual([200, 'OK']);
    expect([second.status, second.text]).toEqual([200, 'OK']);
    expect(await notifications(o.id)).toBe(1);
    expect((await orderRow(o.id)).status_name).toBe('paid');
  });

  it('tampered HashInfo → 400 with the reason, nothing changes', async () => {
    const o = await placeOrder('atm');
    const trade = sims.payuni!.trades.get(o.merTradeNo)!;
    const fields = signedNotify({ TradeNo: trade.tradeNo, MerTradeNo: o.merTradeNo, TradeAmt: o.total, TradeStatus: 1, PaymentType: 2 });
    fields.HashInfo = fields.HashInfo.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'));
    const r = await postNotify(fields);
    expect(r.status).toBe(400);
    expect(r.text).toMatch(/bad_hash/);
    expect(await notifications(o.id)).toBe(0);
    expect((await orderRow(o.id)).status_name).toBe('pending');
    // Another shop's MerID, correctly hashed with our keys: refused too.
    const p = config.providers.payuni;
    const other = { Status: 'SUCCESS', ...sealEnvelope('OTHER01', '1.0', { MerID: 'OTHER01', MerTradeNo: o.merTradeNo, TradeAmt: o.total, TradeStatus: 1 }, p.hashKey, p.hashIv) };
    const r2 = await postNotify(other);
    expect(r2.status).toBe(400);
    expect(r2.text).toMatch(/wrong_merid/);
    const missing = await postNotify({});
    expect(missing.status).toBe(400);
    expect((await orderRow(o.id)).status_name).toBe('pending');
  });

  it('wrong amount → 400, unknown order → 400, nothing changes', async () => {
    const o = await placeOrder('atm');
    const trade = sims.payuni!.trades.get(o.merTradeNo)!;
    const wrong = await postNotify(signedNotify({ TradeNo: trade.tradeNo, MerTradeNo: o.merTradeNo, TradeAmt: o.total - 1, TradeStatus: 1, PaymentType: 2 }));
    expect(wrong.status).toBe(400);
    expect(wrong.text).toMatch(/amount mismatch/);
    const unknown = await postNotify(signedNotify({ TradeNo: '999', MerTradeNo: 'NOSUCHORDER1', TradeAmt: o.total, TradeStatus: 1, PaymentType: 2 }));
    expect(unknown.status).toBe(400);
    expect(unknown.text).toMatch(/unknown order/);
    expect(await notifications(o.id)).toBe(0);
    expect((await orderRow(o.id)).status_name).toBe('pending');
  });

  it('a paid notify for a cancelled order: it stays cancelled, payment_status 1 (paid-after-cancel), the event is published', async () => {
    const o = await placeOrder('atm');
    await t.app.get(OrderStateService).cancel(o.id, 'member');
    const events: unknown[] = [];
    const emitter = t.app.get(EventEmitter2);
    const listener = (p: unknown) => events.push(p);
    emitter.on('order.paid-after-cancel', listener);
    try {
      const attempt = await sims.payuni!.settle(o.merTradeNo, 'paid');
      expect(attempt?.status).toBe(200);
    } finally {
      emitter.off('order.paid-after-cancel', listener);
    }
    const after = await orderRow(o.id);
    expect(after.status_name).toBe('cancelled');
    expect(after.payment_status).toBe(1);
    expect(events).toEqual([{ orderId: o.id, payment: 'atm', amount: o.total }]);
    expect(await outboxJobs(o.id)).not.toContain(`invoice.${o.id}`);
    // Staff are told to refund it (Telegram, through the outbox), once.
    await t.app.get(JobDriver).whenIdle();
    const alerts = sims.telegram!.sent().filter((m) => m.text.includes(`#${o.id}（${o.merTradeNo}）`));
    expect(alerts).toHaveLength(1);
    expect(alerts[0].text).toContain('待退款');
    expect(alerts[0].text).toContain(`NT$ ${o.total.toLocaleString('en-US')}`);
  });

  it('never backwards: an expired notify after paid leaves the order paid', async () => {
    const o = await placeOrder('atm');
    await sims.payuni!.settle(o.merTradeNo, 'paid');
    const trade = sims.payuni!.trades.get(o.merTradeNo)!;
    const r = await postNotify(signedNotify({ TradeNo: trade.tradeNo, MerTradeNo: o.merTradeNo, TradeAmt: o.total, TradeStatus: 4, PaymentType: 2 }));
    expect([r.status, r.text]).toEqual([200, 'OK']);
    const after = await orderRow(o.id);
    expect(after.status_name).toBe('paid');
    expect(after.payment_status).toBe(1);
  });

  it('an expired notify for an unpaid ATM order cancels it and releases its stock', async () => {
    const o = await placeOrder('atm', { quantity: 2 });
    const stockBefore = Number((await ds.query('SELECT quantity FROM product_variants WHERE id = ?', [variantId]))[0].quantity);
    const attempt = await sims.payuni!.settle(o.merTradeNo, 'expired');
    expect(attempt?.status).toBe(200);
    const after = await orderRow(o.id);
    expect(after.status_name).toBe('cancelled');
    expect(after.payment_status).toBe(0);
    expect(Number((await ds.query('SELECT quantity FROM product_variants WHERE id = ?', [variantId]))[0].quantity)).toBe(stockBefore + 2);
  });

  it('10 concurrent identical notifies → one state change, one notification row, all answered 200 OK', async () => {
    const o = await placeOrder('cvs');
    const trade = sims.payuni!.trades.get(o.merTradeNo)!;
    const fields = signedNotify({ TradeNo: trade.tradeNo, MerTradeNo: o.merTradeNo, TradeAmt: o.total, TradeStatus: 1, PaymentType: 3, PayNo: trade.payNo!, PayStore: 'SEVEN' });
    const events: unknown[] = [];
    const emitter = t.app.get(EventEmitter2);
    const listener = (p: unknown) => events.push(p);
    emitter.on('order.paid', listener);
    let answers: { status: number; text: string }[];
    try {
      answers = await Promise.all(Array.from({ length: 10 }, () => postNotify(fields)));
    } finally {
      emitter.off('order.paid', listener);
    }
    expect(answers.map((a) => `${a.status} ${a.text}`)).toEqual(Array(10).fill('200 OK'));
    expect(await notifications(o.id)).toBe(1);
    expect(events.filter((e) => (e as { orderId: number }).orderId === o.id)).toHaveLength(1);
    const after = await orderRow(o.id);
    expect(after.status_name).toBe('paid');
  });

  it('payments.cancel-code: a cancelled CVS order has its code cancelled at PAYUNi, once', async () => {
    const o = await placeOrder('cvs');
    await t.app.get(OrderStateService).cancel(o.id, 'member');
    const deadline = Date.now() + 10_000;
    while (sims.payuni!.trades.get(o.merTradeNo)!.tradeStatus !== 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(sims.payuni!.trades.get(o.merTradeNo)!.tradeStatus).toBe(3);
    // PAYUNi has cancelled it; the job records the answer right after (poll: the job may still be writing).
    const recorded = async () => {
      const raw: { raw: unknown }[] = await ds.query('SELECT raw FROM payment_transactions WHERE order_id = ?', [o.id]);
      return (typeof raw[0].raw === 'string' ? JSON.parse(raw[0].raw) : raw[0].raw) as { codeCancel?: { verifyCode?: string } };
    };
    let parsed = await recorded();
    while (!parsed.codeCancel && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      parsed = await recorded();
    }
    expect(parsed.codeCancel?.verifyCode).toMatch(/^\d{6}$/);
    // A re-run does nothing more (recorded), and PAYUNi would refuse a second cancel anyway.
    expect(await t.app.get(PaymentsService).cancelCvsCode(o.id)).toBe('done');
  });
});
