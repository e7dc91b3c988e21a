/**
 * The cosmetics law in the back office and on the product page (issue 22 §5, spec 4 §3–§5) and the
 * analytics settings (issue 22 §7): the label fields of a product save (validated, a listed product
 * without a registration number warns), the fields on the product page and in the server-rendered
 * JSON-LD, the claims list (GET/PUT /api/admin/claim-phrases) and its warnings on every staff save
 * and on the AI rewrite (built-in simulator), and GA4_ID / META_PIXEL_ID.
 */
import type { Element } from 'domhandler';
import { DomUtils, parseDocument } from 'htmlparser2';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { ADMIN_MSG } from '../../src/common/validation/admin';
import { CATALOG_MSG } from '../../src/common/validation/admin-catalog';
import { COSMETICS_MSG, DEFAULT_CLAIM_PHRASES } from '../../src/common/validation/cosmetics-rules';
import { AI_SIMULATOR } from '../../src/integrations/ai/ai.module';
import type { AiSimulator } from '../../src/integrations/ai/simulators/ai-simulator';
import { AuditLog } from '../../src/modules/audit/entities/audit-log.entity';
import { Product } from '../../src/modules/catalog/entities/product.entity';
import { Setting } from '../../src/modules/settings/entities/setting.entity';
import { adminSession, type AdminSession } from '../helpers/admin';
import { createTestApp, TestApp } from '../helpers/test-app';

jest.setTimeout(180_000);

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const HOST = 'shop.example.test:8080';
const MISSING = { field: 'registration_no', phrase: '', reason: COSMETICS_MSG.registrationMissing };
const MEDICAL = DEFAULT_CLAIM_PHRASES.find((p) => p.phrase === '治療')!.reason;
const EXAGGERATED = DEFAULT_CLAIM_PHRASES.find((p) => p.phrase === '100% 有效')!.reason;

const COSMETICS = {
  registration_no: '1130123456',
  ingredients: '水、甘油、玻尿酸鈉、苯氧乙醇',
  volume: '30ml',
  usage: '洗臉後取適量均勻塗抹於臉部。',
  warnings: '如有不適請立即停用。',
  shelf_life: '未開封 3 年，開封後 12 個月',
  origin: '台灣',
  maker: '肌研舍股份有限公司 臺北市大安區敦化南路二段 76 號',
};

function jsonLd(html: string, type: string): Json {
  const doc = parseDocument(html);
  const scripts = DomUtils.findAll((e: Element) => e.name === 'script' && e.attribs.type === 'application/ld+json', doc.children);
  return scripts.map((e) => JSON.parse(DomUtils.textContent(e)) as Json).find((x) => x['@type'] === type) as Json;
}

describe('cosmetics law: label fields, claims check, analytics settings', () => {
  let t: TestApp;
  let ds: DataSource;
  let sim: AiSimulator;
  let owner: AdminSession;
  let editor: AdminSession;
  let staff: AdminSession;
  let typeId: number;

  const product = (over: Record<string, unknown> = {}) => ({
    seo_description: '保濕精華 SEO',
    product_type: typeId,
    title: `測試精華 ${Math.random().toString(36).slice(2, 8)}`,
    description: '深層保濕，溫和不刺激',
    unit: '瓶',
    image_url: 'https://cdn.example.com/a.webp',
    is_active: 1,
    product_media: [{ media_url: '/media/library/a.webp', ordering: 0 }],
    product_variants: [{ variant_name: '30ml', quantity: 5, original_price: 1200, discount_price: 990 }],
    ...over,
  });
  const page = (path: string) => request(t.http).get(path).set('Host', HOST).set('Accept', 'text/html');
  const productApi = async (id: number) => (await request(t.http).get(`/api/load/productD/${id}`).expect(200)).body.pDetails as Json;

  beforeAll(async () => {
    t = await createTestApp();
    ds = t.app.get(DataSource);
    sim = t.app.get<AiSimulator>(AI_SIMULATOR, { strict: false });
    [owner, editor, staff] = [await adminSession(t, 'owner'), await adminSession(t, 'editor'), await adminSession(t, 'staff')];
    typeId = Number((await ds.query('SELECT id FROM product_types ORDER BY id LIMIT 1'))[0].id);
  });
  afterAll(() => t?.close());
  beforeEach(() => sim.reset());

  describe('label fields of a product save', () => {
    it('a bad registration number (or an over-long field) is refused with every message at once; nothing is saved', async () => {
      const title = `拒收 ${Date.now()}`;
      const res = await editor.post('/api/admin/createOrUpdateProduct', product({ title, unit: '', cosmetics: { ...COSMETICS, registration_no: '衛部粧字 123', origin: '台'.repeat(51) } }));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, message: CATALOG_MSG.checkFields });
      expect(res.body.errors).toEqual(
        expect.arrayContaining([
          { field: 'unit', message: CATALOG_MSG.unit },
          { field: 'cosmetics.registration_no', message: '化粧品登錄編號格式錯誤' },
          { field: 'cosmetics.origin', message: COSMETICS_MSG.tooLong('產地', 50) },
        ]),
      );
      for (const registration_no of ['A'.repeat(31), '1130 123456', '1130123456;']) {
        const r = await editor.post('/api/admin/createOrUpdateProduct', product({ title, cosmetics: { registration_no } }));
        expect([registration_no, r.status, r.body.errors]).toEqual([registration_no, 400, [{ field: 'cosmetics.registration_no', message: COSMETICS_MSG.registrationNo }]]);
      }
      const notAnObject = await editor.post('/api/admin/createOrUpdateProduct', product({ title, cosmetics: 'P-1' }));
      expect(notAnObject.status).toBe(400);
      expect(await ds.getRepository(Product).countBy({ title })).toBe(0);
    });

    it('saved with the fields: shown in the admin list and the product page; a listed product without a number warns (saved anyway)', async () => {
      const title = `標示齊全 ${Date.now()}`;
      const res = await editor.post('/api/admin/createOrUpdateProduct', product({ title, cosmetics: { ...COSMETICS, registration_no: ' 1130123456 ' } }));
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, message: CATALOG_MSG.saved, product_id: expect.any(Number), warnings: [] });
      const id = res.body.product_id as number;
      expect((await productApi(id)).cosmetics).toEqual(COSMETICS);
      const list = await editor.post('/api/admin/productslist', { searchKeyword: title });
      expect(list.body.products[0].cosmetics).toEqual(COSMETICS);

      // An older client's body (no cosmetics): the stored fields are kept.
      const keep = await editor.post('/api/admin/createOrUpdateProduct', product({ product_id: id, title, description: '改了描述' }));
      expect(keep.body).toMatchObject({ success: true, warnings: [] });
      expect((await productApi(id)).cosmetics).toEqual(COSMETICS);

      // Cleared: a listed product without a number is a warning, not a refusal; the page's answer follows at once.
      const cleared = await editor.post('/api/admin/createOrUpdateProduct', product({ product_id: id, title, cosmetics: { registration_no: '', volume: '50ml' } }));
      expect(cleared.status).toBe(200);
      expect(cleared.body).toMatchObject({ success: true, product_id: id, warnings: [MISSING] });
      expect((await productApi(id)).cosmetics).toEqual({ ...COSMETICS, registration_no: '', volume: '50ml' });

      // Delisted: nothing to warn about.
      const delisted = await editor.post('/api/admin/createOrUpdateProduct', product({ product_id: id, title, is_active: 0 }));
      expect(delisted.body.warnings).toEqual([]);
      const fresh = await editor.post('/api/admin/createOrUpdateProduct', product({ title: `${title} 新` }));
      expect(fresh.body.warnings).toEqual([MISSING]);
      expect((await productApi(fresh.body.product_id)).cosmetics).toEqual({ registration_no: '', ingredients: '', volume: '', usage: '', warnings: '', shelf_life: '', origin: '', maker: '' });
    });

    it('the server-rendered product page carries the given fields in its Product JSON-LD, and follows an edit', async () => {
      const title = `結構化資料 ${Date.now()}`;
      const id = (await editor.post('/api/admin/createOrUpdateProduct', product({ title, cosmetics: { ...COSMETICS, usage: '', warnings: '' } }))).body.product_id as number;
      const ld = jsonLd((await page(`/product/${id}`).expect(200)).text, 'Product');
      expect(ld.name).toBe(title);
      expect(ld.additionalProperty).toEqual([
        { '@type': 'PropertyValue', name: '化粧品產品登錄編號', value: COSMETICS.registration_no },
        { '@type': 'PropertyValue', name: '容量', value: COSMETICS.volume },
        { '@type': 'PropertyValue', name: '全成分', value: COSMETICS.ingredients },
        { '@type': 'PropertyValue', name: '保存期限', value: COSMETICS.shelf_life },
        { '@type': 'PropertyValue', name: '產地', value: COSMETICS.origin },
        { '@type': 'PropertyValue', name: '製造或輸入業者', value: COSMETICS.maker },
      ]);
      expect(ld.countryOfOrigin).toEqual({ '@type': 'Country', name: '台灣' });
      expect(ld.manufacturer).toEqual({ '@type': 'Organization', name: COSMETICS.maker });
      const body = (await page(`/product/${id}`).expect(200)).text;
      expect(body).toContain('<dt>化粧品產品登錄編號</dt><dd>1130123456</dd>');

      // The cached page drops on the edit: the new number, and a field emptied is left out.
      await editor.post('/api/admin/createOrUpdateProduct', product({ product_id: id, title, cosmetics: { registration_no: 'A-1140000001', origin: '', maker: '' } }));
      const after = jsonLd((await page(`/product/${id}`).expect(200)).text, 'Product');
      expect(after.additionalProperty.map((p: Json) => [p.name, p.value])).toEqual([
        ['化粧品產品登錄編號', 'A-1140000001'],
        ['容量', COSMETICS.volume],
        ['全成分', COSMETICS.ingredients],
        ['保存期限', COSMETICS.shelf_life],
      ]);
      expect(after).not.toHaveProperty('countryOfOrigin');
      expect(after).not.toHaveProperty('manufacturer');
    });

    it('every demo product shows its label fields on the product page and in the JSON-LD', async () => {
      const demo = { product_id: Number((await ds.query('SELECT id FROM products WHERE is_active = 1 ORDER BY id LIMIT 1'))[0].id) };
      const c = (await productApi(demo.product_id)).cosmetics as Json;
      expect(c.registration_no).toMatch(/^\d{10}$/);
      for (const k of ['ingredients', 'volume', 'usage', 'warnings', 'shelf_life', 'origin', 'maker']) expect([k, c[k].length > 0]).toEqual([k, true]);
      const ld = jsonLd((await page(`/product/${demo.product_id}`).expect(200)).text, 'Product');
      expect(ld.additionalProperty).toEqual(expect.arrayContaining([{ '@type': 'PropertyValue', name: '化粧品產品登錄編號', value: c.registration_no }]));
    });
  });

  describe('claims check', () => {
    it('GET /api/admin/claim-phrases: the default list for owners, staff and editors; never a public setting', async () => {
      for (const s of [owner, staff, editor]) {
        const res = await s.get('/api/admin/claim-phrases');
        expect([s.role, res.status]).toEqual([s.role, 200]);
        expect(res.body).toEqual({ success: true, phrases: DEFAULT_CLAIM_PHRASES });
      }
      expect((await request(t.http).get('/api/admin/claim-phrases')).status).toBe(401);
      const boot = (await request(t.http).post('/api/load/versions').send({}).expect(200)).body;
      expect(JSON.stringify(boot)).not.toContain('治療');
    });

    it('a product save answers each phrase found in its texts with the reason, and saves anyway', async () => {
      const title = `保證有效精華 ${Date.now()}`;
      const res = await editor.post(
        '/api/admin/createOrUpdateProduct',
        product({ title, description: '可治療痘痘，１００％有效', seo_description: '消炎 SEO', cosmetics: { ...COSMETICS, usage: '每日使用立即見效', warnings: '' } }),
      );
      expect(res.status).toBe(200);
      expect(res.body.warnings).toEqual([
        { field: 'title', phrase: '保證', reason: EXAGGERATED },
        { field: 'description', phrase: '治療', reason: MEDICAL },
        { field: 'description', phrase: '100% 有效', reason: EXAGGERATED },
        { field: 'seo_description', phrase: '消炎', reason: MEDICAL },
        { field: 'usage', phrase: '立即見效', reason: EXAGGERATED },
      ]);
      expect(await ds.getRepository(Product).countBy({ title })).toBe(1);
    });

    it('a poster save and an HTML save (product detail, page) answer warnings, [] when clean; saved anyway', async () => {
      const poster = { title: '冬季保養', seo_description: '根治乾燥', content: '<p>讓肌膚<strong>再生</strong></p>', coverImage: '/media/cover.webp' };
      const created = await editor.post('/api/admin/createPoster', poster);
      expect(created.status).toBe(200);
      expect(created.body).toMatchObject({ success: true, newId: expect.any(Number) });
      expect(created.body.warnings).toEqual([
        { field: 'seo_description', phrase: '根治', reason: MEDICAL },
        { field: 'content', phrase: '再生', reason: MEDICAL },
      ]);
      const updated = await editor.post('/api/admin/updatePoster', { ...poster, id: created.body.newId, seo_description: '冬季保養重點', content: '<p>多喝水</p>' });
      expect(updated.body).toMatchObject({ success: true, warnings: [] });

      const productId = Number((await ds.query('SELECT id FROM products WHERE is_active = 1 ORDER BY id LIMIT 1'))[0].id);
      const detail = await owner.post('/api/admin/savehtml', { edittype: 'product', product_id: productId, html: '<p>醫療級配方，<em>殺菌</em>抗痘</p>' });
      expect(detail.body).toMatchObject({ success: true, html: '<p>醫療級配方，<em>殺菌</em>抗痘</p>' });
      expect(detail.body.warnings).toEqual([
        { field: 'detail_html', phrase: '殺菌', reason: MEDICAL },
        { field: 'detail_html', phrase: '醫療級', reason: MEDICAL },
      ]);
      expect((await productApi(productId)).detail_html).toBe('<p>醫療級配方，<em>殺菌</em>抗痘</p>');
      const pageSave = await owner.post('/api/admin/savehtml', { edittype: 'htmlpage', htmlname: 'privacypolicy', vpage: 'x', html: '<p>永久保存</p>' });
      expect(pageSave.body.warnings).toEqual([{ field: 'html', phrase: '永久', reason: EXAGGERATED }]);
      const clean = await owner.post('/api/admin/savehtml', { edittype: 'htmlpage', htmlname: 'privacypolicy', vpage: 'x', html: '<p>隱私權政策</p>' });
      expect(clean.body.warnings).toEqual([]);
    });

    it('the AI rewrite: its prompt names the phrases it must not use; its answer is checked (field ai)', async () => {
      const res = await editor.post('/api/admin/ai/rewrite', { content: '<p>保濕精華</p>' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, content: expect.stringContaining('保濕精華'), remaining: expect.any(Number), warnings: [] });
      const system = sim.calls[0].system;
      for (const p of DEFAULT_CLAIM_PHRASES) expect(system).toContain(`「${p.phrase}」`);
      expect(system).toContain('不得宣稱醫療效能或誇大不實');

      sim.answerNext('<p>這瓶精華能<b>消炎</b>，而且<b>永久</b>有感</p>');
      const flagged = await editor.post('/api/admin/ai/rewrite', { content: '<p>保濕精華</p>' });
      expect(flagged.status).toBe(200);
      expect(flagged.body.warnings).toEqual([
        { field: 'ai', phrase: '消炎', reason: MEDICAL },
        { field: 'ai', phrase: '永久', reason: EXAGGERATED },
      ]);
    });

    it('PUT /api/admin/claim-phrases: owners and staff; every rule at once, nothing stored on a refusal', async () => {
      const forbidden = await editor.put('/api/admin/claim-phrases', { phrases: [{ phrase: '神效', reason: '誇大' }] });
      expect([forbidden.status, forbidden.body]).toEqual([403, { success: false, message: ADMIN_MSG.forbidden }]);

      const bad = await staff.put('/api/admin/claim-phrases', {
        phrases: [
          { phrase: '  ', reason: '空白' },
          { phrase: '100％有效', reason: '' },
          { phrase: '100% 有效', reason: '重複' },
          { phrase: '字'.repeat(31), reason: '太長' },
          { phrase: '神效', reason: '原'.repeat(101) },
        ],
      });
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({
        success: false,
        message: CATALOG_MSG.checkFields,
        errors: [
          { field: 'phrases.0.phrase', message: COSMETICS_MSG.phraseRequired },
          { field: 'phrases.1.reason', message: COSMETICS_MSG.reasonRequired },
          { field: 'phrases.2.phrase', message: COSMETICS_MSG.phraseDuplicate },
          { field: 'phrases.3.phrase', message: COSMETICS_MSG.tooLong('詞語', 30) },
          { field: 'phrases.4.reason', message: COSMETICS_MSG.tooLong('原因', 100) },
        ],
      });
      const tooMany = await staff.put('/api/admin/claim-phrases', { phrases: Array.from({ length: 201 }, (_, i) => ({ phrase: `詞${i}`, reason: '測試' })) });
      expect([tooMany.status, tooMany.body.errors]).toEqual([400, [{ field: 'phrases', message: '詞語最多 200 個' }]]);
      for (const body of [{}, { phrases: 'x' }, { phrases: [1] }]) expect((await staff.put('/api/admin/claim-phrases', body)).status).toBe(400);
      expect((await owner.get('/api/admin/claim-phrases')).body.phrases).toEqual(DEFAULT_CLAIM_PHRASES);
    });

    it('a saved list is the one every check uses; 200 long entries round-trip (kept in parts); audited', async () => {
      const many = Array.from({ length: 200 }, (_, i) => ({ phrase: `${'詞'.repeat(26)}${String(i).padStart(4, '0')}`, reason: `${'原因'.repeat(48)}${String(i).padStart(4, '0')}` }));
      const big = await staff.put('/api/admin/claim-phrases', { phrases: many });
      expect(big.status).toBe(200);
      expect(big.body).toEqual({ success: true, message: '已儲存', phrases: many });
      expect((await editor.get('/api/admin/claim-phrases')).body.phrases).toEqual(many);
      const parts = await ds.getRepository(Setting).createQueryBuilder('s').where("s.s_key LIKE 'CLAIM_PHRASES%'").getMany();
      expect(parts.length).toBeGreaterThan(1);
      expect(parts.every((p) => Number(p.is_public) === 0 && [...p.s_value].length <= 1000)).toBe(true);

      const small = [
        { phrase: '神效', reason: '誇大或保證效果' },
        { phrase: '治療', reason: '醫療效能' },
      ];
      const res = await owner.put('/api/admin/claim-phrases', { phrases: [{ phrase: ' 神效 ', reason: ' 誇大或保證效果 ' }, small[1]] });
      expect(res.body).toEqual({ success: true, message: '已儲存', phrases: small });
      expect((await staff.get('/api/admin/claim-phrases')).body.phrases).toEqual(small);
      expect(await ds.getRepository(Setting).createQueryBuilder('s').where("s.s_key LIKE 'CLAIM_PHRASES%'").getCount()).toBe(1);

      const saved = await editor.post('/api/admin/createOrUpdateProduct', product({ description: '神效保濕，永久水潤', cosmetics: COSMETICS }));
      expect(saved.body.warnings).toEqual([{ field: 'description', phrase: '神效', reason: '誇大或保證效果' }]);
      await editor.post('/api/admin/ai/rewrite', { content: '<p>x</p>' });
      expect(sim.calls[0].system).toContain('「神效」、「治療」');
      expect(sim.calls[0].system).not.toContain('「永久」');

      const audit = await ds.getRepository(AuditLog).find({ where: { action: 'settings.claim-phrases' }, order: { id: 'ASC' } });
      expect(audit.map((a) => a.admin_id)).toEqual([staff.id, owner.id]);
    });
  });

  describe('analytics settings (issue 22 §7)', () => {
    it('GA4_ID and META_PIXEL_ID: public, seeded empty, validated, editable like the other settings', async () => {
      const rows = await ds.getRepository(Setting).find({ where: [{ s_key: 'GA4_ID' }, { s_key: 'META_PIXEL_ID' }] });
      expect(rows.map((r) => [r.s_key, r.s_value, Number(r.is_public)]).sort()).toEqual([
        ['GA4_ID', '', 1],
        ['META_PIXEL_ID', '', 1],
      ]);
      const id = (key: string) => rows.find((r) => r.s_key === key)!.id;
      const listed = (await editor.get('/api/admin/loadsettings')).body.settings.map((s: Json) => s.s_key);
      expect(listed).toEqual(expect.arrayContaining(['GA4_ID', 'META_PIXEL_ID']));

      for (const value of ['UA-12345-1', 'G-abc123', 'G-12', 'G-ABCDEFGHIJKLMNOPQRSTU', 'G-ABC 123', '<script>']) {
        const r = await owner.post('/api/admin/updatesettings', { s_id: id('GA4_ID'), s_value: value });
        expect([value, r.status, r.body.success, r.body.message]).toEqual([value, 400, false, expect.stringContaining('請輸入正確的 GA4 評估 ID')]);
      }
      for (const value of ['1234', 'abc12345', '1'.repeat(21), '12345 678']) {
        const r = await editor.post('/api/admin/updatesettings', { s_id: id('META_PIXEL_ID'), s_value: value });
        expect([value, r.status, r.body.message]).toEqual([value, 400, expect.stringContaining('請輸入正確的 Meta Pixel ID')]);
      }
      expect((await ds.getRepository(Setting).findOneByOrFail({ s_key: 'GA4_ID' })).s_value).toBe('');

      expect((await owner.post('/api/admin/updatesettings', { s_id: id('GA4_ID'), s_value: ' G-ABC123XYZ9 ' })).body).toMatchObject({ success: true, setting: { s_key: 'GA4_ID', s_value: 'G-ABC123XYZ9' } });
      expect((await editor.post('/api/admin/updatesettings', { s_id: id('META_PIXEL_ID'), s_value: '123456789012345' })).body).toMatchObject({ success: true });
      const boot = (await request(t.http).post('/api/load/versions').send({}).expect(200)).body;
      expect(boot.Settings).toEqual(expect.arrayContaining([{ s_key: 'GA4_ID', s_value: 'G-ABC123XYZ9' }, { s_key: 'META_PIXEL_ID', s_value: '123456789012345' }]));

      // Empty turns it off again.
      expect((await owner.post('/api/admin/updatesettings', { s_id: id('GA4_ID'), s_value: '' })).body).toMatchObject({ success: true, setting: { s_value: '' } });
      expect(await ds.getRepository(AuditLog).countBy({ action: 'settings.update', entity_id: 'GA4_ID' })).toBe(2);
      expect((await staff.post('/api/admin/updatesettings', { s_id: id('GA4_ID'), s_value: 'G-ABCDEF' })).status).toBe(403);
    });
  });
});
