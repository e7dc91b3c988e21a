import request from 'supertest';
import { RateLimiter } from '../../src/modules/auth/rate-limit/rate-limiter';
import { BrowserSession, isolatedEnv, lastCode, outboxFor, randomPhone, registerMember } from '../../src/modules/auth/testing/browser-session';
import { createTestApp, TestApp } from '../helpers/test-app';

// jest ignores `testTimeout` inside a project entry; app start-up on MariaDB needs more than the 5 s default.
jest.setTimeout(60_000);

describe('profile: name, gender, birthday, e-mail and phone change (spec 2 §2–5)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(isolatedEnv());
  });
  afterAll(async () => t?.close());

  const browser = () => new BrowserSession(request.agent(t.http));
  const member = async () => {
    const b = browser();
    return { b, ...(await registerMember(t.app, b)) };
  };
  const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  describe('updateUser', () => {
    it('saves name, gender and birthday of the session member', async () => {
      const { b, userId } = await member();
      const res = await b.post('/api/user/updateUser', { user_id: userId, username: '王小明', gender: 'male', birthday: '1990-05-20' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: true, message: '更新成功', user: { user_id: userId, username: '王小明', gender: 'male', birthday: '1990-05-20' } });
      expect((await b.get('/api/login/getuser')).body.user).toMatchObject({ username: '王小明', gender: 'male', birthday: '1990-05-20' });
      const cleared = await b.post('/api/user/updateUser', { username: '王小明', gender: '', birthday: '' });
      expect(cleared.body.user).toMatchObject({ gender: '', birthday: null });
    });

    it.each([
      [{ gender: 'male' }, '請輸入姓名！'],
      [{ username: '  ' }, '請輸入姓名！'],
      [{ username: 'Ming' }, '會員姓名須為中文！'],
      [{ username: '王小明1' }, '會員姓名須為中文！'],
      [{ username: '王'.repeat(21) }, '會員姓名最多 20 個字'],
      [{ username: '王小明', gender: 'other' }, '性別選項不正確'],
      [{ username: '王小明', birthday: '1990-02-30' }, '生日格式不正確（YYYY-MM-DD）'],
      [{ username: '王小明', birthday: '2999-01-01' }, '生日格式不正確（YYYY-MM-DD）'],
      [{ username: '王小明', birthday: '20/05/1990' }, '生日格式不正確（YYYY-MM-DD）'],
    ])('refuses %j with %s', async (body, message) => {
      const { b } = await member();
      const res = await b.post('/api/user/updateUser', body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, message });
    });

    it('needs a login', async () => {
      expect((await browser().post('/api/user/updateUser', { username: '王小明' })).status).toBe(401);
    });
  });

  describe('e-mail change', () => {
    it('sends a code to the new address and changes it with that code', async () => {
      const { b } = await member();
      const email = `new-${randomPhone()}@example.com`;
      const sent = await b.post('/api/email/send-code', { email: ` ${email.toUpperCase()} ` });
      expect(sent.status).toBe(200);
      expect(sent.body).toEqual({ success: true, message: '驗證碼已寄出，請至信箱收信', outtime: 60 });
      const code = (await lastCode(t.app, email)) as string;
      expect(code).toMatch(/^\d{6}$/);
      const [mail] = await outboxFor(t.app, email);
      expect(mail.subject).toContain('Email 驗證碼');

      expect((await b.post('/api/user/updateEmail', { email })).body).toEqual({ success: false, message: '請輸入驗證碼' });
      expect((await b.post('/api/user/updateEmail', { email, code: wrongOf(code) })).body).toEqual({ success: false, message: '驗證失敗' });
      const ok = await b.post('/api/user/updateEmail', { email, code });
      expect(ok.body).toMatchObject({ success: true, message: 'Email 已更新', email, user: { email } });
      expect((await b.post('/api/user/updateEmail', { email, code })).body).toEqual({ success: false, message: '無法與當前 Email 相同' });
      expect((await b.post('/api/email/send-code', { email })).body).toEqual({ success: false, message: '無法與當前 Email 相同' });
    });

    it.each([
      [{}, '請輸入新 Email'],
      [{ email: '' }, '請輸入新 Email'],
      [{ email: 'not-an-email' }, 'Email 格式不正確'],
      [{ email: 'a@b' }, 'Email 格式不正確'],
    ])('send-code refuses %j with %s', async (body, message) => {
      const { b } = await member();
      const res = await b.post('/api/email/send-code', body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, message });
    });

    it('binds the code to the member and the address; refuses resend before outtime', async () => {
      const a = await member();
      const other = await member();
      const email = `bound-${randomPhone()}@example.com`;
      await a.b.post('/api/email/send-code', { email });
      const code = (await lastCode(t.app, email)) as string;
      expect((await other.b.post('/api/user/updateEmail', { email, code })).body).toEqual({ success: false, message: '無法找到驗證碼或驗證碼已過期。' });
      expect((await a.b.post('/api/user/updateEmail', { email: `x${email}`, code })).body.success).toBe(false);
      const again = await a.b.post('/api/email/send-code', { email: `y${email}` });
      expect(again.status).toBe(429);
      expect(again.body.outtime).toBeGreaterThan(0);
    });

    it('stops brute force at 5 tries', async () => {
      const { b } = await member();
      const email = `brute-${randomPhone()}@example.com`;
      await b.post('/api/email/send-code', { email });
      const code = (await lastCode(t.app, email)) as string;
      for (let i = 0; i < 5; i++) expect((await b.post('/api/user/updateEmail', { email, code: wrongOf(code) })).body.message).toBe('驗證失敗');
      expect((await b.post('/api/user/updateEmail', { email, code })).body).toEqual({ success: false, message: '無法找到驗證碼或驗證碼已過期。' });
    });

    it('needs a login', async () => {
      expect((await browser().post('/api/email/send-code', { email: 'a@example.com' })).status).toBe(401);
      expect((await browser().post('/api/user/updateEmail', { email: 'a@example.com', code: '123456' })).status).toBe(401);
    });
  });

  describe('phone change', () => {
    it('sends a code to the new number; the login account follows the phone', async () => {
      const { b, phone: oldPhone, password } = await member();
      const phone = randomPhone();
      const sent = await b.post('/api/phone/sendcode', { type: 'change', phone });
      expect(sent.body).toEqual({ success: true, message: '驗證碼已發送', outtime: 60 });
      const code = (await lastCode(t.app, phone)) as string;
      expect((await outboxFor(t.app, phone))[0].body).toContain('手機變更驗證碼');
      expect((await b.post('/api/user/updatePhone', { phone })).body).toEqual({ success: false, message: '請輸入驗證碼' });
      expect((await b.post('/api/user/updatePhone', { phone, code: wrongOf(code) })).body).toEqual({ success: false, message: '驗證失敗' });
      const ok = await b.post('/api/user/updatePhone', { phone, code });
      expect(ok.body).toMatchObject({ success: true, message: '手機號碼已更新', phone, user: { phone, account: phone } });
      expect((await browser().post('/api/login/basic-login', { account: phone, password })).status).toBe(200);
      expect((await browser().post('/api/login/basic-login', { account: oldPhone, password })).status).toBe(401);
    });

    it('spec 2 §7: a logged-in member asks with { phone } alone (no type) and updatePhone accepts that code', async () => {
      const { b, password } = await member();
      const phone = randomPhone();
      const sent = await b.post('/api/phone/sendcode', { phone });
      expect(sent.body).toEqual({ success: true, message: '驗證碼已發送', outtime: 60 });
      const [sms] = await outboxFor(t.app, phone);
      expect(sms.body).toContain('手機變更驗證碼');
      const code = (await lastCode(t.app, phone)) as string;
      const ok = await b.post('/api/user/updatePhone', { phone, code });
      expect(ok.body).toMatchObject({ success: true, message: '手機號碼已更新', phone, user: { phone, account: phone } });
      expect((await browser().post('/api/login/basic-login', { account: phone, password })).status).toBe(200);
    });

    it('without a type, a member gets the phone-change rules (not registration’s)', async () => {
      const { b, phone } = await member();
      expect((await b.post('/api/phone/sendcode', {})).body).toEqual({ success: false, message: '請輸入新的手機號碼' });
      expect((await b.post('/api/phone/sendcode', { phone: '12345' })).body).toEqual({ success: false, message: '手機號碼格式不正確' });
      expect((await b.post('/api/phone/sendcode', { phone })).body).toEqual({ success: false, message: '無法與當前手機相同' });
      // An explicit type still wins: the member's own client may keep sending type 'register' for another number.
      const other = randomPhone();
      expect((await b.post('/api/phone/sendcode', { type: 'register', phone: other })).status).toBe(200);
      expect((await outboxFor(t.app, other))[0].body).toContain('註冊驗證碼');
      expect((await b.post('/api/user/updatePhone', { phone: other, code: (await lastCode(t.app, other)) as string })).body).toEqual({
        success: false,
        message: '無法找到驗證碼或驗證碼已過期。',
      });
    });

    it.each([
      [{ type: 'change' }, '請輸入新的手機號碼'],
      [{ type: 'change', phone: '12345' }, '手機號碼格式不正確'],
    ])('sendcode refuses %j with %s', async (body, message) => {
      const { b } = await member();
      expect((await b.post('/api/phone/sendcode', body)).body).toEqual({ success: false, message });
    });

    it('refuses the current number', async () => {
      const { b, phone } = await member();
      expect((await b.post('/api/phone/sendcode', { type: 'change', phone })).body).toEqual({ success: false, message: '無法與當前手機相同' });
      expect((await b.post('/api/user/updatePhone', { phone, code: '123456' })).body).toEqual({ success: false, message: '無法與當前手機相同' });
    });

    it.each([
      [{ code: '123456' }, '請輸入新的手機號碼'],
      [{ phone: '0212345678', code: '123456' }, '手機號碼格式不正確'],
    ])('updatePhone refuses %j with %s', async (body, message) => {
      const { b } = await member();
      expect((await b.post('/api/user/updatePhone', body)).body).toEqual({ success: false, message });
    });

    it('refuses a code this session did not ask for, and a number another member uses', async () => {
      const a = await member();
      const taken = await member();
      const phone = randomPhone();
      await a.b.post('/api/phone/sendcode', { type: 'change', phone });
      const code = (await lastCode(t.app, phone)) as string;
      expect((await taken.b.post('/api/user/updatePhone', { phone, code })).body).toEqual({ success: false, message: '無法找到驗證碼或驗證碼已過期。' });

      await t.app.get(RateLimiter, { strict: false }).reset(`cd:sms:${taken.phone}`);
      await a.b.post('/api/phone/sendcode', { type: 'change', phone: taken.phone }).then((r) => expect(r.status).toBe(200));
      const takenCode = (await lastCode(t.app, taken.phone)) as string;
      const res = await a.b.post('/api/user/updatePhone', { phone: taken.phone, code: takenCode });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ success: false, message: '此手機號碼已被其他會員使用' });
    });
  });
});
