import * as argon2 from 'argon2';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { openDataSource } from '../../src/database/testing/databases';
import { BrowserSession, isolatedEnv, registerMember } from '../../src/modules/auth/testing/browser-session';
import { StaffClock } from '../../src/modules/staff/staff-clock';
import { StaffTotp } from '../../src/modules/staff/staff-totp';
import { ADMIN_MSG } from '../../src/common/validation/admin';
import { adminBrowser, adminLogin, adminSession, createAdmin } from '../helpers/admin';
import { createTestDatabase } from '../helpers/databases';
import { createTestApp, TestApp } from '../helpers/test-app';

jest.setTimeout(120_000);

const cookieNames = (res: request.Response) => ([] as string[]).concat(res.headers['set-cookie'] ?? []).map((c) => c.split('=')[0]);
let ipSeq = 10;
const nextIp = () => `203.0.113.${ipSeq++}`;

describe('back-office sign-in, sessions and lockout', () => {
  let t: TestApp;
  let clock: StaffClock;

  beforeAll(async () => {
    t = await createTestApp(isolatedEnv({ ADMIN_INITIAL_PASSWORD: 'owner-pass-1234', ADMIN_LOGIN_DELAY_MS: '1000', LOGIN_IP_FAILURES_PER_HOUR: '20' }));
    clock = t.app.get(StaffClock, { strict: false });
  });
  afterEach(() => clock.reset());
  afterAll(async () => t?.close());

  it('signs the seeded owner in with ADMIN_INITIAL_PASSWORD: own cookie asid, rotated id, csrfToken, checkLogin', async () => {
    const b = await adminBrowser(t, nextIp());
    const res = await adminLogin(b, { username: 'admin', password: 'owner-pass-1234', rememberMe: false });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: '登入成功', adminname: '系統管理員', role: 'owner', csrfToken: expect.any(String) });
    const set = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
    const asid = set.find((c) => c.startsWith('asid='));
    expect(asid).toMatch(/HttpOnly/i);
    expect(asid).toMatch(/SameSite=Strict/i);
    expect(asid).not.toMatch(/Expires|Max-Age/i); // a browser session without remember-me
    expect(cookieNames(res)).not.toContain('sid');
    const check = await b.agent.get('/api/admin/checkLogin').expect(200);
    expect(check.body).toEqual({ success: true, isLoggedIn: true, adminname: '系統管理員', role: 'owner', mustSetupTotp: false, totpEnabled: false });
    const lower = await b.agent.get('/api/admin/checklogin').expect(200);
    expect(lower.body.isLoggedIn).toBe(true);
    expect(JSON.stringify(check.body)).not.toMatch(/hash|secret|sid/i);
  });

  it('answers checkLogin false for a visitor and 401 for an admin route', async () => {
    const check = await request(t.http).get('/api/admin/checkLogin').expect(200);
    expect(check.body).toEqual({ success: true, isLoggedIn: false });
    const staff = await request(t.http).get('/api/admin/staff');
    expect(staff.status).toBe(401);
    expect(staff.body).toEqual({ success: false, message: ADMIN_MSG.loginRequired });
  });

  it('keeps member and admin sessions apart: a member cookie is no admin, and the admin cookie no member', async () => {
    const member = new BrowserSession(request.agent(t.http));
    await registerMember(t.app, member);
    expect((await member.get('/api/admin/checkLogin')).body.isLoggedIn).toBe(false);
    expect((await member.get('/api/admin/staff')).status).toBe(401);
    // The same browser signs in to the back office: both sessions live side by side.
    const account = await createAdmin(t, { role: 'owner' });
    const tok = await member.agent.get('/api/admin/csrf-token');
    const login = await member.agent.post('/api/admin/login').set('X-CSRF-Token', tok.body.csrfToken).send({ username: account.username, password: account.password });
    expect(login.status).toBe(200);
    expect((await member.get('/api/login/getuser')).status).toBe(200);
    expect((await member.get('/api/admin/staff')).status).toBe(200);
    // A member-side write still works with the member token (the admin token lives in its own cookie).
    const upd = await member.post('/api/login/logout');
    expect(upd.status).toBe(200);
    expect((await member.get('/api/admin/staff')).status).toBe(200);
  });

  it('refuses an admin write without the admin CSRF token (the member token does not count)', async () => {
    const owner = await adminSession(t, 'owner');
    const noToken = await owner.agent.post('/api/admin/staff').send({ username: 'x-nocsrf', display_name: 'x', role: 'staff', password: 'password1' });
    expect(noToken.status).toBe(403);
    const member = new BrowserSession(owner.agent);
    const memberToken = await member.csrfToken();
    const wrong = await owner.agent.post('/api/admin/staff').set('X-CSRF-Token', memberToken).send({ username: 'x-nocsrf', display_name: 'x', role: 'staff', password: 'password1' });
    expect(wrong.status).toBe(403);
  });

  it('logs out by POST and by GET (spec 1), ending the session', async () => {
    const a = await adminSession(t, 'staff');
    const out = await a.post('/api/admin/logout');
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ success: true, message: '已登出', csrfToken: expect.any(String) });
    expect((await a.get('/api/admin/checkLogin')).body.isLoggedIn).toBe(false);
    const b = await adminSession(t, 'staff');
    expect((await b.get('/api/admin/logout')).status).toBe(200);
    expect((await b.get('/api/admin/checkLogin')).body.isLoggedIn).toBe(false);
  });

  it('prevents session fixation: the id before login is not signed in afterwards', async () => {
    const account = await createAdmin(t, { role: 'staff' });
    const b = await adminBrowser(t, nextIp());
    // A failed login stores nothing; plant an id by a first login, then log in again.
    await adminLogin(b, { username: account.username, password: account.password });
    const first = (b.agent as unknown as { jar: { getCookie(n: string, o: object): { value: string } | undefined } }).jar.getCookie('asid', { domain: '127.0.0.1', path: '/', secure: false, script: false })?.value;
    const again = await adminLogin({ ...b, csrf: (await b.agent.get('/api/admin/csrf-token')).body.csrfToken }, { username: account.username, password: account.password });
    expect(again.status).toBe(200);
    const second = (b.agent as unknown as { jar: { getCookie(n: string, o: object): { value: string } | undefined } }).jar.getCookie('asid', { domain: '127.0.0.1', path: '/', secure: false, script: false })?.value;
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    const old = await request(t.http).get('/api/admin/checkLogin').set('Cookie', `asid=${first}`);
    expect(old.body.isLoggedIn).toBe(false);
  });

  it('remember-me: a 30-day cookie; without it the session ends after 8 h however active', async () => {
    const remembered = await adminSession(t, 'staff', { rememberMe: true });
    const browser = await adminSession(t, 'staff');
    clock.advance(8 * 3600_000 - 60_000);
    expect((await browser.get('/api/admin/checkLogin')).body.isLoggedIn).toBe(true);
    clock.advance(2 * 60_000);
    expect((await browser.get('/api/admin/checkLogin')).body.isLoggedIn).toBe(false);
    expect((await remembered.get('/api/admin/checkLogin')).body.isLoggedIn).toBe(true);
    clock.advance(30 * 24 * 3600_000);
    expect((await remembered.get('/api/admin/checkLogin')).body.isLoggedIn).toBe(false);

    const b = await adminBrowser(t, nextIp());
    const account = await createAdmin(t);
    const res = await adminLogin(b, { username: account.username, password: account.password, rememberMe: true });
    const asid = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('asid='));
    const expires = /Expires=([^;]+)/i.exec(asid ?? '')?.[1];
    expect(expires).toBeDefined();
    const days = (new Date(expires as string).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30.01);
  });

  it('answers the same message for an unknown account and a wrong password', async () => {
    const account = await createAdmin(t);
    const b = await adminBrowser(t, nextIp());
    const wrong = await adminLogin(b, { username: account.username, password: 'not-the-password' });
    const unknown = await adminLogin(b, { username: 'nobody-here', password: 'not-the-password' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ success: false, message: ADMIN_MSG.wrongCredentials });
    expect(unknown.body).toEqual(wrong.body);
    const empty = await adminLogin(b, { username: '', password: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(ADMIN_MSG.usernameRequired);
  });

  it('locks an account for one IP at the 5th failure of a Taipei day until 24:00, a success resets, sessions survive', async () => {
    const account = await createAdmin(t, { role: 'staff' });
    // 23:30 Taipei = 15:30 UTC.
    clock.freeze(Date.parse('2026-03-10T15:30:00Z'));
    const ip = nextIp();
    const open = await adminSession(t, 'staff');
    const b = await adminBrowser(t, ip);
    // 3 failures, then a success resets the count.
    for (let i = 0; i < 3; i++) expect((await adminLogin(b, { username: account.username, password: 'wrong-pass' })).status).toBe(401);
    const success = await adminLogin(b, { username: account.username, password: account.password });
    expect(success.status).toBe(200);
    b.csrf = success.body.csrfToken; // bound to the new session now
    for (let i = 0; i < 4; i++) {
      const r = await adminLogin(b, { username: account.username, password: 'wrong-pass' });
      expect(r.status).toBe(401);
      expect(r.body.isOut).toBeUndefined();
    }
    const fifth = await adminLogin(b, { username: account.username, password: 'wrong-pass' });
    expect(fifth.status).toBe(429);
    expect(fifth.body).toEqual({ success: false, message: '帳號已鎖定至今天 24:00 後。請稍候再試。', isOut: true });
    // Locked: even the right password is refused from this IP …
    const right = await adminLogin(b, { username: account.username, password: account.password });
    expect(right.body).toEqual({ success: false, message: ADMIN_MSG.locked, isOut: true });
    // … but not from another IP, and open sessions stay.
    const other = await adminBrowser(t, nextIp());
    expect((await adminLogin(other, { username: account.username, password: account.password })).status).toBe(200);
    expect((await open.get('/api/admin/checkLogin')).body.isLoggedIn).toBe(true);
    // The lock is in the audit trail (once, by the system).
    const owner = await adminSession(t, 'owner');
    const logs = await owner.get(`/api/admin/auditLogs?entity=staff&entity_id=${account.id}`);
    const locks = (logs.body.rows as Array<{ action: string; admin_id: number | null; summary: string }>).filter((r) => r.action === 'admin.locked');
    expect(locks).toHaveLength(1);
    expect(locks[0]).toMatchObject({ admin_id: null, summary: `帳號 ${account.username} 自 ${ip} 登入失敗 5 次，此來源鎖定至今天 24:00` });
    // 00:30 Taipei the next day: open again.
    clock.advance(60 * 60_000);
    expect((await adminLogin(b, { username: account.username, password: account.password })).status).toBe(200);
  });

  it('counts a Taipei day, not 24 hours: failures at 23:30 and 00:30 belong to different days', async () => {
    const account = await createAdmin(t);
    const ip = nextIp();
    const b = await adminBrowser(t, ip);
    clock.freeze(Date.parse('2026-03-11T15:30:00Z')); // 23:30 Taipei
    for (let i = 0; i < 4; i++) await adminLogin(b, { username: account.username, password: 'wrong-pass' });
    clock.advance(60 * 60_000); // 00:30 Taipei
    const r = await adminLogin(b, { username: account.username, password: 'wrong-pass' });
    expect(r.status).toBe(401);
    expect(r.body.isOut).toBeUndefined();
    expect((await adminLogin(b, { username: account.username, password: account.password })).status).toBe(200);
  });

  it('slows an account down after 10 failures in an hour across IPs: 1 s doubling, capped at 30 s', async () => {
    const account = await createAdmin(t);
    clock.freeze(Date.parse('2026-03-12T02:00:00Z'));
    const waits: number[] = [];
    const realSleep = clock.sleep.bind(clock);
    clock.sleep = async (ms: number) => void waits.push(ms);
    try {
      // Rotating addresses: 2 failures per IP, never locked per IP, still counted for the account.
      for (let i = 0; i < 16; i++) {
        const b = await adminBrowser(t, `198.18.${i >> 1}.${10 + (i % 2)}`);
        await adminLogin(b, { username: account.username, password: 'wrong-pass' });
      }
      expect(waits.slice(0, 10)).toEqual(Array(10).fill(0));
      expect(waits.slice(10)).toEqual([1000, 2000, 4000, 8000, 16000, 30000]);
      // An hour later the account is fast again.
      clock.advance(61 * 60_000);
      const b = await adminBrowser(t, nextIp());
      expect((await adminLogin(b, { username: account.username, password: account.password })).status).toBe(200);
      expect(waits[waits.length - 1]).toBe(0);
    } finally {
      clock.sleep = realSleep;
    }
  });

  it('counts parallel guesses: never more than 5 password checks from one IP', async () => {
    const account = await createAdmin(t);
    const b = await adminBrowser(t, nextIp());
    const answers = await Promise.all(Array.from({ length: 8 }, () => adminLogin(b, { username: account.username, password: 'wrong-pass' })));
    const out = answers.filter((r) => r.body.isOut === true).length;
    const plain = answers.filter((r) => r.status === 401).length;
    expect(plain).toBeLessThanOrEqual(4);
    expect(out + plain).toBe(8);
  });

  it('stops one address trying many accounts: LOGIN_IP_FAILURES_PER_HOUR failures across accounts, then 429', async () => {
    const ip = nextIp();
    const b = await adminBrowser(t, ip);
    for (let i = 0; i < 20; i++) {
      const r = await adminLogin(b, { username: `sprayed-${i % 5}`, password: 'guess-1234' });
      expect(r.status).toBe(401); // 4 per account: none locked
    }
    const account = await createAdmin(t);
    const refused = await adminLogin(b, { username: account.username, password: account.password });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ success: false, message: '請求過於頻繁，請稍後再試' });
    // Another address is not affected.
    expect((await adminLogin(await adminBrowser(t, nextIp()), { username: account.username, password: account.password })).status).toBe(200);
  });

  describe('two-factor (TOTP)', () => {
    it('sets up, enables, then asks for the code at login; a code is accepted once', async () => {
      const me = await adminSession(t, 'staff');
      const totp = t.app.get(StaffTotp, { strict: false });
      const setup = await me.post('/api/admin/totp/setup');
      expect(setup.status).toBe(200);
      expect(setup.body).toEqual({ success: true, secret: expect.stringMatching(/^[A-Z2-7]+=*$/), otpauthUrl: expect.stringMatching(/^otpauth:\/\/totp\//), qrDataUrl: expect.stringMatching(/^data:image\/png;base64,/) });
      const secret = setup.body.secret as string;
      expect((await me.post('/api/admin/totp/enable', { code: '000000' })).body).toEqual({ success: false, message: ADMIN_MSG.otpWrong });
      const enabled = await me.post('/api/admin/totp/enable', { code: await totp.code(secret) });
      expect(enabled.body).toEqual({ success: true, message: '已啟用兩步驟驗證' });
      expect((await me.get('/api/admin/checkLogin')).body.totpEnabled).toBe(true);

      const b = await adminBrowser(t, nextIp());
      const noCode = await adminLogin(b, { username: me.username, password: me.password });
      expect(noCode.status).toBe(401);
      expect(noCode.body).toEqual({ success: false, message: ADMIN_MSG.otpRequired, needOtp: true });
      const badCode = await adminLogin(b, { username: me.username, password: me.password, otp: '123456' });
      expect(badCode.body).toMatchObject({ success: false, message: ADMIN_MSG.otpWrong, needOtp: true });
      // The code used to enable it (same 30 s step) is spent: the next step's code works.
      clock.freeze(Date.now() + 30_000);
      const code = await totp.code(secret);
      expect((await adminLogin(b, { username: me.username, password: me.password, otp: code })).status).toBe(200);
      const again = await adminBrowser(t, nextIp());
      expect((await adminLogin(again, { username: me.username, password: me.password, otp: code })).body.message).toBe(ADMIN_MSG.otpWrong);

      clock.advance(30_000);
      const off = await me.post('/api/admin/totp/disable', { code: await totp.code(secret) });
      expect(off.body).toEqual({ success: true, message: '已關閉兩步驟驗證' });
      const staffList = await (await adminSession(t, 'owner')).get('/api/admin/staff');
      expect(JSON.stringify(staffList.body)).not.toMatch(/totp_secret|password|hash/);
    });
  });
});

describe('owners must set up two-factor where it is required (production default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(isolatedEnv({ ADMIN_OWNER_TOTP: 'required' }));
  });
  afterAll(async () => t?.close());

  it('lets an owner without TOTP only check, log out and set it up', async () => {
    const owner = await adminSession(t, 'owner');
    const check = await owner.get('/api/admin/checkLogin');
    expect(check.body).toMatchObject({ isLoggedIn: true, mustSetupTotp: true, totpEnabled: false });
    const staff = await owner.get('/api/admin/staff');
    expect(staff.status).toBe(403);
    expect(staff.body).toEqual({ success: false, message: ADMIN_MSG.mustSetupTotp, mustSetupTotp: true });
    const setup = await owner.post('/api/admin/totp/setup');
    expect(setup.status).toBe(200);
    const code = await t.app.get(StaffTotp, { strict: false }).code(setup.body.secret);
    expect((await owner.post('/api/admin/totp/enable', { code })).status).toBe(200);
    expect((await owner.get('/api/admin/staff')).status).toBe(200);
    // …and may not turn it off.
    const off = await owner.post('/api/admin/totp/disable', { code });
    expect(off.status).toBe(403);
    // Staff are not forced.
    const staffMember = await adminSession(t, 'staff');
    expect((await staffMember.get('/api/admin/checkLogin')).body.mustSetupTotp).toBe(false);
  });
});

describe('the seeded owner without ADMIN_INITIAL_PASSWORD', () => {
  it('is created with a random password, told once (the start log prints it), that verifies', async () => {
    if (process.env.ADMIN_INITIAL_PASSWORD) return; // the runner's own setting would win
    const db = await createTestDatabase();
    const mediaDir = mkdtempSync(join(tmpdir(), 'skinshop-media-'));
    const { ds, seed } = openDataSource(db.url);
    try {
      await ds.initialize();
      await ds.runMigrations({ transaction: 'each' });
      const told: Array<[string, string]> = [];
      expect(await seed.seedDemo(ds, { mediaDir, onGeneratedAdminPassword: (u, p) => told.push([u, p]) })).toBe(true);
      expect(told).toHaveLength(1);
      const [username, password] = told[0];
      expect(username).toBe('admin');
      expect(password).toMatch(/^[A-Za-z0-9_-]{16}$/);
      const rows: Array<{ password_hash: string; role: string }> = await ds.query(`SELECT password_hash, role FROM admins WHERE username = 'admin'`);
      expect(rows[0].role).toBe('owner');
      expect(await argon2.verify(rows[0].password_hash, password)).toBe(true);
      expect(await argon2.verify(rows[0].password_hash, 'admin1234')).toBe(false);
      // Never again once the shop exists.
      expect(await seed.seedDemo(ds, { mediaDir, onGeneratedAdminPassword: (u, p) => told.push([u, p]) })).toBe(false);
      expect(told).toHaveLength(1);
    } finally {
      if (ds.isInitialized) await ds.destroy();
      await db.drop();
      rmSync(mediaDir, { recursive: true, force: true });
    }
  });
});
