import request from 'supertest';
import { DataSource } from 'typeorm';
import { JobQueue } from '../../src/jobs/job-queue';
import { RateLimiter } from '../../src/modules/auth/rate-limit/rate-limiter';
import { BrowserSession, isolatedEnv, lastCode, outboxFor, randomPhone, registerMember } from '../../src/modules/auth/testing/browser-session';
import { PhoneCode } from '../../src/modules/phone-verification/entities/phone-code.entity';
import { createTestApp, TestApp } from '../helpers/test-app';

// jest ignores `testTimeout` inside a project entry; app start-up on MariaDB needs more than the 5 s default.
jest.setTimeout(60_000);

describe('phone codes: /api/phone/sendcode, verifycode, forgot-sendcode', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(isolatedEnv());
  });
  afterAll(async () => t?.close());

  const browser = () => new BrowserSession(request.agent(t.http));
  const codes = () => t.app.get(DataSource).getRepository(PhoneCode);
  /** Lets the next send through the 60 s cooldown (the daily caps still count). */
  const skipCooldown = (phone: string) => t.app.get(RateLimiter, { strict: false }).reset(`cd:sms:${phone}`);

  describe('sendcode (registration)', () => {
    it.each([
      [{ type: 'register' }, '請輸入手機號碼！'],
      [{ type: 'register', phone: '' }, '請輸入手機號碼！'],
      [{ type: 'register', phone: '   ' }, '請輸入手機號碼！'],
      [{ type: 'register', phone: '0212345678' }, '請輸入有效的手機號碼： 台灣手機範例：0912345678'],
      [{ type: 'register', phone: '0991234567' }, '請輸入有效的手機號碼： 台灣手機範例：0912345678'],
      [{ type: 'register', phone: '+1 4155550100' }, '請輸入有效的手機號碼： 台灣手機範例：0912345678'],
      [{ type: 'register', phone: 912345678 }, '請輸入手機號碼！'],
    ])('refuses %j with %s', async (body, message) => {
      const res = await browser().post('/api/phone/sendcode', body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, message });
    });

    it('sends a 6-digit code by SMS (job removed once sent) and answers the 60 s cooldown', async () => {
      const phone = randomPhone();
      const res = await browser().post('/api/phone/sendcode', { type: 'register', phone: `+886 ${phone.slice(1)}` });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, message: '驗證碼已發送', outtime: 60 });
      const code = await lastCode(t.app, phone);
      expect(code).toMatch(/^\d{6}$/);
      const [sms] = await outboxFor(t.app, phone);
      expect(sms.body).toContain('註冊驗證碼');
      const row = await codes().findOneOrFail({ where: { phone }, order: { id: 'DESC' } });
      expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(row.code_hash).not.toContain(code as string);
      expect(row.expires_at.getTime() - row.created_at.getTime()).toBeGreaterThan(9.9 * 60_000);
      expect(await t.app.get(JobQueue, { strict: false }).listJobs('sms', 'completed')).toEqual([]);
    });

    it('refuses a resend before outtime with the seconds left (429)', async () => {
      const b = browser();
      const phone = randomPhone();
      await b.post('/api/phone/sendcode', { type: 'register', phone }).then((r) => expect(r.status).toBe(200));
      const again = await b.post('/api/phone/sendcode', { type: 'register', phone });
      expect(again.status).toBe(429);
      expect(again.body).toMatchObject({ success: false, outtime: expect.any(Number) });
      expect(again.body.outtime).toBeGreaterThan(50);
      expect(again.body.message).toBe(`請於 ${again.body.outtime} 秒後再重新發送驗證碼`);
      // Another browser, another IP: still the same number, still refused.
      expect((await browser().post('/api/phone/sendcode', { type: 'register', phone })).status).toBe(429);
      expect((await outboxFor(t.app, phone)).length).toBe(1);
    });

    it('lets only one of several simultaneous sends through', async () => {
      const phone = randomPhone();
      const results = await Promise.all(Array.from({ length: 6 }, () => browser().post('/api/phone/sendcode', { type: 'register', phone })));
      expect(results.filter((r) => r.status === 200)).toHaveLength(1);
      expect(results.filter((r) => r.status === 429)).toHaveLength(5);
      expect((await outboxFor(t.app, phone)).length).toBe(1);
    });

    it('caps a number at 5 codes a day (Asia/Taipei)', async () => {
      const phone = randomPhone();
      for (let i = 0; i < 5; i++) {
        await skipCooldown(phone);
        expect((await browser().post('/api/phone/sendcode', { type: 'register', phone })).status).toBe(200);
      }
      await skipCooldown(phone);
      const sixth = await browser().post('/api/phone/sendcode', { type: 'register', phone });
      expect(sixth.status).toBe(429);
      expect(sixth.body).toEqual({ success: false, message: '今日驗證碼發送次數已達上限，請明天再試' });
    });

    it('caps one IP at 20 codes a day across numbers', async () => {
      const b = browser();
      for (let i = 0; i < 20; i++) expect((await b.post('/api/phone/sendcode', { type: 'register', phone: randomPhone() })).status).toBe(200);
      const over = await b.post('/api/phone/sendcode', { type: 'register', phone: randomPhone() });
      expect(over.status).toBe(429);
      expect(over.body.message).toBe('今日驗證碼發送次數已達上限，請明天再試');
    });

    it('answers a registered number like any other, but the SMS tells the owner instead of carrying a code', async () => {
      const { phone } = await registerMember(t.app, browser());
      await skipCooldown(phone);
      const b = browser();
      const res = await b.post('/api/phone/sendcode', { type: 'register', phone });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, message: '驗證碼已發送', outtime: 60 });
      const [sms] = await outboxFor(t.app, phone);
      expect(sms.body).toContain('此手機號碼已是會員');
      expect(sms.body).not.toMatch(/\d{6}/);
      // Guesses get the same answer as for a real code.
      const guess = await b.post('/api/phone/verifycode', { phone, code: '123456' });
      expect(guess.body).toEqual({ success: false, message: '驗證失敗，請重試！' });
    });

    it('without a type, sends a visitor a registration code (spec 1 §7), which verifycode accepts', async () => {
      const b = browser();
      const phone = randomPhone();
      expect((await b.post('/api/phone/sendcode', { phone })).body).toEqual({ success: true, message: '驗證碼已發送', outtime: 60 });
      const [sms] = await outboxFor(t.app, phone);
      expect(sms.body).toContain('註冊驗證碼');
      const code = await lastCode(t.app, phone);
      expect((await b.post('/api/phone/verifycode', { phone, code })).body).toEqual({ success: true, message: '驗證成功' });
    });

    it.each([null, 7, true, [], ['register'], {}, 'Register'])('refuses type %j with 提供的資料無效或不完整 and sends nothing', async (type) => {
      const phone = randomPhone();
      const res = await browser().post('/api/phone/sendcode', { type, phone });
      expect([res.status, res.body]).toEqual([400, { success: false, message: '提供的資料無效或不完整' }]);
      expect(await outboxFor(t.app, phone)).toEqual([]);
    });

    it('needs a logged-in member for type change', async () => {
      const res = await browser().post('/api/phone/sendcode', { type: 'change', phone: randomPhone() });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ success: false, message: '請先登入' });
    });
  });

  describe('verifycode', () => {
    async function sent(b = browser(), phone = randomPhone()) {
      await b.post('/api/phone/sendcode', { type: 'register', phone }).then((r) => expect(r.status).toBe(200));
      return { b, phone, code: (await lastCode(t.app, phone)) as string };
    }
    const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

    it('accepts the right code once', async () => {
      const { b, phone, code } = await sent();
      expect((await b.post('/api/phone/verifycode', { phone, code })).body).toEqual({ success: true, message: '驗證成功' });
      const reuse = await b.post('/api/phone/verifycode', { phone, code });
      expect(reuse.status).toBe(400);
      expect(reuse.body).toEqual({ success: false, message: '無法找到驗證碼或驗證碼已過期。' });
    });

    it('answers the spec messages', async () => {
      const { b, phone, code } = await sent();
      expect((await b.post('/api/phone/verifycode', { phone })).body).toEqual({ success: false, message: '請輸入驗證碼！' });
      expect((await b.post('/api/phone/verifycode', { phone, code: '' })).body).toEqual({ success: false, message: '請輸入驗證碼！' });
      expect((await b.post('/api/phone/verifycode', { code })).body).toEqual({ success: false, message: '請輸入手機號碼！' });
      expect((await b.post('/api/phone/verifycode', { phone, code: wrong(code) })).body).toEqual({ success: false, message: '驗證失敗，請重試！' });
      expect((await b.post('/api/phone/verifycode', { phone: randomPhone(), code })).body).toEqual({
        success: false,
        message: '無法找到驗證碼或驗證碼已過期。',
      });
    });

    it('stops brute force at 5 tries: the right code is refused afterwards', async () => {
      const { b, phone, code } = await sent();
      for (let i = 0; i < 5; i++) {
        expect((await b.post('/api/phone/verifycode', { phone, code: wrong(code) })).body.message).toBe('驗證失敗，請重試！');
      }
      const right = await b.post('/api/phone/verifycode', { phone, code });
      expect(right.body).toEqual({ success: false, message: '無法找到驗證碼或驗證碼已過期。' });
    });

    it('counts parallel guesses: at most 5 are ever checked', async () => {
      const { phone, code } = await sent();
      const guesses = await Promise.all(Array.from({ length: 12 }, () => browser().post('/api/phone/verifycode', { phone, code: wrong(code) })));
      expect(guesses.filter((g) => g.body.message === '驗證失敗，請重試！').length).toBeLessThanOrEqual(5);
      expect((await browser().post('/api/phone/verifycode', { phone, code })).body.success).toBe(false);
      expect((await codes().findOneOrFail({ where: { phone } })).attempts).toBe(5);
    });

    it('refuses an expired code', async () => {
      const { b, phone, code } = await sent();
      await codes().update({ phone }, { expires_at: new Date(Date.now() - 1000) });
      expect((await b.post('/api/phone/verifycode', { phone, code })).body).toEqual({ success: false, message: '無法找到驗證碼或驗證碼已過期。' });
    });

    it('binds a code to its number and its purpose', async () => {
      const { b, phone, code } = await sent();
      const forgot = await b.post('/api/phone/verifycode', { type: 'forgot', phone, code });
      expect(forgot.body).toEqual({ success: false, message: '驗證失敗，驗證碼錯誤或已過期' });
      const other = randomPhone();
      await b.post('/api/phone/sendcode', { type: 'register', phone: other });
      expect((await b.post('/api/phone/verifycode', { phone: other, code })).body.success).toBe(code === (await lastCode(t.app, other)));
      expect((await b.post('/api/phone/verifycode', { phone, code })).body).toEqual({ success: true, message: '驗證成功' });
    });

    it('only the latest code of a number counts', async () => {
      const { b, phone, code: first } = await sent();
      await skipCooldown(phone);
      await b.post('/api/phone/sendcode', { type: 'register', phone });
      const second = (await lastCode(t.app, phone)) as string;
      if (first !== second) expect((await b.post('/api/phone/verifycode', { phone, code: first })).body.success).toBe(false);
      expect((await b.post('/api/phone/verifycode', { phone, code: second })).body.success).toBe(true);
    });

    it('refuses unknown types and fields', async () => {
      const res = await browser().post('/api/phone/verifycode', { type: 'change', phone: randomPhone(), code: '123456' });
      expect(res.status).toBe(400);
      expect((await browser().post('/api/phone/sendcode', { type: 'x', phone: randomPhone() })).status).toBe(400);
      expect((await browser().post('/api/phone/sendcode', { phone: randomPhone(), extra: 1 })).status).toBe(400);
    });
  });

  describe('forgot-sendcode', () => {
    it('answers the forgot messages', async () => {
      expect((await browser().post('/api/phone/forgot-sendcode', {})).body).toEqual({ success: false, message: '請輸入手機號碼。' });
      expect((await browser().post('/api/phone/forgot-sendcode', { phone: '12345' })).body).toEqual({
        success: false,
        message: '請輸入有效的手機號碼： 台灣手機範例：0912345678',
      });
      const b = browser();
      expect((await b.post('/api/phone/verifycode', { type: 'forgot', phone: randomPhone() })).body).toEqual({ success: false, message: '請輸入驗證碼。' });
    });

    it('sends a code to a member and answers an unknown number the same way without sending anything', async () => {
      const { phone } = await registerMember(t.app, browser());
      await skipCooldown(phone);
      const member = await browser().post('/api/phone/forgot-sendcode', { phone });
      const stranger = randomPhone();
      const unknown = await browser().post('/api/phone/forgot-sendcode', { phone: stranger });
      expect(member.status).toBe(200);
      expect(unknown.status).toBe(200);
      expect(member.body).toEqual({ success: true, message: '驗證碼已發送', outtime: 60 });
      expect(unknown.body).toEqual(member.body);
      expect((await outboxFor(t.app, phone))[0].body).toContain('重設密碼驗證碼');
      expect(await outboxFor(t.app, stranger)).toEqual([]);
      // The same cooldown applies to both.
      expect((await browser().post('/api/phone/forgot-sendcode', { phone: stranger })).status).toBe(429);
    });
  });
});
