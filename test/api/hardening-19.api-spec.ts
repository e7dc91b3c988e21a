/**
 * Issue 19 §8 "hardening found by an attack run" (an editor's account was enough for the first two)
 * and §6 "money inputs are checked, not coerced": each case as the attacker or the editor sent it.
 * (The late paid notify for a refunded order is tested with the order state machine.)
 */
import request from 'supertest';
import { DataSource } from 'typeorm';
import { HTML_MSG } from '../../src/common/html/html-bounds';
import { CSV_MSG } from '../../src/common/validation/admin-catalog-csv';
import { CATALOG_MSG } from '../../src/common/validation/admin-catalog';
import { MONEY_FIELDS, MONEY_MSG } from '../../src/common/validation/money';
import { SETTING_MSG, SETTING_RULES } from '../../src/common/validation/settings-rules';
import { CSV_COLUMNS } from '../../src/modules/catalog/admin-catalog-csv.reader';
import { BrowserSession, isolatedEnv } from '../../src/modules/auth/testing/browser-session';
import { adminSession, createAdmin, type AdminSession } from '../helpers/admin';
import { createTestApp, TestApp } from '../helpers/test-app';

jest.setTimeout(180_000);

const setCookies = (res: request.Response) => ([] as string[]).concat(res.headers['set-cookie'] ?? []);
const cookiePairs = (res: request.Response) => setCookies(res).map((c) => c.split(';')[0]).join('; ');

describe('issue 19 hardening: import, HTML, settings and money fields', () => {
  let t: TestApp;
  let ds: DataSource;
  let editor: AdminSession;
  let productId: number;

  const health = async () => {
    const res = await request(t.http).get('/api/health');
    return [res.status, res.body.status];
  };
  const count = async (table: string) => Number((await ds.query(`SELECT COUNT(*) AS n FROM ${table}`))[0].n);

  beforeAll(async () => {
    t = await createTestApp(isolatedEnv());
    ds = t.app.get(DataSource);
    editor = await adminSession(t, 'editor');
    productId = Number((await ds.query('SELECT id FROM products WHERE is_active = 1 ORDER BY id LIMIT 1'))[0].id);
  });
  afterAll(() => t?.close());

  describe('product CSV import', () => {
    it('refuses 1,000,000 short rows in a 2 MB file at the 2,000-row cap while parsing; /api/health answers meanwhile; nothing imported', async () => {
      const header = Object.keys(CSV_COLUMNS).join(',');
      // A quote never closed after the millionth row: were the whole file parsed, the answer would be 無法讀取 CSV.
      const file = Buffer.from(`${header}\n${'1\n'.repeat(1_000_000)}"never closed\n`);
      expect(file.length).toBeLessThanOrEqual(2 * 1024 * 1024);
      const [products, variants, audits] = [await count('products'), await count('product_variants'), await count('audit_logs')];

      const upload = editor.agent
        .post('/api/admin/products/import')
        .set('X-CSRF-Token', editor.csrf)
        .field('dryRun', '0')
        .attach('file', file, { filename: 'attack.csv', contentType: 'text/csv' })
        .then((r) => r);
      const [res, during] = await Promise.all([upload, health()]);
      expect(during).toEqual([200, 'ok']);
      expect([res.status, res.body]).toEqual([400, { success: false, message: CSV_MSG.tooManyRows }]);
      expect(await health()).toEqual([200, 'ok']);
      expect([await count('products'), await count('product_variants'), await count('audit_logs')]).toEqual([products, variants, audits]);
    });
  });

  describe('sanitized HTML fields', () => {
    const unclosed = '<div>'.repeat(300_000);

    it('savehtml with 300,000 unclosed <div> answers 413 with a zh-TW message before sanitizing; the product page is unchanged', async () => {
      const before = (await ds.query('SELECT detail_html FROM products WHERE id = ?', [productId]))[0].detail_html;
      const res = await editor.post('/api/admin/savehtml', { edittype: 'product', product_id: productId, htmlname: '', vpage: '1', html: unclosed });
      expect([res.status, res.body]).toEqual([413, { success: false, message: HTML_MSG.tooComplex }]);
      expect((await ds.query('SELECT detail_html FROM products WHERE id = ?', [productId]))[0].detail_html).toBe(before);
      expect(await health()).toEqual([200, 'ok']);
    });

    it('the same bound holds for pages and posters', async () => {
      const page = await editor.post('/api/admin/savehtml', { edittype: 'htmlpage', htmlname: 'privacypolicy', vpage: '1', html: unclosed });
      expect([page.status, page.body]).toEqual([413, { success: false, message: HTML_MSG.tooComplex }]);
      const posters = await count('posters');
      const poster = await editor.post('/api/admin/createPoster', { title: '攻擊', content: unclosed, coverImage: 'https://cdn.example.com/c.webp', seo_description: '' });
      expect([poster.status, poster.body]).toEqual([413, { success: false, message: HTML_MSG.tooComplex }]);
      expect(await count('posters')).toBe(posters);
    });

    it('keeps only the content classes: a class of the app itself is dropped, `lead` kept', async () => {
      const res = await editor.post('/api/admin/savehtml', {
        edittype: 'product',
        product_id: productId,
        htmlname: '',
        vpage: '1',
        html: '<p class="lead ant-modal-mask">引言</p><div class="ss-cart-drawer">x</div>',
      });
      expect(res.status).toBe(200);
      const stored = String((await ds.query('SELECT detail_html FROM products WHERE id = ?', [productId]))[0].detail_html);
      expect(stored).toBe('<p class="lead">引言</p><div>x</div>');
    });
  });

  describe('general settings checked by kind', () => {
    const row = async (key: string) => (await ds.query('SELECT id, title, s_value FROM settings WHERE s_key = ?', [key]))[0] as { id: number; title: string; s_value: string };

    it('refuses a javascript: LINE link, markup in the maps key and e-mail, a bad phone; nothing is stored', async () => {
      const cases: Array<[string, string, string]> = [
        ['SOCIAL_LINE_URL', 'javascript:alert(document.cookie)', SETTING_MSG.httpsUrl(SETTING_RULES.SOCIAL_LINE_URL)],
        ['SOCIAL_FACEBOOK_URL', 'https://evil.example/facebook.com', SETTING_MSG.httpsUrl(SETTING_RULES.SOCIAL_FACEBOOK_URL)],
        ['GOOGLE_MAPS_KEY', '"><script>alert(1)</script>', SETTING_MSG.mapsKey],
        ['COMPANY_EMAIL', '<img src=x onerror=alert(1)>@skinshop.com.tw', SETTING_MSG.email],
        ['COMPANY_PHONE', 'call us!', SETTING_MSG.phone],
        ['COMPANY_TAXID', '1234567', SETTING_MSG.taxId],
        ['COMPANY_LAT', '123.4', SETTING_MSG.latitude],
        ['COMPANY_NAME', '肌研舍<script>', SETTING_MSG.text],
      ];
      const audits = await count('audit_logs');
      for (const [key, value, msg] of cases) {
        const before = await row(key);
        const res = await editor.post('/api/admin/updatesettings', { s_id: before.id, s_value: value });
        expect([key, res.status, res.body]).toEqual([key, 400, { success: false, message: `${before.title}：${msg}` }]);
        expect((await row(key)).s_value).toBe(before.s_value);
      }
      expect(await count('audit_logs')).toBe(audits);
    });

    it('stores a good value (trimmed) and an empty one', async () => {
      const line = await row('SOCIAL_LINE_URL');
      const ok = await editor.post('/api/admin/updatesettings', { s_id: line.id, s_value: ' https://lin.ee/abc123 ' });
      expect(ok.body).toMatchObject({ success: true, setting: { s_key: 'SOCIAL_LINE_URL', s_value: 'https://lin.ee/abc123' } });
      const key = await row('GOOGLE_MAPS_KEY');
      expect((await editor.post('/api/admin/updatesettings', { s_id: key.id, s_value: '' })).body).toMatchObject({ success: true });
    });
  });

  describe('NT$ fields: checked, not coerced', () => {
    it('a shipping fee or threshold of "-5", "abc" or 1.5 is refused by name; nothing saved', async () => {
      const list = (await editor.get('/api/admin/loadsettings')).body.shipping_methods as Array<Record<string, unknown> & { id: number }>;
      const before = JSON.stringify(list);
      const cases: Array<[string, unknown, string]> = [
        ['shipping_cost', '-5', MONEY_MSG.notWhole(MONEY_FIELDS.shippingCost)],
        ['shipping_cost', 'abc', MONEY_MSG.notWhole(MONEY_FIELDS.shippingCost)],
        ['shipping_cost', 1.5, MONEY_MSG.notWhole(MONEY_FIELDS.shippingCost)],
        ['shipping_cost', '', MONEY_MSG.required(MONEY_FIELDS.shippingCost)],
        ['free_shipping_threshold', '-5', MONEY_MSG.notWhole(MONEY_FIELDS.freeShippingThreshold)],
        ['free_shipping_threshold', 'abc', MONEY_MSG.notWhole(MONEY_FIELDS.freeShippingThreshold)],
        ['free_shipping_threshold', 1.5, MONEY_MSG.notWhole(MONEY_FIELDS.freeShippingThreshold)],
      ];
      for (const [field, value, msg] of cases) {
        const body = { shipping_methods: list.map((m, i) => (i === 0 ? { ...m, [field]: value } : m)) };
        const res = await editor.post('/api/admin/updateshipping', body);
        expect([field, value, res.status, res.body]).toEqual([field, value, 400, { success: false, message: msg }]);
      }
      expect(JSON.stringify((await editor.get('/api/admin/loadsettings')).body.shipping_methods)).toBe(before);
      // "1,000" is a thousand, not refused and not 1
      const comma = await editor.post('/api/admin/updateshipping', { shipping_methods: list.map((m, i) => (i === 0 ? { ...m, free_shipping_threshold: '1,000' } : m)) });
      expect(comma.status).toBe(200);
      expect((comma.body.shipping_methods as Array<{ id: number; free_shipping_threshold: number }>).find((m) => m.id === list[0].id)?.free_shipping_threshold).toBe(1000);
    });

    it('a product price of "-5", "abc" or 1.5 is refused on the field; nothing saved', async () => {
      const typeId = Number((await ds.query('SELECT id FROM product_types ORDER BY id LIMIT 1'))[0].id);
      const products = await count('products');
      for (const bad of ['-5', 'abc', 1.5]) {
        const res = await editor.post('/api/admin/createOrUpdateProduct', {
          product_id: 0,
          seo_description: 'SEO',
          product_type: typeId,
          title: `價格測試 ${String(bad)}`,
          description: '描述',
          unit: '瓶',
          image_url: 'https://cdn.example.com/a.webp',
          product_media: [{ media_url: 'https://cdn.example.com/a.webp', ordering: 0 }],
          product_variants: [{ variant_name: '30ml', quantity: 1, original_price: bad, discount_price: 100 }],
        });
        expect([bad, res.status, res.body.success]).toEqual([bad, 400, false]);
        expect(JSON.stringify(res.body)).toContain(CATALOG_MSG.originalPrice);
      }
      expect(await count('products')).toBe(products);
    });
  });
});

describe('issue 19 hardening: session cookies in production', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(isolatedEnv({ NODE_ENV: 'production', SESSION_SECRET: 'a-production-secret-of-32-chars!!' }));
  });
  afterAll(() => t?.close());

  it('the member session cookie is __Host-sid (Secure, Path=/, no Domain)', async () => {
    const token = await request(t.http).get('/api/csrf-token').set('X-Forwarded-Proto', 'https').expect(200);
    const saved = await request(t.http)
      .post('/api/login/state-save')
      .set('X-Forwarded-Proto', 'https')
      .set('Cookie', cookiePairs(token))
      .set('X-CSRF-Token', token.body.csrfToken)
      .send({ state: BrowserSession.newState() })
      .expect(200);
    const sid = setCookies(saved).filter((c) => /^(__Host-)?sid=/.test(c));
    expect(sid).toHaveLength(1);
    expect(sid[0]).toMatch(/^__Host-sid=[^;]+; Path=\/; Expires=[^;]+; HttpOnly; Secure; SameSite=Lax$/);
  });

  it('the admin session cookie is __Host-asid; the session is read back from it, not from a plain asid', async () => {
    const admin = await createAdmin(t, { role: 'staff' });
    const token = await request(t.http).get('/api/admin/csrf-token').set('X-Forwarded-Proto', 'https').expect(200);
    const login = await request(t.http)
      .post('/api/admin/login')
      .set('X-Forwarded-Proto', 'https')
      .set('Cookie', cookiePairs(token))
      .set('X-CSRF-Token', token.body.csrfToken)
      .send({ username: admin.username, password: admin.password, rememberMe: false });
    expect(login.status).toBe(200);
    const asid = setCookies(login).filter((c) => /^(__Host-)?asid=/.test(c));
    expect(asid).toHaveLength(1);
    expect(asid[0]).toMatch(/^__Host-asid=[^;]+; Path=\/; HttpOnly; Secure; SameSite=Strict$/);
    const value = asid[0].split(';')[0].slice('__Host-asid='.length);

    const signedIn = await request(t.http).get('/api/admin/checkLogin').set('X-Forwarded-Proto', 'https').set('Cookie', `__Host-asid=${value}`).expect(200);
    expect(signedIn.body).toMatchObject({ isLoggedIn: true });
    const plain = await request(t.http).get('/api/admin/checkLogin').set('X-Forwarded-Proto', 'https').set('Cookie', `asid=${value}`).expect(200);
    expect(plain.body).toMatchObject({ isLoggedIn: false });
  });
});
