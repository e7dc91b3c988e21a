import { Logger } from '@nestjs/common';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { BODY_MSG } from '../../src/common/http/json-body';
import { APP_CONFIG, type AppConfig } from '../../src/config/app-config';
import { BrowserSession, isolatedEnv, lastCode, outboxFor, randomPhone, registerMember } from '../../src/modules/auth/testing/browser-session';
import { createTestApp, TestApp } from '../helpers/test-app';
import { homeCod } from './checkout-fixtures';

jest.setTimeout(120_000);

const NOT_FOUND = { success: false, message: '找不到資源' };
const INVALID = { success: false, message: '提供的資料無效或不完整' };
const CJK = /[\u4e00-\u9fff]/;

/** `[[[…]]]`: a JSON text nested `depth` deep. */
const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

/** A built client (what Vite writes to client/dist), reduced to what the server serves. */
function clientFixture(): string {
  const dir = mkdtempSync(join(tmpdir(), 'skinshop-client-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html lang="zh-Hant-TW"><head><meta charset="UTF-8" /><title>肌膚小舖</title>' +
      '<script type="module" crossorigin src="/assets/index-Ab12Cd34.js"></script></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(dir, 'assets', 'index-Ab12Cd34.js'), 'console.log("app");\n');
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

describe('input before work: bodies, unknown routes, types, static files (issue 9 §5, §9)', () => {
  let t: TestApp;
  let clientDist: string;
  let config: AppConfig;
  let base: string;

  beforeAll(async () => {
    clientDist = clientFixture();
    t = await createTestApp(isolatedEnv(), { clientDist });
    config = t.app.get<AppConfig>(APP_CONFIG);
    const server = t.http as Server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t?.close();
    rmSync(clientDist, { recursive: true, force: true });
  });

  const browser = () => new BrowserSession(request.agent(t.http));

  /**
   * A raw HTTP exchange (supertest re-encodes Buffer bodies as JSON). A string or Buffer is sent
   * with Content-Length; an array of chunks is sent chunked, its size unknown until the end.
   */
  function raw(method: string, path: string, body: string | Buffer | Buffer[] = '', headers: Record<string, string> = {}) {
    return new Promise<{ status: number; headers: IncomingHttpHeaders; body: any }>((resolve, reject) => { // eslint-disable-line @typescript-eslint/no-explicit-any
      const chunked = Array.isArray(body);
      const all = { 'Content-Type': 'application/json', ...(chunked ? {} : { 'Content-Length': String(Buffer.byteLength(body)) }), ...headers };
      const req = httpRequest(`${base}${path}`, { method, headers: all }, (res) => {
        const parts: Buffer[] = [];
        res.on('data', (c: Buffer) => parts.push(c));
        res.on('end', () => {
          const text = Buffer.concat(parts).toString();
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text ? JSON.parse(text) : undefined });
        });
      });
      req.on('error', reject);
      if (chunked) for (const c of body) req.write(c);
      else req.write(body);
      req.end();
    });
  }
  const json = (path: string, body: string | Buffer | Buffer[], headers: Record<string, string> = {}) => raw('POST', path, body, headers);
  const gzip = { 'Content-Encoding': 'gzip' };

  describe('JSON bodies', () => {
    it('takes up to 100 KB and answers 413 above, also when the size is only known while reading', async () => {
      // Just under the limit: parsed, so the DTO answers (the padding is not a field of the call).
      const under = await json('/api/load/versions', JSON.stringify({ cartVersion: 'a', pad: 'x'.repeat(100 * 1024 - 40) }));
      expect([under.status, under.body]).toEqual([400, INVALID]);
      const over = await json('/api/load/versions', JSON.stringify({ cartVersion: 'a', pad: 'x'.repeat(100 * 1024) }));
      expect([over.status, over.body]).toEqual([413, { success: false, message: '資料量過大，請縮減內容後再試' }]);
      const chunked = await json('/api/load/versions', Array.from({ length: 30 }, () => Buffer.alloc(8 * 1024, 0x20)));
      expect([chunked.status, chunked.body]).toEqual([413, { success: false, message: BODY_MSG.tooLarge }]);
    });

    it('counts the decompressed size: a small gzip body that inflates past 100 KB is refused', async () => {
      const bomb = gzipSync(Buffer.from(`{"cartVersion":"a","pad":"${' '.repeat(5 * 1024 * 1024)}"}`));
      expect(bomb.length).toBeLessThan(10 * 1024);
      const res = await json('/api/load/versions', bomb, gzip);
      expect([res.status, res.body]).toEqual([413, { success: false, message: BODY_MSG.tooLarge }]);
      // A real gzip body is fine.
      const small = await json('/api/load/productDetails', gzipSync('{"product_id":1}'), gzip);
      expect(small.status).toBe(200);
      expect(small.body).toMatchObject({ success: true, product_id: 1 });
    });

    it('refuses nesting deeper than 32 before parsing (400), and takes 32', async () => {
      const at = (depth: number) => JSON.stringify({ cartVersion: 'a' }).replace('}', `,"x":${nested(depth - 1)}}`);
      const ok = await json('/api/load/versions', at(32));
      expect([ok.status, ok.body]).toEqual([400, INVALID]); // parsed: the DTO refuses the unknown field x
      const deep = await json('/api/load/versions', at(33));
      expect([deep.status, deep.body]).toEqual([400, { success: false, message: '資料結構過於複雜，無法處理' }]);
    });

    it('answers a 60 KB body nested 10,000 deep with 400 on every JSON route, never 500', async () => {
      const body = `{"a":${nested(10_000)},"b":"${'x'.repeat(40_000)}"}`;
      expect(body.length).toBeGreaterThan(60_000);
      const member = browser();
      await registerMember(t.app, member);
      const routes = [
        '/api/load/productDetails', '/api/load/versions', '/api/load/homepage', '/api/load/aboutpage', '/api/load/loadhtmlpage',
        '/api/load/loadpageimage', '/api/email/contactSend', '/api/login/basic-login', '/api/login/state-save', '/api/user/register',
        '/api/user/resetPassword', '/api/phone/sendcode', '/api/phone/forgot-sendcode', '/api/phone/verifycode',
        '/api/user/updatePassword', '/api/user/updateUser', '/api/user/updateAddresses', '/api/email/send-code',
        '/api/user/updateEmail', '/api/user/updatePhone', '/api/login/logout',
        '/api/order/submitOrder', '/api/order/cancelOrder',
      ];
      const token = await member.csrfToken();
      for (const path of routes) {
        const res = await member.agent.post(path).set('X-CSRF-Token', token).set('X-Forwarded-For', member.ip).set('Content-Type', 'application/json').send(body);
        expect([path, res.status, res.body]).toEqual([path, 400, { success: false, message: BODY_MSG.tooDeep }]);
      }
      // Still logged in: nothing ran.
      expect((await member.get('/api/login/getuser')).status).toBe(200);
    });

    it('refuses 40 parallel 2 MB bodies nested 1,000,000 deep without blocking the event loop', async () => {
      const body = Buffer.from(nested(1_000_000));
      const loop = monitorEventLoopDelay({ resolution: 10 });
      loop.enable();
      const bombs = Promise.all([
        ...Array.from({ length: 20 }, () => json('/api/load/versions', body)),
        ...Array.from({ length: 10 }, () => json('/api/load/homepage', body)),
        ...Array.from({ length: 10 }, () => json('/api/no/such/route', body)),
      ]);
      const started = performance.now();
      const health = await raw('GET', '/api/health');
      const healthMs = performance.now() - started;
      const answers = await bombs;
      loop.disable();
      expect(health.status).toBe(200);
      expect(healthMs).toBeLessThan(1500);
      expect(answers.map((r) => r.status).sort()).toEqual([...Array(30).fill(413), ...Array(10).fill(404)].sort());
      // The old parser blocked ~2.7 s per body; here nothing holds the loop for long.
      expect(loop.max / 1e6).toBeLessThan(750);
    });

    it('answers malformed JSON, a bad or unknown Content-Encoding and a foreign charset in the envelope, never 500', async () => {
      const broken = await json('/api/load/productDetails', '{"product_id": ');
      expect([broken.status, broken.body]).toEqual([400, INVALID]);
      const notGzip = await json('/api/load/productDetails', '{"product_id":1}', gzip);
      expect([notGzip.status, notGzip.body]).toEqual([400, { success: false, message: '無法解讀資料的壓縮格式' }]);
      const cut = gzipSync('{"product_id":1}').subarray(0, 12);
      for (const [encoding, body] of [['gzip', cut], ['deflate', Buffer.from('not deflate at all')], ['br', Buffer.from([0xff, 0xfe, 0xfd, 0x00, 0x11])]] as const) {
        const res = await json('/api/load/productDetails', body, { 'Content-Encoding': encoding });
        expect([encoding, res.status, res.body]).toEqual([encoding, 400, { success: false, message: BODY_MSG.badEncoding }]);
      }
      for (const encoding of ['compress', 'x-pigeon', 'gzip, gzip']) {
        const res = await json('/api/load/productDetails', '{"product_id":1}', { 'Content-Encoding': encoding });
        expect([encoding, res.status, res.body]).toEqual([encoding, 400, { success: false, message: '不支援的資料壓縮格式' }]);
      }
      const utf16 = await json('/api/load/productDetails', Buffer.from('{"product_id":1}', 'utf16le'), { 'Content-Type': 'application/json; charset=utf-16le' });
      expect([utf16.status, utf16.body]).toEqual([415, { success: false, message: '資料須為 UTF-8 編碼' }]);
      // On a route the cache fast path serves too (an encoded body goes the normal way, same parser).
      const fast = await json('/api/load/homepage', '{"homeVersion":"a"}', gzip);
      expect([fast.status, fast.body]).toEqual([400, { success: false, message: BODY_MSG.badEncoding }]);
    });
  });

  describe('unknown routes', () => {
    it('answer 404 in the envelope before any body is read, session made or CSRF token checked', async () => {
      const huge = Buffer.alloc(3 * 1024 * 1024, '[');
      for (const [method, path, body] of [
        ['POST', '/api/nope', '{"a": '],
        ['POST', '/api/user/nope', huge],
        ['PUT', '/api/load/versions', '{}'],
        ['GET', '/api/phone/sendcode', ''],
        ['DELETE', '/api/login/getuser', ''],
        ['POST', '/api', '{"a":1}'],
      ] as const) {
        const started = performance.now();
        const res = await raw(method, path, body, gzip);
        expect([method, path, res.status, res.body]).toEqual([method, path, 404, NOT_FOUND]);
        expect(res.headers['set-cookie']).toBeUndefined();
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
        expect(performance.now() - started).toBeLessThan(2000);
      }
      // A chunked body that never ends: answered at once, nothing waits for the rest.
      const endless = await new Promise<number>((resolve, reject) => {
        const req = httpRequest(`${base}/api/nope`, { method: 'POST', headers: { 'Content-Type': 'application/json' } }, (res) => {
          resolve(res.statusCode ?? 0);
          req.destroy();
        });
        req.on('error', (e) => (req.destroyed ? undefined : reject(e)));
        req.write('[[[[');
      });
      expect(endless).toBe(404);
    });

    it('let known routes through: HEAD of a GET route, params, the docs UI', async () => {
      expect((await request(t.http).head('/api/health')).status).toBe(200);
      expect((await request(t.http).get('/api/load/productD/1')).status).toBe(200);
      expect((await request(t.http).get('/api/load/productD/999999')).body).toMatchObject({ success: false });
      // Without a CSRF token a known state-changing route still answers 403 (the gate does not skip checks).
      expect((await json('/api/user/updateUser', '{}')).status).toBe(403);
      expect((await json('/api/phone/sendcode', '{"a": ')).status).toBe(400); // known: its body is parsed
      expect((await request(t.http).get('/api/docs/swagger-ui.css')).status).toBe(200);
    });
  });

  describe('wrong JSON types: 400 with the field’s message, nothing done', () => {
    type Body = Record<string, unknown>;
    interface Route {
      path: string;
      member?: boolean;
      /** A body the DTO accepts (fresh values each call: codes have cooldowns). */
      body: () => Body;
      /** Values that are not wrong for this field: null = not given where a client sends it so (see docs/architecture.md). */
      tolerated?: Record<string, unknown[]>;
      /** Counts a side effect of `body` (a message sent, a row written): must not move on a refusal. */
      effect?: (body: Body) => Promise<number>;
      /** Well-typed values a later rule refuses with another status (a total of 7 is a number: 409 total changed). */
      refusedLater?: Record<string, [unknown, number][]>;
    }
    const WRONG: unknown[] = [null, 7, true, false, [], ['x'], {}, { a: 1 }];
    const WRONG_ID: unknown[] = [null, true, 'x', '1e3', 1.5, [], ['1'], {}];
    const sms = async (b: Body) => (typeof b.phone === 'string' ? (await outboxFor(t.app, b.phone)).length : 0);
    const mails = async (b: Body) => (typeof b.email === 'string' ? (await outboxFor(t.app, b.email)).length : 0);
    const contactRows = async () => Number((await t.app.get(DataSource).query('SELECT COUNT(*) AS n FROM contact_messages'))[0].n);
    /** A checkout body of `me` (profile completed below) and an order of theirs to cancel. */
    const checkout: { body: Body; orderId: number } = { body: {}, orderId: 0 };
    const orderRows = async () => Number((await t.app.get(DataSource).query('SELECT COUNT(*) AS n FROM orders'))[0].n);
    const cancelledRows = async () => Number((await t.app.get(DataSource).query("SELECT COUNT(*) AS n FROM orders WHERE status_name = 'cancelled'"))[0].n);
    let n = 0;
    const fresh = () => `fresh${++n}-${randomPhone()}@example.com`;
    const home = { shipping_type: 'home', city: '臺北市', district: '中正區', street: '重慶南路一段 122 號', is_default: 1 };

    const ROUTES: Route[] = [
      { path: '/api/load/productDetails', body: () => ({ product_id: 1 }) },
      {
        path: '/api/load/versions',
        body: () => ({ cartVersion: 'a', settionsVersion: 'b', localPostersVersion: 'c' }),
        tolerated: { cartVersion: [null], settionsVersion: [null], localPostersVersion: [null] },
      },
      { path: '/api/load/homepage', body: () => ({ homeVersion: 'a', homeProductsVersion: 'b' }), tolerated: { homeVersion: [null, 7], homeProductsVersion: [null, 7] } },
      { path: '/api/load/aboutpage', body: () => ({ aboutVersion: 'a' }), tolerated: { aboutVersion: [null, 7] } },
      {
        path: '/api/load/loadhtmlpage',
        body: () => ({ page_type: 'privacypolicy', versionStr: 'privacypolicyVersion', pageVersion: 'a' }),
        tolerated: { versionStr: [null], pageVersion: [null, 7] },
      },
      {
        path: '/api/load/loadpageimage',
        body: () => ({ image_type: 'aboutImg000', versionStr: 'version_about', pageVersion: 'a' }),
        tolerated: { versionStr: [null], pageVersion: [null, 7] },
      },
      {
        path: '/api/email/contactSend',
        body: () => ({ name: '王小明', email: 'visitor@example.com', message: '請問有試用品嗎？', phone: '0912345678', user_id: 3 }),
        tolerated: { phone: [null], user_id: [null] },
        effect: contactRows,
      },
      { path: '/api/login/basic-login', body: () => ({ account: randomPhone(), password: 'secret1' }) },
      { path: '/api/login/state-save', body: () => ({ state: 'ab'.repeat(20) }) },
      { path: '/api/user/register', body: () => ({ phone: randomPhone(), password: 'secret1' }) },
      { path: '/api/user/resetPassword', body: () => ({ phone: randomPhone(), newPassword: 'secret1' }) },
      { path: '/api/phone/sendcode', body: () => ({ type: 'register', phone: randomPhone() }), effect: sms },
      { path: '/api/phone/forgot-sendcode', body: () => ({ phone: randomPhone() }), effect: sms },
      { path: '/api/phone/verifycode', body: () => ({ type: 'register', phone: randomPhone(), code: '123456' }) },
      {
        path: '/api/user/updateUser',
        member: true,
        body: () => ({ user_id: me.userId, username: '王小明', gender: 'male', birthday: '1990-01-02' }),
        tolerated: { user_id: [null], gender: [null], birthday: [null] },
      },
      { path: '/api/user/updateAddresses', member: true, body: () => ({ user_id: me.userId, addresses: [home] }), tolerated: { user_id: [null] } },
      { path: '/api/email/send-code', member: true, body: () => ({ email: fresh() }), effect: mails },
      { path: '/api/user/updateEmail', member: true, body: () => ({ user_id: me.userId, email: fresh(), code: '123456' }), tolerated: { user_id: [null] } },
      { path: '/api/user/updatePhone', member: true, body: () => ({ user_id: me.userId, phone: randomPhone(), code: '123456' }), tolerated: { user_id: [null] } },
      {
        path: '/api/user/updatePassword',
        member: true,
        // Same password twice: the DTO accepts it and the service refuses (當前密碼與新密碼不允許相同。), so nothing changes.
        body: () => ({ user_id: me.userId, account: me.phone, currentPassword: 'secret1', newPassword: 'secret1', logoutOthers: false }),
        tolerated: { user_id: [null], account: [null], logoutOthers: [null, true, false] },
      },
      {
        path: '/api/order/submitOrder',
        member: true,
        // A total off by one: every rule up to the total passes, then 409 (no order, no 2-second lock to race).
        body: () => ({ ...checkout.body, totalAmount: (checkout.body.totalAmount as number) + 1, user_id: me.userId }),
        tolerated: { user_id: [null] },
        refusedLater: { shipping: [[7, 400]], totalAmount: [[7, 409]] },
        effect: orderRows,
      },
      {
        path: '/api/order/cancelOrder',
        member: true,
        body: () => ({ order_id: checkout.orderId, user_id: me.userId }),
        tolerated: { user_id: [null] },
        refusedLater: { order_id: [[7, 404]] },
        effect: cancelledRows,
      },
    ];
    let me: { b: BrowserSession; userId: number; phone: string };
    /** The member as getuser shows it; address row ids left out (every save of the book replaces its rows). */
    const profileOf = async (b: BrowserSession) => {
      const user = (await b.get('/api/login/getuser')).body.user as { addresses: { id?: number }[] };
      return { ...user, addresses: user.addresses.map(({ id: _id, ...row }) => row) };
    };

    beforeAll(async () => {
      const b = browser();
      const m = await registerMember(t.app, b);
      me = { b, userId: m.userId, phone: m.phone };
      // Checkout needs a complete profile (name, e-mail, phone) and a variant in stock.
      const email = `buyer-${m.phone}@example.com`;
      await b.post('/api/user/updateUser', { username: '王小明' });
      await b.post('/api/email/send-code', { email });
      await b.post('/api/user/updateEmail', { email, code: await lastCode(t.app, email) });
      const ds = t.app.get(DataSource);
      const [v] = await ds.query('SELECT v.id, v.product_id, v.discount_price FROM product_variants v JOIN products p ON p.id = v.product_id WHERE p.is_active = 1 AND v.is_active = 1 ORDER BY v.id LIMIT 1');
      await ds.query('UPDATE product_variants SET quantity = 500 WHERE id = ?', [v.id]);
      const [home4] = await ds.query('SELECT shipping_cost, free_shipping_threshold FROM shipping_methods WHERE id = 4');
      const price = Number(v.discount_price);
      checkout.body = homeCod(
        { phone: m.phone, email },
        [{ v: { productId: Number(v.product_id), variantId: Number(v.id) }, quantity: 1 }],
        price + (price >= Number(home4.free_shipping_threshold) ? 0 : Number(home4.shipping_cost)),
      );
      const placed = await b.agent.post('/api/order/submitOrder').set('X-Forwarded-For', b.ip).set('X-CSRF-Token', await b.csrfToken()).set('Idempotency-Key', 'hardening-cancel').send(checkout.body);
      if (placed.status !== 200) throw new Error(`submitOrder: ${placed.status} ${JSON.stringify(placed.body)}`);
      checkout.orderId = placed.body.resData.order_id;
    });

    it.each(ROUTES.map((r) => [r.path, r] as const))('%s', async (_path, route) => {
      const post = (body: Body) => (route.member ? me.b : browser()).post(route.path, body);
      const accepted = await post(route.body());
      expect(accepted.status).not.toBe(500);
      const profile = route.member ? await profileOf(me.b) : undefined;
      for (const field of Object.keys(route.body())) {
        const idField = field === 'user_id' || field === 'product_id';
        for (const value of idField ? WRONG_ID : WRONG) {
          const body = { ...route.body(), [field]: value };
          const before = await route.effect?.(body);
          const res = await post(body);
          const tolerated = route.tolerated?.[field]?.some((v) => JSON.stringify(v) === JSON.stringify(value));
          const seen = [field, value, res.status, res.body.message];
          if (tolerated) {
            expect(seen).toEqual([field, value, accepted.status, accepted.body.message]);
            continue;
          }
          const later = route.refusedLater?.[field]?.find(([v]) => JSON.stringify(v) === JSON.stringify(value));
          expect(seen).toEqual([field, value, later ? later[1] : 400, expect.stringMatching(CJK)]);
          expect(res.body.success).toBe(false);
          if (accepted.status === 400) expect([field, value, res.body.message]).not.toEqual([field, value, accepted.body.message]);
          if (route.effect) expect([field, value, await route.effect(body)]).toEqual([field, value, before]);
        }
      }
      if (profile) {
        await post(route.body()); // undo what a tolerated value (gender null …) changed
        expect(await profileOf(me.b)).toEqual(profile);
      }
    });

    it('sendcode: type null gives 400 with the spec’s message, for a bad and a valid phone, and sends nothing', async () => {
      const bad = await browser().post('/api/phone/sendcode', { phone: '09', type: null });
      expect([bad.status, bad.body]).toEqual([400, INVALID]);
      const phone = randomPhone();
      const valid = await browser().post('/api/phone/sendcode', { phone, type: null });
      expect([valid.status, valid.body]).toEqual([400, INVALID]);
      expect(await outboxFor(t.app, phone)).toEqual([]);
      const verify = await browser().post('/api/phone/verifycode', { phone, type: null, code: '123456' });
      expect([verify.status, verify.body]).toEqual([400, INVALID]);
    });

    it('never turns true or an array into a member id, a product id or a code', async () => {
      const before = (await me.b.get('/api/login/getuser')).body.user;
      for (const user_id of [true, [me.userId], [String(me.userId)], `${me.userId}.0`]) {
        const res = await me.b.post('/api/user/updateUser', { user_id, username: '冒充者' });
        expect([user_id, res.status, res.body]).toEqual([user_id, 400, INVALID]);
      }
      expect((await me.b.get('/api/login/getuser')).body.user).toEqual(before);
      // A number or decimal digits are what a client sends.
      expect((await me.b.post('/api/user/updateUser', { user_id: String(me.userId), username: '王小明' })).status).toBe(200);
      for (const product_id of [true, ['1'], '1e0', ' ']) {
        expect((await json('/api/load/productDetails', JSON.stringify({ product_id }))).body).toEqual({ success: false, message: '商品編號格式錯誤' });
      }
      expect((await json('/api/load/productDetails', JSON.stringify({ product_id: '1' }))).status).toBe(200);
      // A code as a JSON number would lose its leading zeros.
      const res = await browser().post('/api/phone/verifycode', { phone: randomPhone(), code: 123456 });
      expect([res.status, res.body]).toEqual([400, { success: false, message: '請輸入驗證碼！' }]);
    });

    it('address rows of the wrong shape are refused, and the book stays', async () => {
      await me.b.post('/api/user/updateAddresses', { addresses: [home] }).then((r) => expect(r.status).toBe(200));
      const book = (await me.b.get('/api/login/getuser')).body.user.addresses;
      for (const addresses of [[null], [7], ['x'], [[]], [{ ...home, is_default: 'yes' }], [{ ...home, city: 7 }], [{ ...home, street: ['x'] }], [{ ...home, id: {} }]]) {
        const res = await me.b.post('/api/user/updateAddresses', { addresses });
        expect([addresses, res.status, res.body.success]).toEqual([addresses, 400, false]);
        expect(res.body.message).toMatch(CJK);
      }
      expect((await me.b.get('/api/login/getuser')).body.user.addresses).toEqual(book);
    });
  });

  describe('static files', () => {
    let logged: string[];
    let spies: jest.SpyInstance[];
    beforeEach(() => {
      logged = [];
      const record = (...args: unknown[]) => void logged.push(args.map((a) => (a instanceof Error ? `${a.message}\n${a.stack}` : JSON.stringify(a))).join(' '));
      spies = (['error', 'warn', 'log'] as const).map((level) => jest.spyOn(Logger.prototype, level).mockImplementation(record));
    });
    afterEach(() => spies.forEach((s) => s.mockRestore()));

    const MISSING = [
      '/media/nope.png',
      '/media/demo/nope.svg',
      '/media/demo',
      '/media/..%2f..%2fetc/passwd',
      '/media/%2e%2e/%2e%2e/etc/passwd',
      '/media/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
      '/media/demo/%2e%2e/%2e%2e/%2e%2e/package.json',
      '/media/%E0%A4%A',
      '/media/.env',
      '/media/a%00b.png',
      '/assets/index-OLD999.js',
      '/assets/%2e%2e/index.html',
      '/assets/..%2f..%2fpackage.json',
      '/assets/%2e%2e%2f%2e%2e%2fpackage.json',
      '/assets/',
    ];

    it.each(MISSING)('%s → 404, with no path or stack in the answer or the log', async (path) => {
      for (const accept of ['*/*', 'text/html', 'image/avif,image/webp,*/*']) {
        const res = await request(t.http).get(path).set('Accept', accept);
        expect([path, accept, res.status, res.body]).toEqual([path, accept, 404, NOT_FOUND]);
        expect(res.text).not.toContain(config.mediaDir);
        expect(res.text).not.toContain(clientDist);
      }
      for (const line of logged) {
        expect(line).not.toContain(config.mediaDir);
        expect(line).not.toContain(clientDist);
        expect(line).not.toMatch(/ENOENT|Forbidden|\n\s+at /);
      }
    });

    it('serves hashed assets immutable for a year, pages no-cache, media a week', async () => {
      const asset = await request(t.http).get('/assets/index-Ab12Cd34.js').expect(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      for (const path of ['/', '/products', '/profile', '/index.html', '/no-such-page']) {
        const page = await request(t.http).get(path).set('Accept', 'text/html');
        expect([path, page.headers['cache-control']]).toEqual([path, 'no-cache']);
        expect(page.headers['content-type']).toMatch(/^text\/html/);
      }
      expect((await request(t.http).get('/favicon.svg').expect(200)).headers['cache-control']).toBe('public, max-age=3600');
      const media = await request(t.http).get('/media/demo/p1-1.svg').expect(200);
      expect(media.headers['cache-control']).toBe('public, max-age=604800');
      // An old chunk is never cached as missing for long.
      expect((await request(t.http).get('/assets/index-OLD999.js')).headers['cache-control']).toBe('no-cache');
    });
  });

  describe('/api/docs', () => {
    it('is served outside production', async () => {
      expect((await request(t.http).get('/api/docs-json').expect(200)).body.openapi).toMatch(/^3\./);
      expect((await request(t.http).get('/api/docs').expect(200)).text).toContain('swagger');
    });

    it('is off in production unless API_DOCS=true', async () => {
      const prod = await createTestApp(isolatedEnv({ NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(32), LOG_LEVEL: 'silent' }));
      try {
        for (const path of ['/api/docs', '/api/docs-json', '/api/docs/swagger-ui.css', '/api/docs/index.html']) {
          const res = await request(prod.http).get(path);
          expect([path, res.status, res.body]).toEqual([path, 404, NOT_FOUND]);
        }
        expect((await request(prod.http).get('/api/health')).status).toBe(200);
      } finally {
        await prod.close();
      }
    });
  });
});
