import request from 'supertest';
import { BrowserSession } from '../../src/modules/auth/testing/browser-session';
import { adminSession, type AdminSession } from '../helpers/admin';
import { homeCod, submit, type Shopper } from './checkout-fixtures';
import { makeProduct, member, noticeWorld, type Member, type NoticeWorld } from './member-notices-fixtures';

// App start-up on MariaDB needs more than the 5 s default.
jest.setTimeout(120_000);

const INACTIVE = '此會員帳號已停用，如有疑問請聯絡客服。';

/**
 * 會員管理 → one member (issue 21 §6): GET /api/admin/members/:id (profile, addresses, latest orders,
 * points, reviews count, notes), POST …/notes, PUT …/block (停權 with a reason / 解除停權): audited,
 * a blocked member's sessions end and login is refused with a sensible message; owner and staff
 * only (editors 403).
 */
describe('admin member detail: profile, orders, notes, block and unblock', () => {
  let w: NoticeWorld;
  let staff: AdminSession;
  let editor: AdminSession;
  let m: Member;
  let orderId: number;

  beforeAll(async () => {
    w = await noticeWorld();
    staff = await adminSession(w.t, 'staff');
    editor = await adminSession(w.t, 'editor');
    const owner = await adminSession(w.t, 'owner');
    m = await member(w);
    const p = await makeProduct(w, owner, 5, 600);
    const s: Shopper = { b: m.b, userId: m.userId, phone: m.phone, email: m.email };
    const [home] = (await w.ds.query('SELECT shipping_cost, free_shipping_threshold FROM shipping_methods WHERE id = 4')) as { shipping_cost: number; free_shipping_threshold: number }[];
    const fee = 600 >= Number(home.free_shipping_threshold) ? 0 : Number(home.shipping_cost);
    const res = await submit(s, homeCod(s, [{ v: p, quantity: 1 }], 600 + fee));
    expect(res.status).toBe(200);
    orderId = res.body.resData.order_id as number;
    const saved = await m.b.post('/api/user/updateAddresses', {
      addresses: [
        { shipping_type: 'home', city: '臺北市', district: '大安區', zip: '', street: '復興南路一段 1 號', is_default: 1 },
        { shipping_type: 'seven', store_id: '991182', store_name: '大安門市', store_addr: '臺北市大安區復興南路一段 2 號', is_default: 1 },
      ],
    });
    expect(saved.status).toBe(200);
  });
  afterAll(async () => {
    await w?.close();
  });

  const audits = async (action: string) =>
    (await w.ds.query("SELECT admin_username, changes, summary FROM audit_logs WHERE entity = 'member' AND entity_id = ? AND action = ? ORDER BY id", [String(m.userId), action])) as {
      admin_username: string;
      changes: unknown;
      summary: string;
    }[];
  const login = (b: BrowserSession) => b.post('/api/login/basic-login', { account: m.phone, password: m.password });

  it('answers the member: profile, addresses, the latest orders with labels and the total, points, reviews count; 404 for an unknown id; editors 403', async () => {
    const res = await staff.get(`/api/admin/members/${m.userId}`);
    expect(res.status).toBe(200);
    expect(res.body.member).toMatchObject({ user_id: m.userId, phone: m.phone, email: m.email, username: '王小明', is_active: 1, blocked: false, blocked_at: null, blocked_reason: '', logins: ['password'], order_count: 1 });
    expect(res.body.member.last_login_at).toEqual(expect.any(String));
    expect(res.body.member).not.toHaveProperty('password_hash');
    expect(res.body.addresses).toEqual([
      expect.objectContaining({ shipping_type: 'home', address: '106 臺北市大安區復興南路一段 1 號', is_default: 1 }),
      expect.objectContaining({ shipping_type: 'seven', address: '大安門市（991182）臺北市大安區復興南路一段 2 號', is_default: 1 }),
    ]);
    expect(res.body.orders_total).toBe(1);
    expect(res.body.orders).toEqual([expect.objectContaining({ id: orderId, MerTradeNo: expect.any(String), total_amount: expect.any(Number), status_label: expect.any(String), payment_status_label: expect.any(String) })]);
    expect(res.body.orders[0].status_label).not.toBe('');
    expect(res.body.points).toEqual({ balance: expect.any(Number), pending: expect.any(Number), tier: expect.any(String) });
    expect(res.body.reviews_count).toBe(0);
    expect(res.body.notes).toEqual([]);

    const unknown = await staff.get('/api/admin/members/999999999');
    expect([unknown.status, unknown.body.message]).toEqual([404, '找不到會員']);
    expect((await editor.get(`/api/admin/members/${m.userId}`)).status).toBe(403);
    expect((await request(w.t.http).get(`/api/admin/members/${m.userId}`)).status).toBe(401);
  });

  it('notes: 1–500 characters, newest first with the author, audited; bad input changes nothing', async () => {
    for (const content of ['', '   ', 'x'.repeat(501)]) {
      const bad = await staff.post(`/api/admin/members/${m.userId}/notes`, { content });
      expect([bad.status, bad.body.message]).toEqual([400, '請輸入備註內容（最多 500 字）']);
    }
    expect((await editor.post(`/api/admin/members/${m.userId}/notes`, { content: '編輯不可寫' })).status).toBe(403);
    const first = await staff.post(`/api/admin/members/${m.userId}/notes`, { content: '  來電詢問退貨  ' });
    expect([first.status, first.body.message]).toEqual([200, '已新增備註']);
    const second = await staff.post(`/api/admin/members/${m.userId}/notes`, { content: 'x'.repeat(500) });
    expect(second.status).toBe(200);
    expect(second.body.notes.map((n: { content: string }) => n.content)).toEqual(['x'.repeat(500), '來電詢問退貨']);
    expect(second.body.notes[1]).toMatchObject({ admin_name: staff.username, created_at: expect.any(String) });
    expect((await staff.get(`/api/admin/members/${m.userId}`)).body.notes).toHaveLength(2);
    expect(await audits('member.note')).toHaveLength(2);
    expect((await staff.post('/api/admin/members/999999999/notes', { content: '不存在' })).status).toBe(404);
  });

  it('block: a reason of 2–100 characters; audited with it; the sessions end; login refused with 此會員帳號已停用; unblock lets the member back', async () => {
    for (const body of [{ blocked: true }, { blocked: true, reason: 'x' }, { blocked: true, reason: 'x'.repeat(101) }]) {
      const bad = await staff.put(`/api/admin/members/${m.userId}/block`, body);
      expect([bad.status, bad.body.message]).toEqual([400, '請填寫停權原因（2–100 字）']);
    }
    expect((await staff.put(`/api/admin/members/${m.userId}/block`, { blocked: 'maybe', reason: '惡意棄單' })).status).toBe(400);
    expect((await editor.put(`/api/admin/members/${m.userId}/block`, { blocked: true, reason: '惡意棄單' })).status).toBe(403);
    expect(await audits('member.block')).toHaveLength(0);
    // The member is signed in (a second browser too).
    const other = new BrowserSession(request.agent(w.t.http));
    expect((await login(other)).status).toBe(200);
    expect((await m.b.get('/api/member/wishlist')).status).toBe(200);
    expect((await other.get('/api/member/wishlist')).status).toBe(200);

    const blocked = await staff.put(`/api/admin/members/${m.userId}/block`, { blocked: true, reason: '  惡意棄單多次  ' });
    expect([blocked.status, blocked.body.message]).toEqual([200, '已停權']);
    const [row] = (await w.ds.query('SELECT is_active, blocked_at, blocked_reason FROM users WHERE id = ?', [m.userId])) as { is_active: number; blocked_at: unknown; blocked_reason: string }[];
    expect([Number(row.is_active), row.blocked_at !== null, row.blocked_reason]).toEqual([0, true, '惡意棄單多次']);
    const trail = await audits('member.block');
    expect(trail).toHaveLength(1);
    expect(trail[0].admin_username).toBe(staff.username);
    expect(trail[0].summary).toContain('惡意棄單多次');
    expect(JSON.stringify(trail[0].changes)).toContain('惡意棄單多次');
    expect(Number((await w.ds.query('SELECT COUNT(*) AS n FROM sessions WHERE user_id = ?', [m.userId]))[0].n)).toBe(0);

    // Both sessions are gone; a new login is refused with what happened, and nothing can be ordered.
    expect((await m.b.get('/api/member/wishlist')).status).toBe(401);
    expect((await other.get('/api/member/wishlist')).status).toBe(401);
    const fresh = new BrowserSession(request.agent(w.t.http));
    const refused = await login(fresh);
    expect([refused.status, refused.body.success, refused.body.message]).toEqual([403, false, INACTIVE]);
    const wrong = await fresh.post('/api/login/basic-login', { account: m.phone, password: 'wrong-password' });
    expect(wrong.body.message).toBe('帳號或密碼錯誤');
    const order = await fresh.post('/api/order/submitOrder', {});
    expect(order.status).toBe(401);

    const detail = await staff.get(`/api/admin/members/${m.userId}`);
    expect(detail.body.member).toMatchObject({ is_active: 0, blocked: true, blocked_reason: '惡意棄單多次' });
    expect(detail.body.member.blocked_at).toEqual(expect.any(String));
    const listed = await staff.post('/api/admin/getUsersByPage', { keyword: m.phone });
    expect(listed.body.users[0]).toMatchObject({ user_id: m.userId, is_active: 0, blocked: true });

    // Blocking again changes nothing (no second audit row).
    expect((await staff.put(`/api/admin/members/${m.userId}/block`, { blocked: true, reason: '再次停權' })).body.message).toBe('已停權');
    expect(await audits('member.block')).toHaveLength(1);

    const unblocked = await staff.put(`/api/admin/members/${m.userId}/block`, { blocked: false });
    expect([unblocked.status, unblocked.body.message]).toEqual([200, '已解除停權']);
    expect(await audits('member.unblock')).toHaveLength(1);
    const back = (await staff.get(`/api/admin/members/${m.userId}`)).body.member;
    expect(back).toMatchObject({ is_active: 1, blocked: false, blocked_at: null, blocked_reason: '' });
    expect((await login(fresh)).status).toBe(200);
    expect((await fresh.get('/api/member/wishlist')).status).toBe(200);
  });
});
