import request from 'supertest';
import { DataSource } from 'typeorm';
import { BrowserSession, lastCode, randomPhone } from '../../src/modules/auth/testing/browser-session';
import { adminSession } from '../helpers/admin';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { shopper, variants, type Shopper, type TestVariant } from './checkout-fixtures';
import { codOrder, grant } from './points-fixtures';
import { deliveredOrder } from './reviews-fixtures';

// App start-up on MariaDB needs more than the 5 s default.
jest.setTimeout(120_000);

type Row = Record<string, unknown>;

/**
 * Personal data (個資法 art. 3; spec 4 §4, §7; issue 22 §4): GET /api/member/export (a JSON download
 * of everything held about the member, nobody else's, no secrets), POST /api/member/delete {password}
 * | {code} (POST /api/member/delete/code for accounts without a password): wrong → nothing changes;
 * right → orders kept anonymised, the rest erased, the account gone, every session ended, login
 * fails; the staff log GET /api/admin/privacy-requests.
 */
describe('personal data: export and deletion', () => {
  let t: TestApp;
  let ds: DataSource;
  let v: TestVariant[];

  beforeAll(async () => {
    t = await createTestApp({ CHECKOUT_RATE_LIMIT: '1000' });
    ds = t.app.get(DataSource);
    v = await variants(t.app, 3, 50);
  });
  afterAll(async () => {
    await t?.close();
  });

  const q = async (sql: string, params: unknown[] = []) => (await ds.query(sql, params)) as Row[];
  const count = async (sql: string, params: unknown[]) => Number((await q(sql, params))[0].n);

  /** A member with something in every table the shop keeps about members. */
  async function richMember(): Promise<Shopper & { orderNo: string; orderId: number }> {
    const s = await shopper(t);
    expect((await s.b.post('/api/user/updateAddresses', { addresses: [{ shipping_type: 'home', city: '臺北市', district: '大安區', zip: '', street: `復興南路一段 ${s.userId} 號`, is_default: 1 }] })).status).toBe(200);
    const delivered = await deliveredOrder(t, s, [v[0]]);
    const review = await s.b.post('/api/member/reviews', { order_item_id: delivered.itemIds[0], rating: 5, content: '保濕度很好，吸收快，會回購。' });
    expect(review.status).toBe(200);
    expect((await s.b.post('/api/member/wishlist', { product_id: v[1].productId })).status).toBe(200);
    const token = await s.b.csrfToken();
    expect((await s.b.agent.put('/api/member/cart').set('X-Forwarded-For', s.b.ip).set('X-CSRF-Token', token).send({ cartItems: [{ product_id: v[2].productId, variant_id: v[2].variantId, quantity: 2 }] })).status).toBe(200);
    await grant(t.app, s.userId, 120);
    // 通知方式 Email and 行銷通知 Email, as set in /profile (a consent record with source 'profile').
    expect((await s.b.agent.put('/api/member/preferences').set('X-Forwarded-For', s.b.ip).set('X-CSRF-Token', token).send({ notify_channel: 'email', marketing_email: 1 })).status).toBe(200);
    await ds.query('INSERT INTO user_identities (user_id, provider, subject, email, display_name) VALUES (?, ?, ?, ?, ?)', [s.userId, 'line', `U${s.userId}abcdef0123456789`, '', '小明']);
    const [o] = await q('SELECT mer_trade_no FROM orders WHERE id = ?', [delivered.orderId]);
    return { ...s, orderNo: String(o.mer_trade_no), orderId: delivered.orderId };
  }

  it('GET /api/member/export: a JSON download of everything about the member, no one else’s data, no secrets; logged', async () => {
    expect((await request(t.http).get('/api/member/export')).status).toBe(401);
    const a = await richMember();
    const b = await richMember();
    const res = await a.b.get('/api/member/export');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="skinshop-my-data-\d{8}\.json"$/);
    const data = res.body as Record<string, unknown>;
    const text = JSON.stringify(data);

    expect(data.profile).toMatchObject({ user_id: a.userId, phone: a.phone, email: a.email, username: '王小明', has_password: true });
    // The book's address, and the order's (checkout remembers it).
    expect(data.addresses).toEqual(expect.arrayContaining([expect.objectContaining({ city: '臺北市', street: `復興南路一段 ${a.userId} 號` })]));
    const orders = data.orders as Row[];
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ mer_trade_no: a.orderNo, buy_phone: a.phone, name: '陳美麗' });
    expect(orders[0].items).toEqual([expect.objectContaining({ product_id: v[0].productId, quantity: 1 })]);
    expect(Array.isArray(orders[0].adjustments)).toBe(true);
    const [points] = await q('SELECT balance FROM member_points WHERE user_id = ?', [a.userId]);
    expect(Number(points.balance)).toBeGreaterThanOrEqual(120); // granted + the review's points
    expect(data.points).toMatchObject({ balance: Number(points.balance) });
    expect((data.points as { entries: Row[] }).entries.length).toBeGreaterThan(0);
    expect(data.reviews).toEqual([expect.objectContaining({ rating: 5, content: '保濕度很好，吸收快，會回購。' })]);
    expect(data.wishlist).toEqual([expect.objectContaining({ product_id: v[1].productId })]);
    expect((data.cart as { items: Row[] }).items).toEqual([expect.objectContaining({ variant_id: v[2].variantId, quantity: 2 })]);
    expect(data.preferences).toMatchObject({ notify_channel: 'email', marketing_email: 1 });
    expect(data.consents).toEqual(expect.arrayContaining([expect.objectContaining({ granted: 1, source: 'profile' })]));
    const identities = data.identities as Row[];
    expect(identities).toEqual([expect.objectContaining({ provider: 'line', display_name: '小明' })]);
    expect(identities[0].subject).toMatch(/^U\d…6789$/);

    // Nobody else's data; no secrets.
    for (const other of [b.phone, b.email, b.orderNo, `復興南路一段 ${b.userId} 號`]) expect(text).not.toContain(other);
    const [hash] = await q('SELECT password_hash FROM users WHERE id = ?', [a.userId]);
    expect(text).not.toContain(String(hash.password_hash));
    expect(text).not.toMatch(/password_hash|code_hash|idempotency_key|abcdef0123456789|"sid"|csrf/i);
    expect(await count("SELECT COUNT(*) AS n FROM privacy_requests WHERE user_id = ? AND kind = 'export'", [a.userId])).toBe(1);
  });

  it('POST /api/member/delete: a wrong or missing password changes nothing; an order under way makes it wait', async () => {
    const a = await richMember();
    const before = await q('SELECT buy_name, buy_phone, user_id FROM orders WHERE user_id = ?', [a.userId]);
    const missing = await a.b.post('/api/member/delete', {});
    expect([missing.status, missing.body.message]).toEqual([400, '請輸入密碼']);
    const foreign = await a.b.post('/api/member/delete', { password: 'secret1', user_id: a.userId + 100_000 });
    expect([foreign.status, foreign.body.message]).toEqual([403, '無權存取其他會員的資料']);
    const wrong = await a.b.post('/api/member/delete', { password: 'wrong-password', user_id: a.userId });
    expect([wrong.status, wrong.body.success, wrong.body.message]).toEqual([400, false, '密碼錯誤']);
    expect((await a.b.get('/api/login/getuser')).status).toBe(200);
    expect(await q('SELECT buy_name, buy_phone, user_id FROM orders WHERE user_id = ?', [a.userId])).toEqual(before);
    expect(await count('SELECT COUNT(*) AS n FROM users WHERE id = ?', [a.userId])).toBe(1);
    expect(await count('SELECT COUNT(*) AS n FROM privacy_requests WHERE user_id = ?', [a.userId])).toBe(0);

    // A placed, not yet delivered order: the address and phone are still needed.
    const open = await codOrder(a, [{ v: v[1], quantity: 1 }]);
    const waiting = await a.b.post('/api/member/delete', { password: 'secret1' });
    expect([waiting.status, waiting.body.message]).toEqual([409, '您有處理中的訂單或退款，請待完成或取消後再刪除帳號']);
    expect(await count('SELECT COUNT(*) AS n FROM users WHERE id = ?', [a.userId])).toBe(1);
    await ds.query("UPDATE orders SET status_name = 'cancelled' WHERE id = ?", [open.id]);
  });

  it('the right password: orders kept anonymised, the rest erased, every session ended, login fails, logged for staff', async () => {
    const a = await richMember();
    const other = await richMember();
    // A second session of the same member (another device).
    const device = new BrowserSession(request.agent(t.http));
    expect((await device.post('/api/login/basic-login', { account: a.phone, password: 'secret1' })).status).toBe(200);
    const [orderBefore] = await q('SELECT total_amount, invoice_no, subtotal, shipping_fee FROM orders WHERE id = ?', [a.orderId]);
    const [points] = await q('SELECT balance FROM member_points WHERE user_id = ?', [a.userId]);

    const shownNames = async () => ((await request(t.http).get(`/api/load/productReviews/${v[0].productId}?limit=50`)).body.reviews as Row[]).map((r) => r.display_name);
    expect(await shownNames()).not.toContain('已刪除的會員'); // (and now cached)

    const res = await a.b.post('/api/member/delete', { password: 'secret1' });
    expect([res.status, res.body.success, res.body.message]).toEqual([200, true, '帳號已刪除']);
    expect(await shownNames()).toContain('已刪除的會員');

    expect((await a.b.get('/api/login/getuser')).status).toBe(401);
    expect((await device.get('/api/login/getuser')).status).toBe(401);
    const again = new BrowserSession(request.agent(t.http));
    const login = await again.post('/api/login/basic-login', { account: a.phone, password: 'secret1' });
    expect([login.status, login.body.success]).toEqual([401, false]);

    const [order] = await q('SELECT * FROM orders WHERE id = ?', [a.orderId]);
    expect(order).toMatchObject({ buy_name: '已刪除', buy_phone: '', buy_email: '', name: '已刪除', phone: '', zip: '', city: '', district: '', street: '', store_name: '', mobile_barcode: '' });
    expect(order.user_id).toBeNull();
    expect({ total_amount: order.total_amount, invoice_no: order.invoice_no, subtotal: order.subtotal, shipping_fee: order.shipping_fee }).toEqual(orderBefore);
    expect(await count('SELECT COUNT(*) AS n FROM order_items WHERE order_id = ?', [a.orderId])).toBe(1);

    for (const [table, column] of [
      ['users', 'id'],
      ['addresses', 'user_id'],
      ['user_configs', 'user_id'],
      ['user_identities', 'user_id'],
      ['wishlist_items', 'user_id'],
      ['restock_requests', 'user_id'],
      ['member_cart_items', 'user_id'],
      ['member_carts', 'user_id'],
      ['member_preferences', 'user_id'],
      ['member_points', 'user_id'],
      ['sessions', 'user_id'],
    ]) {
      expect([table, await count(`SELECT COUNT(*) AS n FROM ${table} WHERE ${column} = ?`, [a.userId])]).toEqual([table, 0]);
    }
    expect(await count('SELECT COUNT(*) AS n FROM phone_codes WHERE phone = ?', [a.phone])).toBe(0);
    // The points ledger keeps its trail and closes the balance; the review stays under 已刪除的會員.
    const [closing] = await q("SELECT amount, balance_after FROM points_ledger WHERE user_id = ? AND source_key = ?", [a.userId, `delete:${a.userId}`]);
    expect([Number(closing.amount), Number(closing.balance_after)]).toEqual([-Number(points.balance), 0]);
    expect(await q('SELECT display_name FROM reviews WHERE user_id = ?', [a.userId])).toEqual([{ display_name: '已刪除的會員' }]);
    const [log] = await q("SELECT kind, phone_hint, confirmed_by FROM privacy_requests WHERE user_id = ? AND kind = 'delete'", [a.userId]);
    expect(log).toEqual({ kind: 'delete', phone_hint: `${a.phone.slice(0, 4)}***${a.phone.slice(-3)}`, confirmed_by: 'password' });

    // The other member is untouched.
    expect((await other.b.get('/api/login/getuser')).status).toBe(200);
    expect(await count('SELECT COUNT(*) AS n FROM orders WHERE user_id = ? AND buy_phone = ?', [other.userId, other.phone])).toBe(1);
    expect(await count('SELECT COUNT(*) AS n FROM addresses WHERE user_id = ?', [other.userId])).toBeGreaterThanOrEqual(1);

    // Staff see the log (owner and staff; editors not).
    for (const role of ['owner', 'staff'] as const) {
      const admin = await adminSession(t, role);
      const list = await admin.get('/api/admin/privacy-requests?limit=50&offset=0');
      expect(list.status).toBe(200);
      expect(list.body.total).toBeGreaterThanOrEqual(1);
      expect(list.body.requests).toEqual(expect.arrayContaining([expect.objectContaining({ user_id: a.userId, kind: 'delete', confirmed_by: 'password', phone_hint: log.phone_hint })]));
    }
    expect((await (await adminSession(t, 'editor')).get('/api/admin/privacy-requests')).status).toBe(403);
  });

  it('an account without a password confirms with an SMS code: a wrong code changes nothing, the right one deletes', async () => {
    const pw = await shopper(t, { complete: false });
    const asked = await pw.b.post('/api/member/delete/code', {});
    expect([asked.status, asked.body.message]).toEqual([400, '此帳號請以密碼確認刪除']);

    // A social-only member (no password) with a phone of its own (no code sent to it yet).
    const member = await shopper(t, { complete: false });
    const s = { ...member, phone: randomPhone() };
    await ds.query('UPDATE users SET password_hash = NULL, account = NULL, phone = ? WHERE id = ?', [s.phone, s.userId]);
    expect((await s.b.get('/api/login/getuser')).body.user.has_password).toBe(false);
    const noCode = await s.b.post('/api/member/delete', {});
    expect([noCode.status, noCode.body.message]).toEqual([400, '請輸入驗證碼']);

    const sent = await s.b.post('/api/member/delete/code', {});
    expect([sent.status, sent.body.success, typeof sent.body.outtime]).toEqual([200, true, 'number']);
    const resent = await s.b.post('/api/member/delete/code', {});
    expect(resent.status).toBe(429); // the resend wait, as for every code
    const code = await lastCode(t.app, s.phone);
    expect(code).toMatch(/^\d{6}$/);
    const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const wrong = await s.b.post('/api/member/delete', { code: wrongCode });
    expect([wrong.status, wrong.body.message]).toEqual([400, '驗證失敗，請重試！']);
    expect(await count('SELECT COUNT(*) AS n FROM users WHERE id = ?', [s.userId])).toBe(1);

    const done = await s.b.post('/api/member/delete', { code });
    expect([done.status, done.body.message]).toEqual([200, '帳號已刪除']);
    expect(await count('SELECT COUNT(*) AS n FROM users WHERE id = ?', [s.userId])).toBe(0);
    expect((await s.b.get('/api/login/getuser')).status).toBe(401);
    const [log] = await q("SELECT confirmed_by FROM privacy_requests WHERE user_id = ? AND kind = 'delete'", [s.userId]);
    expect(log.confirmed_by).toBe('code');
  });
});
