import request from 'supertest';
import { DataSource } from 'typeorm';
import { RateLimiter } from '../../src/common/rate-limit/rate-limiter';
import { SendLimits } from '../../src/modules/phone-verification/send-limits';
import { BrowserSession, isolatedEnv, lastCode, randomPhone, registerMember } from '../../src/modules/auth/testing/browser-session';
import { PhoneCode } from '../../src/modules/phone-verification/entities/phone-code.entity';
import { createTestApp, TestApp } from '../helpers/test-app';

// jest ignores `testTimeout` inside a project entry; app start-up on MariaDB needs more than the 5 s default.
jest.setTimeout(60_000);

describe('forgot password (4 steps) and change password (spec 1 §4–5)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(isolatedEnv());
  });
  afterAll(async () => t?.close());

  const browser = () => new BrowserSession(request.agent(t.http));
  const skipCooldown = (phone: string) => t.app.get(RateLimiter).reset(t.app.get(SendLimits, { strict: false }).cooldown, `sms:${phone}`);

  async function forgotVerified(phone: string, b = browser()) {
    await skipCooldown(phone);
    await b.post('/api/phone/forgot-sendcode', { phone }).then((r) => expect(r.status).toBe(200));
    const code = await lastCode(t.app, phone);
    expect((await b.post('/api/phone/verifycode', { type: 'forgot', phone, code })).body).toEqual({ success: true, message: '驗證成功' });
    return b;
  }

  describe('forgot password', () => {
    it('resets the password after a verified code, ends every session, and the new password works', async () => {
      const loggedIn = browser();
      const { phone, password } = await registerMember(t.app, loggedIn);
      const b = await forgotVerified(phone);
      const res = await b.post('/api/user/resetPassword', { phone, newPassword: 'newpass9' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, message: '密碼重設成功，請使用新密碼登入' });
      await loggedIn.get('/api/login/getuser').expect(401);
      expect((await browser().post('/api/login/basic-login', { account: phone, password })).status).toBe(401);
      expect((await browser().post('/api/login/basic-login', { account: phone, password: 'newpass9' })).status).toBe(200);
    });

    it('refuses a reset without a verified code', async () => {
      const { phone } = await registerMember(t.app, browser());
      const res = await browser().post('/api/user/resetPassword', { phone, newPassword: 'newpass9' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, message: '重設失敗。請重新驗證手機號碼。' });
    });

    it('refuses a registration code, another number, a second use and an expired verification', async () => {
      const { phone } = await registerMember(t.app, browser());
      // A verified *registration* code is not a forgot code.
      const reg = browser();
      const other = randomPhone();
      await reg.post('/api/phone/sendcode', { type: 'register', phone: other });
      await reg.post('/api/phone/verifycode', { phone: other, code: await lastCode(t.app, other) });
      expect((await reg.post('/api/user/resetPassword', { phone: other, newPassword: 'newpass9' })).body.success).toBe(false);

      const b = await forgotVerified(phone);
      expect((await b.post('/api/user/resetPassword', { phone: randomPhone(), newPassword: 'newpass9' })).body.success).toBe(false);
      expect((await b.post('/api/user/resetPassword', { phone, newPassword: 'newpass9' })).status).toBe(200);
      expect((await b.post('/api/user/resetPassword', { phone, newPassword: 'another9' })).body).toEqual({
        success: false,
        message: '重設失敗。請重新驗證手機號碼。',
      });

      const late = await forgotVerified(phone);
      await t.app.get(DataSource).getRepository(PhoneCode).update({ phone, purpose: 'forgot' }, { expires_at: new Date(Date.now() - 1) });
      expect((await late.post('/api/user/resetPassword', { phone, newPassword: 'newpass9' })).body.success).toBe(false);
    });

    it.each([
      [{ newPassword: 'abc123' }, '請輸入手機號碼。'],
      [{ phone: '0912345678' }, '請輸入新密碼並確認。'],
      [{ phone: '0912345678', newPassword: '' }, '請輸入新密碼並確認。'],
      [{ phone: '0912345678', newPassword: 'abcdef' }, '密碼必須至少6位且包含一個小寫字母和一個數字'],
    ])('refuses %j with %s', async (body, message) => {
      const res = await browser().post('/api/user/resetPassword', body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, message });
    });

    it('a wrong forgot code answers 驗證失敗，驗證碼錯誤或已過期', async () => {
      const { phone } = await registerMember(t.app, browser());
      await skipCooldown(phone);
      const b = browser();
      await b.post('/api/phone/forgot-sendcode', { phone });
      const code = (await lastCode(t.app, phone)) as string;
      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
      expect((await b.post('/api/phone/verifycode', { type: 'forgot', phone, code: wrong })).body).toEqual({
        success: false,
        message: '驗證失敗，驗證碼錯誤或已過期',
      });
    });
  });

  describe('change password', () => {
    it('needs a logged-in member', async () => {
      const res = await browser().post('/api/user/updatePassword', { currentPassword: 'abc123', newPassword: 'abc1234' });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ success: false, message: '請先登入' });
    });

    it.each([
      [{ newPassword: 'abc1234' }, '當前密碼不能為空'],
      [{ currentPassword: 'abcdef', newPassword: 'abc1234' }, '當前密碼必須至少6位且包含一個小寫字母和一個數字'],
      [{ currentPassword: 'secret1' }, '密碼不能為空'],
      [{ currentPassword: 'secret1', newPassword: 'ABCDEF1' }, '新密碼必須至少6位且包含一個小寫字母和一個數字'],
      [{ currentPassword: 'secret1', newPassword: 'secret1' }, '當前密碼與新密碼不允許相同。'],
      [{ currentPassword: 'wrong11', newPassword: 'abc1234' }, '當前密碼錯誤'],
    ])('refuses %j with %s', async (body, message) => {
      const b = browser();
      await registerMember(t.app, b);
      const res = await b.post('/api/user/updatePassword', body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, message });
    });

    it('changes the password; other sessions stay unless logoutOthers is asked', async () => {
      const a = browser();
      const { phone, password } = await registerMember(t.app, a);
      const other = browser();
      await other.post('/api/login/basic-login', { account: phone, password }).then((r) => expect(r.status).toBe(200));

      const keep = await a.post('/api/user/updatePassword', { account: phone, currentPassword: password, newPassword: 'second2' });
      expect(keep.body).toEqual({ success: true, message: '密碼修改成功！', endedSessions: 0 });
      await other.get('/api/login/getuser').expect(200);

      const end = await a.post('/api/user/updatePassword', { account: phone, currentPassword: 'second2', newPassword: 'third33', logoutOthers: true });
      expect(end.body).toEqual({ success: true, message: '密碼修改成功！', endedSessions: 1 });
      await other.get('/api/login/getuser').expect(401);
      await a.get('/api/login/getuser').expect(200);
      expect((await browser().post('/api/login/basic-login', { account: phone, password: 'third33' })).status).toBe(200);
    });

    it('refuses another member account in the body (403)', async () => {
      const a = browser();
      await registerMember(t.app, a);
      const { phone: bPhone } = await registerMember(t.app, browser());
      const res = await a.post('/api/user/updatePassword', { account: bPhone, currentPassword: 'secret1', newPassword: 'abc1234' });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ success: false, message: '無權存取其他會員的資料' });
    });

    it('throttles current-password guesses from a logged-in session', async () => {
      const a = browser();
      await registerMember(t.app, a);
      for (let i = 0; i < 5; i++) expect((await a.post('/api/user/updatePassword', { currentPassword: `wrong${i}a`, newPassword: 'abc1234' })).status).toBe(400);
      const blocked = await a.post('/api/user/updatePassword', { currentPassword: 'secret1', newPassword: 'abc1234' });
      expect(blocked.status).toBe(429);
    });
  });
});
