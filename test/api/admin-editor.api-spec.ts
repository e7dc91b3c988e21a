import request from 'supertest';
import { DataSource } from 'typeorm';
import { ADMIN_MSG } from '../../src/common/validation/admin';
import { AI_CONTENT_MAX_CHARS, EDITOR_MSG, aiQuotaUsedMsg } from '../../src/common/validation/admin-editor';
import { GENERIC_BAD_REQUEST } from '../../src/common/http/envelope';
import { taipeiToday } from '../../src/common/time/taipei-time';
import { AI_SIMULATOR } from '../../src/integrations/ai/ai.module';
import { AiSimulator, createAiSimulator } from '../../src/integrations/ai/simulators/ai-simulator';
import { SIMULATOR_AI_KEY } from '../../src/integrations/ai/ai-config';
import { LoopbackServer, listenOnLoopback } from '../../src/integrations/simulators/listen';
import { isolatedEnv } from '../../src/modules/auth/testing/browser-session';
import { adminSession, AdminSession } from '../helpers/admin';
import { createTestApp, TestApp } from '../helpers/test-app';

jest.setTimeout(180_000);

const XSS = '<p onclick="alert(1)">好<script>alert(2)</script></p><img src="javascript:alert(3)"><img src="/media/a.webp" onerror="alert(4)"><style>p{}</style><button>買</button>';

describe('HTML editor: loadhtml / savehtml and the AI rewrite (built-in simulator)', () => {
  let t: TestApp;
  let ds: DataSource;
  let sim: AiSimulator;
  let owner: AdminSession;
  let editor: AdminSession;
  let staff: AdminSession;
  let productId: number;
  const QUOTA = 4;

  beforeAll(async () => {
    t = await createTestApp(isolatedEnv({ AI_DAILY_QUOTA: String(QUOTA) }));
    ds = t.app.get(DataSource);
    sim = t.app.get<AiSimulator>(AI_SIMULATOR, { strict: false });
    [owner, editor, staff] = [await adminSession(t, 'owner'), await adminSession(t, 'editor'), await adminSession(t, 'staff')];
    productId = Number((await ds.query('SELECT id FROM products WHERE is_active = 1 ORDER BY id LIMIT 1'))[0].id);
  });
  afterAll(() => t?.close());
  beforeEach(() => sim.reset());

  it('is for owners and editors: staff 403, a visitor 401', async () => {
    const url = `/api/admin/loadhtml?edittype=product&product_id=${productId}`;
    expect((await owner.get(url)).status).toBe(200);
    expect((await editor.get(url)).status).toBe(200);
    const s = await staff.get(url);
    expect([s.status, s.body]).toEqual([403, { success: false, message: ADMIN_MSG.forbidden }]);
    expect((await staff.post('/api/admin/savehtml', { edittype: 'product', product_id: productId, html: '<p>x</p>' })).status).toBe(403);
    expect((await staff.post('/api/admin/ai/rewrite', { content: '<p>x</p>' })).status).toBe(403);
    expect((await request(t.http).get(url)).status).toBe(401);
    // a visitor's POST has no CSRF token either (403 before the session check); see admin-access for 401
    expect([401, 403]).toContain((await request(t.http).post('/api/admin/ai/rewrite').send({ content: 'x' })).status);
    expect(sim.calls).toHaveLength(0);
  });

  it('loadhtml checks its query: edittype, product_id, htmlname; unknown ones are 404', async () => {
    for (const q of ['edittype=other&product_id=1', 'edittype=product', 'edittype=product&product_id=abc', 'edittype=htmlpage', 'edittype=htmlpage&htmlname=../x']) {
      const r = await editor.get(`/api/admin/loadhtml?${q}`);
      expect([q, r.status, r.body]).toEqual([q, 400, { success: false, message: GENERIC_BAD_REQUEST }]);
    }
    const p = await editor.get('/api/admin/loadhtml?edittype=product&product_id=999999');
    expect([p.status, p.body]).toEqual([404, { success: false, message: EDITOR_MSG.productNotFound }]);
    const h = await editor.get('/api/admin/loadhtml?edittype=htmlpage&htmlname=nosuchpage');
    expect([h.status, h.body]).toEqual([404, { success: false, message: EDITOR_MSG.pageNotFound }]);
  });

  it("savehtml stores a product's detail sanitized, loadhtml returns it, the product page shows it at once; audited", async () => {
    const before = await request(t.http).get(`/api/load/productD/${productId}`).expect(200); // fills the cache
    expect(JSON.stringify(before.body)).not.toContain('編輯器新內容');
    const res = await editor.post('/api/admin/savehtml', { edittype: 'product', product_id: productId, htmlname: '', vpage: '1', html: `<h2>編輯器新內容</h2>${XSS}` });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: '儲存成功' });
    const stored = String((await ds.query(`SELECT detail_html FROM products WHERE id = ${productId}`))[0].detail_html);
    expect(stored).toContain('<h2>編輯器新內容</h2>');
    for (const bad of ['<script', 'onclick', 'onerror', 'javascript:', '<style', '<button', 'alert(2)']) expect(stored).not.toContain(bad);
    expect(stored).toContain('src="/media/a.webp"');
    expect(res.body.html).toBe(stored);

    const load = await editor.get(`/api/admin/loadhtml?edittype=product&product_id=${productId}`);
    expect(load.body).toEqual({ success: true, html: stored });
    const after = await request(t.http).get(`/api/load/productD/${productId}`).expect(200);
    expect(JSON.stringify(after.body)).toContain('編輯器新內容');
    expect(JSON.stringify(after.body)).not.toContain('onerror');

    const audit = await ds.query(`SELECT action, entity, entity_id, admin_id FROM audit_logs WHERE action = 'editor.save-html' AND entity_id = '${productId}'`);
    expect(audit).toEqual([expect.objectContaining({ action: 'editor.save-html', entity: 'product', admin_id: editor.id })]);
  });

  it('savehtml of an HTML page: the public page and its content version change on the next request', async () => {
    const pub = () => request(t.http).post('/api/load/loadhtmlpage').send({ page_type: 'privacypolicy' });
    const first = await pub().expect(200);
    const res = await owner.post('/api/admin/savehtml', { edittype: 'htmlpage', htmlname: 'privacypolicy', vpage: 'x', html: '<p>新的隱私權政策</p><iframe src="https://evil.example/x"></iframe>' });
    expect(res.body).toMatchObject({ success: true, message: '儲存成功' });
    expect(res.body.html).toBe('<p>新的隱私權政策</p>');
    const second = await pub().expect(200);
    expect(second.body.detail_html).toBe('<p>新的隱私權政策</p>');
    expect(second.body.serverVersion).not.toBe(first.body.serverVersion);
    expect((await editor.get('/api/admin/loadhtml?edittype=htmlpage&htmlname=privacypolicy')).body).toEqual({ success: true, html: '<p>新的隱私權政策</p>' });
    const missing = await owner.post('/api/admin/savehtml', { edittype: 'htmlpage', htmlname: 'nosuchpage', html: '<p>x</p>' });
    expect([missing.status, missing.body.message]).toEqual([404, EDITOR_MSG.pageNotFound]);
    const noHtml = await owner.post('/api/admin/savehtml', { edittype: 'htmlpage', htmlname: 'privacypolicy' });
    expect([noHtml.status, noHtml.body.message]).toEqual([400, GENERIC_BAD_REQUEST]);
  });

  it('savehtml takes up to 2 MB of JSON (a pasted image), more is 413', async () => {
    const big = `<p>${'長'.repeat(300_000)}</p>`; // ~900 KB, over the default 100 KB
    const ok = await editor.post('/api/admin/savehtml', { edittype: 'product', product_id: productId, html: big });
    expect([ok.status, ok.body.success]).toEqual([200, true]);
    const tooBig = await editor.post('/api/admin/savehtml', { edittype: 'product', product_id: productId, html: 'a'.repeat(2 * 1024 * 1024 + 10) });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.success).toBe(false);
  });

  it('AI rewrite: empty content is 請輸入內容; the answer is the model\'s HTML, sanitized; the prompt follows spec 3 §9', async () => {
    for (const content of [undefined, '', '   ', '<p><br></p>', '<p>&nbsp;</p>']) {
      const r = await editor.post('/api/admin/ai/rewrite', { content, mode: 'optimize' });
      expect([r.status, r.body]).toEqual([400, { success: false, message: '請輸入內容' }]);
    }
    const badMode = await editor.post('/api/admin/ai/rewrite', { content: '<p>x</p>', mode: 'poem' });
    expect([badMode.status, badMode.body.message]).toEqual([400, GENERIC_BAD_REQUEST]);
    expect(sim.calls).toHaveLength(0);

    const res = await editor.post('/api/admin/ai/rewrite', { content: '<p>保濕精華</p><img src="/media/a.webp">', mode: 'optimize' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, content: expect.stringContaining('保濕精華'), remaining: QUOTA - 1, warnings: [] });
    expect(res.body.content).toContain('loading="lazy"');
    expect(sim.calls).toHaveLength(1);
    const call = sim.calls[0];
    const company = String((await ds.query("SELECT s_value FROM settings WHERE s_key = 'COMPANY_NAME'"))[0].s_value);
    expect(call.user).toBe('<p>保濕精華</p><img src="/media/a.webp">');
    expect(call.system).toContain('loading="lazy"');
    expect(call.system).toContain(`「${company}」`);
    expect(call.system).toMatch(/<head>.*<style>.*<button>/);
    expect(call).toMatchObject({ temperature: 0.7, maxTokens: 4096, authorization: `Bearer ${SIMULATOR_AI_KEY}` });
    expect(JSON.stringify(res.body)).not.toContain(SIMULATOR_AI_KEY);

    sim.answerNext('```html\n<h2>新標題</h2>' + XSS + '\n```');
    const dirty = await editor.post('/api/admin/ai/rewrite', { content: '<p>x</p>', mode: 'supplement' });
    expect(dirty.status).toBe(200);
    expect(dirty.body.content.startsWith('<h2>新標題</h2>')).toBe(true);
    for (const bad of ['```', '<script', 'onclick', 'onerror', 'javascript:', '<style', '<button']) expect(dirty.body.content).not.toContain(bad);
    expect(sim.calls[1].system).toContain('補充');

    const tooLong = await editor.post('/api/admin/ai/rewrite', { content: 'a'.repeat(AI_CONTENT_MAX_CHARS + 1) });
    expect([tooLong.status, tooLong.body.message]).toEqual([413, EDITOR_MSG.tooLong]);
  });

  it('AI rewrite: a provider failure is a plain 502 (the count given back); the daily quota per admin, per Taipei day', async () => {
    const used = async (id: number) =>
      Number((await ds.query(`SELECT count FROM ai_usage WHERE admin_id = ${id} AND day = '${taipeiToday()}'`))[0]?.count ?? 0);
    const start = await used(editor.id);
    sim.failNext(500, `upstream broke with key ${SIMULATOR_AI_KEY}`);
    const failed = await editor.post('/api/admin/ai/rewrite', { content: '<p>x</p>' });
    expect([failed.status, failed.body]).toEqual([502, { success: false, message: EDITOR_MSG.aiUnavailable }]);
    expect(await used(editor.id)).toBe(start);
    sim.answerNext('<script>only()</script>');
    const empty = await editor.post('/api/admin/ai/rewrite', { content: '<p>x</p>' });
    expect([empty.status, empty.body.message]).toEqual([502, EDITOR_MSG.aiUnavailable]);
    expect(await used(editor.id)).toBe(start);

    for (let i = start; i < QUOTA; i++) {
      const r = await editor.post('/api/admin/ai/rewrite', { content: `<p>${i}</p>` });
      expect([r.status, r.body.remaining]).toEqual([200, QUOTA - i - 1]);
    }
    const over = await editor.post('/api/admin/ai/rewrite', { content: '<p>again</p>' });
    expect([over.status, over.body]).toEqual([429, { success: false, message: aiQuotaUsedMsg(QUOTA), remaining: 0 }]);
    expect(over.body.message).toBe(`今日 AI 優化次數已用完（每日 ${QUOTA} 次），請明天再試`);
    expect(await used(editor.id)).toBe(QUOTA);
    const calls = sim.calls.length;
    // concurrent calls at the limit never pass it
    const burst = await Promise.all([1, 2, 3].map(() => editor.post('/api/admin/ai/rewrite', { content: '<p>b</p>' })));
    expect(burst.map((r) => r.status)).toEqual([429, 429, 429]);
    expect(sim.calls.length).toBe(calls);
    // another admin has a quota of their own; racing calls at its edge never pass it
    expect((await owner.post('/api/admin/ai/rewrite', { content: '<p>owner</p>' })).status).toBe(200);
    const race = await Promise.all(Array.from({ length: QUOTA + 2 }, (_, i) => owner.post('/api/admin/ai/rewrite', { content: `<p>race ${i}</p>` })));
    const statuses = race.map((r) => r.status).sort();
    expect(statuses).toEqual([...Array<number>(QUOTA - 1).fill(200), 429, 429, 429]);
    expect(await used(owner.id)).toBe(QUOTA);
    // a new Taipei day starts again
    await ds.query(`UPDATE ai_usage SET day = '2000-01-01' WHERE admin_id = ${editor.id}`);
    expect((await editor.post('/api/admin/ai/rewrite', { content: '<p>tomorrow</p>' })).body).toMatchObject({ success: true, remaining: QUOTA - 1 });
  });
});

describe('AI rewrite against a configured OpenAI-compatible service (AI_API_URL, AI_API_KEY, AI_MODEL)', () => {
  const KEY = 'sk-proj-REALLOOKINGKEY0123456789abcdefABCDEF';
  let remote: AiSimulator;
  let server: LoopbackServer;
  let t: TestApp;
  let owner: AdminSession;

  beforeAll(async () => {
    remote = createAiSimulator({ apiKey: KEY });
    server = await listenOnLoopback(remote);
    t = await createTestApp(isolatedEnv({ AI_API_URL: server.url, AI_API_KEY: KEY, AI_MODEL: 'gpt-4o' }));
    owner = await adminSession(t, 'owner');
  });
  afterAll(async () => {
    await t?.close();
    await server?.close();
  });

  it('calls the configured service with the key as a Bearer header only; no answer ever carries the key', async () => {
    expect(t.app.get(AI_SIMULATOR, { strict: false })).toBeNull();
    const ok = await owner.post('/api/admin/ai/rewrite', { content: '<p>面膜</p>' });
    expect(ok.status).toBe(200);
    expect(ok.body.content).toContain('面膜');
    expect(remote.calls).toEqual([expect.objectContaining({ model: 'gpt-4o', authorization: `Bearer ${KEY}`, user: '<p>面膜</p>' })]);
    expect(JSON.stringify(ok.body)).not.toContain(KEY);
    expect(JSON.stringify(ok.headers)).not.toContain(KEY);

    remote.failNext(401, `Incorrect API key provided: ${KEY}`);
    const failed = await owner.post('/api/admin/ai/rewrite', { content: '<p>面膜</p>' });
    expect([failed.status, failed.body]).toEqual([502, { success: false, message: EDITOR_MSG.aiUnavailable }]);
    expect(JSON.stringify(failed.body)).not.toContain(KEY);

    // the key stays out of every admin read
    for (const path of ['/api/admin/loadconifg', '/api/admin/checkLogin']) {
      const r = await owner.get(path);
      expect(JSON.stringify(r.body)).not.toContain(KEY);
    }
  });
});
