import type { Element } from 'domhandler';
import { DomUtils, parseDocument } from 'htmlparser2';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { formatNTRange } from '../../src/common/validation/price-format';
import { CLIENT_DIST } from '../../src/http-setup';
import { SettingsService } from '../../src/modules/settings/settings.service';
import { CatalogService } from '../../src/modules/catalog/catalog.service';
import { ContentService } from '../../src/modules/content/content.service';
import { createTestApp, TestApp } from '../helpers/test-app';

/** Requests carry this Host; without PUBLIC_URL the canonical origin is the request's. */
const HOST = 'shop.example.test:8080';
const ORIGIN = `http://${HOST}`;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A served page parsed the way a crawler reads it. */
function crawl(html: string) {
  const doc = parseDocument(html);
  const all = (test: (el: Element) => boolean) => DomUtils.findAll(test, doc.children);
  const metas = (key: string) => all((e) => e.name === 'meta' && (e.attribs.name === key || e.attribs.property === key)).map((e) => e.attribs.content);
  const root = DomUtils.getElementById('root', doc.children);
  return {
    titles: all((e) => e.name === 'title').map((e) => DomUtils.textContent(e)),
    meta: (key: string) => {
      const found = metas(key);
      expect(found.length).toBeLessThanOrEqual(1);
      return found[0];
    },
    metas,
    canonical: all((e) => e.name === 'link' && e.attribs.rel === 'canonical').map((e) => e.attribs.href),
    preloads: all((e) => e.name === 'link' && e.attribs.rel === 'preload').map((e) => `${e.attribs.as} ${e.attribs.href} ${e.attribs.fetchpriority}`),
    jsonLd: all((e) => e.name === 'script' && e.attribs.type === 'application/ld+json').map((e) => JSON.parse(DomUtils.textContent(e)) as Json),
    /** The app's boot data (src/common/validation/site-boot.ts): `<script type="application/json" id="ss-site">`. */
    siteBoot: all((e) => e.name === 'script' && e.attribs.id === 'ss-site').map((e) => ({ type: e.attribs.type, data: JSON.parse(DomUtils.textContent(e)) as Json })),
    /** Selling and original price texts of the fallback's price tags (the app's PriceTag markup). */
    prices: root
      ? DomUtils.findAll((e) => e.name === 'span' && (e.attribs.class ?? '').split(' ').includes('ss-price'), [root]).map((e) => DomUtils.textContent(e).replace(/^售價 /, ''))
      : [],
    originals: root ? DomUtils.findAll((e) => e.name === 'del', [root]).map((e) => DomUtils.textContent(e).replace(/^原價 /, '')) : [],
    /** Script types; the built client's boot loader (client/build/firstPaint.ts) shows as `boot`. */
    scripts: all((e) => e.name === 'script').map((e) => e.attribs.type ?? (e.attribs['data-entry'] ? 'boot' : '')),
    rootImages: root ? DomUtils.findAll((e) => e.name === 'img' || e.name === 'source', [root]).map((e) => e.attribs) : [],
    root: root ? DomUtils.getInnerHTML(root, { encodeEntities: 'utf8' }) : '',
    h1: root ? DomUtils.findAll((e) => e.name === 'h1', [root]).map((e) => DomUtils.textContent(e)) : [],
    rootText: root ? DomUtils.textContent(root) : '',
    /** Every element of the page with an event-handler attribute. */
    handlers: all((e) => Object.keys(e.attribs).some((a) => a.startsWith('on'))).map((e) => e.name),
    rootLinks: root ? DomUtils.findAll((e) => e.name === 'a', [root]).map((e) => e.attribs.href) : [],
  };
}

describe('SEO: server-rendered pages for crawlers', () => {
  let t: TestApp;
  let ds: DataSource;
  let company: string;
  let products: Json[];

  const page = (path: string) => request(t.http).get(path).set('Host', HOST).set('Accept', 'text/html');
  const ld = (html: string, type: string) => crawl(html).jsonLd.find((x) => x['@type'] === type) as Json;
  const productApi = async (id: number) => (await request(t.http).get(`/api/load/productD/${id}`).expect(200)).body.pDetails as Json;

  beforeAll(async () => {
    t = await createTestApp();
    ds = t.app.get(DataSource);
    company = (await ds.query("SELECT s_value FROM settings WHERE s_key = 'COMPANY_NAME'"))[0].s_value;
    products = (await request(t.http).get('/api/load/loadProducts').expect(200)).body.products;
  });
  afterAll(async () => t?.close());

  it('home: company title, description, canonical, Open Graph, Twitter card and Organization', async () => {
    const res = await page('/?utm_source=x').expect(200).expect('Content-Type', /text\/html/);
    const c = crawl(res.text);
    expect(c.titles).toEqual([company]);
    expect(c.metas('description')).toHaveLength(1);
    expect(c.meta('description')).toContain(company);
    expect(c.canonical).toEqual([`${ORIGIN}/`]);
    expect(c.meta('og:type')).toBe('website');
    expect(c.meta('og:title')).toBe(company);
    expect(c.meta('og:url')).toBe(`${ORIGIN}/`);
    expect(c.meta('og:image')).toMatch(new RegExp(`^${ORIGIN}/`));
    expect(c.meta('og:site_name')).toBe(company);
    expect(c.meta('og:locale')).toBe('zh_TW');
    expect(c.meta('twitter:card')).toMatch(/^summary/);
    expect(c.meta('robots')).toBeUndefined();

    const org = ld(res.text, 'Organization');
    expect(org).toMatchObject({ '@context': 'https://schema.org', name: company, url: `${ORIGIN}/`, logo: expect.stringMatching(/^http:\/\/shop\.example\.test:8080\//) });
    expect(org.contactPoint).toMatchObject({ '@type': 'ContactPoint', telephone: '+886-2-2708-5168', email: 'service@skinshop.com.tw' });
    expect(org.sameAs).toEqual(expect.arrayContaining(['https://line.me/R/ti/p/@skinshop', 'https://www.instagram.com/skinshop.tw/', 'https://www.facebook.com/skinshop.tw']));
    expect(org.address).toMatchObject({ '@type': 'PostalAddress', postalCode: '106', addressCountry: 'TW', streetAddress: expect.stringContaining('臺北市') });
    expect(c.h1).toEqual([company]);
    if (existsSync(join(CLIENT_DIST, 'index.html'))) expect(c.scripts).toContain('boot'); // the SPA still loads
  });

  it('home: the first active carousel banner is preloaded (phone crop on phones), and follows a banner change', async () => {
    const abs = (u: string) => (u.startsWith('http') ? u : `${ORIGIN}${u}`);
    const mediaPreloads = async () => {
      const doc = parseDocument((await page('/').expect(200)).text);
      return DomUtils.findAll((e) => e.name === 'link' && e.attribs.rel === 'preload', doc.children).map((e) => [e.attribs.href, e.attribs.media, e.attribs.fetchpriority]);
    };
    const banners: Json[] = await ds.query('SELECT id, image_url, phone_url FROM home_carousel_banners WHERE is_active = 1 ORDER BY sort_order, id');
    expect(banners.length).toBeGreaterThan(1);
    const [first, second] = banners;
    expect(first.phone_url).toBeTruthy();
    // The first banner is also the fallback's first screen: full width, the phone crop on phones, linked.
    const hero = crawl((await page('/').expect(200)).text);
    const [source, img] = hero.rootImages;
    expect(source).toMatchObject({ media: '(max-width: 768px)', srcset: abs(first.phone_url), width: '853', height: '1280' });
    expect(img).toMatchObject({ src: abs(first.image_url), width: '1920', height: '450', fetchpriority: 'high' });
    expect(hero.root).toMatch(/^<div class="ss-ssr-hero has-phone"><a href="[^"]+"><picture>/);
    expect(await mediaPreloads()).toEqual([
      [abs(first.phone_url), '(max-width: 768px)', 'high'],
      [abs(first.image_url), '(min-width: 769px)', 'high'],
    ]);

    // The admin hides the first banner: the next one is preloaded at once (no stale page cache).
    await ds.query('UPDATE home_carousel_banners SET is_active = 0 WHERE id = ?', [first.id]);
    await t.app.get(ContentService).homeChanged();
    try {
      expect((await mediaPreloads())[0]).toEqual([abs(second.phone_url || second.image_url), second.phone_url ? '(max-width: 768px)' : undefined, 'high']);
    } finally {
      await ds.query('UPDATE home_carousel_banners SET is_active = 1 WHERE id = ?', [first.id]);
      await t.app.get(ContentService).homeChanged();
    }
  });

  it('product page: head, Product with AggregateOffer matching the API, breadcrumbs and a body fallback', async () => {
    const p = products.find((x) => x.discount_price !== x.highest_discount && x.stock > 0);
    expect(p).toBeDefined();
    const api = await productApi(p!.product_id);
    const res = await page(`/product/${p!.product_id}?ref=ad`).expect(200);
    const c = crawl(res.text);
    const url = `${ORIGIN}/product/${p!.product_id}`;
    expect(c.titles).toEqual([`${api.title} | ${company}`]);
    expect(c.meta('description')).toBe((api.seo_description || api.description).slice(0, 160).trim());
    expect(c.canonical).toEqual([url]);
    expect(c.meta('og:type')).toBe('product');
    expect(c.meta('og:url')).toBe(url);
    expect(c.meta('og:image')).toBe(api.image_url.startsWith('http') ? api.image_url : `${ORIGIN}${api.image_url}`);
    expect(c.meta('product:price:amount')).toBe(String(api.discount_price));
    // The product photo (the page's largest paint) is fetched before the app renders it.
    expect(c.preloads).toEqual([`image ${c.meta('og:image')} high`]);

    const product = ld(res.text, 'Product');
    expect(product).toMatchObject({ name: api.title, sku: String(api.product_id), url, image: [c.meta('og:image')], brand: { '@type': 'Brand', name: expect.any(String) } });
    expect(product.offers).toEqual({
      '@type': 'AggregateOffer',
      lowPrice: api.discount_price,
      highPrice: api.highest_discount,
      priceCurrency: 'TWD',
      availability: 'https://schema.org/InStock',
      url,
      itemCondition: 'https://schema.org/NewCondition',
    });
    const crumbs = ld(res.text, 'BreadcrumbList');
    expect(crumbs.itemListElement.map((i: Json) => [i.position, i.name, i.item])).toEqual([
      [1, '首頁', `${ORIGIN}/`],
      [2, '全部商品', `${ORIGIN}/products`],
      [3, api.title, url],
    ]);
    expect(c.h1).toEqual([api.title]);
    // The app's price text (client/src/shared/components/PriceTag.tsx through the same formatter).
    expect(c.prices).toEqual([`NT$ ${api.discount_price.toLocaleString('en-US')} ~ ${api.highest_discount.toLocaleString('en-US')}`]);
    expect(c.originals).toEqual(api.highest_price > api.highest_discount || api.price > api.discount_price ? [formatNTRange(api.price, api.highest_price)] : []);
    expect(c.rootText).toContain('現貨供應');
  });

  it('a sold-out product is OutOfStock; a single price is an Offer', async () => {
    const p = products.find((x) => x.stock > 0)!;
    await ds.query('UPDATE product_variants SET quantity = 0, discount_price = 990 WHERE product_id = ?', [p.product_id]);
    await t.app.get(CatalogService).invalidate();
    const api = await productApi(p.product_id);
    expect(api.stock).toBe(0);
    const res = await page(`/product/${p.product_id}`).expect(200);
    expect(ld(res.text, 'Product').offers).toMatchObject({ '@type': 'Offer', price: 990, priceCurrency: 'TWD', availability: 'https://schema.org/OutOfStock' });
    expect(crawl(res.text).rootText).toContain('已售完');
  });

  it('unknown, malformed and delisted products, unknown posters and paths: 404 with noindex', async () => {
    const [delisted] = await ds.query('SELECT id FROM products WHERE is_active = 0');
    for (const [path, title] of [
      ['/product/99999999', '找不到商品'],
      ['/product/abc', '找不到商品'],
      [`/product/${delisted.id}`, '找不到商品'],
      ['/posters/99999999', '找不到文章'],
      ['/no/such/page', '找不到頁面'],
    ]) {
      const c = crawl((await page(path).expect(404).expect('Content-Type', /text\/html/)).text);
      expect(c.titles).toEqual([`${title} | ${company}`]);
      expect(c.meta('robots')).toBe('noindex');
      expect(c.canonical).toEqual([]);
      expect(c.jsonLd).toEqual([]);
    }
  });

  it('cart, checkout, account and staff pages are noindex', async () => {
    for (const path of ['/cart', '/checkout', '/login', '/register', '/fpassword', '/cpassword', '/profile', '/orders', '/loginres', '/paymentSlip', '/admin', '/admin/orders', '/editor']) {
      const c = crawl((await page(path).expect(200)).text);
      expect([path, c.meta('robots')]).toEqual([path, 'noindex']);
      expect(c.canonical).toEqual([]);
    }
  });

  it('poster page: Article with the poster title, description and sanitized content', async () => {
    const id = Number((await ds.query('SELECT id FROM posters WHERE is_active = 1 ORDER BY id'))[0].id);
    const api = (await request(t.http).get(`/api/load/posterD/${id}`).expect(200)).body;
    const res = await page(`/posters/${id}`).expect(200);
    const c = crawl(res.text);
    expect(c.titles).toEqual([`${api.title} | ${company}`]);
    expect(c.meta('description')).toBe(api.seo_description.slice(0, 160).trim());
    expect(c.canonical).toEqual([`${ORIGIN}/posters/${id}`]);
    expect(c.meta('og:type')).toBe('article');
    expect(ld(res.text, 'Article')).toMatchObject({ headline: api.title, description: c.meta('description'), mainEntityOfPage: { '@id': `${ORIGIN}/posters/${id}` } });
    expect(c.h1).toEqual([api.title]);
    expect(c.rootText).toContain(crawl(`<div id="root">${api.content}</div>`).rootText.slice(0, 40));

    await ds.query('UPDATE posters SET title = ? WHERE id = ?', ['換季保養新版', id]);
    await t.app.get(ContentService).postersChanged();
    expect(crawl((await page(`/posters/${id}`).expect(200)).text).titles).toEqual([`換季保養新版 | ${company}`]);
  });

  it('/products lists a link to every listed product; the canonical drops the query and a trailing slash', async () => {
    const c = crawl((await page('/products/?type=2&sort=priceAsc').expect(200)).text);
    expect(c.titles).toEqual([`全部商品 | ${company}`]);
    expect(c.canonical).toEqual([`${ORIGIN}/products`]);
    const fresh = (await request(t.http).get('/api/load/loadProducts').expect(200)).body.products as Json[];
    expect(c.rootLinks.filter((h) => h.startsWith('/product/')).sort()).toEqual(fresh.map((p) => `/product/${p.product_id}`).sort());
    // The first card's image (default order) is preloaded.
    const first = fresh[0].image_url as string;
    expect(c.preloads).toEqual([`image ${first.startsWith('http') ? first : `${ORIGIN}${first}`} high`]);
    // The first twelve are cards with their photo, the first four loaded at once (the first screen).
    const imgs = c.rootImages.filter((a) => a.src);
    expect(imgs).toHaveLength(Math.min(12, fresh.length));
    expect(imgs.map((a) => a.alt)).toEqual(fresh.slice(0, 12).map((p) => p.title));
    expect(imgs.map((a) => a.loading)).toEqual(fresh.slice(0, 12).map((_, i) => (i < 4 ? 'eager' : 'lazy')));
    expect(imgs[0]).toMatchObject({ width: '400', height: '400' });
  });

  it('about and the policy pages have their own title and canonical', async () => {
    for (const [path, title] of [['/about', '關於我們'], ['/productreturns', '退換貨須知'], ['/privacypolicy', '隱私權政策'], ['/termsofservice', '服務條款'], ['/partnerinquiry', '合作洽詢']]) {
      const c = crawl((await page(path).expect(200)).text);
      expect(c.titles).toEqual([`${title} | ${company}`]);
      expect(c.canonical).toEqual([`${ORIGIN}${path}`]);
      expect(c.meta('description')).toContain(company);
    }
  });

  it('escapes a hostile product title and description in the title, meta tags, JSON-LD and body', async () => {
    const p = products[1];
    const title = `</title><script>alert(1)</script>"'&<b>`;
    const desc = `</script><script>alert(2)</script><img src=x onerror=alert(3)> "q" & 'a'`;
    await ds.query('UPDATE products SET title = ?, description = ?, seo_description = ? WHERE id = ?', [title, desc, desc, p.product_id]);
    await t.app.get(CatalogService).invalidate();

    const res = await page(`/product/${p.product_id}`).expect(200);
    // JSON-LD is a data block, not script: the page keeps the no-inline-script policy.
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self'(;|$)/);
    const html = res.text;
    expect(html).not.toMatch(/<script>alert|<img src=x|<b>/);
    const c = crawl(html);
    expect(c.titles).toEqual([`${title} | ${company}`]);
    expect(c.meta('description')).toBe(desc);
    expect(c.meta('og:title')).toBe(`${title} | ${company}`);
    expect(c.scripts.filter((s) => s !== 'boot')).toEqual(['application/json', 'application/ld+json', 'application/ld+json']);
    expect(ld(html, 'Product')).toMatchObject({ name: title, description: desc });
    const raw = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)![1];
    expect(raw).toContain('\\u003c/title\\u003e');
    expect(c.handlers).toEqual([]);
    expect(c.h1).toEqual([title]);
    expect(c.rootText).toContain(desc);
  });

  it('product cards print the price as the app does: NT$ low ~ high, the original struck through', async () => {
    const c = crawl((await page('/products').expect(200)).text);
    const fresh = (await request(t.http).get('/api/load/loadProducts').expect(200)).body.products as Json[];
    const cards = fresh.slice(0, 12);
    expect(c.prices.slice(0, cards.length)).toEqual(cards.map((p) => formatNTRange(p.discount_price, p.highest_discount)));
    const ranged = cards.find((p) => p.highest_discount > p.discount_price)!;
    expect(formatNTRange(ranged.discount_price, ranged.highest_discount)).toMatch(/^NT\$ [\d,]+ ~ [\d,]+$/);
    expect(c.originals.length).toBe(cards.filter((p) => p.price > p.discount_price || p.highest_price > p.highest_discount).length);
  });

  it('every page carries the company name for the app (a JSON data block), fresh after a rename and escaped', async () => {
    const short = (await ds.query("SELECT s_value FROM settings WHERE s_key = 'COMPANY_NAMEN'"))[0]?.s_value || company;
    for (const [path, status] of [['/', 200], ['/products', 200], [`/product/${products[0].product_id}`, 200], ['/login', 200], ['/fpassword', 200], ['/nope', 404]] as const) {
      const res = await page(path).expect(status);
      expect([path, crawl(res.text).siteBoot]).toEqual([path, [{ type: 'application/json', data: { companyName: company, companyShortName: short } }]]);
      // In the head, before the app's scripts.
      expect(res.text.indexOf('id="ss-site"')).toBeLessThan(res.text.indexOf('</head>'));
    }

    const hostile = `</script><script>alert(1)</script>&"'`;
    try {
      await ds.query("UPDATE settings SET s_value = ? WHERE s_key = 'COMPANY_NAME'", [hostile]);
      await t.app.get(SettingsService).invalidate();
      const res = await page('/products').expect(200);
      expect(res.text).not.toContain('<script>alert(1)');
      const c = crawl(res.text);
      expect(c.siteBoot[0].data.companyName).toBe(hostile);
      expect(c.handlers).toEqual([]);
    } finally {
      await ds.query("UPDATE settings SET s_value = ? WHERE s_key = 'COMPANY_NAME'", [company]);
      await t.app.get(SettingsService).invalidate();
    }
  });
});
