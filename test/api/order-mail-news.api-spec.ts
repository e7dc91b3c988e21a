import { DataSource } from 'typeorm';
import { JobDriver } from '../../src/jobs/job-queue';
import { JobName } from '../../src/jobs/job-types';
import type { EmbeddedSimulators } from '../../src/integrations/providers/embedded-simulators';
import { SIMULATORS } from '../../src/integrations/providers/provider-tokens';
import { outboxFor } from '../../src/modules/auth/testing/browser-session';
import { adminSession, type AdminSession } from '../helpers/admin';
import { createTestApp, TestApp } from '../helpers/test-app';
import { feeFor, homeCod, jobsIdle, shippingMethod, shopper, submit, variants, type Shopper, type TestVariant } from './checkout-fixtures';

jest.setTimeout(120_000);

const STORE = { store_id: '155139', store_name: '信義<b>松仁</b>門市', store_addr: '台北市信義區松仁路58號', city: '', district: '', zip: '', street: '' };
const ntd = (n: number) => `NT$ ${n.toLocaleString('en-US')}`;

/**
 * The order e-mails of issue 22 §6 end to end, in the shop's layout: the parcel shipped (its
 * PAYUNi ticket made → order.shipped), at the store and picked up (PAYUNi's status notifies from
 * the simulator → order.at-store / order.delivered →
 * `mail.order-news` in the same transaction), and a member's cancel (order.cancelled) — each to
 * the order's e-mail, once per order and kind (order_messages), with the item table and totals.
 */
describe('order e-mails of the parcel steps and the cancel (issue 22 §6)', () => {
  let t: TestApp;
  let sims: EmbeddedSimulators;
  let buyer: Shopper;
  let v: TestVariant;
  let staff: AdminSession;
  let seq = 0;

  beforeAll(async () => {
    t = await createTestApp({ CHECKOUT_RATE_LIMIT: '1000' }, { listen: true });
    sims = t.app.get<EmbeddedSimulators>(SIMULATORS);
    [v] = await variants(t.app, 1, 1000, 300);
    buyer = await shopper(t);
    staff = await adminSession(t, 'staff');
  });
  afterAll(async () => {
    await sims?.idle();
    await t?.close();
  });

  async function place(extra: Record<string, unknown>, quantity = 2): Promise<{ id: number; merTradeNo: string; total: number }> {
    const m = await shippingMethod(t.app, Number(extra.shipping ?? 4));
    const total = v.price * quantity + feeFor(m, v.price * quantity);
    const r = await submit(buyer, homeCod(buyer, [{ v, quantity }], total, extra), `news-${Date.now()}-${++seq}`);
    if (r.status !== 200) throw new Error(`submitOrder: ${r.status} ${JSON.stringify(r.body)}`);
    const { order_id: id, MerTradeNo: merTradeNo } = r.body.resData as { order_id: number; MerTradeNo: string };
    await jobsIdle(t.app);
    return { id, merTradeNo, total };
  }
  const mails = async (what: string, id: number) => (await outboxFor(t.app, buyer.email)).filter((m) => m.subject === `【肌研舍股份有限公司】${what} #${id}`);
  async function kinds(id: number): Promise<string[]> {
    const rows: { kind: string }[] = await t.app.get(DataSource).query('SELECT kind FROM order_messages WHERE order_id = ? ORDER BY kind', [id]);
    return rows.map((r) => r.kind);
  }

  it('a 7-11 parcel: 訂單出貨通知 once shipped, 包裹到店通知 at the store, 訂單送達通知 on pickup, each once, with the items and the store escaped', async () => {
    const o = await place({ shipping: 1, ...STORE });
    const ticket = await staff.post('/api/admin/createShippingOrder', { order_id: o.id });
    expect(ticket.status).toBe(200);
    await jobsIdle(t.app);
    const shipTradeNo = ticket.body.ticket.ship_trade_no as string;
    // The ticket made: the order is shipped (order.shipped) and the buyer has 訂單出貨通知 with the shipment number.
    const shippedMail = await mails('訂單出貨通知', o.id);
    expect(shippedMail).toHaveLength(1);
    expect(shippedMail[0].body).toContain('您的訂單已出貨');
    expect(shippedMail[0].body).toContain(shipTradeNo);
    const payuni = sims.payuni!;
    await payuni.advanceShipment(shipTradeNo, '32');
    await jobsIdle(t.app);

    const atStore = await mails('包裹到店通知', o.id);
    expect(atStore).toHaveLength(1);
    const html = atStore[0].body;
    expect(html).toContain('您的包裹已送達取貨門市「信義&lt;b&gt;松仁&lt;/b&gt;門市」');
    expect(html).toContain(`並於取貨時付款 ${ntd(o.total)}`);
    expect(html).not.toContain('<b>');
    // The item table: 商品 / 數量 / 單價 / 小計 in cells of their own, then 訂單總額.
    expect(html).toMatch(/>商品<\/th>[\s\S]*>數量<\/th>[\s\S]*>單價<\/th>[\s\S]*>小計<\/th>/);
    expect(html).toMatch(new RegExp(`>2</td>\\s*<td[^>]*>${ntd(v.price).replace('$', '\\$')}</td>\\s*<td[^>]*>${ntd(v.price * 2).replace('$', '\\$')}</td>`));
    expect(html).toContain(ntd(o.total));
    expect(html).toContain(`/paymentSlip?MerTradeNo=${o.merTradeNo}`);

    await payuni.advanceShipment(shipTradeNo, '11');
    await jobsIdle(t.app);
    const delivered = await mails('訂單送達通知', o.id);
    expect(delivered).toHaveLength(1);
    expect(delivered[0].body).toContain('您的包裹已取貨完成');
    expect(delivered[0].body).toContain('7 天鑑賞期');

    // Re-runs of the jobs send nothing more.
    const jobs = t.app.get(JobDriver, { strict: false });
    await jobs.add(JobName.MailOrderNews, { orderId: o.id, kind: 'at-store' }, { jobId: `mail-news:at-store:${o.id}:again` });
    await jobs.add(JobName.MailOrderNews, { orderId: o.id, kind: 'delivered' }, { jobId: `mail-news:delivered:${o.id}:again` });
    await jobsIdle(t.app);
    expect(await mails('包裹到店通知', o.id)).toHaveLength(1);
    expect(await mails('訂單送達通知', o.id)).toHaveLength(1);
    expect(await kinds(o.id)).toEqual(expect.arrayContaining(['mail.at-store', 'mail.confirmation', 'mail.delivered', 'mail.shipped']));
    expect(await mails('訂單出貨通知', o.id)).toHaveLength(1);
  });

  it('a member cancels an unpaid ATM order: one 訂單取消通知 (nothing to pay), the lines and the total', async () => {
    const o = await place({ payment: 'atm', bankCode: '013' }, 1);
    const r = await buyer.b.post('/api/order/cancelOrder', { order_id: o.id });
    expect(r.body).toMatchObject({ success: true, status_name: 'cancelled' });
    await jobsIdle(t.app);
    const sent = await mails('訂單取消通知', o.id);
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toContain('您的訂單已取消');
    expect(sent[0].body).toContain('此訂單未付款，不會向您收取任何費用');
    expect(sent[0].body).toContain(v.title.replace(/&/g, '&amp;').replace(/</g, '&lt;'));
    expect(sent[0].body).toContain(`訂單總額`);
    expect(sent[0].body).toContain(ntd(o.total));
    expect(await kinds(o.id)).toContain('mail.cancelled');

    // The job again: the ledger keeps it to one mail.
    await t.app.get(JobDriver, { strict: false }).add(JobName.MailOrderNews, { orderId: o.id, kind: 'cancelled' }, { jobId: `mail-news:cancelled:${o.id}:again` });
    await jobsIdle(t.app);
    expect(await mails('訂單取消通知', o.id)).toHaveLength(1);
  });

  it('no cancel mail for an order that is not cancelled (a stray job)', async () => {
    const o = await place({}, 1);
    await t.app.get(JobDriver, { strict: false }).add(JobName.MailOrderNews, { orderId: o.id, kind: 'cancelled' }, { jobId: `mail-news:cancelled:${o.id}:stray` });
    await jobsIdle(t.app);
    expect(await mails('訂單取消通知', o.id)).toHaveLength(0);
    expect(await kinds(o.id)).not.toContain('mail.cancelled');
  });
});
