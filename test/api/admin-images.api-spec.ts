/**
 * The back office's image library (spec 3 §5, issue 12): list, upload (server-checked bytes,
 * re-encoded to WebP q82 with a thumbnail, metadata stripped, 8 MB each), delete (refused while
 * used). Real images are made by sharp here; the refusals use real hostile files.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../src/config/app-config';
import { ADMIN_MSG } from '../../src/common/validation/admin';
import { IMAGE_MAX_BYTES } from '../../src/modules/images/image-processing';
import { IMAGE_MSG } from '../../src/modules/images/image-texts';
import { isolatedEnv } from '../../src/modules/auth/testing/browser-session';
import { adminSession, type AdminSession } from '../helpers/admin';
import { createTestApp, TestApp } from '../helpers/test-app';

jest.setTimeout(180_000);

type Part = { name: string; bytes: Buffer };

const jpeg = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 120, b: 90 } } })
    .withMetadata({ exif: { IFD0: { Copyright: 'SECRET-EXIF-MARK', Artist: 'SECRET-EXIF-MARK' } } })
    .jpeg({ quality: 90 })
    .toBuffer();
const png = (w = 300, h = 200) =>
  sharp({ create: { width: w, height: h, channels: 4, background: { r: 10, g: 200, b: 30, alpha: 0.5 } } })
    .png()
    .toBuffer();
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>');
const HTML = Buffer.from('<!DOCTYPE html><html><body><script>fetch("/api/admin/staff")</script></body></html>');

describe('admin image library', () => {
  let t: TestApp;
  let editor: AdminSession;
  let config: AppConfig;

  beforeAll(async () => {
    t = await createTestApp(isolatedEnv());
    config = t.app.get<AppConfig>(APP_CONFIG);
    editor = await adminSession(t, 'editor');
  });
  afterAll(async () => t?.close());

  function upload(s: AdminSession, parts: Part[], fields: Record<string, string> = {}) {
    let req = s.agent.post('/api/admin/images/upload').set('X-CSRF-Token', s.csrf);
    for (const [k, v] of Object.entries(fields)) req = req.field(k, v);
    for (const p of parts) req = req.attach('files', p.bytes, p.name);
    return req;
  }
  const fileOf = (url: string) => join(config.mediaDir, url.replace(/^\/media\//, ''));

  it('stores a JPEG and a PNG as WebP q82 with thumbnails, metadata stripped, served at /media', async () => {
    const res = await upload(editor, [
      { name: '晨光 photo.jpg', bytes: await jpeg() },
      { name: 'logo.png', bytes: await png() },
    ], { folder: 'banners', acceptWebp: '1' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, message: IMAGE_MSG.uploaded(2), converted: 2 });
    const [a, b] = res.body.items;
    expect(a).toMatchObject({ name: '晨光 photo.jpg', folder: 'banners', width: 640, height: 480, url: expect.stringMatching(/^\/media\/library\/.+\.webp$/) });
    expect(b).toMatchObject({ name: 'logo.png', width: 300, height: 200 });
    for (const item of [a, b]) {
      const served = await request(t.http).get(item.url).buffer(true).parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      });
      expect(served.status).toBe(200);
      expect(served.headers['content-type']).toMatch(/image\/webp/);
      const body = served.body as Buffer;
      expect(body.length).toBe(item.size);
      const meta = await sharp(body).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      expect(body.toString('latin1')).not.toContain('SECRET-EXIF-MARK');
      const thumb = await sharp(fileOf(item.thumbUrl)).metadata();
      expect(thumb.format).toBe('webp');
      expect(Math.max(thumb.width!, thumb.height!)).toBeLessThanOrEqual(320);
    }
    // The audit trail has both uploads.
    const owner = await adminSession(t, 'owner');
    const logs = await owner.get('/api/admin/auditLogs?entity=image&limit=50&offset=0');
    expect(JSON.stringify(logs.body)).toContain('image.upload');
  });

  it('refuses an SVG with script, HTML renamed .png, a polyglot and a corrupt PNG — and stores nothing', async () => {
    const before = await editor.get('/api/admin/images?pageSize=48');
    const polyglot = Buffer.concat([await png(20, 20), Buffer.from('<script>alert(1)</script>')]);
    const corrupt = Buffer.concat([(await png(20, 20)).subarray(0, 40), Buffer.alloc(200, 7)]);
    const cases: Part[] = [
      { name: 'evil.svg', bytes: SVG },
      { name: 'svg-as.png', bytes: SVG },
      { name: 'page.png', bytes: HTML },
      { name: 'poly.png', bytes: polyglot },
      { name: 'broken.png', bytes: corrupt },
    ];
    for (const c of cases) {
      const res = await upload(editor, [{ name: 'fine.png', bytes: await png() }, c]);
      expect(res.status).toBe(415);
      expect(res.body).toEqual({ success: false, message: `${IMAGE_MSG.notImage}：${c.name}`, files: [c.name] });
    }
    const after = await editor.get('/api/admin/images?pageSize=48');
    expect(after.body.total).toBe(before.body.total);
  });

  it('refuses 8 MB + 1 byte with the names of the oversized files (exactly 8 MB is not oversized)', async () => {
    const over = Buffer.alloc(IMAGE_MAX_BYTES + 1, 1);
    const res = await upload(editor, [
      { name: 'small.png', bytes: await png() },
      { name: 'big-1.jpg', bytes: over },
      { name: 'big-2.png', bytes: over },
    ]);
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ success: false, message: `${IMAGE_MSG.tooLarge}：big-1.jpg、big-2.png`, files: ['big-1.jpg', 'big-2.png'] });
    // 8 MB exactly passes the size check (then it is judged as an image: these bytes are none).
    const exact = await upload(editor, [{ name: 'exact.png', bytes: Buffer.alloc(IMAGE_MAX_BYTES, 1) }]);
    expect(exact.status).toBe(415);
  });

  it('answers no files, too many files and a bad folder in words', async () => {
    const none = await editor.agent.post('/api/admin/images/upload').set('X-CSRF-Token', editor.csrf).field('folder', 'x');
    expect(none.status).toBe(400);
    expect(none.body).toEqual({ success: false, message: IMAGE_MSG.noFiles });
    const small = await png(8, 8);
    const many = await upload(editor, Array.from({ length: 22 }, (_, i) => ({ name: `p${i}.png`, bytes: small })));
    expect(many.status).toBe(400);
    expect(many.body).toEqual({ success: false, message: IMAGE_MSG.tooMany(20) });
    const bad = await upload(editor, [{ name: 'a.png', bytes: small }], { folder: '../etc' });
    expect(bad.body).toEqual({ success: false, message: IMAGE_MSG.badFolder });
  });

  it('lists by page (12/24/48, default 24), name search and folder, newest first, with the folders', async () => {
    const small = await png(16, 16);
    await upload(editor, Array.from({ length: 13 }, (_, i) => ({ name: `pager-${i}.png`, bytes: small })), { folder: 'pager' });
    await upload(editor, [{ name: '100%_sale.png', bytes: small }], { folder: 'promo' });
    await upload(editor, Array.from({ length: 12 }, (_, i) => ({ name: `more-${i}.png`, bytes: small })), { folder: 'more' });
    const p1 = await editor.get('/api/admin/images?page=1&pageSize=12&folder=pager');
    expect(p1.status).toBe(200);
    expect(p1.body).toMatchObject({ success: true, total: 13 });
    expect(p1.body.items).toHaveLength(12);
    expect(p1.body.folders).toEqual(expect.arrayContaining(['banners', 'pager', 'promo']));
    const p2 = await editor.get('/api/admin/images?page=2&pageSize=12&folder=pager');
    expect(p2.body.items).toHaveLength(1);
    const ids = [...p1.body.items, ...p2.body.items].map((i: { id: number }) => i.id);
    expect(new Set(ids).size).toBe(13);
    expect(ids).toEqual([...ids].sort((x, y) => y - x));
    // pageSize outside the choices → 24; q is a plain substring (% and _ are not wildcards)
    const odd = await editor.get('/api/admin/images?pageSize=1000');
    expect(odd.body.total).toBeGreaterThan(24);
    expect(odd.body.items).toHaveLength(24);
    const pct = await editor.get(`/api/admin/images?q=${encodeURIComponent('100%_')}`);
    expect(pct.body.items.map((i: { name: string }) => i.name)).toEqual(['100%_sale.png']);
    const pct2 = await editor.get(`/api/admin/images?q=${encodeURIComponent('%')}`);
    expect(pct2.body.total).toBe(1);
  });

  it('refuses to delete an image used by a product or a banner and says where; deletes it once unused', async () => {
    const up = await upload(editor, [{ name: 'used.png', bytes: await png() }]);
    const item = up.body.items[0] as { id: number; url: string; thumbUrl: string };
    const ds = t.app.get(DataSource, { strict: false });
    const [product] = await ds.query('SELECT id, title, image_url FROM products ORDER BY id LIMIT 1');
    const [banner] = await ds.query('SELECT id, ctitle, phone_url FROM home_carousel_banners ORDER BY id LIMIT 1');
    await ds.query('UPDATE products SET image_url = ? WHERE id = ?', [item.url, product.id]);
    await ds.query('UPDATE home_carousel_banners SET phone_url = ? WHERE id = ?', [item.url, banner.id]);

    const refused = await editor.del(`/api/admin/images/${item.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.success).toBe(false);
    expect(refused.body.message).toContain(IMAGE_MSG.inUse);
    expect(refused.body.message).toContain(`商品「${product.title}」`);
    expect(refused.body.usedBy).toEqual(expect.arrayContaining([`商品「${product.title}」`, expect.stringContaining('輪播圖')]));
    expect(existsSync(fileOf(item.url))).toBe(true);

    await ds.query('UPDATE products SET image_url = ? WHERE id = ?', [product.image_url, product.id]);
    await ds.query('UPDATE home_carousel_banners SET phone_url = ? WHERE id = ?', [banner.phone_url, banner.id]);
    // Embedded in a product's detail HTML (saved through the editor) counts too.
    const detail = `<p><img src="${item.url}" alt="x"></p>`;
    const [withHtml] = await ds.query('SELECT id, title, detail_html FROM products ORDER BY id DESC LIMIT 1');
    await ds.query('UPDATE products SET detail_html = ? WHERE id = ?', [detail, withHtml.id]);
    const inHtml = await editor.del(`/api/admin/images/${item.id}`);
    expect(inHtml.status).toBe(409);
    expect(inHtml.body.usedBy).toEqual([`商品內容「${withHtml.title}」`]);
    await ds.query('UPDATE products SET detail_html = ? WHERE id = ?', [withHtml.detail_html, withHtml.id]);

    const ok = await editor.del(`/api/admin/images/${item.id}`);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ success: true, message: IMAGE_MSG.deleted });
    expect(existsSync(fileOf(item.url))).toBe(false);
    expect(existsSync(fileOf(item.thumbUrl))).toBe(false);
    expect((await request(t.http).get(item.url)).status).toBe(404);
    const again = await editor.del(`/api/admin/images/${item.id}`);
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ success: false, message: IMAGE_MSG.notFound });
  });

  it('is for owners and editors only', async () => {
    const staff = await adminSession(t, 'staff');
    expect((await staff.get('/api/admin/images')).status).toBe(403);
    const r = await upload(staff, [{ name: 'a.png', bytes: await png(8, 8) }]);
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ success: false, message: ADMIN_MSG.forbidden });
    const visitor = await request(t.http).get('/api/admin/images');
    expect(visitor.status).toBe(401);
  });
});
