import request from 'supertest';
import { DataSource } from 'typeorm';
import { PasswordHasher } from '../../src/modules/auth/passwords';
import { BrowserSession, isolatedEnv, lastCode, randomPhone } from '../../src/modules/auth/testing/browser-session';
import { PhoneCode } from '../../src/modules/phone-verification/entities/phone-code.entity';
import { UsersService } from '../../src/modules/users/users.service';
import { createTestApp, TestApp } from '../helpers/test-app';

// jest ignores `testTimeout` inside a project entry; app start-up on MariaDB needs more than the 5 s default.
jest.setTimeout(60_000);

describe('registration: verified phone, then password (spec 1 §4–5)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(isolatedEnv());
  });
  afterAll(async () => t?.close());

  const browser = () => new BrowserSession(request.agent(t.http));

  async function verified(b = browser(), phone = randomPhone()) {
    await b.post('/api/phone/sendcode', { type: 'register', phone }).then((r) => expect(r.status).toBe(200));
    const code = await lastCode(t.app, phone);
    await b.post('/api/phone/verifycode', { phone, code }).then((r) => expect(r.body).toEqual({ success: true, message: '驗證成功' }));
    return { b, phone };
  }

  it('registers, logs in (new session id) and answers the member', async () => {
    const { b, phone } = await verified();
    const sidBefore = b.sid();
    const res = await b.post('/api/user/register', { phone, password: 'abc123' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: '註冊成功', user: { account: phone, phone, username: '' }, csrfToken: expect.any(String) });
    expect(b.sid()).not.toBe(sidBefore);
    expect((await b.get('/api/login/getuser').expect(200)).body.user.user_id).toBe(res.body.user.user_id);
    const [row] = await t.app.get(DataSource).query(`SELECT password_hash FROM users WHERE id = ${res.body.user.user_id}`);
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
  });

  it.each([
    [{ password: 'abc123' }, '請輸入手機號碼！'],
    [{ phone: '0812345678', password: 'abc123' }, '請輸入有效的手機號碼： 台灣手機範例：0912345678'],
    [{ phone: '0912345678' }, '密碼不能為空'],
    [{ phone: '0912345678', password: '' }, '密碼不能為空'],
    [{ phone: '0912345678', password: 'abcdef' }, '密碼必須至少6位且包含一個小寫字母和一個數字'],
    [{ phone: '0912345678', password: 'ABC123' }, '密碼必須至少6位且包含一個小寫字母和一個數字'],
    [{ phone: '0912345678', password: 'a1' }, '密碼必須至少6位且包含一個小寫字母和一個數字'],
    [{ phone: '0912345678', password: `a1${'x'.repeat(127)}` }, '密碼長度不可超過 128 個字元'],
  ])('refuses %j with %s', async (body, message) => {
    const res = await browser().post('/api/user/register', body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, message });
  });

  it('refuses a phone that this session did not verify', async () => {
    const res = await browser().post('/api/user/register', { phone: randomPhone(), password: 'abc123' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, message: '請先完成手機驗證' });
  });

  it('binds the verification to the number and to the browser that verified it', async () => {
    const { b, phone } = await verified();
    expect((await b.post('/api/user/register', { phone: randomPhone(), password: 'abc123' })).body.message).toBe('請先完成手機驗證');
    expect((await browser().post('/api/user/register', { phone, password: 'abc123' })).body.message).toBe('請先完成手機驗證');
  });

  it('uses a verification once, even for simultaneous requests', async () => {
    const { b, phone } = await verified();
    const results = await Promise.all([b.post('/api/user/register', { phone, password: 'abc123' }), b.post('/api/user/register', { phone, password: 'abc123' })]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses[0]).toBe(200);
    expect(statuses[1]).not.toBe(200);
    const [row] = await t.app.get(DataSource).query(`SELECT COUNT(*) AS n FROM users WHERE account = '${phone}'`);
    expect(Number(row.n)).toBe(1);
  });

  it('refuses a verification whose 10 minutes are over', async () => {
    const { b, phone } = await verified();
    await t.app.get(DataSource).getRepository(PhoneCode).update({ phone }, { expires_at: new Date(Date.now() - 1) });
    expect((await b.post('/api/user/register', { phone, password: 'abc123' })).body).toEqual({ success: false, message: '請先完成手機驗證' });
  });

  it('answers 此手機號碼已註冊 when the number was registered meanwhile', async () => {
    const { b, phone } = await verified();
    // Someone else completed a registration of the same number in the meantime.
    await t.app.get(UsersService).createPasswordMember(phone, await t.app.get(PasswordHasher).hash('other1'));
    const res = await b.post('/api/user/register', { phone, password: 'abc123' });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ success: false, message: '此手機號碼已註冊' });
  });
});
