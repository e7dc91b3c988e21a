import request from 'supertest';
import { BrowserSession, isolatedEnv, randomPhone, registerMember } from '../../src/modules/auth/testing/browser-session';
import { createTestApp, TestApp } from '../helpers/test-app';

// jest ignores `testTimeout` inside a project entry; app start-up on MariaDB needs more than the 5 s default.
jest.setTimeout(60_000);

describe('member login, sessions and CSRF', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(isolatedEnv());
  });
  afterAll(async () => t?.close());

  const browser = () => new BrowserSession(request.agent(t.http));

  it('hands out a CSRF token and refuses a state-changing call without it (cross-site POST)', async () => {
    const b = browser();
    const token = await b.csrfToken();
    expect(token).toMatch(/^[0-9a-f]{64}\.[0-9a-f]{64}$/);
    const noToken = await b.agent.post('/api/login/basic-login').send({ account: '0912345678', password: 'abc123' });
    expect(noToken.status).toBe(403);
    expect(noToken.body).toEqual({ success: false, message: '頁面已逾時或請求來源不明，請重新整理頁面後再試' });
    const wrongToken = await b.agent.post('/api/login/basic-login').set('X-CSRF-Token', 'x'.repeat(64)).send({ account: '0912345678', password: 'abc123' });
    expect(wrongToken.status).toBe(403);
    // A page on another site has no cookie to pair with a token.
    const foreign = await request(t.http).post('/api/user/updateUser').set('Origin', 'https://evil.example').set('X-CSRF-Token', token).send({ username: '王小明' });
    expect(foreign.status).toBe(403);
    // Public reads the spec sends as POST need no token; provider callbacks are exempt by path.
    expect((await request(t.http).post('/api/load/versions').send({})).status).toBe(200);
  });

  it('logs in with phone + password, rotates the session id and serves getuser', async () => {
    const a = browser();
    const { phone, password } = await registerMember(t.app, a);
    await a.post('/api/login/logout');

    const b = browser();
    // A session exists before login only once something is in it (here a social-login state).
    await b.post('/api/login/state-save', { state: BrowserSession.newState() });
    const before = b.sid();
    expect(before).toBeDefined();
    const res = await b.post('/api/login/basic-login', { account: phone, password });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: '登入成功', user: { account: phone, phone } });
    expect(([] as string[]).concat(res.headers['set-cookie'] ?? []).join(';')).toMatch(/sid=.*HttpOnly.*SameSite=Lax/i);
    expect(b.sid()).not.toBe(before);

    const me = await b.get('/api/login/getuser').expect(200);
    expect(me.body.user).toMatchObject({ user_id: expect.any(Number), account: phone, phone, username: '', email: null, addresses: [] });
    expect(me.body.user.config).toEqual({
      default_shipping: 4,
      selectedHomeAddrIndex: 0,
      selectedCvsAddrIndex: 0,
      default_mobile_barcode: '',
      default_citizen_barcode: '',
      default_company_name: '',
      default_tax_id: '',
    });
    // Whether a password is set (for 刪除帳號's confirmation, issue 22), never the password or its hash.
    expect(me.body.user.has_password).toBe(true);
    expect(JSON.stringify(me.body)).not.toMatch(/password_hash|"password"|\$argon2/i);
  });

  it('prevents session fixation: a session id planted before login is not logged in afterwards', async () => {
    const victim = browser();
    const { phone, password } = await registerMember(t.app, browser());
    await victim.post('/api/login/state-save', { state: BrowserSession.newState() });
    const planted = victim.sid() as string;
    expect(planted).toBeDefined();
    await victim.post('/api/login/basic-login', { account: phone, password }).then((r) => expect(r.status).toBe(200));
    const attacker = await request(t.http).get('/api/login/getuser').set('Cookie', `sid=${planted}`);
    expect(attacker.status).toBe(401);
    expect(attacker.body).toEqual({ success: false, message: '請先登入' });
  });

  it('accepts +886 numbers and answers the same message for a wrong password and an unknown account', async () => {
    const { phone, password } = await registerMember(t.app, browser());
    const intl = `+886 ${phone.slice(1, 4)} ${phone.slice(4, 7)} ${phone.slice(7)}`;
    expect((await browser().post('/api/login/basic-login', { account: intl, password })).status).toBe(200);
    const wrong = await browser().post('/api/login/basic-login', { account: phone, password: 'wrong99' });
    const unknown = await browser().post('/api/login/basic-login', { account: randomPhone(), password: 'wrong99' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ success: false, message: '帳號或密碼錯誤' });
    expect(unknown.body).toEqual(wrong.body);
    const empty = await browser().post('/api/login/basic-login', { account: '', password: '' });
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ success: false, message: '請輸入帳號和密碼' });
  });

  it('logs out for real: the old session id no longer works', async () => {
    const b = browser();
    await registerMember(t.app, b);
    const sid = b.sid() as string;
    await b.get('/api/login/getuser').expect(200);
    const out = await b.post('/api/login/logout');
    expect(out.body).toMatchObject({ success: true, message: '已登出', csrfToken: expect.any(String) });
    await b.get('/api/login/getuser').expect(401);
    await request(t.http).get('/api/login/getuser').set('Cookie', `sid=${sid}`).expect(401);
  });

  it('throttles guessing per account and IP with a clear message (429)', async () => {
    const { phone, password } = await registerMember(t.app, browser());
    const attacker = browser();
    for (let i = 0; i < 5; i++) {
      const r = await attacker.post('/api/login/basic-login', { account: phone, password: `guess${i}x` });
      expect(r.status).toBe(401);
    }
    const blocked = await attacker.post('/api/login/basic-login', { account: phone, password });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/^登入失敗次數過多，請於 \d+ 分鐘後再試。$/);
    // The owner from another address is not locked out by one attacker.
    expect((await browser().post('/api/login/basic-login', { account: phone, password })).status).toBe(200);
  });

  it('throttles one account across rotating addresses after 20 failures', async () => {
    const { phone, password } = await registerMember(t.app, browser());
    for (let i = 0; i < 20; i++) {
      const r = await browser().post('/api/login/basic-login', { account: phone, password: `guess${i}x` });
      expect(r.status).toBe(401);
    }
    const blocked = await browser().post('/api/login/basic-login', { account: phone, password });
    expect(blocked.status).toBe(429);
  });

  it('throttles one address trying many accounts (credential stuffing)', async () => {
    const stuffer = browser();
    let status = 0;
    for (let i = 0; i < 51 && status !== 429; i++) {
      status = (await stuffer.post('/api/login/basic-login', { account: randomPhone(), password: 'abc123' })).status;
    }
    expect(status).toBe(429);
  });
});
