import request from 'supertest';
import { DataSource } from 'typeorm';
import { SmtpCapture, startSmtpCapture, type CapturedMail } from '../../src/integrations/mail/simulators/smtp-capture';
import { SmsSimulator, startMitakeSimulator } from '../../src/integrations/sms/simulators/sms-simulators';
import { JobDriver } from '../../src/jobs/job-queue';
import { BrowserSession, isolatedEnv, randomPhone } from '../../src/modules/auth/testing/browser-session';
import type { AdminSession } from '../helpers/admin';
import { reservePort } from '../helpers/processes';
import { createTestApp, FAST_RETRIES, type TestApp } from '../helpers/test-app';

/**
 * Fixtures of the member notices, restock, wishlist and member detail API tests: an app whose
 * mails go through the real SMTP driver to a local SMTP server and whose SMS go through the real
 * Mitake driver to its simulator; members registered through the real flows (the code read at
 * the simulator); products made through the admin form.
 */
export interface NoticeWorld {
  t: TestApp;
  ds: DataSource;
  smtp: SmtpCapture;
  sms: SmsSimulator;
  /** The shop's public origin (links in the messages). */
  origin: string;
  shopName: string;
  close(): Promise<void>;
}

export async function noticeWorld(extra: Record<string, string> = {}): Promise<NoticeWorld> {
  const reserved = await reservePort();
  const port = reserved.port;
  const origin = `http://127.0.0.1:${port}`;
  const smtp = await startSmtpCapture({ user: 'shop', pass: 'secret' });
  const sms = await startMitakeSimulator();
  const t = await createTestApp(
    isolatedEnv({
      SMTP_URL: smtp.url,
      MAIL_FROM: '肌研舍 <no-reply@skinshop.test>',
      SMS_DRIVER: 'mitake',
      MITAKE_API_URL: sms.apiUrl,
      MITAKE_USERNAME: 'sim',
      MITAKE_PASSWORD: 'sim',
      PUBLIC_URL: origin,
      PORT: String(port),
      CHECKOUT_RATE_LIMIT: '1000',
      ...FAST_RETRIES,
      ...extra,
    }),
  );
  await reserved.listen(t.app.getHttpServer());
  const ds = t.app.get(DataSource);
  const [row] = (await ds.query("SELECT s_value FROM settings WHERE s_key = 'COMPANY_NAME'")) as { s_value: string }[];
  return {
    t,
    ds,
    smtp,
    sms,
    origin,
    shopName: (row?.s_value ?? '').trim() || 'skinshop',
    async close() {
      await t.close();
      await smtp.close();
      await sms.close();
    },
  };
}

export interface Member {
  b: BrowserSession;
  userId: number;
  phone: string;
  email: string;
  password: string;
}

/** Waits for the jobs queued so far (and those they queue) to run. */
export async function idle(w: NoticeWorld): Promise<void> {
  await w.t.app.get(JobDriver, { strict: false }).whenIdle(15_000);
}

/**
 * A member through the real registration (the SMS code read at the simulator), named 王小明; `email`
 * (default: one) stored on the profile as a verified change would, or none (an SMS-only member).
 */
export async function member(w: NoticeWorld, opts: { email?: boolean } = {}): Promise<Member> {
  const b = new BrowserSession(request.agent(w.t.http));
  const phone = randomPhone();
  const password = 'secret1';
  const must = (res: request.Response, what: string) => {
    if (res.status !== 200) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
    return res;
  };
  must(await b.post('/api/phone/sendcode', { type: 'register', phone }), 'sendcode');
  await idle(w);
  const code = /(\d{6})/.exec(w.sms.received.filter((m) => m.to === phone).at(-1)?.body ?? '')?.[1];
  must(await b.post('/api/phone/verifycode', { phone, code }), 'verifycode');
  const userId = must(await b.post('/api/user/register', { phone, password }), 'register').body.user.user_id as number;
  must(await b.post('/api/user/updateUser', { username: '王小明' }), 'updateUser');
  const email = opts.email === false ? '' : `member-${phone}@example.com`;
  if (email) await w.ds.query('UPDATE users SET email = ? WHERE id = ?', [email, userId]);
  return { b, userId, phone, email, password };
}

/** A DELETE as the client sends it (X-CSRF-Token). */
export async function del(b: BrowserSession, path: string): Promise<request.Response> {
  const token = await b.csrfToken();
  return b.agent.delete(path).set('X-Forwarded-For', b.ip).set('X-CSRF-Token', token);
}

export interface MadeProduct {
  productId: number;
  variantId: number;
  title: string;
  variantName: string;
  price: number;
}

let made = 0;

/** A listed product with one variant of `quantity` units, through the admin form (POST createOrUpdateProduct). */
export async function makeProduct(w: NoticeWorld, admin: AdminSession, quantity: number, price = 880): Promise<MadeProduct> {
  const [type] = (await w.ds.query('SELECT id FROM product_types ORDER BY id LIMIT 1')) as { id: number }[];
  const title = `通知測試精華 ${process.pid}-${++made}`;
  const res = await admin.post('/api/admin/createOrUpdateProduct', {
    seo_description: '',
    product_type: Number(type.id),
    title,
    description: '保濕精華',
    unit: '瓶',
    image_url: '/media/library/a.webp',
    is_active: 1,
    product_media: [{ media_url: '/media/library/a.webp', ordering: 0 }],
    product_variants: [{ variant_name: '30ml', quantity, original_price: price + 100, discount_price: price }],
  });
  if (res.status !== 200) throw new Error(`createOrUpdateProduct: ${res.status} ${JSON.stringify(res.body)}`);
  const productId = Number(res.body.product_id);
  const [v] = (await w.ds.query('SELECT id FROM product_variants WHERE product_id = ?', [productId])) as { id: number }[];
  return { productId, variantId: Number(v.id), title, variantName: '30ml', price };
}

/** The product as the admin list shows it, saved back through the form with `quantity` on its variant (and `extra` fields). */
export async function saveStock(admin: AdminSession, p: MadeProduct, quantity: number, extra: Record<string, unknown> = {}): Promise<request.Response> {
  const list = await admin.post('/api/admin/productslist', { searchKeyword: String(p.productId) });
  const row = (list.body.products as Array<Record<string, unknown>>).find((r) => r.product_id === p.productId)!;
  const variants = (row.product_variants as Array<Record<string, unknown>>).map((v) => ({ ...v, quantity: v.id === p.variantId ? quantity : v.quantity }));
  return admin.post('/api/admin/createOrUpdateProduct', { ...row, product_variants: variants, ...extra });
}

/** Mails to `to` received so far. */
export const mailsTo = (w: NoticeWorld, to: string): CapturedMail[] => w.smtp.received.filter((m) => m.to.includes(to));
