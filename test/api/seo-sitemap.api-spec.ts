import Fastify from 'fastify';
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { seoHtmlHandler } from '../../src/modules/seo/seo-html.middleware';
import { createTestApp, TestApp } from '../helpers/test-app';

const PUBLIC_URL = 'https://shop.example.com';

/** What Vite writes to client/dist/index.html, reduced to the parts the injection relies on. */
const viteIndex = (bundle: string) => `<!doctype html>
<html lang="zh-Hant-TW">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="site-wide text" />
    <title>肌膚小舖</title>
    <script type="module" crossorigin src="/assets/${bundle}.js"></script>
  </head>
  <body>
    <div id="root"></div>
    <noscript>請啟用 JavaScript</noscript>
  </body>
</html>
`;

/** A raw DATETIME as stored (UTC): SQLite returns text without a zone, MariaDB a Date. */
function utcMillis(v: string | Date): number {
  if (v instanceof Date) return v.getTime();
  return Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(v) ? v : `${v.replace(' ', 'T')}Z`);
}

describe('SEO: robots.txt, sitemap.xml and the index.html template', () => {
  let t: TestApp;
  let ds: DataSource;

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL });
    ds = t.app.get(DataSource);
  });
  afterAll(async () => t?.close());

  it('robots.txt keeps crawlers out of staff, cart, checkout, account pages and the API, and names the sitemap', async () => {
    const res = await request(t.http).get('/robots.txt').set('Host', 'evil.example').expect(200).expect('Content-Type', /^text\/plain/);
    const lines = res.text.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const path of ['/admin', '/editor', '/cart', '/checkout', '/login', '/register', '/fpassword', '/cpassword', '/profile', '/orders', '/loginres', '/paymentSlip', '/api/']) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).not.toContain('Disallow: /');
    // PUBLIC_URL wins over the request's Host.
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });

  it('sitemap.xml lists home, the content pages, every listed product with lastmod and every active poster', async () => {
    const res = await request(t.http).get('/sitemap.xml').expect(200).expect('Content-Type', /^application\/xml/);
    expect(res.text.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(true);
    const entries = new Map([...res.text.matchAll(/<url><loc>([^<]+)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?<\/url>/g)].map((m) => [m[1], m[2]]));
    for (const path of ['/', '/products', '/about', '/contact', '/productreturns', '/privacypolicy', '/termsofservice', '/partnerinquiry']) {
      expect(entries.has(`${PUBLIC_URL}${path}`)).toBe(true);
    }

    const listed: { id: number; updated_at: string | Date }[] = await ds.query('SELECT id, updated_at FROM products WHERE is_active = 1');
    const delisted: { id: number }[] = await ds.query('SELECT id FROM products WHERE is_active = 0');
    expect(listed.length).toBeGreaterThan(0);
    expect(delisted.length).toBeGreaterThan(0);
    const productUrls = [...entries.keys()].filter((u) => u.includes('/product/'));
    expect(productUrls.sort()).toEqual(listed.map((p) => `${PUBLIC_URL}/product/${p.id}`).sort());
    for (const p of listed) {
      const lastmod = entries.get(`${PUBLIC_URL}/product/${p.id}`)!;
      expect(lastmod).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
      expect(Date.parse(lastmod)).toBe(utcMillis(p.updated_at));
    }
    for (const d of delisted) expect(entries.has(`${PUBLIC_URL}/product/${d.id}`)).toBe(false);

    const posters: { id: number }[] = await ds.query('SELECT id FROM posters WHERE is_active = 1');
    expect(posters.length).toBeGreaterThan(0);
    const posterUrls = [...entries.keys()].filter((u) => u.includes('/posters/'));
    expect(posterUrls.sort()).toEqual(posters.map((p) => `${PUBLIC_URL}/posters/${p.id}`).sort());
  });

  it('pours the head into the real index.html at its markers, and re-reads it when it changes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'skinshop-seo-'));
    const fastify = Fastify();
    try {
      const file = join(dir, 'index.html');
      writeFileSync(file, viteIndex('index-v1'));
      // The page handler alone on a bare Fastify (the app answers unrouted page requests with it).
      fastify.get('/*', seoHtmlHandler(t.app, file));
      await fastify.ready();
      const server = fastify.server;

      const first = (await request(server).get('/products?x=1').expect(200).expect('Cache-Control', 'no-cache')).text;
      expect(first).toContain('<script type="module" crossorigin src="/assets/index-v1.js"></script>');
      expect(first.match(/<title>/g)).toHaveLength(1);
      expect(first).toMatch(/<title>全部商品 \| [^<]+<\/title>/);
      expect(first).not.toContain('site-wide text');
      expect(first.match(/<meta name="description"/g)).toHaveLength(1);
      expect(first).toContain(`<link rel="canonical" href="${PUBLIC_URL}/products" />`);
      // Head tags sit before </head>; the fallback sits inside the root element, before <noscript>.
      expect(first.indexOf('<link rel="canonical"')).toBeLessThan(first.indexOf('</head>'));
      expect(first).toMatch(/<div id="root"><main class="seo-fallback"><h1>全部商品<\/h1><ul class="ss-ssr-grid"><li><a href="\/product\/\d+"><img /);
      expect(first.indexOf('</main></div>')).toBeLessThan(first.indexOf('<noscript>'));

      writeFileSync(file, viteIndex('index-v2'));
      const later = new Date(Date.now() + 5000);
      utimesSync(file, later, later);
      await new Promise((r) => setTimeout(r, 1100)); // the mtime is checked at most once a second
      const second = (await request(server).get('/products').expect(200)).text;
      expect(second).toContain('/assets/index-v2.js');
      expect(second).not.toContain('/assets/index-v1.js');

      rmSync(file);
      await new Promise((r) => setTimeout(r, 1100));
      const shell = await request(server).get('/product/99999999').expect(404);
      expect(shell.text).toMatch(/^<!doctype html>/);
      expect(shell.text).toContain('<meta name="robots" content="noindex" />');
      expect(shell.text).toContain('<div id="root"></div>');
    } finally {
      await fastify.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('leaves the API, its 404s and non-HTML requests alone', async () => {
    const api = await request(t.http).get('/api/no-such-endpoint').set('Accept', 'text/html').expect(404);
    expect(api.headers['content-type']).toMatch(/json/);
    await request(t.http).get('/api/load/loadProducts').expect(200).expect('Content-Type', /json/);
    await request(t.http).post('/products').set('Accept', 'text/html').expect(404);
    const json = await request(t.http).get('/products').set('Accept', 'application/json').expect(404);
    expect(json.headers['content-type']).toMatch(/json/);
  });
});
