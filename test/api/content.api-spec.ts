import request from 'supertest';
import { DataSource } from 'typeorm';
import { htmlProblems } from '../../src/common/html/testing/html-problems';
import { XSS_CORPUS } from '../../src/common/html/xss-corpus';
import { ContentService } from '../../src/modules/content/content.service';
import { HomeUserTestimonial } from '../../src/modules/content/entities/home-user-testimonial.entity';
import { HtmlPage } from '../../src/modules/content/entities/html-page.entity';
import { Poster } from '../../src/modules/content/entities/poster.entity';
import { createTestApp, TestApp } from '../helpers/test-app';

const HOME_CONTENT = ['banners', 'usersTestimonials', 'usersBEs', 'certificates', 'home_001', 'home_002'];
const CONTENT_PAGES = ['productreturns', 'privacypolicy', 'termsofservice', 'partnerinquiry', 'maskCare', 'skincareTips'];

/** Sanitized HTML parsed again: no script, handler, dangerous URL, foreign frame or overlay style. */
function expectInert(html: string): void {
  expect(htmlProblems(html)).toEqual([]);
}

describe('content API: home, about, html pages, page images, posters', () => {
  let t: TestApp;
  let ds: DataSource;
  let content: ContentService;

  beforeAll(async () => {
    t = await createTestApp();
    ds = t.app.get(DataSource);
    content = t.app.get(ContentService);
  });
  afterAll(async () => t?.close());

  const post = (path: string, body: object) => request(t.http).post(path).send(body);

  describe('POST /api/load/homepage', () => {
    it('sends everything to a client without versions', async () => {
      const res = await post('/api/load/homepage', {}).expect(200);
      const b = res.body;
      expect(b).toMatchObject({ success: true, isPageUpdated: true, isProductUpdated: true });
      for (const k of ['serverHomeVersion', 'serverHomeProductsVersion', 'serverCartVersion']) expect(typeof b[k]).toBe('string');

      expect(b.banners).toHaveLength(3);
      expect(b.banners.map((x: { ctitle: string }) => x.ctitle)).toEqual(['玻尿酸保濕系列', '維他命C亮白精華', '防曬季開跑']);
      expect(b.banners[0]).toEqual({
        id: expect.any(Number),
        ctitle: '玻尿酸保濕系列',
        description: expect.any(String),
        link_url: '/products',
        image_url: expect.stringMatching(/banner-1\.svg$/),
        phone_url: expect.stringMatching(/banner-1-m\.svg$/),
      });
      expect(b.usersTestimonials).toHaveLength(8);
      expect(b.usersTestimonials[0]).toEqual({ id: expect.any(Number), image_url: expect.any(String), review: expect.any(String) });
      expect(b.usersBEs).toHaveLength(6);
      expect(b.usersBEs[0]).toEqual({ id: expect.any(Number), image_url: expect.any(String) });
      expect(b.certificates).toHaveLength(4);
      expect(b.certificates[0]).toEqual({ id: expect.any(Number), image_url: expect.any(String), title: 'GMP 優良製造', description: expect.any(String) });
      expect(b.home_001).toContain('<h2>專業認證，安心保養</h2>');
      expect(b.home_002).toContain('<h2>品牌故事</h2>');

      expect(b.homeProducts).toHaveLength(8);
      const listed = (await request(t.http).get('/api/load/loadProducts').expect(200)).body.products as { product_id: number }[];
      const listedIds = new Set(listed.map((p) => p.product_id));
      for (const p of b.homeProducts) {
        expect(listedIds.has(p.product_id)).toBe(true);
        expect(p.discount_price).toBeGreaterThan(0);
        expect(p.highest_price).toBeGreaterThanOrEqual(p.price);
      }
      const hot: { id: number }[] = await ds.query('SELECT id FROM products WHERE is_active = 1 AND (is_hot = 1 OR is_manager = 1)');
      expect(hot.length).toBeGreaterThan(0);
      expect(hot.map((h) => Number(h.id))).toContain(b.homeProducts[0].product_id);
    });

    it('omits the content when the client is current, and sends only what is stale', async () => {
      const first = (await post('/api/load/homepage', {}).expect(200)).body;
      const versions = { homeVersion: first.serverHomeVersion, homeProductsVersion: first.serverHomeProductsVersion };

      const same = (await post('/api/load/homepage', versions).expect(200)).body;
      expect(same).toEqual({
        success: true,
        isPageUpdated: false,
        isProductUpdated: false,
        serverHomeVersion: first.serverHomeVersion,
        serverHomeProductsVersion: first.serverHomeProductsVersion,
        serverCartVersion: first.serverCartVersion,
      });

      const staleProducts = (await post('/api/load/homepage', { ...versions, homeProductsVersion: 'old' }).expect(200)).body;
      expect(staleProducts).toMatchObject({ isPageUpdated: false, isProductUpdated: true });
      expect(staleProducts.homeProducts).toHaveLength(8);
      for (const k of HOME_CONTENT) expect(staleProducts).not.toHaveProperty(k);

      const stalePage = (await post('/api/load/homepage', { ...versions, homeVersion: 'old' }).expect(200)).body;
      expect(stalePage).toMatchObject({ isPageUpdated: true, isProductUpdated: false });
      for (const k of HOME_CONTENT) expect(stalePage).toHaveProperty(k);
      expect(stalePage).not.toHaveProperty('homeProducts');
    });

    it('refreshes every client once after a change, with the new content', async () => {
      const before = (await post('/api/load/homepage', {}).expect(200)).body;
      const versions = { homeVersion: before.serverHomeVersion, homeProductsVersion: before.serverHomeProductsVersion };

      await ds.query('UPDATE home_carousel_banners SET is_active = 0 WHERE ctitle = ?', ['防曬季開跑']);
      await ds.getRepository(HomeUserTestimonial).save(
        Array.from({ length: 12 }, (_, i) => ({ image_url: `/media/t-${i}.webp`, review: `新心得 ${i}`, sort_order: 100 + i, is_active: 1 })),
      );
      // Not yet announced: the cached copy stands and the version is unchanged.
      expect((await post('/api/load/homepage', versions).expect(200)).body.isPageUpdated).toBe(false);

      await content.homeChanged();
      const after = (await post('/api/load/homepage', versions).expect(200)).body;
      expect(after.isPageUpdated).toBe(true);
      expect(after.isProductUpdated).toBe(false);
      expect(after.serverHomeVersion).not.toBe(before.serverHomeVersion);
      expect(after.serverHomeProductsVersion).toBe(before.serverHomeProductsVersion);
      expect(after.banners.map((x: { ctitle: string }) => x.ctitle)).toEqual(['玻尿酸保濕系列', '維他命C亮白精華']);
      expect(after.usersTestimonials).toHaveLength(10);
      expect(new Set(after.usersTestimonials.map((x: { id: number }) => x.id)).size).toBe(10);

      const again = (await post('/api/load/homepage', { ...versions, homeVersion: after.serverHomeVersion }).expect(200)).body;
      expect(again.isPageUpdated).toBe(false);

      await content.homeProductsChanged();
      const products = (await post('/api/load/homepage', { ...versions, homeVersion: after.serverHomeVersion }).expect(200)).body;
      expect(products).toMatchObject({ isPageUpdated: false, isProductUpdated: true });
    });

    it('rejects malformed versions', async () => {
      const res = await post('/api/load/homepage', { homeVersion: { $ne: 1 } }).expect(400);
      expect(res.body).toEqual({ success: false, message: '版本格式錯誤' });
    });
  });

  describe('POST /api/load/aboutpage', () => {
    it('round-trips the about version', async () => {
      const first = (await post('/api/load/aboutpage', {}).expect(200)).body;
      expect(first).toMatchObject({ success: true, isUpdated: true, serverVersion: expect.any(String) });
      expect(first.txthtml001).toContain('<h2>關於肌研舍 Skinshop</h2>');
      expect(first.aboutImg000).toMatch(/page-aboutImg000\.svg$/);

      const same = (await post('/api/load/aboutpage', { aboutVersion: first.serverVersion }).expect(200)).body;
      expect(same).toEqual({ success: true, isUpdated: false, serverVersion: first.serverVersion });

      await ds.query('UPDATE html_pages SET detail_html = ? WHERE html_type = ?', ['<h2>新的關於我們</h2>', 'txthtml001']);
      await content.htmlPageChanged('aboutVersion');
      const after = (await post('/api/load/aboutpage', { aboutVersion: first.serverVersion }).expect(200)).body;
      expect(after).toMatchObject({ isUpdated: true, txthtml001: '<h2>新的關於我們</h2>' });
      expect(after.serverVersion).not.toBe(first.serverVersion);
    });
  });

  describe('POST /api/load/loadhtmlpage', () => {
    it.each(CONTENT_PAGES)('serves %s with its own version', async (page) => {
      const first = (await post('/api/load/loadhtmlpage', { page_type: page, versionStr: `${page}Version` }).expect(200)).body;
      expect(first).toMatchObject({ success: true, isUpdated: true, serverVersion: expect.any(String) });
      expect(first.detail_html).toMatch(/^<h2>/);
      const same = (await post('/api/load/loadhtmlpage', { page_type: page, versionStr: `${page}Version`, pageVersion: first.serverVersion }).expect(200)).body;
      expect(same).toEqual({ success: true, isUpdated: false, serverVersion: first.serverVersion });
    });

    it('bumps only the changed page', async () => {
      const load = (page: string, pageVersion?: string) => post('/api/load/loadhtmlpage', { page_type: page, versionStr: `${page}Version`, pageVersion }).expect(200);
      const privacy = (await load('privacypolicy')).body;
      const terms = (await load('termsofservice')).body;

      await ds.query('UPDATE html_pages SET detail_html = ? WHERE html_type = ?', ['<h2>隱私權政策（修訂）</h2>', 'privacypolicy']);
      await content.htmlPageChanged('privacypolicyVersion');

      const privacyAfter = (await load('privacypolicy', privacy.serverVersion)).body;
      expect(privacyAfter).toMatchObject({ isUpdated: true, detail_html: '<h2>隱私權政策（修訂）</h2>' });
      expect((await load('privacypolicy', privacyAfter.serverVersion)).body.isUpdated).toBe(false);
      expect((await load('termsofservice', terms.serverVersion)).body.isUpdated).toBe(false);
    });

    it('answers unknown and missing page types with a message', async () => {
      expect((await post('/api/load/loadhtmlpage', { page_type: 'nosuchpage' }).expect(404)).body).toEqual({ success: false, message: '找不到頁面內容' });
      expect((await post('/api/load/loadhtmlpage', {}).expect(400)).body).toEqual({ success: false, message: '缺少頁面類型' });
      expect((await post('/api/load/loadhtmlpage', { page_type: '../x' }).expect(400)).body).toEqual({ success: false, message: '頁面類型格式錯誤' });
    });
  });

  describe('POST /api/load/loadpageimage', () => {
    it('round-trips each page image slot', async () => {
      for (const [image_type, versionStr] of [['aboutImg000', 'aboutVersion'], ['contactImg000', 'contactVersion'], ['maskCareImg000', 'maskCareVersion'], ['skincareTipsImg000', 'skincareTipsVersion']]) {
        const first = (await post('/api/load/loadpageimage', { image_type, versionStr }).expect(200)).body;
        expect(first).toMatchObject({ success: true, isUpdated: true, image_url: expect.stringContaining(`page-${image_type}.svg`) });
        const same = (await post('/api/load/loadpageimage', { image_type, versionStr, pageVersion: first.serverVersion }).expect(200)).body;
        expect(same).toEqual({ success: true, isUpdated: false, serverVersion: first.serverVersion });
      }
    });

    it('serves a changed image after the page version is bumped', async () => {
      const first = (await post('/api/load/loadpageimage', { image_type: 'contactImg000', versionStr: 'contactVersion' }).expect(200)).body;
      await ds.query('UPDATE html_images SET image_url = ? WHERE image_type = ?', ['https://cdn.example.com/contact.webp', 'contactImg000']);
      await content.pageImageChanged('contactVersion');
      const after = (await post('/api/load/loadpageimage', { image_type: 'contactImg000', versionStr: 'contactVersion', pageVersion: first.serverVersion }).expect(200)).body;
      expect(after).toMatchObject({ isUpdated: true, image_url: 'https://cdn.example.com/contact.webp' });
    });

    it('answers an unknown slot with 404', async () => {
      expect((await post('/api/load/loadpageimage', { image_type: 'noImg' }).expect(404)).body).toEqual({ success: false, message: '找不到頁面圖片' });
    });
  });

  describe('GET /api/load/posterD/:id', () => {
    it('serves an active poster listed at start-up, with an ETag', async () => {
      const titles = (await post('/api/load/versions', {}).expect(200)).body.PosterTitles as { id: number; title: string }[];
      const res = await request(t.http).get(`/api/load/posterD/${titles[0].id}`).expect(200);
      expect(res.body).toEqual({
        success: true,
        id: titles[0].id,
        title: titles[0].title,
        coverImage: expect.stringMatching(/poster-\d\.svg$/),
        content: expect.stringContaining('<h2>'),
        layoutType: 'image-left',
        imageWidth: 50,
        textAnimation: 'fade-left',
        imageAnimation: 'fade-right',
        seo_description: expect.any(String),
      });
      await request(t.http).get(`/api/load/posterD/${titles[0].id}`).set('If-None-Match', res.headers.etag).expect(304);
    });

    it('answers unknown, hidden and malformed ids with 載入 poster 資料失敗, and hides it from start-up', async () => {
      const failed = { success: false, message: '載入 poster 資料失敗' };
      expect((await request(t.http).get('/api/load/posterD/999999').expect(404)).body).toEqual(failed);
      expect((await request(t.http).get('/api/load/posterD/abc').expect(404)).body).toEqual(failed);

      const start = (await post('/api/load/versions', {}).expect(200)).body;
      const id = (start.PosterTitles as { id: number }[])[1].id;
      await request(t.http).get(`/api/load/posterD/${id}`).expect(200);
      await ds.query('UPDATE posters SET is_active = 0 WHERE id = ?', [id]);
      await content.postersChanged();
      expect((await request(t.http).get(`/api/load/posterD/${id}`).expect(404)).body).toEqual(failed);
      const after = (await post('/api/load/versions', {}).expect(200)).body;
      expect(after.postersVersion).not.toBe(start.postersVersion);
      expect((after.PosterTitles as { id: number }[]).map((p) => p.id)).not.toContain(id);
    });
  });

  describe('sanitizing admin HTML before it reaches a shopper', () => {
    const corpus = XSS_CORPUS.map((c) => c.html).join('\n');

    it('cleans every payload of the XSS corpus in an html page', async () => {
      const pages = ds.getRepository(HtmlPage);
      await pages.save(XSS_CORPUS.map((c, i) => ({ title: c.name, html_type: `xss${i}`, version_page_type: 'xsstestVersion', detail_html: `<h2>安全標題</h2>${c.html}` })));
      for (let i = 0; i < XSS_CORPUS.length; i++) {
        const res = (await post('/api/load/loadhtmlpage', { page_type: `xss${i}` }).expect(200)).body;
        expect(res.detail_html).toMatch(/^<h2>安全標題<\/h2>/);
        expectInert(res.detail_html);
      }
      const allowed = XSS_CORPUS.findIndex((c) => c.name === 'iframe onload');
      const embed = (await post('/api/load/loadhtmlpage', { page_type: `xss${allowed}` }).expect(200)).body;
      expect(embed.detail_html).toBe('<h2>安全標題</h2><iframe src="https://www.youtube.com/embed/abc"></iframe>');
    });

    it('cleans the home blocks, banner links and the about page', async () => {
      await ds.query('UPDATE html_pages SET detail_html = ? WHERE html_type IN (?, ?, ?)', [corpus, 'home_001', 'home_002', 'txthtml001']);
      await ds.query('UPDATE home_carousel_banners SET link_url = ?, image_url = ? WHERE ctitle = ?', ['javascript:alert(1)', 'data:text/html,x', '玻尿酸保濕系列']);
      await content.homeChanged();
      await content.htmlPageChanged('aboutVersion');
      const home = (await post('/api/load/homepage', {}).expect(200)).body;
      expectInert(home.home_001);
      expectInert(home.home_002);
      expect(home.banners[0]).toMatchObject({ ctitle: '玻尿酸保濕系列', link_url: '', image_url: '' });
      expectInert((await post('/api/load/aboutpage', {}).expect(200)).body.txthtml001);
    });

    it('cleans poster content and its cover URL', async () => {
      const poster = await ds.getRepository(Poster).save({ title: 'XSS 海報', content: corpus, cover_image: 'javascript:alert(1)', seo_description: '', is_active: 1 });
      const res = (await request(t.http).get(`/api/load/posterD/${poster.id}`).expect(200)).body;
      expectInert(res.content);
      expect(res.coverImage).toBe('');
    });
  });
});
