import { stringify } from 'csv-stringify/sync';
import { parse } from 'csv-parse/sync';
import request from 'supertest';
import { JobName } from '../../src/jobs/job-types';
import { OrderStateService } from '../../src/modules/orders/order-state.service';
import { RestockNotifyProcessor } from '../../src/modules/wishlist/restock-notify.processor';
import { adminSession, type AdminSession } from '../helpers/admin';
import { homeCod, submit, type Shopper } from './checkout-fixtures';
import { del, idle, mailsTo, makeProduct, member, noticeWorld, saveStock, type MadeProduct, type Member, type NoticeWorld } from './member-notices-fixtures';

// App start-up on MariaDB needs more than the 5 s default.
jest.setTimeout(120_000);

const BANK = { bank_code: '013', account: '123456789012', name: '王小明' };

/**
 * 貨到通知我 (spec 4 §4 Restock, issue 21 §5): the rules of a request, and each path that takes a
 * variant's stock from 0 to above 0 — staff edit, CSV import, a cancelled order, a refund with
 * restock — notifying every open request exactly once (a mail through the real SMTP driver, or an
 * SMS at the Mitake simulator for a member without e-mail) and closing it; concurrent restocks
 * notify once.
 */
describe('restock requests: rules, and one notice per request on every restock path', () => {
  let w: NoticeWorld;
  let owner: AdminSession;
  let buyer: Member;

  beforeAll(async () => {
    w = await noticeWorld();
    owner = await adminSession(w.t, 'owner');
    buyer = await member(w);
  });
  afterAll(async () => {
    await w?.close();
  });

  const q = <T>(sql: string, params: unknown[] = []): Promise<T[]> => w.ds.query(sql, params);
  const stock = async (p: MadeProduct) => Number((await q<{ quantity: number }>('SELECT quantity FROM product_variants WHERE id = ?', [p.variantId]))[0].quantity);
  const ask = (m: Member, p: MadeProduct) => m.b.post('/api/member/restock', { variant_id: p.variantId });
  const requests = (p: MadeProduct) =>
    q<{ id: number; user_id: number; open_key: string | null; notified_at: unknown; cancelled_at: unknown; channel: string }>(
      'SELECT id, user_id, open_key, notified_at, cancelled_at, channel FROM restock_requests WHERE variant_id = ? ORDER BY id',
      [p.variantId],
    );
  const restockJobs = async (p: MadeProduct) => (await q<{ job_id: string }>('SELECT job_id FROM outbox_messages ORDER BY id')).map((r) => r.job_id).filter((id) => id.startsWith(`restock.${p.variantId}.`));
  const restockMails = (m: Member, p: MadeProduct) => mailsTo(w, m.email).filter((mail) => mail.subject.includes('貨到通知') && (mail.text ?? '').includes(p.title));
  const asShopper = (m: Member): Shopper => ({ b: m.b, userId: m.userId, phone: m.phone, email: m.email });

  /** A cash-on-delivery order of `quantity` × p by `m` (home delivery). */
  async function order(m: Member, p: MadeProduct, quantity: number): Promise<number> {
    const [home] = await q<{ shipping_cost: number; free_shipping_threshold: number }>('SELECT shipping_cost, free_shipping_threshold FROM shipping_methods WHERE id = 4');
    const subtotal = p.price * quantity;
    const fee = subtotal >= Number(home.free_shipping_threshold) ? 0 : Number(home.shipping_cost);
    const res = await submit(asShopper(m), homeCod(asShopper(m), [{ v: p, quantity }], subtotal + fee));
    if (res.status !== 200) throw new Error(`submitOrder: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.resData.order_id as number;
  }

  /** Every open request of p was notified once: one mail each, closed, and nothing more after another run of the jobs. */
  async function expectNotifiedOnce(p: MadeProduct, members: Member[]): Promise<void> {
    await idle(w);
    for (const m of members) expect(restockMails(m, p)).toHaveLength(1);
    const rows = await requests(p);
    for (const m of members) {
      const mine = rows.filter((r) => Number(r.user_id) === m.userId);
      expect(mine.filter((r) => r.notified_at !== null)).toHaveLength(1);
      expect(mine.every((r) => r.open_key === null)).toBe(true);
    }
    for (const m of members) expect((await m.b.get('/api/member/restock')).body.variantIds).not.toContain(p.variantId);
  }

  it('needs a member; refuses a variant in stock (此商品目前有庫存), an unknown one and a delisted one; asking twice keeps one open request; withdraw', async () => {
    const p = await makeProduct(w, owner, 0);
    expect((await request(w.t.http).get('/api/member/restock')).status).toBe(401);

    const unknown = await buyer.b.post('/api/member/restock', { variant_id: 999_999_999 });
    expect([unknown.status, unknown.body.message]).toEqual([404, '找不到商品']);
    const junk = await buyer.b.post('/api/member/restock', { variant_id: 'abc' });
    expect(junk.status).toBe(400);

    const first = await ask(buyer, p);
    expect([first.status, first.body.message, first.body.variantIds]).toEqual([200, '貨到時將通知您', expect.arrayContaining([p.variantId])]);
    // A user_id in the body is ignored: the session's member asks.
    const again = await buyer.b.post('/api/member/restock', { variant_id: p.variantId, user_id: buyer.userId + 1 });
    expect(again.body.message).toBe('貨到時將通知您');
    const rows = await requests(p);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ user_id: buyer.userId, open_key: `${buyer.userId}:${p.variantId}`, channel: 'email' });

    const off = await del(buyer.b, `/api/member/restock/${p.variantId}`);
    expect([off.status, off.body.message]).toEqual([200, '已取消貨到通知']);
    expect(off.body.variantIds).not.toContain(p.variantId);
    expect((await requests(p))[0]).toMatchObject({ open_key: null, notified_at: null });
    expect((await requests(p))[0].cancelled_at).not.toBeNull();
    // A withdrawn request is never notified.
    expect((await saveStock(owner, p, 3)).status).toBe(200);
    await idle(w);
    expect(restockMails(buyer, p)).toHaveLength(0);

    // In stock now: refused, nothing stored.
    const inStock = await ask(buyer, p);
    expect([inStock.status, inStock.body.success, inStock.body.message]).toEqual([409, false, '此商品目前有庫存，可直接購買']);
    expect(await requests(p)).toHaveLength(1);

    // Delisted: refused.
    expect((await saveStock(owner, p, 0, { is_active: 0 })).status).toBe(200);
    const delisted = await ask(buyer, p);
    expect([delisted.status, delisted.body.message]).toEqual([409, '此商品已下架，無法設定貨到通知']);
  });

  it('staff edit 0 → 5: every open request is told once (e-mail, or SMS without one) and closed; 5 → 8 tells nobody again', async () => {
    const p = await makeProduct(w, owner, 0);
    const smsOnly = await member(w, { email: false });
    expect((await ask(buyer, p)).status).toBe(200);
    expect((await ask(smsOnly, p)).status).toBe(200);
    expect((await requests(p)).map((r) => r.channel)).toEqual(['email', 'sms']);

    expect((await saveStock(owner, p, 5)).status).toBe(200);
    await expectNotifiedOnce(p, [buyer]);
    const [mail] = restockMails(buyer, p);
    const [req] = (await requests(p)).filter((r) => Number(r.user_id) === buyer.userId);
    expect(mail.subject).toBe(`【${w.shopName}】貨到通知`);
    expect(mail.text).toContain(`您關注的「${p.title}（30ml）」已到貨。`);
    expect(mail.text).toContain(`${w.origin}/product/${p.productId}`);
    expect(mail.html).toContain(`href="${w.origin}/product/${p.productId}"`);
    expect(mail.headers.get('message-id')).toBe(`<notice-restock-${req.id}@skinshop.notice>`);
    const texts = w.sms.received.filter((m) => m.to === smsOnly.phone && m.body.includes(p.title));
    expect(texts).toHaveLength(1);
    expect(texts[0].body).toBe(`【${w.shopName}】您關注的「${p.title}（30ml）」已到貨。 ${w.origin}/product/${p.productId}`);

    const jobs = await restockJobs(p);
    expect(jobs).toHaveLength(1);
    // The job run again (a retry, a second worker): every request is already closed, nobody is told twice.
    await w.t.app.get(RestockNotifyProcessor).notify({ id: jobs[0], name: JobName.RestockNotify, queue: 'mail', data: { variantId: p.variantId }, attempt: 2, maxAttempts: 5 });
    await idle(w);
    expect(restockMails(buyer, p)).toHaveLength(1);
    expect(w.sms.received.filter((m) => m.to === smsOnly.phone && m.body.includes(p.title))).toHaveLength(1);
    expect((await saveStock(owner, p, 8)).status).toBe(200);
    await idle(w);
    expect(await restockJobs(p)).toEqual(jobs);
    expect(restockMails(buyer, p)).toHaveLength(1);
  });

  it('CSV import 0 → 4 notifies once', async () => {
    const p = await makeProduct(w, owner, 0);
    expect((await ask(buyer, p)).status).toBe(200);
    const res = await owner.agent.get('/api/admin/products/export.csv').buffer(true).parse((r, cb) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => cb(null, Buffer.concat(chunks)));
    });
    const rows = (parse((res.body as Buffer).toString('utf8'), { bom: true, columns: true }) as Record<string, string>[]).filter((r) => r.product_id === String(p.productId));
    expect(rows).toHaveLength(1);
    const csv = `\uFEFF${stringify(rows.map((r) => ({ ...r, quantity: '4' })), { header: true, columns: Object.keys(rows[0]), record_delimiter: 'windows' })}`;
    const up = await owner.agent
      .post('/api/admin/products/import')
      .set('X-CSRF-Token', owner.csrf)
      .field('dryRun', '0')
      .attach('file', Buffer.from(csv, 'utf8'), { filename: 'products.csv', contentType: 'text/csv' });
    expect(up.status).toBe(200);
    expect(await stock(p)).toBe(4);
    await expectNotifiedOnce(p, [buyer]);
  });

  it('a cancelled order that took the last unit notifies once', async () => {
    const p = await makeProduct(w, owner, 1);
    const other = await member(w);
    const orderId = await order(other, p, 1);
    expect(await stock(p)).toBe(0);
    expect((await ask(buyer, p)).status).toBe(200);
    const cancel = await other.b.post('/api/order/cancelOrder', { order_id: orderId });
    expect(cancel.status).toBe(200);
    expect(await stock(p)).toBe(1);
    await expectNotifiedOnce(p, [buyer]);
  });

  it('a refund with restock of a paid order notifies once; without restock nobody is told', async () => {
    const p = await makeProduct(w, owner, 2);
    const other = await member(w);
    const first = await order(other, p, 1);
    const second = await order(other, p, 1);
    expect(await stock(p)).toBe(0);
    for (const id of [first, second]) {
      const [o] = await q<{ total_amount: number }>('SELECT total_amount FROM orders WHERE id = ?', [id]);
      await w.t.app.get(OrderStateService).markPaid(id, { gateway: 'payuni', tradeNo: `COD-${id}`, amount: Number(o.total_amount), source: 'query' });
    }
    expect((await ask(buyer, p)).status).toBe(200);
    const refund = (orderId: number, restock: boolean) =>
      owner.agent.post('/api/admin/refundOrder').set('X-CSRF-Token', owner.csrf).send({ order_id: orderId, reason: '退貨', restock, bank: BANK });
    const plain = await refund(first, false);
    expect(plain.status).toBe(200);
    await idle(w);
    expect(await stock(p)).toBe(0);
    expect(restockMails(buyer, p)).toHaveLength(0);
    const back = await refund(second, true);
    expect(back.status).toBe(200);
    expect(await stock(p)).toBe(1);
    await expectNotifiedOnce(p, [buyer]);
  });

  it('concurrent restocks (three cancels at once, 0 → 3): one job, each request told once', async () => {
    const p = await makeProduct(w, owner, 3);
    const other = await member(w);
    const orders = [await order(other, p, 1), await order(other, p, 1), await order(other, p, 1)];
    expect(await stock(p)).toBe(0);
    const second = await member(w);
    expect((await ask(buyer, p)).status).toBe(200);
    expect((await ask(second, p)).status).toBe(200);
    const results = await Promise.all(orders.map((id) => other.b.post('/api/order/cancelOrder', { order_id: id })));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await stock(p)).toBe(3);
    await expectNotifiedOnce(p, [buyer, second]);
    expect(await restockJobs(p)).toHaveLength(1);
  });

  it('a staff edit and a cancel raising the stock at once: each request told once', async () => {
    const p = await makeProduct(w, owner, 1);
    const other = await member(w);
    const orderId = await order(other, p, 1);
    expect((await ask(buyer, p)).status).toBe(200);
    const [edit, cancel] = await Promise.all([saveStock(owner, p, 2), other.b.post('/api/order/cancelOrder', { order_id: orderId })]);
    expect([edit.status, cancel.status]).toEqual([200, 200]);
    await expectNotifiedOnce(p, [buyer]);
  });
});
