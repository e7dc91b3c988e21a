import request from 'supertest';
import { DataSource } from 'typeorm';
import type { ExtraPaymentView } from '../../src/common/api/admin';
import { APP_CONFIG, type AppConfig } from '../../src/config/app-config';
import { SmtpCapture, startSmtpCapture } from '../../src/integrations/mail/simulators/smtp-capture';
import { sealEnvelope } from '../../src/integrations/payuni/payuni-crypto';
import { JobDriver } from '../../src/jobs/job-queue';
import { EXTRA_PAYMENT_MSG } from '../../src/modules/orders/extra-payments.service';
import { adminSession, type AdminSession } from '../helpers/admin';
import { expectOrderAddsUp } from '../helpers/order-invariants';
import { createTestApp, TestApp } from '../helpers/test-app';
import { BrowserSession, registerMember } from '../../src/modules/auth/testing/browser-session';
import { jobsIdle, variants, type Shopper, type TestVariant } from './checkout-fixtures';
import { OrderMaker, type PaidOrder } from './refund-fixtures';

jest.setTimeout(180_000);

const BANK = { bank_code: '013', account: '12345678901', name: '王小明' };

/**
 * Extra money received for an order that must go back (issue 19 §8, table extra_payments): a
 * signed paid notify after the order was fully refunded, a second payment by another attempt of an
 * order already paid, and the old ATM amount paid after staff re-priced the order. Each is recorded
 * once (a replayed notify adds nothing), staff are alerted (Telegram simulator), the admin order
 * detail lists it (待退款的額外付款) and staff refund it through the provider of the paid attempt
 * (card at the PAYUNi simulator, ATM as a recorded bank transfer) — the order's refunded_amount and
 * total stay as they were. Also (H6/H9 follow-up): a failed card order switched to ATM mails its
 * new code (付款資訊通知) once, through the SMTP capture. Real app, real simulators.
 */
describe('extra payments: recorded once, staff alerted, refunded by staff; the switched code mailed', () => {
  let t: TestApp;
  let ds: DataSource;
  let smtp: SmtpCapture;
  let base: string;
  let buyer: Shopper;
  let v: TestVariant;
  let make: OrderMaker;
  let owner: AdminSession;
  let staff: AdminSession;

  beforeAll(async () => {
    smtp = await startSmtpCapture({ user: 'shop', pass: 'p@ss word' });
    t = await createTestApp({ CHECKOUT_RATE_LIMIT: '1000', RUN_WORKERS_IN_WEB: 'true', SMTP_URL: smtp.url, MAIL_FROM: '肌研舍 <no-reply@skinshop.test>' }, { listen: true });
    ds = t.app.get(DataSource);
    base = await OrderMaker.baseOf(t);
    [v] = await variants(t.app, 1, 500, 300);
    buyer = await smtpShopper();
    make = new OrderMaker(t, base, buyer, v);
    [owner, staff] = await Promise.all([adminSession(t, 'owner'), adminSession(t, 'staff')]);
  });
  afterAll(async () => {
    await make?.sims.idle();
    await t?.close();
    await smtp?.close();
  });

  /** A member with a complete profile (as checkout-fixtures' shopper), its e-mail code read from the SMTP capture. */
  async function smtpShopper(): Promise<Shopper> {
    const b = new BrowserSession(request.agent(t.http));
    const m = await registerMember(t.app, b);
    const email = `extra-${m.phone}@example.com`;
    expect((await b.post('/api/user/updateUser', { username: '王小明' })).status).toBe(200);
    expect((await b.post('/api/email/send-code', { email })).status).toBe(200);
    await jobsIdle(t.app);
    const code = /驗證碼為\s*(?:<[^>]+>)?(\d{6})/.exec(smtp.received.filter((x) => x.to.includes(email)).at(-1)?.text ?? '')?.[1];
    const updated = await b.post('/api/user/updateEmail', { email, code });
    expect(updated.status).toBe(200);
    return { b, userId: m.userId, phone: m.phone, email };
  }

  const orderRow = async (id: number) => {
    const [o] = await ds.query('SELECT status_name, payment_status, payment, total_amount, refunded_amount FROM orders WHERE id = ?', [id]);
    return { ...o, payment_status: Number(o.payment_status), total_amount: Number(o.total_amount), refunded_amount: Number(o.refunded_amount) } as {
      status_name: string;
      payment_status: number;
      payment: string;
      total_amount: number;
      refunded_amount: number;
    };
  };
  const extrasOf = async (id: number): Promise<ExtraPaymentView[]> => {
    const r = await staff.post('/api/admin/getAdminOrderDetails', { order_id: id });
    expect(r.status).toBe(200);
    return r.body.orderDetails.extraPayments as ExtraPaymentView[];
  };
  const historyOf = async (id: number): Promise<string[]> => {
    const r = await staff.post('/api/admin/getAdminOrderDetails', { order_id: id });
    return (r.body.orderDetails.history as { summary: string }[]).map((h) => h.summary);
  };
  const alertsFor = async (o: PaidOrder, text: string) => {
    await jobsIdle(t.app);
    await t.app.get(JobDriver).whenIdle();
    return make.sims.telegram!.sent().filter((m) => m.text.includes(`#${o.id}（${o.merTradeNo}）`) && m.text.includes(text));
  };
  function signedNotify(inner: Record<string, string | number>): Record<string, string> {
    const p = t.app.get<AppConfig>(APP_CONFIG).providers.payuni;
    return { Status: 'SUCCESS', ...sealEnvelope(p.merId, '1.0', { Status: 'SUCCESS', MerID: p.merId, ...inner }, p.hashKey, p.hashIv) };
  }
  const postNotify = (form: Record<string, string>) => request(t.http).post('/api/payments/payuni/notify').type('form').send(form);

  it('a paid notify after a full refund: the refund kept, recorded once (a replay adds nothing), staff alerted; staff refund it by bank transfer, the order untouched', async () => {
    const o = await make.paid('atm');
    const full = await owner.post('/api/admin/refundOrder', { order_id: o.id, reason: '顧客取消', restock: true, bank: BANK });
    expect(full.status).toBe(200);
    expect(await orderRow(o.id)).toMatchObject({ payment_status: 3, refunded_amount: o.total });

    const late = signedNotify({ MerTradeNo: o.merTradeNo, TradeNo: `LATE-${o.id}`, TradeAmt: o.total, TradeStatus: 1, PaymentType: 2 });
    const r = await postNotify(late);
    expect([r.status, r.text]).toEqual([200, 'OK']);
    expect((await postNotify(late)).status).toBe(200);
    expect(await orderRow(o.id)).toMatchObject({ payment_status: 3, refunded_amount: o.total, total_amount: o.total });

    const rows = await ds.query('SELECT source, method, trade_no, amount, status FROM extra_payments WHERE order_id = ?', [o.id]);
    expect(rows.map((x: { amount: unknown }) => ({ ...x, amount: Number(x.amount) }))).toEqual([{ source: 'after-refund', method: 'atm', trade_no: `LATE-${o.id}`, amount: o.total, status: 'open' }]);
    expect(await alertsFor(o, '全額退款後')).toHaveLength(1);

    const [extra] = await extrasOf(o.id);
    expect(extra).toMatchObject({ source: 'after-refund', source_label: '訂單全額退款後收到的付款', amount: o.total, status: 'open', status_label: '待退款', manual: true });

    // A bank transfer needs the account; refused without it, nothing changes.
    const noBank = await staff.post('/api/admin/refundExtraPayment', { extra_payment_id: extra.id });
    expect([noBank.status, noBank.body.message]).toEqual([400, EXTRA_PAYMENT_MSG.bankRequired]);
    expect((await extrasOf(o.id))[0].status).toBe('open');

    const done = await staff.post('/api/admin/refundExtraPayment', { extra_payment_id: extra.id, bank: BANK });
    expect([done.status, done.body.message]).toEqual([200, EXTRA_PAYMENT_MSG.transferred]);
    expect(done.body.extraPayment).toMatchObject({ id: extra.id, status: 'refunded', status_label: '已退款', refund_method: 'bank-transfer', refunded_by: staff.username });
    expect(done.body.extraPayment.refund_ref).toBe('013-******78901');
    const again = await staff.post('/api/admin/refundExtraPayment', { extra_payment_id: extra.id, bank: BANK });
    expect([again.status, again.body.message]).toEqual([409, EXTRA_PAYMENT_MSG.refunded]);

    expect(await orderRow(o.id)).toMatchObject({ payment_status: 3, refunded_amount: o.total, total_amount: o.total });
    expect((await extrasOf(o.id)).map((x) => x.status)).toEqual(['refunded']);
    expect(await historyOf(o.id)).toEqual(expect.arrayContaining([`額外付款退款 NT$ ${o.total.toLocaleString('en-US')}（銀行轉帳退款）`]));
    // A replay after it was refunded still adds nothing.
    expect((await postNotify(late)).status).toBe(200);
    expect(Number((await ds.query('SELECT COUNT(*) AS n FROM extra_payments WHERE order_id = ?', [o.id]))[0].n)).toBe(1);
    await expectOrderAddsUp(t.app, o.id);
  });

  it('paid twice: the card page of the first attempt paid after the order was paid by its ATM switch → recorded once, staff alerted; staff refund it on that card at PAYUNi', async () => {
    const placed = await make.place('credit');
    // The card page is opened (the trade exists at PAYUNi) but not finished; the member switches to ATM and pays that.
    const go = new URL(placed.form!.go_url, base);
    expect((await request(go.origin).post(go.pathname).type('form').send(placed.form!.body)).status).toBe(200);
    const sw = await buyer.b.post('/api/orders/changePayment', { order_id: placed.id, payment: 'atm', bankCode: '013' });
    expect(sw.status).toBe(200);
    await make.sims.payuni!.settle(`${placed.merTradeNo}R2`, 'paid');
    await make.sims.idle();
    expect(await orderRow(placed.id)).toMatchObject({ status_name: 'paid', payment_status: 1, payment: 'atm' });

    // Now the card is charged too.
    await make.sims.payuni!.settle(placed.merTradeNo, 'paid');
    await make.sims.idle();
    const cardTrade = make.sims.payuni!.trades.get(placed.merTradeNo)!;
    expect(await orderRow(placed.id)).toMatchObject({ payment_status: 1, refunded_amount: 0, total_amount: placed.total });
    const rows = await ds.query('SELECT source, method, mer_trade_no, trade_no, amount FROM extra_payments WHERE order_id = ?', [placed.id]);
    expect(rows.map((x: { amount: unknown }) => ({ ...x, amount: Number(x.amount) }))).toEqual([
      { source: 'paid-twice', method: 'credit', mer_trade_no: placed.merTradeNo, trade_no: cardTrade.tradeNo, amount: placed.total },
    ]);
    // The same notify again (the gateway retries): still one row.
    const replay = signedNotify({ MerTradeNo: placed.merTradeNo, TradeNo: cardTrade.tradeNo, TradeAmt: placed.total, TradeStatus: 1, PaymentType: 1 });
    expect((await postNotify(replay)).status).toBe(200);
    expect(Number((await ds.query('SELECT COUNT(*) AS n FROM extra_payments WHERE order_id = ?', [placed.id]))[0].n)).toBe(1);
    expect(await alertsFor(placed, '又收到另一筆付款')).toHaveLength(1);

    const [extra] = await extrasOf(placed.id);
    expect(extra).toMatchObject({ source: 'paid-twice', method: 'credit', status: 'open', manual: false, amount: placed.total });
    // PAYUNi refuses once: the answer says so, the row stays open with the reason, and staff may try again.
    make.sims.payuni!.failNext({ code: 'QUERY09999', message: '系統維護中' });
    const refused = await owner.post('/api/admin/refundExtraPayment', { extra_payment_id: extra.id });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('系統維護中');
    expect((await extrasOf(placed.id))[0]).toMatchObject({ status: 'open', message: expect.stringContaining('系統維護中') });
    const done = await owner.post('/api/admin/refundExtraPayment', { extra_payment_id: extra.id });
    expect([done.status, done.body.message]).toEqual([200, EXTRA_PAYMENT_MSG.done]);
    expect(done.body.extraPayment).toMatchObject({ status: 'refunded', refund_method: expect.stringMatching(/^credit-(refund|void)$/) });
    // At PAYUNi the card trade was given back, not the ATM payment that paid the order.
    const after = make.sims.payuni!.trades.get(placed.merTradeNo)!;
    expect(after.tradeStatus === 3 || (after.refundAmt ?? 0) === placed.total).toBe(true);
    expect(make.sims.payuni!.trades.get(`${placed.merTradeNo}R2`)!.tradeStatus).toBe(1);
    expect(await orderRow(placed.id)).toMatchObject({ status_name: 'paid', payment_status: 1, refunded_amount: 0 });
    await expectOrderAddsUp(t.app, placed.id);
  });

  it('the old ATM amount paid after 訂單折扣: not a mismatch but an extra payment (once), staff alerted; the order still pays at its new total; staff refund the old amount', async () => {
    const o = await make.place('atm');
    const r = await owner.post('/api/admin/addOrderDiscount', { order_id: o.id, amount: 50, reason: '補償' });
    expect(r.status).toBe(200);
    await make.sims.payuni!.settle(o.merTradeNo, 'paid');
    await make.sims.idle();
    expect(await orderRow(o.id)).toMatchObject({ payment_status: 0, total_amount: o.total - 50 });
    const oldTrade = make.sims.payuni!.trades.get(o.merTradeNo)!;
    const replay = signedNotify({ MerTradeNo: o.merTradeNo, TradeNo: oldTrade.tradeNo, TradeAmt: o.total, TradeStatus: 1, PaymentType: 2 });
    expect((await postNotify(replay)).status).toBe(200);
    const rows = await ds.query('SELECT source, method, trade_no, amount, status FROM extra_payments WHERE order_id = ?', [o.id]);
    expect(rows.map((x: { amount: unknown }) => ({ ...x, amount: Number(x.amount) }))).toEqual([{ source: 'old-amount', method: 'atm', trade_no: oldTrade.tradeNo, amount: o.total, status: 'open' }]);
    const alerts = await alertsFor(o, '改價後');
    expect(alerts).toHaveLength(1);
    expect(alerts[0].text).toContain('【待退款】');

    // The new account pays the order at its new total.
    await make.sims.payuni!.settle(`${o.merTradeNo}R2`, 'paid');
    await make.sims.idle();
    expect(await orderRow(o.id)).toMatchObject({ payment_status: 1, total_amount: o.total - 50, refunded_amount: 0 });

    const [extra] = await extrasOf(o.id);
    expect(extra).toMatchObject({ source: 'old-amount', source_label: '訂單改價後以原金額繳費', amount: o.total, manual: true });
    const done = await staff.post('/api/admin/refundExtraPayment', { extra_payment_id: extra.id, bank: BANK });
    expect(done.status).toBe(200);
    expect(done.body.extraPayment.status).toBe('refunded');
    expect(await orderRow(o.id)).toMatchObject({ payment_status: 1, refunded_amount: 0, total_amount: o.total - 50 });
    await expectOrderAddsUp(t.app, o.id);
  });

  it('two staff refunding the same extra payment at once: one refund, the other refused (409)', async () => {
    const o = await make.paid('atm');
    expect((await owner.post('/api/admin/refundOrder', { order_id: o.id, reason: '顧客取消', restock: true, bank: BANK })).status).toBe(200);
    expect((await postNotify(signedNotify({ MerTradeNo: o.merTradeNo, TradeNo: `RACE-${o.id}`, TradeAmt: o.total, TradeStatus: 1, PaymentType: 2 }))).status).toBe(200);
    const [extra] = await extrasOf(o.id);
    const answers = await Promise.all([staff.post('/api/admin/refundExtraPayment', { extra_payment_id: extra.id, bank: BANK }), owner.post('/api/admin/refundExtraPayment', { extra_payment_id: extra.id, bank: BANK })]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect((await extrasOf(o.id)).map((x) => x.status)).toEqual(['refunded']);
    const audits = await ds.query("SELECT COUNT(*) AS n FROM audit_logs WHERE action = 'order.extra-payment-refund' AND entity_id = ?", [String(o.id)]);
    expect(Number(audits[0].n)).toBe(1);
  });

  it('refusals: an unknown extra payment 404, bad input 400, editors 403', async () => {
    expect((await staff.post('/api/admin/refundExtraPayment', { extra_payment_id: 999999 })).status).toBe(404);
    expect((await staff.post('/api/admin/refundExtraPayment', { extra_payment_id: 'abc' })).status).toBe(400);
    expect((await staff.post('/api/admin/refundExtraPayment', { extra_payment_id: 1, bank: { bank_code: '1', account: 'x', name: '' } })).status).toBe(400);
    const editor = await adminSession(t, 'editor');
    expect((await editor.post('/api/admin/refundExtraPayment', { extra_payment_id: 1, bank: BANK })).status).toBe(403);
  });

  it('a failed card order switched to ATM: the new account is mailed (付款資訊通知) once, with the code and the amount', async () => {
    const placed = await make.place('credit');
    const go = new URL(placed.form!.go_url, base);
    expect((await request(go.origin).post(go.pathname).type('form').send(placed.form!.body)).status).toBe(200);
    await make.sims.payuni!.settle(placed.merTradeNo, 'failed');
    await make.sims.idle();
    expect(await orderRow(placed.id)).toMatchObject({ status_name: 'pending', payment_status: 2 });
    const sw = await buyer.b.post('/api/orders/changePayment', { order_id: placed.id, payment: 'atm', bankCode: '822' });
    expect(sw.status).toBe(200);
    const [{ payment_code: code }] = await ds.query('SELECT payment_code FROM orders WHERE id = ?', [placed.id]);
    expect(code).toMatch(/^822-\d+$/);
    await jobsIdle(t.app);
    await t.app.get(JobDriver).whenIdle();
    const mails = () => smtp.received.filter((m) => m.subject.endsWith(`付款資訊通知 #${placed.id}`));
    expect(mails()).toHaveLength(1);
    const [mail] = mails();
    expect(mail.to).toContain(buyer.email);
    expect(mail.text).toContain(String(code).split('-')[1]);
    expect(mail.text).toContain(`NT$ ${placed.total.toLocaleString('en-US')}`);
    expect(mail.text).not.toContain('訂單金額已調整');
    const ledger = await ds.query('SELECT kind FROM order_messages WHERE order_id = ?', [placed.id]);
    expect(ledger.map((m: { kind: string }) => m.kind)).toContain(`mail.new-code:${placed.merTradeNo}R2`);
    // Nothing more is sent by later job runs.
    await t.app.get(JobDriver).whenIdle();
    expect(mails()).toHaveLength(1);
  });
});
