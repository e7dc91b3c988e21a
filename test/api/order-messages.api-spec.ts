import { DataSource } from 'typeorm';
import { CapturedMail, SmtpCapture, startSmtpCapture } from '../../src/integrations/mail/simulators/smtp-capture';
import { SmsSimulator, startMitakeSimulator } from '../../src/integrations/sms/simulators/sms-simulators';
import { JobDriver } from '../../src/jobs/job-queue';
import { JobName } from '../../src/jobs/job-types';
import { isolatedEnv } from '../../src/modules/auth/testing/browser-session';
import { OrderStateService } from '../../src/modules/orders/order-state.service';
import { createTestApp, TestApp } from '../helpers/test-app';

// jest ignores `testTimeout` inside a project entry; app start-up on MariaDB needs more than the 5 s default.
jest.setTimeout(60_000);

const SMTP_AUTH = { user: 'shop', pass: 'p@ss word' };
const PUBLIC_URL = 'https://shop.example.test';
const FAST_JOBS = { JOBS_BACKOFF_BASE_MS: '50', JOBS_BACKOFF_MAX_MS: '200' };

interface PlacedOrder {
  id: number;
  merTradeNo: string;
  total: number;
}

/**
 * The buyer's order messages (issue 10): confirmation mail, payment-received mail and SMS, sent by
 * the jobs ORDERS/PAYFLOW enqueue, through the real SMTP driver to a local SMTP server and the
 * real Mitake driver to its simulator. Each is sent once, whatever re-runs.
 */
describe('order messages: confirmation and paid mail by SMTP, paid SMS, each once', () => {
  let t: TestApp;
  let ds: DataSource;
  let jobs: JobDriver;
  let state: OrderStateService;
  let smtp: SmtpCapture;
  let smsSim: SmsSimulator;
  let smtpPort: number;
  let seq = 0;

  beforeAll(async () => {
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
        ...FAST_JOBS,
      }),
    );
    ds = t.app.get(DataSource);
    jobs = t.app.get(JobDriver);
    state = t.app.get(OrderStateService);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
    await smsSim?.close();
  });

  const q = <T>(sql: string, params: unknown[] = []): Promise<T[]> => ds.query(sql, params);
  const mailsFor = (o: PlacedOrder, kind: '訂單成立通知' | '付款完成通知') => smtp.received.filter((m) => m.subject.includes(`${kind} #${o.id}`));
  const smsFor = (o: PlacedOrder) => smsSim.received.filter((m) => m.body.includes(`#${o.id} `));
  const ledger = async (o: PlacedOrder) => (await q<{ kind: string }>('SELECT kind FROM order_messages WHERE order_id = ? ORDER BY kind', [o.id])).map((r) => r.kind);

  /**
   * STOPGAP until checkout lands: an order as checkout stores it, written straight to the tables
   * (its confirmation is enqueued by the real `setPaymentStarted` for ATM/CVS, else added here as
   * checkout's transaction would).
   */
  async function placeOrder(extra: Record<string, unknown> = {}): Promise<PlacedOrder> {
    seq += 1;
    const merTradeNo = `MSG${Date.now().toString(36)}${seq}`.toUpperCase();
    const lines = [
      { product_id: 1, variant_id: 1, title: '玻尿酸保濕精華', variant_name: '30ml', price: 880, quantity: 1 },
      { product_id: 2, variant_id: 2, title: '溫和潔面乳 <b>限定</b>', variant_name: '', price: 157, quantity: 2 },
    ];
    const subtotal = lines.reduce((s, l) => s + l.price * l.quantity, 0);
    const fee = typeof extra.shipping_fee === 'number' ? extra.shipping_fee : 60;
    const order = {
      mer_trade_no: merTradeNo,
      user_id: null,
      buy_name: '王小明<script>alert(1)</script>',
      buy_phone: '0912345678',
      buy_email: 'ming@example.com',
      name: '王大明',
      phone: '0922333444',
      store_id: '991182',
      store_name: '大安門市',
      store_addr: '臺北市大安區復興南路一段 2 號',
      shipping: 1,
      payment: 'atm',
      bank_code: '013',
      invoice_type: 'personal',
      carrier_type: 'amego',
      subtotal,
      shipping_fee: fee,
      total_amount: subtotal + fee,
      ...extra,
    };
    const inserted = await ds.createQueryBuilder().insert().into('orders').values(order).execute();
    const id = Number(inserted.identifiers[0]?.id ?? (await q<{ id: number }>('SELECT id FROM orders WHERE mer_trade_no = ?', [merTradeNo]))[0].id);
    await ds.createQueryBuilder().insert().into('order_items').values(lines.map((l) => ({ ...l, order_id: id }))).execute();
    return { id, merTradeNo, total: subtotal + fee };
  }
  const confirm = (o: PlacedOrder, jobId = `mail-order:${o.id}`) => jobs.add(JobName.MailOrderConfirmation, { orderId: o.id }, { jobId });
  const pay = (o: PlacedOrder) => state.markPaid(o.id, { gateway: 'payuni', tradeNo: `T${o.merTradeNo}`, amount: o.total, source: 'notify' });

  it('ATM: one confirmation with the items, totals, 7-11 store, bank code, virtual account and deadline; every value escaped', async () => {
    const o = await placeOrder();
    // 2030-01-02 23:59:59 Taipei
    await state.setPaymentStarted(o.id, { tradeNo: 'PAYUNI123', paymentCode: '013-95012345678901', bankCode: '013', expireDate: new Date('2030-01-02T15:59:59Z') });
    await jobs.whenIdle();
    const [mail] = mailsFor(o, '訂單成立通知');
    expect(mailsFor(o, '訂單成立通知')).toHaveLength(1);
    expect(mail.to).toEqual(['ming@example.com']);
    expect(mail.subject).toBe(`【肌研舍股份有限公司】訂單成立通知 #${o.id}`);
    expect(mail.headers.get('message-id')).toMatch(new RegExp(`^<order-${o.id}-mail-confirmation-\\d+@skinshop\\.order>$`));

    const text = mail.text ?? '';
    for (const part of [
      `訂單編號：#${o.id}`,
      `交易編號：${o.merTradeNo}`,
      '玻尿酸保濕精華（30ml） × 1，單價 NT$ 880，小計 NT$ 880',
      '溫和潔面乳 <b>限定</b> × 2，單價 NT$ 157，小計 NT$ 314',
      '商品小計：NT$ 1,194',
      '運費：NT$ 60',
      '訂單總額：NT$ 1,254',
      '配送方式：7-11',
      '收件人：王大明 0922333444',
      '取貨門市：大安門市（991182）',
      '付款方式：ATM 轉帳',
      '銀行代碼：013（國泰世華）',
      '虛擬帳號：95012345678901',
      '繳費期限：2030-01-02 23:59:59（台北時間）',
      '電子發票存入會員載具',
      `${PUBLIC_URL}/paymentSlip?MerTradeNo=${o.merTradeNo}`,
    ]) {
      expect(text).toContain(part);
    }
    const html = mail.html ?? '';
    expect(html).toContain('王小明&lt;script&gt;alert(1)&lt;/script&gt; 您好');
    expect(html).toContain('溫和潔面乳 &lt;b&gt;限定&lt;/b&gt;');
    expect(html).toContain('95012345678901');
    expect(html).toContain(`href="${PUBLIC_URL}/paymentSlip?MerTradeNo=${o.merTradeNo}"`);
    expect(html).not.toMatch(/<script|<b>/);
    expect(await ledger(o)).toEqual(['mail.confirmation']);

    // Re-runs (a re-dispatch, a second id) send nothing more.
    await confirm(o, `mail-order:${o.id}:again`);
    await state.setPaymentStarted(o.id, { tradeNo: 'PAYUNI123' });
    await jobs.whenIdle();
    expect(mailsFor(o, '訂單成立通知')).toHaveLength(1);
  });

  it('CVS: the payment code and its deadline; home delivery: the address and time slot', async () => {
    const o = await placeOrder({ payment: 'cvs', bank_code: '', shipping: 4, store_id: '', store_name: '', store_addr: '', zip: '106', city: '臺北市', district: '大安區', street: '復興南路一段 1 號', delivery_time_slot: '01', shipping_fee: 0 });
    await state.setPaymentStarted(o.id, { tradeNo: 'PAYUNI456', paymentCode: 'LLL24010212345', expireDate: new Date('2030-01-05T15:59:59Z') });
    await jobs.whenIdle();
    const text = mailsFor(o, '訂單成立通知')[0]?.text ?? '';
    for (const part of ['超商繳費代碼：LLL24010212345', '繳費期限：2030-01-05 23:59:59（台北時間）', '配送方式：宅配', '收件地址：106 臺北市大安區復興南路一段 1 號', '配送時段：13:00 前', '運費：免運費']) {
      expect(text).toContain(part);
    }
    expect(text).not.toContain('取貨門市');
  });

  it('cash on delivery: 貨到付款 with the amount; credit card: complete the payment', async () => {
    const cod = await placeOrder({ payment: 'cod', bank_code: '' });
    const credit = await placeOrder({ payment: 'credit', bank_code: '', invoice_type: 'Company', carrier_type: '', tax_id: '17784483', company_name: '肌研舍股份有限公司' });
    await confirm(cod);
    await confirm(credit);
    await jobs.whenIdle();
    expect(mailsFor(cod, '訂單成立通知')[0]?.text).toContain(`貨到付款：請於收貨時支付 NT$ ${cod.total.toLocaleString('en-US')}。`);
    const creditText = mailsFor(credit, '訂單成立通知')[0]?.text ?? '';
    expect(creditText).toContain('付款方式：信用卡');
    expect(creditText).toContain('請於付款頁面完成付款');
    expect(creditText).toContain('統一編號 17784483');
  });

  it('no confirmation for an order cancelled before it ran (payment could not be started)', async () => {
    const o = await placeOrder({ payment: 'credit', bank_code: '' });
    await state.cancel(o.id, 'payment-start-failed');
    await confirm(o);
    await jobs.whenIdle();
    expect(mailsFor(o, '訂單成立通知')).toHaveLength(0);
    expect(await ledger(o)).toEqual([]);
  });

  it('paid: one payment-received mail and one SMS to the buyer; re-runs send nothing more', async () => {
    const o = await placeOrder({ invoice_type: 'personal', carrier_type: '3J0002', mobile_barcode: '/ABC+123' });
    expect(await pay(o)).toBe('paid');
    await jobs.whenIdle();

    const paid = mailsFor(o, '付款完成通知');
    expect(paid).toHaveLength(1);
    expect(paid[0].to).toEqual(['ming@example.com']);
    expect(paid[0].text).toContain('我們已收到您的付款');
    expect(paid[0].text).toContain(`付款金額：NT$ ${o.total.toLocaleString('en-US')}`);
    expect(paid[0].text).toContain('手機條碼載具 /ABC+123');
    expect(paid[0].html).not.toContain('<script');
    expect(paid[0].headers.get('message-id')).toMatch(new RegExp(`^<order-${o.id}-mail-paid-\\d+@skinshop\\.order>$`));

    const sms = smsFor(o);
    expect(sms).toHaveLength(1);
    expect(sms[0].to).toBe('0912345678');
    expect(sms[0].body).toBe(`【肌研舍股份有限公司】您的訂單 #${o.id} 已收到付款 NT$ ${o.total.toLocaleString('en-US')}，我們將盡快出貨，謝謝！`);
    expect(await ledger(o)).toEqual(['mail.paid', 'sms.paid']);
    // No personal data in the queued payloads: the order id only.
    const payloads = await q<{ payload: unknown }>('SELECT payload FROM outbox_messages WHERE job_id IN (?, ?)', [`mail-paid.${o.id}`, `sms-paid.${o.id}`]);
    expect(payloads.map((p) => (typeof p.payload === 'string' ? JSON.parse(p.payload) : p.payload))).toEqual([{ orderId: o.id }, { orderId: o.id }]);

    expect(await pay(o)).toBe('duplicate');
    await jobs.add(JobName.MailOrderPaid, { orderId: o.id }, { jobId: `mail-paid:${o.id}:again` });
    await jobs.add(JobName.SmsOrderPaid, { orderId: o.id }, { jobId: `sms-paid:${o.id}:again` });
    await jobs.whenIdle();
    expect(mailsFor(o, '付款完成通知')).toHaveLength(1);
    expect(smsFor(o)).toHaveLength(1);
  });

  it('SMS provider busy: retried, delivered once', async () => {
    const o = await placeOrder();
    smsSim.failNext('busy', 2);
    await pay(o);
    await jobs.whenIdle(15_000);
    expect(smsFor(o)).toHaveLength(1);
    expect(await ledger(o)).toEqual(['mail.paid', 'sms.paid']);
  });

  it('SMTP down, then up: the confirmation is retried and delivered once', async () => {
    const o = await placeOrder({ payment: 'cod', bank_code: '' });
    await smtp.close();
    try {
      await confirm(o);
      // A few attempts fail against the closed port.
      await new Promise((r) => setTimeout(r, 400));
      expect(await ledger(o)).toEqual([]);
    } finally {
      smtp = await startSmtpCapture(SMTP_AUTH, { port: smtpPort });
    }
    await jobs.whenIdle(20_000);
    const delivered: CapturedMail[] = mailsFor(o, '訂單成立通知');
    expect(delivered).toHaveLength(1);
    expect(await ledger(o)).toEqual(['mail.confirmation']);
    const done = (await jobs.listJobs('mail', 'completed', 200)).find((j) => j.id === `mail-order.${o.id}`);
    expect(done?.attemptsMade).toBeGreaterThanOrEqual(2);
  });
});
