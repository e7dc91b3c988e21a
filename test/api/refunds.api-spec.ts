import request from 'supertest';
import { DataSource } from 'typeorm';
import { ADMIN_MSG, DEFAULT_STAFF_REFUND_LIMIT, REFUND_MSG, refundOverMessage } from '../../src/common/validation/admin';
import type { PayuniGateway } from '../../src/integrations/payuni/payuni-gateway';
import { PAYUNI_GATEWAY } from '../../src/integrations/providers/provider-tokens';
import { Refund } from '../../src/modules/refunds/entities/refund.entity';
import { REFUND_SETTLE_EVERY_MS, RefundSettleProcessor } from '../../src/modules/refunds/refund-settle.processor';
import { Refunds } from '../../src/modules/refunds/refunds.service';
import { outboxFor } from '../../src/modules/auth/testing/browser-session';
import { adminSession } from '../helpers/admin';
import { createTestApp, TestApp } from '../helpers/test-app';
import { expectRefundsAddUp } from '../helpers/order-invariants';
import { jobsIdle, shopper, stockOf, variants, type Shopper, type TestVariant } from './checkout-fixtures';
import { OrderMaker } from './refund-fixtures';

jest.setTimeout(120_000);

type Session = Awaited<ReturnType<typeof adminSession>>;

const BANK = { bank_code: '013', account: '123456789012', name: '王小明' };

describe('refunds: POST /api/admin/refundOrder per payment method, idempotency, races, the staff limit, audit', () => {
  let t: TestApp;
  let ds: DataSource;
  let base: string;
  let buyer: Shopper;
  let v: TestVariant;
  let make: OrderMaker;
  let owner: Session;
  let staff: Session;
  let editor: Session;
  let payuni: PayuniGateway;

  beforeAll(async () => {
    t = await createTestApp({ CHECKOUT_RATE_LIMIT: '1000' }, { listen: true });
    ds = t.app.get(DataSource);
    base = await OrderMaker.baseOf(t);
    [v] = await variants(t.app, 1, 500, 300);
    buyer = await shopper(t);
    make = new OrderMaker(t, base, buyer, v);
    payuni = t.app.get<PayuniGateway>(PAYUNI_GATEWAY);
    owner = await adminSession(t, 'owner');
    staff = await adminSession(t, 'staff');
    editor = await adminSession(t, 'editor');
  });
  afterAll(async () => {
    await make?.sims.idle();
    await t?.close();
  });

  const refund = (who: Session, body: Record<string, unknown>, key?: string) => {
    let req = who.agent.post('/api/admin/refundOrder').set('X-CSRF-Token', who.csrf);
    if (key) req = req.set('Idempotency-Key', key);
    return req.send(body);
  };
  const simTrade = (merTradeNo: string) => make.sims.payuni!.trades.get(merTradeNo)!;

  it('refuses visitors (401), members (401) and editors (403); unknown orders 404; unpaid orders 409', async () => {
    const visitor = await request(t.http).post('/api/admin/refundOrder').send({ order_id: 1, reason: 'x', restock: false });
    expect([401, 403]).toContain(visitor.status);
    const asMember = await buyer.b.post('/api/admin/refundOrder', { order_id: 1, reason: 'x', restock: false });
    expect([401, 403]).toContain(asMember.status);
    const asEditor = await refund(editor, { order_id: 1, reason: 'x', restock: false });
    expect(asEditor.status).toBe(403);
    expect(asEditor.body).toEqual({ success: false, message: ADMIN_MSG.forbidden });

    const unknown = await refund(owner, { order_id: 999999, reason: '測試', restock: false });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ success: false, message: REFUND_MSG.orderNotFound });

    const unpaid = await make.place('credit');
    const r = await refund(owner, { order_id: unpaid.id, reason: '測試', restock: false });
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ success: false, message: REFUND_MSG.notPaid });

    const bad = await refund(owner, { order_id: unpaid.id, reason: '  ', restock: false });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(REFUND_MSG.reasonRequired);
    const badAmount = await refund(owner, { order_id: unpaid.id, reason: '測試', restock: false, amount: 0 });
    expect(badAmount.status).toBe(400);
    expect(badAmount.body.message).toBe(REFUND_MSG.amountInvalid);
  });

  it('credit before capture, whole amount: trade/cancel (credit-void); the order cancelled and refunded, stock back, invoice voided, audited', async () => {
    const stock0 = await stockOf(t.app, v.variantId);
    const o = await make.paid('credit', 2);
    expect(await stockOf(t.app, v.variantId)).toBe(stock0 - 2);
    expect(simTrade(o.merTradeNo).closeStatus).toBe(1);

    const r = await refund(owner, { order_id: o.id, reason: '顧客取消', restock: true });
    expect(r.status).toBe(200);
    expect(r.body.success).toBe(true);
    expect(r.body.refund).toMatchObject({ order_id: o.id, amount: o.total, method: 'credit-void', status: 'done', reason: '顧客取消', restock: true, bank: null });
    expect(r.body.refund.created_by).toBe(owner.username);
    expect(simTrade(o.merTradeNo)).toMatchObject({ tradeStatus: 3, closeStatus: 9 });

    expect(await make.order(o.id)).toMatchObject({ status_name: 'cancelled', payment_status: 3, refunded_amount: o.total });
    expect(await stockOf(t.app, v.variantId)).toBe(stock0);
    expect(await make.outboxJobs()).toContain(`invoice-void.${o.id}`);
    expect(await make.auditActions(o.id)).toEqual(expect.arrayContaining(['order.refund', 'order.refund-result']));
    // The buyer hears about it (once).
    const mails = (await outboxFor(t.app, buyer.email)).filter((m) => (m.subject ?? '').includes('退款通知'));
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toContain(`#${o.id}`);
    expect(mails[0].body).toContain(`NT$ ${o.total.toLocaleString('en-US')}`);
    expect(mails[0].body).toContain('取消信用卡授權');

    // Nothing left: a second refund is refused.
    const again = await refund(owner, { order_id: o.id, reason: '再退一次', restock: false });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(REFUND_MSG.alreadyRefunded);
    // Listed for the admin order details.
    const list = await t.app.get(Refunds).listForOrder(o.id);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: r.body.refund.id, status: 'done' });
    expect((await expectRefundsAddUp(t.app, o.id, o.total)).refundedAmount).toBe(o.total);
  });

  it('credit after capture: a part (trade/close CloseType 2, allowance noted, order stays paid), then the rest → refunded; the invoice is not voided after a part', async () => {
    const o = await make.paid('credit', 2);
    const trade = simTrade(o.merTradeNo);
    await payuni.tradeClose({ tradeNo: trade.tradeNo, closeType: 1, tradeAmt: trade.tradeAmt });
    expect(trade.closeStatus).toBe(2);

    const part = await refund(owner, { order_id: o.id, amount: 100, reason: '部分退款', restock: false });
    expect(part.status).toBe(200);
    expect(part.body.refund).toMatchObject({ amount: 100, method: 'credit-refund', status: 'done' });
    expect(part.body.message).toContain(REFUND_MSG.allowanceNeeded);
    expect(trade.refundAmt).toBe(100);
    expect(await make.order(o.id)).toMatchObject({ status_name: 'paid', payment_status: 1, refunded_amount: 100 });

    const over = await refund(owner, { order_id: o.id, amount: o.total, reason: '超過', restock: false });
    expect(over.status).toBe(409);
    // Refused on the field, never clamped (a typed 99999 once refunded the whole order).
    const overText = refundOverMessage(o.total - 100);
    expect(overText).toBe(`超過可退金額（最多 NT$ ${(o.total - 100).toLocaleString('en-US')}）`);
    expect(over.body).toMatchObject({ success: false, message: overText, errors: [{ field: 'amount', message: overText }], refundable: o.total - 100 });
    const typo = await refund(owner, { order_id: o.id, amount: 99999, reason: '打錯', restock: false });
    expect(typo.status).toBe(409);
    expect(typo.body.errors).toEqual([{ field: 'amount', message: overText }]);
    expect(await make.order(o.id)).toMatchObject({ payment_status: 1, refunded_amount: 100 });

    const rest = await refund(owner, { order_id: o.id, reason: '其餘退款', restock: false });
    expect(rest.status).toBe(200);
    expect(rest.body.refund).toMatchObject({ amount: o.total - 100, method: 'credit-refund', status: 'done' });
    expect(trade.refundAmt).toBe(o.total);
    expect(await make.order(o.id)).toMatchObject({ status_name: 'cancelled', payment_status: 3, refunded_amount: o.total });
    expect(await make.outboxJobs()).not.toContain(`invoice-void.${o.id}`);
    expect((await expectRefundsAddUp(t.app, o.id, o.total)).refunds.map((x) => x.amount)).toEqual([100, o.total - 100]);
  });

  it('credit before capture, a part: captured then refunded (credit-refund)', async () => {
    const o = await make.paid('credit');
    const r = await refund(owner, { order_id: o.id, amount: 50, reason: '少寄一件贈品', restock: false });
    expect(r.status).toBe(200);
    expect(r.body.refund).toMatchObject({ method: 'credit-refund', status: 'done', amount: 50 });
    expect(simTrade(o.merTradeNo)).toMatchObject({ closeStatus: 2, refundAmt: 50, tradeStatus: 1 });
    expect(await make.order(o.id)).toMatchObject({ payment_status: 1, refunded_amount: 50 });
    await expectRefundsAddUp(t.app, o.id, o.total);
  });

  it('a gateway refusal: the refund is failed (409 with the row), the order unchanged; a later try succeeds', async () => {
    const o = await make.paid('credit');
    const trade = simTrade(o.merTradeNo);
    await payuni.tradeClose({ tradeNo: trade.tradeNo, closeType: 1, tradeAmt: trade.tradeAmt });
    // PAYUNi refuses the close (as if the card had been refunded elsewhere): CLOSE03004.
    trade.refundAmt = trade.tradeAmt;
    const failed = await refund(owner, { order_id: o.id, reason: '退款', restock: false }, 'modal-key-1');
    expect(failed.status).toBe(409);
    expect(failed.body.success).toBe(false);
    expect(failed.body.message).toContain(REFUND_MSG.refundFailed);
    expect(failed.body.refund).toMatchObject({ status: 'failed', amount: o.total });
    expect(failed.body.message).toContain('CLOSE03004');
    expect(await make.order(o.id)).toMatchObject({ payment_status: 1, refunded_amount: 0 });

    trade.refundAmt = 0;
    // The same screen tries again with its key: a failed attempt moved nothing, so it runs again.
    const ok = await refund(owner, { order_id: o.id, reason: '退款', restock: false }, 'modal-key-1');
    expect(ok.status).toBe(200);
    expect(ok.body.refund).toMatchObject({ status: 'done', method: 'credit-refund' });
    expect(ok.body.refund.id).not.toBe(failed.body.refund.id);
    expect(trade.refundAmt).toBe(o.total);
    const again = await refund(owner, { order_id: o.id, reason: '退款', restock: false }, 'modal-key-1');
    expect(again.status).toBe(200);
    expect(again.body.refund.id).toBe(ok.body.refund.id);
    expect((await t.app.get(Refunds).listForOrder(o.id)).map((r) => r.status)).toEqual(['failed', 'done']);
    expect((await expectRefundsAddUp(t.app, o.id, o.total)).refundedAmount).toBe(o.total);
  });

  it('LINE Pay: refunded through its refund API (linepay)', async () => {
    const o = await make.paid('linepay');
    const r = await refund(owner, { order_id: o.id, reason: 'LINE Pay 退款', restock: false });
    expect(r.status).toBe(200);
    expect(r.body.refund).toMatchObject({ method: 'linepay', status: 'done', amount: o.total });
    const txId = make.sims.linepay!.transactionOf(o.merTradeNo)!;
    const tx = make.sims.linepay!.transactions.get(txId)!;
    expect(tx.refunds.reduce((s, x) => s + x.amount, 0)).toBe(o.total);
    expect(await make.order(o.id)).toMatchObject({ payment_status: 3, status_name: 'cancelled' });
    await expectRefundsAddUp(t.app, o.id, o.total);
  });

  it('ATM and CVS: bank details required; recorded as a manual bank transfer with the account masked', async () => {
    const o = await make.paid('atm');
    const none = await refund(owner, { order_id: o.id, reason: '退款', restock: false });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe(REFUND_MSG.bankRequired);
    const badBank = await refund(owner, { order_id: o.id, reason: '退款', restock: false, bank: { ...BANK, account: '12ab' } });
    expect(badBank.status).toBe(400);
    expect(badBank.body.message).toBe(REFUND_MSG.bankAccountInvalid);

    const r = await refund(owner, { order_id: o.id, reason: '退款', restock: false, bank: BANK });
    expect(r.status).toBe(200);
    expect(r.body.refund).toMatchObject({ method: 'bank-transfer', status: 'manual', bank: { bank_code: '013', account: '*******89012', name: '王小明' } });
    expect(JSON.stringify(r.body)).not.toContain('123456789012');
    expect(r.body.message).toContain(REFUND_MSG.manualRecorded);
    const notice = (await outboxFor(t.app, buyer.email)).find((m) => (m.subject ?? '').includes(`退款通知 #${o.id}`));
    expect(notice?.body).toContain('帳號末五碼 89012');
    expect(notice?.body).not.toContain('123456789012');
    expect(await make.order(o.id)).toMatchObject({ payment_status: 3, status_name: 'cancelled' });

    // The transfer: the full account for whoever makes it (audited), then marked done once.
    const acct = await staff.post('/api/admin/refundBankAccount', { refund_id: r.body.refund.id });
    expect(acct.body).toEqual({ success: true, bank: { bank_code: '013', account: '123456789012', name: '王小明' } });
    const byEditor = await editor.post('/api/admin/refundBankAccount', { refund_id: r.body.refund.id });
    expect(byEditor.status).toBe(403);
    const done = await staff.post('/api/admin/completeManualRefund', { refund_id: r.body.refund.id });
    expect(done.body).toMatchObject({ success: true, message: REFUND_MSG.manualDone, refund: { status: 'done', bank: { account: '*******89012' } } });
    const twice = await staff.post('/api/admin/completeManualRefund', { refund_id: r.body.refund.id });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(REFUND_MSG.notManual);
    expect(await make.auditActions(o.id)).toEqual(['order.refund', 'order.refund-view-account', 'order.refund-transferred']);

    const c = await make.paid('cvs');
    const rc = await refund(owner, { order_id: c.id, amount: 10, reason: '部分', restock: false, bank: BANK });
    expect(rc.body.refund).toMatchObject({ method: 'bank-transfer', status: 'manual', amount: 10 });
    expect(await make.order(c.id)).toMatchObject({ payment_status: 1, refunded_amount: 10 });
    await expectRefundsAddUp(t.app, o.id, o.total);
    await expectRefundsAddUp(t.app, c.id, c.total);
  });

  it('cash on delivery (collected): manual, with bank details; a shipped order fully refunded becomes returned', async () => {
    const o = await make.paid('cod');
    await ds.query("UPDATE orders SET status_name = 'shipped' WHERE id = ?", [o.id]);
    const r = await refund(owner, { order_id: o.id, reason: '退貨退款', restock: true, bank: BANK });
    expect(r.status).toBe(200);
    expect(r.body.refund).toMatchObject({ method: 'cod', status: 'manual', restock: true });
    expect(await make.order(o.id)).toMatchObject({ payment_status: 3, status_name: 'returned' });
    await expectRefundsAddUp(t.app, o.id, o.total);
  });

  it('a payment that arrived after the order was cancelled (the refund queue) refunds the same; its stock is not returned twice', async () => {
    const o = await make.place('atm');
    const cancel = await buyer.b.post('/api/order/cancelOrder', { order_id: o.id });
    expect(cancel.status).toBe(200);
    const stockAfterCancel = await stockOf(t.app, v.variantId);
    await make.sims.payuni!.settle(o.merTradeNo, 'paid');
    expect(await make.order(o.id)).toMatchObject({ status_name: 'cancelled', payment_status: 1 });

    const r = await refund(owner, { order_id: o.id, reason: '取消後付款', restock: true, bank: BANK });
    expect(r.status).toBe(200);
    expect(r.body.refund).toMatchObject({ status: 'manual', restock: false });
    expect(await make.order(o.id)).toMatchObject({ status_name: 'cancelled', payment_status: 3 });
    expect(await stockOf(t.app, v.variantId)).toBe(stockAfterCancel);
    await expectRefundsAddUp(t.app, o.id, o.total);
  });

  it('idempotent: the same Idempotency-Key answers the same refund; a double click without a key makes one refund', async () => {
    const o = await make.paid('credit');
    const trade = simTrade(o.merTradeNo);
    await payuni.tradeClose({ tradeNo: trade.tradeNo, closeType: 1, tradeAmt: trade.tradeAmt });
    const a = await refund(owner, { order_id: o.id, amount: 30, reason: '重送', restock: false }, 'refund-key-1');
    const b = await refund(owner, { order_id: o.id, amount: 30, reason: '重送', restock: false }, 'refund-key-1');
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(b.body.refund.id).toBe(a.body.refund.id);
    expect(trade.refundAmt).toBe(30);

    const [c, d] = await Promise.all([
      refund(owner, { order_id: o.id, amount: 40, reason: '連點', restock: false }),
      refund(owner, { order_id: o.id, amount: 40, reason: '連點', restock: false }),
    ]);
    expect([c.status, d.status].sort()).toEqual([200, 200]);
    expect(c.body.refund.id).toBe(d.body.refund.id);
    // Settled once the first answer is in.
    await refund(owner, { order_id: o.id, amount: 40, reason: '連點', restock: false });
    expect(trade.refundAmt).toBe(70);
    expect(await make.order(o.id)).toMatchObject({ refunded_amount: 70 });
    const rows = await ds.query('SELECT COUNT(*) AS n FROM refunds WHERE order_id = ?', [o.id]);
    expect(Number(rows[0].n)).toBe(2);
    await expectRefundsAddUp(t.app, o.id, o.total);
  });

  it('race: concurrent refunds of one order never add up to more than was paid', async () => {
    for (const method of ['atm', 'credit'] as const) {
      const o = await make.paid(method);
      if (method === 'credit') {
        const trade = simTrade(o.merTradeNo);
        await payuni.tradeClose({ tradeNo: trade.tradeNo, closeType: 1, tradeAmt: trade.tradeAmt });
      }
      const part = Math.ceil(o.total * 0.4);
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) => refund(owner, { order_id: o.id, amount: part, reason: `同時退款 ${i}`, restock: false, ...(method === 'atm' ? { bank: BANK } : {}) }, `race-${method}-${o.id}-${i}`)),
      );
      for (const a of answers) expect([200, 409]).toContain(a.status);
      const okCount = answers.filter((a) => a.status === 200).length;
      expect(okCount).toBeGreaterThanOrEqual(1);
      expect(okCount).toBeLessThanOrEqual(2);
      const done: { s: number | null }[] = await ds.query("SELECT SUM(amount) AS s FROM refunds WHERE order_id = ? AND status IN ('done', 'manual')", [o.id]);
      const sum = Number(done[0].s ?? 0);
      expect(sum).toBeLessThanOrEqual(o.total);
      expect(sum).toBe(okCount * part);
      expect((await make.order(o.id)).refunded_amount).toBe(sum);
      if (method === 'credit') expect(simTrade(o.merTradeNo).refundAmt).toBe(sum);
      await expectRefundsAddUp(t.app, o.id, o.total);
    }
  });

  it('staff refund up to the owner-set limit (settings STAFF_REFUND_LIMIT, for the order in total); above it 403; owners have none', async () => {
    expect((await staff.get('/api/admin/refundSettings')).body).toEqual({ success: true, staffRefundLimit: DEFAULT_STAFF_REFUND_LIMIT });
    const byStaff = await staff.post('/api/admin/updateRefundSettings', { staffRefundLimit: 100000 });
    expect(byStaff.status).toBe(403);
    const bad = await owner.post('/api/admin/updateRefundSettings', { staffRefundLimit: -1 });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(REFUND_MSG.limitInvalid);
    const set = await owner.post('/api/admin/updateRefundSettings', { staffRefundLimit: 100 });
    expect(set.body).toEqual({ success: true, message: REFUND_MSG.limitUpdated, staffRefundLimit: 100 });
    expect((await staff.get('/api/admin/refundSettings')).body.staffRefundLimit).toBe(100);
    const audited: { action: string }[] = await ds.query("SELECT action FROM audit_logs WHERE entity = 'setting' AND entity_id = 'STAFF_REFUND_LIMIT'");
    expect(audited.map((a) => a.action)).toEqual(['settings.staff-refund-limit']);
    try {
      const o = await make.paid('atm');
      const over = await refund(staff, { order_id: o.id, amount: 101, reason: '退款', restock: false, bank: BANK });
      expect(over.status).toBe(403);
      expect(over.body).toMatchObject({ success: false, message: REFUND_MSG.overStaffLimit, limit: 100 });
      const ok = await refund(staff, { order_id: o.id, amount: 60, reason: '退款', restock: false, bank: BANK });
      expect(ok.status).toBe(200);
      expect(ok.body.refund.created_by).toBe(staff.username);
      // Split refunds count together.
      const split = await refund(staff, { order_id: o.id, amount: 60, reason: '再退', restock: false, bank: BANK });
      expect(split.status).toBe(403);
      const byOwner = await refund(owner, { order_id: o.id, reason: '其餘由擁有者退', restock: false, bank: BANK });
      expect(byOwner.status).toBe(200);
      expect(await make.order(o.id)).toMatchObject({ payment_status: 3 });
      await expectRefundsAddUp(t.app, o.id, o.total);
    } finally {
      await ds.query("DELETE FROM settings WHERE s_key = 'STAFF_REFUND_LIMIT'");
    }
  });

  it('a refund whose gateway answer was lost stays pending, blocks other refunds of the order, and is settled by asking the gateway', async () => {
    const o = await make.paid('credit');
    const trade = simTrade(o.merTradeNo);
    await payuni.tradeClose({ tradeNo: trade.tradeNo, closeType: 1, tradeAmt: trade.tradeAmt });
    const old = new Date(Date.now() - 5 * 60_000);
    const insertPending = (key: string, amount: number) =>
      ds.getRepository(Refund).save({ order_id: o.id, refund_key: key, amount, method: 'credit-refund', status: 'pending', reason: '遺失的回應', created_by: owner.id, created_by_name: owner.username, created_at: old });
    // The call went through at PAYUNi, but its answer never came back.
    const lost = await insertPending('lost-1', 100);
    await payuni.tradeClose({ tradeNo: trade.tradeNo, closeType: 2, tradeAmt: 100 });
    const next = await refund(owner, { order_id: o.id, amount: 50, reason: '下一筆', restock: false });
    expect(next.status).toBe(200);
    expect(next.body.refund).toMatchObject({ status: 'done', amount: 50 });
    expect((await ds.getRepository(Refund).findOneByOrFail({ id: lost.id })).status).toBe('done');
    expect(await make.order(o.id)).toMatchObject({ refunded_amount: 150 });
    expect(trade.refundAmt).toBe(150);

    // A call that never reached PAYUNi: the gateway shows nothing more, so it is failed and the next one goes ahead.
    const never = await insertPending('lost-2', 70);
    const after = await refund(owner, { order_id: o.id, amount: 20, reason: '再下一筆', restock: false });
    expect(after.status).toBe(200);
    expect((await ds.getRepository(Refund).findOneByOrFail({ id: never.id })).status).toBe('failed');
    expect(await make.order(o.id)).toMatchObject({ refunded_amount: 170 });

    // Without staff: the repeatable settle job asks the gateway about old pending refunds.
    const orphan = await insertPending('lost-3', 30);
    await payuni.tradeClose({ tradeNo: trade.tradeNo, closeType: 2, tradeAmt: 30 });
    await t.app.get(RefundSettleProcessor).schedule(new Date(Date.now() + 10 * REFUND_SETTLE_EVERY_MS));
    await jobsIdle(t.app);
    expect((await ds.getRepository(Refund).findOneByOrFail({ id: orphan.id })).status).toBe('done');
    expect(await make.order(o.id)).toMatchObject({ refunded_amount: 200 });

    // A pending refund younger than a minute may still be running elsewhere: others wait.
    await ds.getRepository(Refund).save({ order_id: o.id, refund_key: 'running', amount: 10, method: 'credit-refund', status: 'pending', reason: '進行中', created_by: owner.id, created_by_name: owner.username });
    const blocked = await refund(owner, { order_id: o.id, amount: 5, reason: '被擋', restock: false });
    expect(blocked.status).toBe(409);
    expect(blocked.body.message).toBe(REFUND_MSG.refundInProgress);
  });

  it('audit: each refund is recorded with who, the amount and the method', async () => {
    const o = await make.paid('atm');
    await refund(staff, { order_id: o.id, amount: 20, reason: '稽核', restock: false, bank: BANK });
    const rows: { admin_username: string; action: string; changes: unknown; summary: string }[] = await ds.query(
      "SELECT admin_username, action, changes, summary FROM audit_logs WHERE entity = 'order' AND entity_id = ? ORDER BY id",
      [String(o.id)],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ admin_username: staff.username, action: 'order.refund' });
    expect(rows[0].summary).toContain('NT$ 20');
    const changes = typeof rows[0].changes === 'string' ? JSON.parse(rows[0].changes) : rows[0].changes;
    expect(changes).toMatchObject({ amount: [null, 20], method: [null, 'bank-transfer'] });
    expect(JSON.stringify(changes)).not.toContain('123456789012');
  });
});
