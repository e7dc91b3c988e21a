import request from 'supertest';
import type { Response } from 'supertest';
import { DataSource } from 'typeorm';
import { AuditLog } from '../../src/modules/audit/entities/audit-log.entity';
import { adminSession, AdminSession } from '../helpers/admin';
import { createTestApp, TestApp } from '../helpers/test-app';

jest.setTimeout(180_000);

const BANNER = {
  image_url: 'https://cdn.example.com/b.webp',
  phone_url: '/media/b-phone.webp',
  ctitle: '新品上市',
  description: '春季保養',
  link_url: '/products',
  sort_order: 0,
  is_active: 1,
};

describe('admin home content (spec 3 §5, §7 home content)', () => {
  let t: TestApp;
  let ds: DataSource;
  let editor: AdminSession;
  let staff: AdminSession;

  beforeAll(async () => {
    t = await createTestApp();
    ds = t.app.get(DataSource);
    editor = await adminSession(t, 'editor');
    staff = await adminSession(t, 'staff');
  });
  afterAll(() => t?.close());

  const ok200 = async (p: Promise<Response>): Promise<Response> => {
    const r = await p;
    expect(r.status).toBe(200);
    return r;
  };
  /** The public home answer for a client that has nothing yet. */
  const home = async () => (await request(t.http).post('/api/load/homepage').send({}).expect(200)).body;

  it('loadHomeData answers the four sections, inactive rows included; staff may not', async () => {
    const res = await ok200(editor.get('/api/admin/loadHomeData'));
    expect(res.body).toMatchObject({ success: true });
    for (const k of ['home_carousel_banners', 'homeBeauticianEndorsements', 'homeUserTestimonials', 'home_certificates']) expect(Array.isArray(res.body[k])).toBe(true);
    expect(res.body.home_carousel_banners[0]).toMatchObject({ id: expect.any(Number), image_url: expect.any(String), phone_url: expect.any(String), sort_order: expect.any(Number), is_active: expect.any(Number) });
    expect((await staff.get('/api/admin/loadHomeData')).status).toBe(403);
  });

  it('a banner: create answers newId and shows on / at once (new homeVersion); update and delete too; audited', async () => {
    const before = await home();
    const created = await ok200(editor.post('/api/admin/createCarouselBanner', { ...BANNER, id: null, sort_order: '0' }));
    expect(created.body).toMatchObject({ success: true, newId: expect.any(Number) });
    const id = created.body.newId as number;
    let after = await home();
    expect(after.serverHomeVersion).not.toBe(before.serverHomeVersion);
    expect(after.banners.find((b: { id: number }) => b.id === id)).toMatchObject({ ctitle: '新品上市', link_url: '/products' });

    await ok200(editor.post('/api/admin/updateCarouselBanner', { ...BANNER, id, ctitle: '改過的標題', created_at: 'x' }));
    after = await home();
    expect(after.banners.find((b: { id: number }) => b.id === id)).toMatchObject({ ctitle: '改過的標題' });

    await ok200(editor.post('/api/admin/updateCarouselBanner', { ...BANNER, id, ctitle: '改過的標題', is_active: false }));
    after = await home();
    expect(after.banners.find((b: { id: number }) => b.id === id)).toBeUndefined();
    const admin = (await editor.get('/api/admin/loadHomeData')).body.home_carousel_banners as { id: number; is_active: number }[];
    expect(admin.find((b) => b.id === id)).toMatchObject({ is_active: 0 });

    await ok200(editor.post('/api/admin/deleteCarouselBanner', { id }));
    expect((await editor.get('/api/admin/loadHomeData')).body.home_carousel_banners.find((b: { id: number }) => b.id === id)).toBeUndefined();
    expect((await editor.post('/api/admin/deleteCarouselBanner', { id })).body).toMatchObject({ success: false, message: '刪除失敗' });
    expect((await editor.post('/api/admin/updateCarouselBanner', { ...BANNER, id })).body).toMatchObject({ success: false, message: '操作失敗' });

    const actions = (await ds.getRepository(AuditLog).find({ where: { entity: 'home_carousel_banner', entity_id: String(id) } })).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['home.banner.create', 'home.banner.update', 'home.banner.delete']));
  });

  it('banner rules: each spec message; with several failures, the one the screen shows (the last of its checks)', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ sort_order: -1 }, '請輸入有效的排序 (必須是非負數字)'],
      [{ sort_order: 'abc' }, '請輸入有效的排序 (必須是非負數字)'],
      [{ sort_order: undefined }, '請輸入有效的排序 (必須是非負數字)'],
      [{ link_url: '' }, '請輸入連結'],
      [{ link_url: 'javascript:alert(1)' }, '請輸入連結'],
      [{ description: ' ' }, '請輸入描述'],
      [{ ctitle: '' }, '請輸入標題'],
      [{ phone_url: '' }, '請輸入手機版圖片 URL'],
      [{ image_url: '' }, '請輸入圖片 URL'],
      [{ image_url: 'data:image/png;base64,AAAA' }, '請輸入圖片 URL'],
      [{ image_url: '//evil.example/x.png' }, '請輸入圖片 URL'],
      [{ sort_order: -1, link_url: '', ctitle: '', image_url: '' }, '請輸入圖片 URL'],
      [{ sort_order: -1, link_url: '' }, '請輸入連結'],
    ];
    for (const [change, message] of cases) {
      const res = await editor.post('/api/admin/createCarouselBanner', { ...BANNER, ...change });
      expect({ change, status: res.status, body: res.body }).toMatchObject({ status: 400, body: { success: false, message } });
    }
  });

  it('endorsements, testimonials and certificates: image_url required (請輸入圖片 URL); create/update/delete show on / at once', async () => {
    for (const [section, extra, list] of [
      ['BeauticianEndorsement', {}, 'usersBEs'],
      ['UserTestimonial', { review: '用了一週皮膚變好' }, 'usersTestimonials'],
      ['Certificate', { title: 'SGS 檢驗', description: '無重金屬' }, 'certificates'],
    ] as const) {
      expect((await editor.post(`/api/admin/create${section}`, { ...extra, image_url: '' })).body).toMatchObject({ success: false, message: '請輸入圖片 URL' });
      expect((await editor.post(`/api/admin/create${section}`, { ...extra, image_url: 'javascript:alert(1)' })).body).toMatchObject({ success: false, message: '請輸入圖片 URL' });
      const created = await ok200(editor.post(`/api/admin/create${section}`, { ...extra, id: null, image_url: '/media/x.webp', is_active: 1 }));
      const id = created.body.newId as number;
      expect(id).toEqual(expect.any(Number));
      let body = await home();
      expect(body[list].find((x: { id: number }) => x.id === id)).toMatchObject({ image_url: '/media/x.webp', ...extra });

      await ok200(editor.post(`/api/admin/update${section}`, { ...extra, id, image_url: 'https://cdn.example.com/y.webp', is_active: 1 }));
      body = await home();
      expect(body[list].find((x: { id: number }) => x.id === id)).toMatchObject({ image_url: 'https://cdn.example.com/y.webp' });

      await ok200(editor.post(`/api/admin/delete${section}`, { id }));
      body = await home();
      expect(body[list].find((x: { id: number }) => x.id === id)).toBeUndefined();
    }
  });

  it('a client with the current homeVersion is told to refresh once after a change', async () => {
    const first = await home();
    const v = { homeVersion: first.serverHomeVersion, homeProductsVersion: first.serverHomeProductsVersion };
    expect((await request(t.http).post('/api/load/homepage').send(v).expect(200)).body.isPageUpdated).toBe(false);
    const created = await ok200(editor.post('/api/admin/createCertificate', { image_url: '/media/c.webp', title: 'A', description: 'B' }));
    const next = (await request(t.http).post('/api/load/homepage').send(v).expect(200)).body;
    expect(next.isPageUpdated).toBe(true);
    expect(next.certificates.map((c: { id: number }) => c.id)).toContain(created.body.newId);
  });
});

describe('admin HTML pages and HTML images (spec 3 §7)', () => {
  let t: TestApp;
  let editor: AdminSession;
  let staff: AdminSession;

  beforeAll(async () => {
    t = await createTestApp();
    editor = await adminSession(t, 'editor');
    staff = await adminSession(t, 'staff');
  });
  afterAll(() => t?.close());

  it('htmls: page 30 by default, keyword, the first 50 characters of text, limit capped at 100', async () => {
    const res = await editor.post('/api/admin/htmls', {});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, total: expect.any(Number) });
    const rows = res.body.htmlpages as { html_type: string; title: string; preview: string }[];
    expect(rows.map((r) => r.html_type)).toEqual(expect.arrayContaining(['privacypolicy', 'txthtml001']));
    for (const r of rows) {
      expect(Array.from(r.preview).length).toBeLessThanOrEqual(50);
      expect(r.preview).not.toMatch(/[<>]/);
      expect(r).not.toHaveProperty('detail_html');
    }
    const privacy = rows.find((r) => r.html_type === 'privacypolicy')!;
    const found = await editor.post('/api/admin/htmls', { keyword: privacy.title, limit: 30, offset: 0 });
    expect(found.body.htmlpages.map((r: { html_type: string }) => r.html_type)).toContain('privacypolicy');
    expect((await editor.post('/api/admin/htmls', { keyword: '沒有這種頁面%_' })).body).toMatchObject({ success: true, htmlpages: [], total: 0 });
    const one = await editor.post('/api/admin/htmls', { limit: 1, offset: 1 });
    expect(one.body.htmlpages).toHaveLength(1);
    expect(one.body.total).toBe(res.body.total);
    expect((await editor.post('/api/admin/htmls', { limit: 100000 })).status).toBe(200);
    expect((await editor.post('/api/admin/htmls', { offset: -1 })).body).toMatchObject({ success: false });
    expect((await staff.post('/api/admin/htmls', {})).status).toBe(403);
  });

  it('htmlimages lists the slots; updateImageUrl changes one and the page shows it at once (new version); bad input 更新失敗 / 請輸入圖片 URL', async () => {
    const list = await editor.post('/api/admin/htmlimages', { keyword: 'aboutImg000' });
    expect(list.status).toBe(200);
    expect(list.body.htmlimages[0]).toMatchObject({ version_page_type: 'aboutVersion', image_type: 'aboutImg000', image_url: expect.any(String) });

    const before = (await request(t.http).post('/api/load/aboutpage').send({}).expect(200)).body;
    const res = await editor.post('/api/admin/updateImageUrl', { version_page_type: 'aboutVersion', image_type: 'aboutImg000', image_url: '/media/about-new.webp' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: '更新成功', htmlimage: { image_url: '/media/about-new.webp' } });
    const after = (await request(t.http).post('/api/load/aboutpage').send({ aboutVersion: before.serverVersion }).expect(200)).body;
    expect(after).toMatchObject({ isUpdated: true, aboutImg000: '/media/about-new.webp' });
    expect(after.serverVersion).not.toBe(before.serverVersion);

    expect((await editor.post('/api/admin/updateImageUrl', { version_page_type: 'aboutVersion', image_type: 'nope', image_url: '/media/x.webp' })).body).toMatchObject({ success: false, message: '更新失敗' });
    for (const image_url of ['', 'javascript:alert(1)', 'data:image/png;base64,AAAA'])
      expect((await editor.post('/api/admin/updateImageUrl', { version_page_type: 'aboutVersion', image_type: 'aboutImg000', image_url })).body).toMatchObject({ success: false, message: '請輸入圖片 URL' });
  });
});

describe('admin posters (spec 3 §5, §7 posters)', () => {
  let t: TestApp;
  let ds: DataSource;
  let editor: AdminSession;
  let staff: AdminSession;

  const POSTER = {
    title: '保濕的秘密',
    seo_description: '冬季保濕重點整理',
    content: '<p>多喝水</p><script>alert(1)</script><img src="/media/a.webp" onerror="alert(1)">',
    coverImage: '/media/cover.webp',
    layoutType: 'image-right',
    imageWidth: 40,
    textAnimation: 'fade-up',
    imageAnimation: '',
    is_active: 1,
  };

  beforeAll(async () => {
    t = await createTestApp();
    ds = t.app.get(DataSource);
    editor = await adminSession(t, 'editor');
    staff = await adminSession(t, 'staff');
  });
  afterAll(() => t?.close());

  const versions = async () => (await request(t.http).post('/api/load/versions').send({}).expect(200)).body;

  it('createPoster: sanitized content, defaults (width 50, image-left), newId; visible at once on its page and in the start-up titles', async () => {
    const before = await versions();
    const res = await editor.post('/api/admin/createPoster', POSTER);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, newId: expect.any(Number) });
    const id = res.body.newId as number;
    expect(res.body.poster.content).toContain('多喝水');
    expect(res.body.poster.content).not.toMatch(/script|onerror/);
    const after = await versions();
    expect(after.postersVersion).not.toBe(before.postersVersion);
    expect(after.PosterTitles).toEqual(expect.arrayContaining([expect.objectContaining({ id, title: '保濕的秘密' })]));
    const page = (await request(t.http).get(`/api/load/posterD/${id}`).expect(200)).body;
    expect(page).toMatchObject({ title: '保濕的秘密', layoutType: 'image-right', imageWidth: 40, textAnimation: 'fade-up' });

    const plain = await editor.post('/api/admin/createPoster', { title: 'B', content: '<p>x</p>', coverImage: 'https://cdn.example.com/c.webp', seo_description: '' });
    expect(plain.body.poster).toMatchObject({ imageWidth: 50, layoutType: 'image-left', is_active: 1, textAnimation: '', imageAnimation: '' });
  });

  it('poster rules: 標題、內文、封面圖片為必填, 請輸入SEO描述, width 10–90, SEO description capped at 300', async () => {
    for (const change of [{ title: '' }, { content: '' }, { content: '<script>alert(1)</script>' }, { coverImage: '' }, { coverImage: 'javascript:alert(1)' }, { title: undefined }])
      expect({ change, body: (await editor.post('/api/admin/createPoster', { ...POSTER, ...change })).body }).toMatchObject({ body: { success: false, message: '標題、內文、封面圖片為必填' } });
    expect((await editor.post('/api/admin/createPoster', { ...POSTER, seo_description: undefined })).body).toMatchObject({ success: false, message: '請輸入SEO描述' });
    for (const imageWidth of [9, 91, 50.5]) expect((await editor.post('/api/admin/createPoster', { ...POSTER, imageWidth })).body).toMatchObject({ success: false });
    for (const imageWidth of [10, 90]) expect((await editor.post('/api/admin/createPoster', { ...POSTER, imageWidth })).body).toMatchObject({ success: true, poster: { imageWidth } });
    expect((await editor.post('/api/admin/createPoster', { ...POSTER, layoutType: 'sideways' })).body).toMatchObject({ success: false });
    expect((await editor.post('/api/admin/createPoster', { ...POSTER, textAnimation: 'spin' })).body).toMatchObject({ success: false });
    const long = await editor.post('/api/admin/createPoster', { ...POSTER, seo_description: '字'.repeat(400) });
    expect(Array.from(long.body.poster.seo_description as string)).toHaveLength(300);
    // Rich content beyond the 100 KB default body limit is fine up to 2 MB.
    const big = await editor.post('/api/admin/createPoster', { ...POSTER, content: `<p>${'長文'.repeat(100_000)}</p>` });
    expect(big.body).toMatchObject({ success: true });
    expect((await editor.post('/api/admin/createPoster', { ...POSTER, content: `<p>${'a'.repeat(2 * 1024 * 1024)}</p>` })).status).toBe(413);
  });

  it('loadPosters (page 20, keyword), updatePoster, updatePosterIsActive and deletePoster: each shows on the public side at once; audited', async () => {
    const id = (await editor.post('/api/admin/createPoster', { ...POSTER, title: '防曬指南獨特標題' })).body.newId as number;
    const list = await editor.post('/api/admin/loadPosters', { keyword: '防曬指南獨特', limit: 20, offset: 0 });
    expect(list.body).toMatchObject({ success: true, total: 1 });
    expect(list.body.rows[0]).toMatchObject({ id, title: '防曬指南獨特標題', coverImage: '/media/cover.webp', imageWidth: 40, is_active: 1 });
    expect((await editor.post('/api/admin/loadPosters', {})).body.rows.length).toBeLessThanOrEqual(20);

    const upd = await editor.post('/api/admin/updatePoster', { ...POSTER, id, title: '防曬指南（新版）', imageWidth: 60 });
    expect(upd.body).toMatchObject({ success: true, poster: { title: '防曬指南（新版）', imageWidth: 60 } });
    expect((await request(t.http).get(`/api/load/posterD/${id}`).expect(200)).body).toMatchObject({ title: '防曬指南（新版）', imageWidth: 60 });
    expect((await editor.post('/api/admin/updatePoster', { ...POSTER, id: 999999 })).body).toMatchObject({ success: false, message: '更新失敗' });

    expect((await editor.post('/api/admin/updatePosterIsActive', { id, is_active: false })).body).toMatchObject({ success: true, is_active: 0 });
    expect((await request(t.http).get(`/api/load/posterD/${id}`)).status).toBe(404);
    expect((await versions()).PosterTitles.map((p: { id: number }) => p.id)).not.toContain(id);
    await editor.post('/api/admin/updatePosterIsActive', { id, is_active: 1 });
    expect((await request(t.http).get(`/api/load/posterD/${id}`)).status).toBe(200);

    expect((await editor.post('/api/admin/deletePoster', { id })).body).toMatchObject({ success: true });
    expect((await request(t.http).get(`/api/load/posterD/${id}`)).status).toBe(404);
    expect((await editor.post('/api/admin/deletePoster', { id })).body).toMatchObject({ success: false, message: '刪除失敗' });

    const actions = (await ds.getRepository(AuditLog).find({ where: { entity: 'poster', entity_id: String(id) } })).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['poster.create', 'poster.update', 'poster.active', 'poster.delete']));
    expect((await staff.post('/api/admin/loadPosters', {})).status).toBe(403);
  });
});
