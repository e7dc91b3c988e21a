import request from 'supertest';
import { BrowserSession, isolatedEnv, registerMember } from '../../src/modules/auth/testing/browser-session';
import { createTestApp, TestApp } from '../helpers/test-app';

jest.setTimeout(60_000);

const unesc = (s: string) => s.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** The forms of an HTML page: action and hidden fields (values unescaped). */
function formsOf(html: string): { action: string; fields: Record<string, string> }[] {
  return [...html.matchAll(/<form[^>]*action="([^"]*)"[^>]*>([\s\S]*?)<\/form>/g)].map((m) => {
    const fields: Record<string, string> = {};
    for (const i of m[2].matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)) fields[unesc(i[1])] = unesc(i[2]);
    return { action: unesc(m[1]), fields };
  });
}

const pathOf = (url: string) => {
  const u = new URL(url, 'http://x');
  return u.pathname + u.search;
};

describe('7-11 store map: POST /api/order/getCvsMapUrl and its MapReturnURL (spec 2 §7)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(isolatedEnv());
  });
  afterAll(async () => t?.close());

  const member = async () => {
    const b = new BrowserSession(request.agent(t.http));
    return { b, ...(await registerMember(t.app, b)) };
  };

  /** Opens the map as the browser would (the answer's form posted to go_url), picks `storeId`, returns the map's post to MapReturnURL. */
  async function pickOnMap(answer: { go_url: string; body: Record<string, string> }, storeId: string) {
    const map = await request(t.http).post(pathOf(answer.go_url)).type('form').send(answer.body);
    expect(map.status).toBe(200);
    expect(map.text).toContain('模擬 7-11 門市地圖');
    const pick = formsOf(map.text).find((f) => f.fields.StoreID === storeId);
    expect(pick).toBeDefined();
    const back = await request(t.http).post(pathOf(pick!.action)).type('form').send(pick!.fields);
    expect(back.status).toBe(200);
    const [ret] = formsOf(back.text);
    return ret;
  }

  it('desktop: the form opens the simulator map; the picked store comes back as a page that posts it to the opener', async () => {
    const { b, userId } = await member();
    const res = await b.post('/api/order/getCvsMapUrl', { user_id: userId, isMobile: false });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    const origin = `http://${res.request.url.split('/')[2]}`;
    expect(res.body.go_url).toBe(`${origin}/sim/payuni/api/logistics/ship_map`);
    expect(Object.keys(res.body.body).sort()).toEqual(['EncryptInfo', 'HashInfo', 'MerID', 'Version']);
    expect(res.body.body.Version).toBe('1.1');
    // formHtml: the same form, escaped, for a client that inserts and submits it.
    expect(res.body.formHtml).toMatch(/^<form id="cvsMapForm" method="post" action="[^"]+" accept-charset="UTF-8">/);
    expect(formsOf(res.body.formHtml)).toEqual([{ action: res.body.go_url, fields: res.body.body }]);

    const ret = await pickOnMap(res.body, '203512');
    expect(ret.action).toBe(`${origin}/api/logistics/cvs-map/return`);
    // The map's post arrives from another site: no session cookie, no CSRF token.
    const page = await request(t.http).post('/api/logistics/cvs-map/return').type('form').send(ret.fields);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['cross-origin-opener-policy']).toBe('unsafe-none');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.text).toContain('data-store-id="203512"');
    expect(page.text).toContain('data-store-name="台中公益門市"');
    expect(page.text).toContain('data-store-addr="台中市西區公益路155號"');
    expect(page.text).toContain('<script src="/api/logistics/cvs-map/picked.js"></script>');
    expect(page.text).not.toMatch(/<script>/);
    // Without an opener the page says what to do and links to the result page, which keeps the store.
    expect(page.text).toContain('返回結帳頁');
    expect(page.text).toContain('href="/checkoutCvsResult?store_id=203512&amp;store_name=');

    const js = await request(t.http).get('/api/logistics/cvs-map/picked.js');
    expect(js.status).toBe(200);
    expect(js.headers['content-type']).toMatch(/javascript/);
    expect(js.text).toContain("type: 'skinshop:cvs-store'");
    expect(js.text).toContain('store_id: d.storeId, store_name: d.storeName, store_addr: d.storeAddr');
    expect(js.text).toContain('location.origin');
    expect(js.text).toContain('window.close()');
  });

  it('mobile: MapReturnURL carries m=1 and answers 303 to /checkoutCvsResult with the store, URL-encoded', async () => {
    const { b } = await member();
    const res = await b.post('/api/order/getCvsMapUrl', { isMobile: true });
    expect(res.status).toBe(200);
    const ret = await pickOnMap(res.body, '241610');
    expect(ret.action).toMatch(/\/api\/logistics\/cvs-map\/return\?m=1$/);
    const back = await request(t.http).post(pathOf(ret.action)).type('form').send(ret.fields);
    expect(back.status).toBe(303);
    expect(back.headers.location).toBe(
      `/checkoutCvsResult?store_id=241610&store_name=${encodeURIComponent('北車站門市')}&store_addr=${encodeURIComponent('台北市中正區忠孝西路一段49號')}`,
    );
  });

  it('refuses a tampered, foreign or empty map post with a 400 zh-TW page', async () => {
    const { b } = await member();
    const res = await b.post('/api/order/getCvsMapUrl', { isMobile: true });
    const ret = await pickOnMap(res.body, '155139');
    const tampered = { ...ret.fields, EncryptInfo: ret.fields.EncryptInfo.replace(/^../, (h) => (h === '30' ? '31' : '30')) };
    for (const fields of [tampered, { ...ret.fields, MerID: 'OTHER01' }, { ...ret.fields, HashInfo: '' }, {}]) {
      const refused = await request(t.http).post('/api/logistics/cvs-map/return?m=1').type('form').send(fields);
      expect(refused.status).toBe(400);
      expect(refused.headers['content-type']).toMatch(/^text\/html/);
      expect(refused.text).toContain('門市資料驗證失敗，請回到結帳頁重新選擇門市。');
      expect(refused.text).toContain('href="/checkout"');
      expect(refused.headers.location).toBeUndefined();
    }
    // A JSON body is not a map post (form bodies only).
    const json = await request(t.http).post('/api/logistics/cvs-map/return').send(ret.fields);
    expect(json.status).toBe(400);
    // The genuine post still works (nothing was used up by the refusals).
    expect((await request(t.http).post('/api/logistics/cvs-map/return?m=1').type('form').send(ret.fields)).status).toBe(303);
  });

  it('members only: a visitor gets 401, another member id 403, a wrong isMobile type 400', async () => {
    const visitor = new BrowserSession(request.agent(t.http));
    const anon = await visitor.post('/api/order/getCvsMapUrl', { isMobile: false });
    expect(anon.status).toBe(401);
    expect(anon.body).toEqual({ success: false, message: '請先登入' });

    const { b, userId } = await member();
    const forged = await b.post('/api/order/getCvsMapUrl', { user_id: userId + 1, isMobile: false });
    expect(forged.status).toBe(403);
    expect(forged.body.success).toBe(false);
    expect(forged.body.formHtml).toBeUndefined();
    for (const isMobile of ['true', 1, null, {}]) {
      const bad = await b.post('/api/order/getCvsMapUrl', { isMobile });
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({ success: false, message: '提供的資料無效或不完整' });
    }
    // Without a CSRF token the call is refused like any other member POST.
    const noToken = await b.agent.post('/api/order/getCvsMapUrl').set('X-Forwarded-For', b.ip).send({ isMobile: false });
    expect(noToken.status).toBe(403);
  });

  it('form bodies are parsed only for the provider callbacks; unknown routes stay 404', async () => {
    const { b } = await member();
    const token = await b.csrfToken();
    // A form post to a JSON route: its fields are not read (the profile update sees no name).
    const form = await b.agent.post('/api/user/updateUser').set('X-Forwarded-For', b.ip).set('X-CSRF-Token', token).type('form').send({ username: '王小明' });
    expect(form.status).toBe(400);
    expect(form.body.success).toBe(false);
    const unknown = await request(t.http).post('/api/logistics/cvs-map/elsewhere').type('form').send({ a: '1' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ success: false, message: '找不到資源' });
    // Oversized form bodies are refused before parsing, in the envelope.
    const big = await request(t.http).post('/api/logistics/cvs-map/return').type('form').send({ EncryptInfo: 'a'.repeat(70 * 1024) });
    expect(big.status).toBe(413);
    expect(big.body).toEqual({ success: false, message: '資料量過大，請縮減內容後再試' });
  });
});
