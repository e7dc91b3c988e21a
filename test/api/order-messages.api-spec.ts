import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { taipeiTimestamp } from '../../src/common/time/taipei-time';
import type { EmbeddedSimulators } from '../../src/integrations/providers/embedded-simulators';
import { SIMULATORS } from '../../src/integrations/providers/provider-tokens';
import { SmtpCapture, startSmtpCapture } from '../../src/integrations/mail/simulators/smtp-capture';
import { SmsSimulator, startMitakeSimulator } from '../../src/integrations/sms/simulators/sms-simulators';
import { JobDriver } from '../../src/jobs/job-queue';
import { JobName } from '../../src/jobs/job-types';
import request from 'supertest';
import { BrowserSession, isolatedEnv, randomPhone } from '../../src/modules/auth/testing/browser-session';
import { reservePort } from '../helpers/processes';
import { createTestApp, FAST_RETRIES, TestApp } from '../helpers/test-app';
import { Body, feeFor, homeCod, shippingMethod, Shopper, submit, TestVariant, variants } from './checkout-fixtures';

// jest ignores `testTimeout` inside a project entry; app start-up on MariaDB needs more than the 5 s default.
jest.setTimeout(60_000);

const SMTP_AUTH = { user: 'shop', pass: 'p@ss word' };
const SEVEN = { shipping: 1, store_id: '991182', store_name: '大安<b>門市</b>', store_addr: '臺北市大安區復興南路一段 2 號', city: '', district: '', zip: '', street: '' };

interface Placed {
  id: number;
  merTradeNo: string;
  total: number;
  subtotal: number;
  fee: number;
  buyer: Shopper;
}

const ntd = (n: number) => `NT$ ${n.toLocaleString('en-US')}`;

/**
 * The buyer's order messages (issue 10), end to end: a member checks out (submitOrder), the
 * confirmation goes out (cod / card / LINE Pay at once, ATM / CVS once the code is issued), paying
 * on the PAYUNi simulator sends the payment-received mail and SMS — through the real SMTP driver to
 * a local SMTP server and the real Mitake driver to its simulator. Each is sent once, whatever re-runs.
 */
describe('order messages: confirmation and paid mail by SMTP, paid SMS, each once', () => {
  let t: TestApp;
  let ds: DataSource;
  let jobs: JobDriver;
  let sims: EmbeddedSimulators;
  let smtp: SmtpCapture;
  let smsSim: SmsSimulator;
  let smtpPort: number;
  let lines: TestVariant[];
  let home: { shipping_cost: number; free_shipping_threshold: number };
  let seven: { shipping_cost: number; free_shipping_threshold: number };
  let buyer: Shopper | undefined;
  let buyerOrders = 0;
  /** The shop's public origin: links in the mails, and where the PAYUNi simulator posts its notify. */
  let PUBLIC_URL: string;

  beforeAll(async () => {
    const reserved = await reservePort();
    const port = reserved.port;
    PUBLIC_URL = `http://127.0.0.1:${port}`;
    smtp = await startSmtpCapture(SMTP_AUTH);
    smtpPort = Number(new URL(smtp.url).port);
    smsSim = await startMitakeSimulator();
    t = await createTestApp(
      isolatedEnv({
        SMTP_URL: smtp.url,
        MAIL_FROM: '肌研舍 <no-reply@skinshop.test>',
        SMS_DRIVER: 'mitake',
        MITAKE_API_URL: smsSim.apiUrl,
        MITAKE_USERNAME: 'sim',
        MITAKE_PASSWORD: 'sim',
        PUBLIC_URL,
        PORT: String(port),
        ...FAST_RETRIES,
      }),
    );
    await reserved.listen(t.app.getHttpServer());
    ds = t.app.get(DataSource);
    jobs = t.app.get(JobDriver);
    sims = t.app.get<EmbeddedSimulators>(SIMULATORS);
    lines = await variants(t.app, 2, 500);
    home = await shippingMethod(t.app, 4);
    seven = await shippingMethod(t.app, 1);
  });
  afterAll(async () => {
    await sims?.idle();
    await t?.close();
    await smtp?.close();
    await smsSim?.close();
  });

  const q = <T>(sql: string, params: unknown[] = []): Promise<T[]> => ds.query(sql, params);
  const mailsFor = (o: Placed, kind: '訂單成立通知' | '付款完成通知' | '訂單取消通知') => smtp.received.filter((m) => m.subject.endsWith(`${kind} #${o.id}`));
  // The paid SMS is order news since issue 22 (src/modules/order-news: members who keep SMS get it).
  const smsFor = (o: Placed) => smsSim.received.filter((m) => m.body.includes(`訂單 ${o.merTradeNo} 已收到付款`));
  const ledger = async (o: Placed) => (await q<{ kind: string }>('SELECT kind FROM order_messages WHERE order_id = ? ORDER BY kind', [o.id])).map((r) => r.kind);
  const slip = async (o: Placed) => (await o.buyer.b.get(`/api/order/getOrderAndDetails/${o.merTradeNo}`)).body.order as { payment_code: string; expiredate: string | null };

  /**
   * A member with a complete profile through the real flows (checkout-fixtures' `shopper` reads the
   * codes from the dev outbox; here they arrive at the SMS simulator and the SMTP server).
   */
  async function shopper(): Promise<Shopper> {
    const b = new BrowserSession(request.agent(t.http));
    const phone = randomPhone();
    const ok = (res: request.Response, what: string) => {
      if (res.status !== 200) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
      return res;
    };
    ok(await b.post('/api/phone/sendcode', { type: 'register', phone }), 'sendcode');
    await jobs.whenIdle();
    const smsCode = /(\d{6})/.exec(smsSim.received.filter((m) => m.to === phone).at(-1)?.body ?? '')?.[1];
    ok(await b.post('/api/phone/verifycode', { phone, code: smsCode }), 'verifycode');
    const userId = ok(await b.post('/api/user/register', { phone, password: 'secret1' }), 'register').body.user.user_id as number;
    ok(await b.post('/api/user/updateUser', { username: '王小明' }), 'updateUser');
    const email = `buyer-${phone}@example.com`;
    ok(await b.post('/api/email/send-code', { email }), 'send-code');
    await jobs.whenIdle();
    const mailCode = /驗證碼為 (\d{6})/.exec(smtp.received.filter((m) => m.to.includes(email)).at(-1)?.text ?? '')?.[1];
    ok(await b.post('/api/user/updateEmail', { email, code: mailCode }), 'updateEmail');
    return { b, userId, phone, email };
  }

  /** A member's order through submitOrder: line 1 × 1, line 2 × 2; home delivery unless `extra` says otherwise. */
  async function placeOrder(extra: Body): Promise<Placed> {
    if (!buyer || buyerOrders >= 15) {
      buyer = await shopper();
      buyerOrders = 0;
    }
    buyerOrders += 1;
    const [a, b] = lines;
    const subtotal = a.price + b.price * 2;
    const fee = feeFor(extra.shipping === 1 ? seven : home, subtotal);
    const body = homeCod(buyer, [{ v: a, quantity: 1 }, { v: b, quantity: 2 }], subtotal + fee, { buy_name: '王小明', ...extra });
    const res = await submit(buyer, body, `msg-${randomBytes(6).toString('hex')}`);
    if (res.status !== 200) throw new Error(`submitOrder: ${res.status} ${JSON.stringify(res.body)}`);
    return { id: res.body.resData.order_id, merTradeNo: res.body.resData.MerTradeNo, total: subtotal + fee, subtotal, fee, buyer };
  }
  /** The buyer pays the ATM / CVS code: the simulator posts its signed notify to the shop. */
  const pay = async (o: Placed) => expect((await sims.payuni!.settle(o.merTradeNo, 'paid'))?.status).toBe(200);
  const itemText = (v: TestVariant, quantity: number) =>
    `${v.variantName ? `${v.title}（${v.variantName}）` : v.title} × ${quantity}，單價 ${ntd(v.price)}，小計 ${ntd(v.price * quantity)}`;

  it('ATM: one confirmation with the items, totals, 7-11 store, bank code, virtual account and deadline; every value escaped', async () => {
    const o = await placeOrder({ ...SEVEN, payment: 'atm', bankCode: '013', name: '王大明', phone: '0922333444' });
    await jobs.whenIdle();
    const { payment_code, expiredate } = await slip(o);
    const [bank, account] = payment_code.split('-');
    expect(bank).toBe('013');
    expect(expiredate).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);

    const sent = mailsFor(o, '訂單成立通知');
    expect(sent).toHaveLength(1);
    const [mail] = sent;
    expect(mail.to).toEqual([o.buyer.email]);
    expect(mail.from).toBe('no-reply@skinshop.test');
    expect(mail.subject).toBe(`【肌研舍股份有限公司】訂單成立通知 #${o.id}`);
    expect(mail.headers.get('message-id')).toMatch(new RegExp(`^<order-${o.id}-mail-confirmation-\\d+@skinshop\\.order>$`));

    const [a, b] = lines;
    const text = mail.text ?? '';
    for (const part of [
      '王小明 您好',
      `訂單編號：#${o.id}`,
      `交易編號：${o.merTradeNo}`,
      itemText(a, 1),
      itemText(b, 2),
      `商品小計：${ntd(o.subtotal)}`,
      `運費：${o.fee > 0 ? ntd(o.fee) : '免運費'}`,
      `訂單總額：${ntd(o.total)}`,
      '配送方式：7-11',
      '收件人：王大明 0922333444',
      '取貨門市：大安<b>門市</b>（991182）',
      '門市地址：臺北市大安區復興南路一段 2 號',
      '付款方式：ATM 轉帳',
      '銀行代碼：013（國泰世華）',
      `虛擬帳號：${account}`,
      `轉帳金額：${ntd(o.total)}`,
      `繳費期限：${expiredate}（台北時間）`,
      `電子發票存入會員載具，開立通知將寄至 ${o.buyer.email}`,
      `${PUBLIC_URL}/paymentSlip?MerTradeNo=${o.merTradeNo}`,
    ]) {
      expect(text).toContain(part);
    }
    const html = mail.html ?? '';
    expect(html).toContain('大安&lt;b&gt;門市&lt;/b&gt;（991182）');
    // The shop's layout (issue 22 §6): the account in its own cell.
    expect(html).toMatch(new RegExp(`<td[^>]*>${account}</td>`));
    expect(html).toContain(`href="${PUBLIC_URL}/paymentSlip?MerTradeNo=${o.merTradeNo}"`);
    expect(html).not.toContain('<b>');
    expect(await ledger(o)).toEqual(['mail.confirmation']);

    // Re-runs (a re-dispatch, a second id) send nothing more.
    await jobs.add(JobName.MailOrderConfirmation, { orderId: o.id }, { jobId: `mail-order:${o.id}:again` });
    await jobs.whenIdle();
    expect(mailsFor(o, '訂單成立通知')).toHaveLength(1);
  });

  it('CVS: the payment code and its deadline; home delivery: the address and time slot', async () => {
    const o = await placeOrder({ payment: 'cvs', deliveryTimeSlot: '01' });
    await jobs.whenIdle();
    const { payment_code, expiredate } = await slip(o);
    expect(payment_code).not.toBe('');
    const text = mailsFor(o, '訂單成立通知')[0]?.text ?? '';
    for (const part of [
      '付款方式：超商代碼',
      `超商繳費代碼：${payment_code}`,
      `繳費期限：${expiredate}（台北時間）`,
      '配送方式：宅配',
      '收件人：陳美麗 0911222333',
      '收件地址：100 臺北市中正區重慶南路一段 122 號',
      '配送時段：13:00 前',
    ]) {
      expect(text).toContain(part);
    }
    expect(text).not.toContain('取貨門市');
  });

  it('cash on delivery: 貨到付款 with the amount; credit card: complete the payment; company invoice noted', async () => {
    const cod = await placeOrder({ payment: 'cod' });
    const credit = await placeOrder({ payment: 'credit', invoiceType: 'Company', taxId: '17784483', companyName: '肌研舍股份有限公司' });
    await jobs.whenIdle();
    const codText = mailsFor(cod, '訂單成立通知')[0]?.text ?? '';
    expect(codText).toContain('付款方式：貨到付款');
    expect(codText).toContain(`貨到付款：請於收貨時支付 ${ntd(cod.total)}。`);
    const creditText = mailsFor(credit, '訂單成立通知')[0]?.text ?? '';
    expect(creditText).toContain('付款方式：信用卡');
    expect(creditText).toContain('請於付款頁面完成付款');
    expect(creditText).toContain('三聯式發票，統一編號 17784483，抬頭「肌研舍股份有限公司」');
  });

  it('LINE Pay: confirmed once its payment started; no confirmation when the start failed (訂單未成立)', async () => {
    const ok = await placeOrder({ payment: 'linepay' });
    await jobs.whenIdle();
    expect(mailsFor(ok, '訂單成立通知')).toHaveLength(1);
    expect(mailsFor(ok, '訂單成立通知')[0].text).toContain('付款方式：LINE Pay');

    sims.linepay!.setOutage(true);
    let refused: { status: number; body: { message: string; resData: { order_id: number } } };
    try {
      if (!buyer) throw new Error('no buyer');
      const [a] = lines;
      const total = a.price + feeFor(home, a.price);
      refused = await submit(buyer, homeCod(buyer, [{ v: a, quantity: 1 }], total, { payment: 'linepay' }), `msg-${randomBytes(6).toString('hex')}`);
    } finally {
      sims.linepay!.setOutage(false);
    }
    expect(refused.status).toBe(503);
    await jobs.whenIdle(30_000);
    const orderId = refused.body.resData.order_id;
    expect(smtp.received.filter((m) => m.subject.endsWith(`#${orderId}`))).toHaveLength(0);
    expect(await q('SELECT kind FROM order_messages WHERE order_id = ?', [orderId])).toEqual([]);
  });

  it('no confirmation for an order cancelled before its job ran', async () => {
    const o = await placeOrder({ payment: 'atm', bankCode: '013' });
    await jobs.whenIdle();
    // As if the job ran only now, after the member cancelled: the ledger row gone, the order cancelled.
    await q('DELETE FROM order_messages WHERE order_id = ?', [o.id]);
    const before = mailsFor(o, '訂單成立通知').length;
    expect((await o.buyer.b.post('/api/order/cancelOrder', { order_id: o.id })).body).toMatchObject({ success: true, status_name: 'cancelled' });
    await jobs.add(JobName.MailOrderConfirmation, { orderId: o.id }, { jobId: `mail-order:${o.id}:late` });
    await jobs.whenIdle();
    expect(mailsFor(o, '訂單成立通知')).toHaveLength(before);
    // The cancel has its own mail (issue 22 §6): 訂單取消通知, once.
    expect(mailsFor(o, '訂單取消通知')).toHaveLength(1);
    expect(await ledger(o)).toEqual(['mail.cancelled']);
  });

  it('paid: one payment-received mail and one SMS to the buyer; re-runs send nothing more', async () => {
    const o = await placeOrder({ payment: 'atm', bankCode: '013', invoiceType: 'personal', carrierType: '3J0002', mobileBarcode: '/ABC+123' });
    await jobs.whenIdle();
    await pay(o);
    await jobs.whenIdle();

    const paid = mailsFor(o, '付款完成通知');
    expect(paid).toHaveLength(1);
    expect(paid[0].to).toEqual([o.buyer.email]);
    expect(paid[0].subject).toBe(`【肌研舍股份有限公司】付款完成通知 #${o.id}`);
    expect(paid[0].text).toContain('我們已收到您的付款');
    expect(paid[0].text).toContain(`付款金額：${ntd(o.total)}`);
    expect(paid[0].text).toContain('付款方式：ATM 轉帳');
    expect(paid[0].text).toContain('電子發票存入手機條碼載具 /ABC+123');
    expect(paid[0].headers.get('message-id')).toMatch(new RegExp(`^<order-${o.id}-mail-paid-\\d+@skinshop\\.order>$`));
    const paidAt = (await q<{ paid_at: Date | string }>('SELECT paid_at FROM orders WHERE id = ?', [o.id]))[0].paid_at;
    expect(paid[0].text).toContain(`付款時間：${taipeiTimestamp(new Date(paidAt))}`);
    // The e-invoice issued beside it (issue 22 §6): its number in 付款完成通知.
    const invoiceNo = (await q<{ invoice_no: string }>('SELECT invoice_no FROM orders WHERE id = ?', [o.id]))[0].invoice_no;
    expect(invoiceNo).toMatch(/^[A-Z]{2}\d{8}$/);
    expect(paid[0].text).toContain(`發票號碼：${invoiceNo}`);

    const sms = smsFor(o);
    expect(sms).toHaveLength(1);
    expect(sms[0].to).toBe(o.buyer.phone);
    expect(sms[0].body).toContain(`【肌研舍股份有限公司】訂單 ${o.merTradeNo} 已收到付款 ${ntd(o.total)}，我們將盡快出貨。`);
    expect(await ledger(o)).toEqual(['mail.confirmation', 'mail.paid']);
    // No personal data in the queued payloads: the order id (and the news kind) only.
    const payloads = await q<{ job_id: string; payload: unknown }>('SELECT job_id, payload FROM outbox_messages WHERE job_id IN (?, ?)', [`mail-paid.${o.id}`, `news.paid.${o.id}`]);
    const byId = new Map(payloads.map((p) => [p.job_id, typeof p.payload === 'string' ? JSON.parse(p.payload) : p.payload]));
    expect(byId.get(`mail-paid.${o.id}`)).toEqual({ orderId: o.id });
    expect(byId.get(`news.paid.${o.id}`)).toEqual({ orderId: o.id, kind: 'paid', ref: String(o.id) });

    await jobs.add(JobName.MailOrderPaid, { orderId: o.id }, { jobId: `mail-paid:${o.id}:again` });
    await jobs.whenIdle();
    expect(mailsFor(o, '付款完成通知')).toHaveLength(1);
    expect(smsFor(o)).toHaveLength(1);
  });

  it('SMS provider busy: retried, delivered once', async () => {
    const o = await placeOrder({ payment: 'cvs' });
    await jobs.whenIdle();
    smsSim.failNext('busy', 2);
    await pay(o);
    await jobs.whenIdle(15_000);
    expect(smsFor(o)).toHaveLength(1);
    expect(await ledger(o)).toEqual(['mail.confirmation', 'mail.paid']);
  });

  it('SMTP down, then up: the confirmation is retried and delivered once', async () => {
    await smtp.close();
    let o: Placed;
    try {
      o = await placeOrder({ payment: 'cod' });
      // A few attempts fail against the closed port.
      await new Promise((r) => setTimeout(r, 400));
      expect(await ledger(o)).toEqual([]);
    } finally {
      smtp = await startSmtpCapture(SMTP_AUTH, { port: smtpPort });
    }
    await jobs.whenIdle(20_000);
    expect(mailsFor(o, '訂單成立通知')).toHaveLength(1);
    expect(await ledger(o)).toEqual(['mail.confirmation']);
    const done = (await jobs.listJobs('mail', 'completed', 200)).find((j) => j.id === `mail-order.${o.id}`);
    expect(done?.attemptsMade).toBeGreaterThanOrEqual(2);
  });
});
