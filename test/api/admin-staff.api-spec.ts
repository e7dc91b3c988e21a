import request from 'supertest';
import { isolatedEnv } from '../../src/modules/auth/testing/browser-session';
import { ADMIN_MSG, STAFF_MSG } from '../../src/common/validation/admin';
import { StaffTotp } from '../../src/modules/staff/staff-totp';
import { adminBrowser, adminLogin, adminSession } from '../helpers/admin';
import { createTestApp, TestApp } from '../helpers/test-app';

jest.setTimeout(120_000);

describe('staff management and the audit trail (owner)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(isolatedEnv());
  });
  afterAll(async () => t?.close());

  it('lists accounts without hashes, secrets or session fields', async () => {
    const owner = await adminSession(t, 'owner');
    const res = await owner.get('/api/admin/staff');
    expect(res.status).toBe(200);
    const me = (res.body.staff as Array<Record<string, unknown>>).find((s) => s.id === owner.id);
    expect(me).toEqual({
      id: owner.id,
      username: owner.username,
      display_name: owner.username,
      role: 'owner',
      is_active: 1,
      totp_enabled: false,
      last_login_at: expect.any(String),
      created_at: expect.any(String),
    });
    expect(JSON.stringify(res.body)).not.toMatch(/password|hash|secret|session|totp_last/);
  });

  it('lets only owners manage staff: staff and editors get 403, visitors 401', async () => {
    for (const role of ['staff', 'editor'] as const) {
      const a = await adminSession(t, role);
      const r = await a.get('/api/admin/staff');
      expect(r.status).toBe(403);
      expect(r.body).toEqual({ success: false, message: ADMIN_MSG.forbidden });
      expect((await a.post('/api/admin/staff', { username: 'nope-x', display_name: 'x', role: 'owner', password: 'password1' })).status).toBe(403);
    }
    expect((await request(t.http).get('/api/admin/auditLogs')).status).toBe(401);
  });

  it('adds a staff account that can sign in, validates the input, refuses a taken username', async () => {
    const owner = await adminSession(t, 'owner');
    const created = await owner.post('/api/admin/staff', { username: 'Amy.Chen', display_name: '陳小美', role: 'staff', password: 'amy-pass-1' });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ success: true, message: STAFF_MSG.created, staff: { username: 'amy.chen', display_name: '陳小美', role: 'staff', is_active: 1, totp_enabled: false } });
    const b = await adminBrowser(t, '203.0.113.200');
    const login = await adminLogin(b, { username: 'AMY.CHEN', password: 'amy-pass-1' });
    expect(login.body).toMatchObject({ success: true, adminname: '陳小美', role: 'staff' });

    const taken = await owner.post('/api/admin/staff', { username: 'amy.chen', display_name: 'x', role: 'staff', password: 'amy-pass-1' });
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({ success: false, message: STAFF_MSG.usernameTaken });
    const twice = await Promise.all([1, 2].map(() => owner.post('/api/admin/staff', { username: 'same-time', display_name: 'x', role: 'staff', password: 'password1' })));
    expect(twice.map((r) => r.status).sort()).toEqual([200, 409]);
    const bad = [
      [{ username: 'a', display_name: 'x', role: 'staff', password: 'password1' }, STAFF_MSG.usernameInvalid],
      [{ username: 'valid-name', display_name: '', role: 'staff', password: 'password1' }, STAFF_MSG.displayNameRequired],
      [{ username: 'valid-name', display_name: 'x', role: 'boss', password: 'password1' }, STAFF_MSG.roleInvalid],
      [{ username: 'valid-name', display_name: 'x', role: 'staff', password: 'short' }, STAFF_MSG.passwordTooShort],
    ] as const;
    for (const [body, message] of bad) {
      const r = await owner.post('/api/admin/staff', body);
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ success: false, message });
    }
  });

  it('changes name and role; a role change takes effect at the next request', async () => {
    const owner = await adminSession(t, 'owner');
    const ed = await adminSession(t, 'editor');
    expect((await ed.get('/api/admin/auditLogs')).status).toBe(403);
    const r = await owner.put(`/api/admin/staff/${ed.id}`, { display_name: '林編輯', role: 'owner' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, message: STAFF_MSG.saved, staff: { id: ed.id, display_name: '林編輯', role: 'owner' } });
    expect((await ed.get('/api/admin/auditLogs')).status).toBe(200);
    expect((await ed.get('/api/admin/checkLogin')).body).toMatchObject({ adminname: '林編輯', role: 'owner' });
    expect((await owner.put('/api/admin/staff/999999', { display_name: 'x' })).status).toBe(404);
  });

  it('never disables or demotes yourself, nor the last active owner', async () => {
    const owner = await adminSession(t, 'owner');
    const self = await owner.put(`/api/admin/staff/${owner.id}`, { is_active: 0 });
    expect(self.body).toEqual({ success: false, message: STAFF_MSG.notSelf });
    expect((await owner.put(`/api/admin/staff/${owner.id}`, { role: 'staff' })).body.message).toBe(STAFF_MSG.notSelf);
    // The name is fine.
    expect((await owner.put(`/api/admin/staff/${owner.id}`, { display_name: '老闆' })).status).toBe(200);

    // Every other owner disabled (allowed: `owner` stays), then exactly two active owners demote each other at once:
    // one wins, the other is refused (the last active owner).
    const list = (await owner.get('/api/admin/staff')).body.staff as Array<{ id: number; role: string; is_active: number }>;
    for (const s of list) if (s.role === 'owner' && s.is_active === 1 && s.id !== owner.id) expect((await owner.put(`/api/admin/staff/${s.id}`, { is_active: 0 })).status).toBe(200);
    const second = await adminSession(t, 'owner');
    const [a, b] = await Promise.all([owner.put(`/api/admin/staff/${second.id}`, { role: 'staff' }), second.put(`/api/admin/staff/${owner.id}`, { role: 'staff' })]);
    // The loser is refused either by the guard (no longer an owner) or by the last-owner rule.
    const loser = a.status === 200 ? b : a;
    expect([a.status, b.status]).toContain(200);
    expect([ADMIN_MSG.forbidden, STAFF_MSG.lastOwner]).toContain(loser.body.message);
    const after = (await (a.status === 200 ? owner : second).get('/api/admin/staff')).body.staff as Array<{ role: string; is_active: number }>;
    expect(after.filter((s) => s.role === 'owner' && s.is_active === 1)).toHaveLength(1);
    // The demoted one cannot manage staff any more.
    expect((await (a.status === 200 ? second : owner).get('/api/admin/staff')).status).toBe(403);
  });

  it('disabling an account ends its sessions and refuses its login', async () => {
    const owner = await adminSession(t, 'owner');
    const staff = await adminSession(t, 'staff');
    expect((await staff.get('/api/admin/checkLogin')).body.isLoggedIn).toBe(true);
    expect((await owner.put(`/api/admin/staff/${staff.id}`, { is_active: 0 })).status).toBe(200);
    expect((await staff.get('/api/admin/checkLogin')).body.isLoggedIn).toBe(false);
    const b = await adminBrowser(t, '203.0.113.201');
    expect((await adminLogin(b, { username: staff.username, password: staff.password })).body).toEqual({ success: false, message: ADMIN_MSG.wrongCredentials });
  });

  it("resetting a password ends that admin's sessions; the new password works, the old does not", async () => {
    const owner = await adminSession(t, 'owner');
    const staff = await adminSession(t, 'staff');
    const r = await owner.post(`/api/admin/staff/${staff.id}/password`, { password: 'brand-new-pass' });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe(STAFF_MSG.passwordReset);
    expect(JSON.stringify(r.body)).not.toMatch(/brand-new-pass|hash/);
    expect((await staff.get('/api/admin/checkLogin')).body.isLoggedIn).toBe(false);
    const b = await adminBrowser(t, '203.0.113.202');
    expect((await adminLogin(b, { username: staff.username, password: staff.password })).status).toBe(401);
    expect((await adminLogin(b, { username: staff.username, password: 'brand-new-pass' })).status).toBe(200);
    // An owner resetting their own password stays signed in here.
    expect((await owner.post(`/api/admin/staff/${owner.id}/password`, { password: 'owner-new-pass' })).status).toBe(200);
    expect((await owner.get('/api/admin/checkLogin')).body.isLoggedIn).toBe(true);
  });

  it("an owner turns off another admin's two-factor (lost phone): its sessions end, it signs in with the password alone", async () => {
    const owner = await adminSession(t, 'owner');
    const staff = await adminSession(t, 'staff');
    const setup = await staff.post('/api/admin/totp/setup');
    const code = await t.app.get(StaffTotp, { strict: false }).code(setup.body.secret);
    expect((await staff.post('/api/admin/totp/enable', { code })).status).toBe(200);
    expect((await owner.post(`/api/admin/staff/${owner.id}/totp/reset`)).body).toEqual({ success: false, message: STAFF_MSG.notSelf });
    const r = await owner.post(`/api/admin/staff/${staff.id}/totp/reset`);
    expect(r.body).toMatchObject({ success: true, message: STAFF_MSG.totpReset, staff: { id: staff.id, totp_enabled: false } });
    expect((await staff.get('/api/admin/checkLogin')).body.isLoggedIn).toBe(false);
    const b = await adminBrowser(t, '203.0.113.203');
    expect((await adminLogin(b, { username: staff.username, password: staff.password })).status).toBe(200);
    const logs = await owner.get(`/api/admin/auditLogs?entity=staff&entity_id=${staff.id}`);
    expect(logs.body.rows[0]).toMatchObject({ action: 'admin.login' });
    expect((logs.body.rows as Array<{ action: string }>).map((x) => x.action)).toEqual(expect.arrayContaining(['staff.totp-reset', 'staff.totp-enable']));
  });

  it('lets any admin change their own password with the current one: other sessions end, this one stays', async () => {
    const me = await adminSession(t, 'editor');
    const elsewhere = await adminBrowser(t, '203.0.113.204');
    const other = await adminLogin(elsewhere, { username: me.username, password: me.password });
    expect(other.status).toBe(200);
    expect((await me.post('/api/admin/password', { currentPassword: 'wrong-one', newPassword: 'new-pass-123' })).body).toEqual({ success: false, message: STAFF_MSG.currentPasswordWrong });
    expect((await me.post('/api/admin/password', { currentPassword: me.password, newPassword: me.password })).body.message).toBe(STAFF_MSG.samePassword);
    expect((await me.post('/api/admin/password', { currentPassword: me.password, newPassword: 'short' })).body.message).toBe(STAFF_MSG.passwordTooShort);
    const ok = await me.post('/api/admin/password', { currentPassword: me.password, newPassword: 'new-pass-123' });
    expect(ok.body).toEqual({ success: true, message: STAFF_MSG.passwordChanged });
    expect((await me.get('/api/admin/checkLogin')).body.isLoggedIn).toBe(true);
    expect((await elsewhere.agent.get('/api/admin/checkLogin')).body.isLoggedIn).toBe(false);
    const b = await adminBrowser(t, '203.0.113.205');
    expect((await adminLogin(b, { username: me.username, password: 'new-pass-123' })).status).toBe(200);
  });

  it('records every staff change in the audit trail with before/after, never a password', async () => {
    const owner = await adminSession(t, 'owner');
    const created = await owner.post('/api/admin/staff', { username: 'audit-me', display_name: '稽核', role: 'editor', password: 'audit-pass-1' });
    const id = created.body.staff.id as number;
    await owner.put(`/api/admin/staff/${id}`, { role: 'staff', display_name: '稽核員' });
    await owner.post(`/api/admin/staff/${id}/password`, { password: 'audit-pass-2' });
    const res = await owner.get(`/api/admin/auditLogs?entity=staff&entity_id=${id}`);
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(3);
    const [reset, update, create] = res.body.rows;
    expect(create).toMatchObject({ admin_id: owner.id, admin_username: owner.username, action: 'staff.create', entity: 'staff', entity_id: String(id), summary: '新增帳號 audit-me（內容編輯）' });
    expect(create.changes).toEqual({ username: [null, 'audit-me'], display_name: [null, '稽核'], role: [null, 'editor'], is_active: [null, 1] });
    expect(update).toMatchObject({ action: 'staff.update', changes: { role: ['editor', 'staff'], display_name: ['稽核', '稽核員'] } });
    expect(reset).toMatchObject({ action: 'staff.password-reset', changes: { password: ['***', '***'] } });
    expect(JSON.stringify(res.body)).not.toMatch(/audit-pass|argon2/);
    // Paging and filters.
    const page = await owner.get('/api/admin/auditLogs?limit=1&offset=1');
    expect(page.body.rows).toHaveLength(1);
    const mine = await owner.get(`/api/admin/auditLogs?admin_id=${owner.id}`);
    expect((mine.body.rows as Array<{ admin_id: number }>).every((r) => r.admin_id === owner.id)).toBe(true);
    expect((await owner.get('/api/admin/auditLogs?limit=5000')).status).toBe(400);
    // Logins are recorded too.
    const logins = await owner.get(`/api/admin/auditLogs?entity=staff&entity_id=${owner.id}`);
    expect((logins.body.rows as Array<{ action: string }>).some((r) => r.action === 'admin.login')).toBe(true);
  });
});
