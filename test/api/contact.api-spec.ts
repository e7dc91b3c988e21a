import request from 'supertest';
import { DataSource } from 'typeorm';
import { SmtpCapture, startSmtpCapture } from '../../src/integrations/mail/simulators/smtp-capture';
import { createWebApp } from '../../src/bootstrap';
import { APP_CONFIG, type AppConfig } from '../../src/config/app-config';
import { JobDriver } from '../../src/jobs/job-queue';
import { BrowserSession } from '../../src/modules/auth/testing/browser-session';
import { createTestApp, FAST_RETRIES, TestApp } from '../helpers/test-app';

const INCOMPLETE = { success: false, message: '請完整填寫姓名、電子郵件與訊息' };
const SENT = { success: true, message: '訊息已送出' };
const TOO_MANY = { success: false, message: '請求過於頻繁，請稍後再試' };

let ipSeq = 10;
/** A fresh client address per scenario (the app trusts the loopback proxy), so rate limits do not leak between tests. */
const nextIp = () => `203.0.113.${ipSeq++}`;

describe('contact form: POST /api/email/contactSend → job → SMTP', () => {
  let t: TestApp;
  let smtp: SmtpCapture;
  let jobs: JobDriver;
  let ds: DataSource;
  let shopEmail: string;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: '肌研舍 <no-reply@skinshop.test>', TRUST_PROXY: 'loopback', ...FAST_RETRIES });
    jobs = t.app.get(JobDriver);
    ds = t.app.get(DataSource);
    const rows: { s_value: string }[] = await ds.query('SELECT s_value FROM settings WHERE s_key = ?', ['COMPANY_EMAIL']);
    shopEmail = rows[0].s_value;
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  /** As the browser sends it: a session with its CSRF token, from its own client address. */
  const send = (body: object, ip = nextIp()) => ({
    expect: async (status: number) => {
      const res = await new BrowserSession(request.agent(t.http), ip).post('/api/email/contactSend', body);
      expect(res.status).toBe(status);
      return res;
    },
  });
  const valid = { name: '王小明', email: 'ming@example.com', message: '你好' };

  it('requires name, e-mail and message with the spec message, before checking the e-mail format', async () => {
    const ip = nextIp();
    for (const body of [
      {},
      { ...valid, name: '' },
      { ...valid, name: '   ' },
      { email: valid.email, message: valid.message },
      { ...valid, message: '\n\t ' },
      { ...valid, email: '' },
      { ...valid, email: 'not-an-email', message: '' },
    ]) {
      expect((await send(body, nextIp()).expect(400)).body).toEqual(INCOMPLETE);
    }
    expect((await send({ ...valid, email: 'not-an-email' }, ip).expect(400)).body).toEqual({ success: false, message: 'Email 格式不正確' });
    expect((await send({ ...valid, phone: '<script>' }).expect(400)).body).toEqual({ success: false, message: '電話格式不正確' });
    expect((await send({ ...valid, name: '名'.repeat(51) }).expect(400)).body).toEqual({ success: false, message: '姓名請勿超過 50 字' });
    expect((await send({ ...valid, admin: true }).expect(400)).body.success).toBe(false);
    await jobs.whenIdle();
    expect(smtp.received).toHaveLength(0);
  });

  it('queues the message and the shop receives it by SMTP with reply-to the visitor and escaped HTML', async () => {
    const ip = nextIp();
    const body = {
      name: '王小明<img src=x onerror=alert(1)>',
      email: 'ming@example.com',
      phone: '0912-345-678',
      message: '想詢問 <script>alert(1)</script> 的價格 & 庫存\n第二行',
      user_id: 999,
    };
    expect((await send(body, ip).expect(200)).body).toEqual(SENT);
    await jobs.whenIdle();
    const [mail] = await smtp.waitFor(1);

    expect(mail.to).toEqual([shopEmail]);
    expect(mail.from).toBe('no-reply@skinshop.test');
    expect(mail.user).toBe('shop');
    expect(mail.headers.get('reply-to')).toContain('<ming@example.com>');
    expect(mail.subject).toMatch(/官網聯絡表單：王小明<img src=x onerror=alert\(1\)>$/);
    // The shop's layout (issue 22 §6): the message keeps its line breaks (pre-line), each value in its own cell.
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; 的價格 &amp; 庫存\n第二行');
    expect(mail.html).toMatch(/<td[^>]*>王小明&lt;img src=x onerror=alert\(1\)&gt;<\/td>/);
    expect(mail.html).toMatch(/<td[^>]*>0912-345-678<\/td>/);
    expect(mail.html).not.toMatch(/<script|<img/);
    expect(mail.text).toContain('想詢問 <script>alert(1)</script> 的價格 & 庫存\n第二行');

    const rows: { name: string; user_id: number | null; ip: string }[] = await ds.query('SELECT name, user_id, ip FROM contact_messages ORDER BY id DESC');
    expect(rows[0]).toMatchObject({ name: body.name, user_id: null, ip });
  });

  it('retries a temporarily refused mail with backoff and delivers it once', async () => {
    const before = smtp.received.length;
    smtp.failNext(451);
    expect((await send({ ...valid, message: '重試測試' }).expect(200)).body).toEqual(SENT);
    await jobs.whenIdle(15_000);
    const delivered = smtp.received.slice(before);
    expect(delivered).toHaveLength(1);
    expect(delivered[0].text).toContain('重試測試');
    const completed = await jobs.listJobs('mail', 'completed');
    expect(completed[0]).toMatchObject({ name: 'mail.contact', attemptsMade: 2, failedReason: expect.stringContaining('451') });
  });

  it('limits each client address to 5 submissions per 10 minutes', async () => {
    const ip = nextIp();
    for (let i = 0; i < 4; i++) await send({ ...valid, message: `限流 ${i}` }, ip).expect(200);
    await send({ ...valid, email: 'bad' }, ip).expect(400);
    const blocked = await send({ ...valid, message: '第六封' }, ip).expect(429);
    expect(blocked.body).toEqual(TOO_MANY);
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    await send({ ...valid, message: '另一個地址' }).expect(200);
    await jobs.whenIdle();
    expect(smtp.received.some((m) => m.text?.includes('第六封'))).toBe(false);
  });
  it('refuses a cross-site POST without the CSRF token and sends nothing', async () => {
    const before = smtp.received.length;
    const res = await request(t.http).post('/api/email/contactSend').set('X-Forwarded-For', nextIp()).send({ name: '林小華', email: 'hua@example.com', message: '跨站' });
    expect(res.status).toBe(403);
    expect(res.body.success).toBe(false);
    await jobs.whenIdle();
    expect(smtp.received.length).toBe(before);
  });

});

describe('contact form without SMTP: the dev outbox', () => {
  it('writes the mail to the outbox, readable at /api/dev/outbox', async () => {
    const t = await createTestApp();
    try {
      const sent = await new BrowserSession(request.agent(t.http)).post('/api/email/contactSend', { name: '林小華', email: 'hua@example.com', message: '<b>你好</b>' });
      expect(sent.status).toBe(200);
      await t.app.get(JobDriver).whenIdle();
      const res = await request(t.http).get('/api/dev/outbox?channel=email').expect(200);
      expect(res.body.success).toBe(true);
      expect(res.body.messages).toHaveLength(1);
      expect(res.body.messages[0]).toMatchObject({ channel: 'email', to: expect.stringContaining('@'), subject: expect.stringContaining('林小華') });
      expect(res.body.messages[0].body).toContain('&lt;b&gt;你好&lt;/b&gt;');
      expect((await request(t.http).get('/api/dev/outbox?channel=sms').expect(200)).body.messages).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('has no outbox in production', async () => {
    const t = await createTestApp({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32), LOG_LEVEL: 'silent' });
    try {
      expect((await request(t.http).get('/api/dev/outbox').expect(404)).body).toEqual({ success: false, message: '找不到資源' });
    } finally {
      await t.close();
    }
  });

});

describe('contact form limit across processes', () => {
  it('is one cap for two web processes on the same database and Redis: the 6th submission from one address is refused by either', async () => {
    const a = await createTestApp({ TRUST_PROXY: 'loopback' });
    // A second web process: the same configuration (database, Redis and its key prefix), its own connections and memory.
    const b = await createWebApp(a.app.get<AppConfig>(APP_CONFIG), { prepare: false });
    await b.init();
    await b.getHttpAdapter().getInstance().ready(); // Fastify serves once its plugins are loaded (test-app does the same)
    try {
      const ip = '198.51.100.7';
      const browsers = [new BrowserSession(request.agent(a.http), ip), new BrowserSession(request.agent(b.getHttpServer()), ip)];
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await browsers[i % 2].post('/api/email/contactSend', { name: '王小明', email: 'ming@example.com', message: `第 ${i + 1} 封` });
        statuses.push(res.status);
        if (res.status === 429) expect(res.body).toEqual(TOO_MANY);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      expect((await browsers[0].post('/api/email/contactSend', { name: '王小明', email: 'ming@example.com', message: '第七封' })).status).toBe(429);
      // Another address still gets through either process.
      expect((await new BrowserSession(request.agent(b.getHttpServer()), '198.51.100.8').post('/api/email/contactSend', { name: '林小華', email: 'hua@example.com', message: '你好' })).status).toBe(200);
    } finally {
      await b.close();
      await a.close();
    }
  });
});
