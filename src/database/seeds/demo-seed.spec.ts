import { verify } from 'argon2';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { createTempDatabase, describeMariaDb, openDataSource, TempDatabase, TestDialect } from '../testing/databases';

jest.setTimeout(120_000);

type SeedModule = typeof import('./demo-seed');

const count = async (ds: DataSource, table: string, where = '1 = 1') =>
  Number((await ds.query(`SELECT COUNT(*) AS n FROM ${table} WHERE ${where}`))[0].n);

/** Weighted checksum of a company tax id, rule in force since 2023-04-01 (divisible by 5). */
function validTaxId(id: string): boolean {
  if (!/^\d{8}$/.test(id)) return false;
  const w = [1, 2, 1, 2, 1, 2, 4, 1];
  const sum = [...id].reduce((s, d, i) => s + Math.floor((Number(d) * w[i]) / 10) + ((Number(d) * w[i]) % 10), 0);
  return sum % 5 === 0 || (id[6] === '7' && (sum + 1) % 5 === 0);
}

interface ListedRow {
  id: number;
  views_count: number;
  sold_quantity: number;
  manager_rank: number;
  min_discount: number;
}

function seedSuite(dialect: TestDialect) {
  let db: TempDatabase;
  let ds: DataSource;
  let seed: SeedModule;
  let mediaDir: string;

  beforeAll(async () => {
    db = await createTempDatabase(dialect);
    ({ ds, seed } = openDataSource(db.url));
    await ds.initialize();
    await ds.runMigrations({ transaction: 'each' });
    mediaDir = mkdtempSync(join(tmpdir(), 'skinshop-media-'));
  });
  afterAll(async () => {
    if (ds?.isInitialized) await ds.destroy();
    await db?.drop();
    if (mediaDir) rmSync(mediaDir, { recursive: true, force: true });
  });

  it('seeds an empty database quickly, in one go', async () => {
    const started = Date.now();
    expect(await seed.seedDemo(ds, { mediaDir, adminPassword: 'demo5678' })).toBe(true);
    const ms = Date.now() - started;
    if (dialect === 'sqlite') expect(ms).toBeLessThan(3000);
  });

  it('has a full catalogue: types, products with variants and media, honest prices, sold-out cases', async () => {
    expect(await count(ds, 'product_types')).toBeGreaterThanOrEqual(6);
    expect(await count(ds, 'products')).toBeGreaterThanOrEqual(40);
    expect(await count(ds, 'products', 'is_active = 0')).toBeGreaterThanOrEqual(1);
    expect(await count(ds, 'products', 'id NOT IN (SELECT product_id FROM product_variants)')).toBe(0);
    expect(await count(ds, 'products', 'id NOT IN (SELECT product_id FROM product_media)')).toBe(0);
    expect(await count(ds, 'product_variants', 'original_price < discount_price OR discount_price <= 0')).toBe(0);
    const soldOut = await ds.query('SELECT product_id FROM product_variants GROUP BY product_id HAVING SUM(quantity) = 0');
    expect(soldOut.length).toBeGreaterThanOrEqual(2);
    const partly = await ds.query('SELECT product_id FROM product_variants GROUP BY product_id HAVING MIN(quantity) = 0 AND MAX(quantity) > 0');
    expect(partly.length).toBeGreaterThanOrEqual(1);
    const multi = await ds.query('SELECT product_id FROM product_variants GROUP BY product_id HAVING COUNT(*) BETWEEN 2 AND 4');
    expect(multi.length).toBeGreaterThanOrEqual(20);
    expect(await count(ds, 'products', "is_new = 1")).toBeGreaterThan(0);
    expect(await count(ds, 'products', "is_hot = 1")).toBeGreaterThan(0);
    expect(await count(ds, 'product_media', "media_url LIKE 'https://www.youtube.com/watch?v=%' OR media_url LIKE 'https://youtu.be/%'")).toBeGreaterThanOrEqual(2);
    expect(await count(ds, 'product_media', "media_url LIKE 'https://www.facebook.com/%/videos/%'")).toBeGreaterThanOrEqual(1);
    const [{ n }] = await ds.query('SELECT MIN(c) AS n FROM (SELECT COUNT(*) AS c FROM product_media GROUP BY product_id) x');
    expect(Number(n)).toBeGreaterThanOrEqual(2);
  });

  it('orders the listed products differently under each of the five sorts', async () => {
    const rows: ListedRow[] = (
      await ds.query(
        `SELECT p.id, p.views_count, p.sold_quantity, p.manager_rank, MIN(v.discount_price) AS min_discount
         FROM products p JOIN product_variants v ON v.product_id = p.id WHERE p.is_active = 1 GROUP BY p.id, p.views_count, p.sold_quantity, p.manager_rank`,
      )
    ).map((r: Record<string, unknown>) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, Number(v)])) as unknown as ListedRow);
    const by = (key: keyof ListedRow, dir: 1 | -1) =>
      [...rows]
        .sort((a, b) => dir * (a[key] - b[key]) || a.id - b.id)
        .map((r) => r.id)
        .join(',');
    const orders = [by('views_count', -1), by('sold_quantity', -1), by('min_discount', 1), by('min_discount', -1), by('manager_rank', -1)];
    expect(new Set(orders).size).toBe(5);
    // 觀看數 and 已售出 are the shop's own counts (ADR 57): no visit yet, and the demo buyers' paid orders.
    expect(rows.every((r) => r.views_count === 0)).toBe(true);
    expect(new Set(rows.map((r) => r.sold_quantity)).size).toBeGreaterThan(1);
    expect(new Set(rows.map((r) => r.manager_rank)).size).toBe(rows.length);
  });

  it('seeds shipping and payment methods, status codes, settings and versions', async () => {
    const ship = await ds.query('SELECT id, name, shipping_cost, free_shipping_threshold FROM shipping_methods ORDER BY id');
    expect(ship.map((s: Record<string, unknown>) => [Number(s.id), s.name, Number(s.shipping_cost), Number(s.free_shipping_threshold)])).toEqual([
      [1, '7-11', 60, 1000],
      [2, '全家', 60, 1000],
      [3, '萊爾富', 60, 1000],
      [4, '宅配', 100, 1500],
      [5, '離島宅配', 200, 3000],
    ]);
    const pay = await ds.query('SELECT method_code FROM payment_methods ORDER BY sort_order');
    expect(pay.map((p: { method_code: string }) => p.method_code)).toEqual(['atm', 'credit', 'linepay', 'cvs', 'cod']);
    expect(await count(ds, 'order_status_codes', "status_name IN ('pending', 'paid', 'shipped', 'completed', 'cancelled')")).toBe(5);
    const ps = await ds.query('SELECT status_code, status_label, color FROM payment_status_codes ORDER BY status_code');
    expect(ps.map((p: { status_code: number }) => Number(p.status_code))).toEqual([0, 1, 2, 3]);
    for (const p of ps) expect(p.color).toMatch(/^#[0-9a-f]{6}$/i);

    const settings = new Map<string, string>(
      (await ds.query('SELECT s_key, s_value FROM settings')).map((s: { s_key: string; s_value: string }) => [s.s_key, s.s_value]),
    );
    for (const key of ['COMPANY_NAME', 'COMPANY_NAMEN', 'COMPANY_TAXID', 'COMPANY_PHONE', 'COMPANY_FAX', 'COMPANY_EMAIL', 'COMPANY_ADDRESS', 'COMPANY_LAT', 'COMPANY_LNG', 'SOCIAL_LINE_URL', 'SOCIAL_INSTAGRAM_URL', 'SOCIAL_FACEBOOK_URL', 'GOOGLE_MAPS_KEY']) {
      expect(settings.has(key)).toBe(true);
    }
    expect(validTaxId(settings.get('COMPANY_TAXID') as string)).toBe(true);
    expect(settings.get('COMPANY_ADDRESS')).toContain('臺北市');
    const versions = (await ds.query('SELECT v_key FROM content_versions')).map((v: { v_key: string }) => v.v_key);
    expect(versions).toEqual(expect.arrayContaining(['cartVersion', 'settingsVersion', 'postersVersion', 'homeVersion', 'homeProductsVersion', 'aboutVersion']));
  });

  it('seeds home content, html pages and images, posters, notification settings and the admin', async () => {
    expect(await count(ds, 'home_carousel_banners')).toBe(3);
    expect(await count(ds, 'home_beautician_endorsements')).toBe(6);
    expect(await count(ds, 'home_user_testimonials')).toBe(8);
    expect(await count(ds, 'home_certificates')).toBe(4);
    expect(await count(ds, 'posters')).toBe(4);
    expect(await count(ds, 'notification_settings')).toBeGreaterThanOrEqual(4);
    expect(await count(ds, 'html_images')).toBeGreaterThanOrEqual(1);
    const pages = (await ds.query('SELECT html_type FROM html_pages')).map((p: { html_type: string }) => p.html_type);
    expect(pages).toEqual(
      expect.arrayContaining(['txthtml001', 'home_001', 'home_002', 'productreturns', 'privacypolicy', 'termsofservice', 'partnerinquiry', 'maskCare', 'skincareTips']),
    );
    const [admin] = await ds.query("SELECT password_hash FROM admins WHERE username = 'admin'");
    expect(admin.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(await verify(admin.password_hash, 'demo5678')).toBe(true);
  });

  it('seeds live promotions of each kind, WELCOME100 for first orders, and the 防曬 one the home banner announces', async () => {
    const rows: Record<string, unknown>[] = await ds.query('SELECT * FROM promotions ORDER BY id');
    const json = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);
    const live = rows.filter((r) => Number(r.is_active) === 1 && r.starts_at === null && r.ends_at === null);
    const byName = new Map(live.map((r) => [String(r.name), r]));
    expect(new Set(live.map((r) => r.kind))).toEqual(new Set(['amount_off', 'percent_off', 'bundle_price', 'gift', 'addon']));
    expect(json(byName.get('滿千折百')?.tiers)).toEqual([{ threshold: 1000, value: 100 }]);
    expect(Number(byName.get('滿千折百')?.stackable)).toBe(0);
    const nine = live.find((r) => r.kind === 'percent_off')!;
    expect([Number(nine.percent), Number(nine.max_discount), Number(nine.stackable)]).toEqual([10, 300, 0]);
    const bundle = live.find((r) => r.kind === 'bundle_price')!;
    expect([Number(bundle.bundle_quantity), Number(bundle.bundle_price)]).toEqual([3, 999]);
    // Every eligible variant costs more than 999 / 3, so any three of them save money.
    const cats = json(bundle.category_ids) as number[];
    const excluded = json(bundle.exclude_product_ids) as number[];
    const [{ low }] = await ds.query(
      `SELECT MIN(v.discount_price) AS low FROM product_variants v JOIN products p ON p.id = v.product_id WHERE p.product_type IN (${cats.join(',')}) AND p.id NOT IN (${excluded.join(',')})`,
    );
    expect(Number(low) * 3).toBeGreaterThan(999);
    const gift = live.find((r) => r.kind === 'gift')!;
    expect(gift.name).toBe('滿 1500 送旅行組');
    expect([Number(gift.min_subtotal), Number(gift.gift_stock)]).toEqual([1500, 100]);
    const [variant] = await ds.query('SELECT v.variant_name, v.quantity, p.is_active FROM product_variants v JOIN products p ON p.id = v.product_id WHERE v.id = ?', [gift.gift_variant_id]);
    expect(variant.variant_name).toBe('旅行組');
    expect(Number(variant.quantity)).toBeGreaterThan(0);
    expect(Number(variant.is_active)).toBe(1);
    const welcome = rows.find((r) => r.shared_code === 'WELCOME100')!;
    expect([welcome.coupon_mode, Number(welcome.member_only), Number(welcome.first_order_only), Number(welcome.per_member_limit), Number(welcome.is_active)]).toEqual(['shared', 1, 1, 1, 1]);
    expect(json(welcome.tiers)).toEqual([{ threshold: 500, value: 100 }]);
    for (const item of json(live.find((r) => r.kind === 'addon')!.addon_items) as { variant_id: number }[]) {
      expect(await count(ds, 'product_variants', `id = ${Number(item.variant_id)}`)).toBe(1);
    }

    // The banner 「全館防曬滿 NT$1,500 再折 NT$150」 is a live, stackable amount_off on the 防曬隔離 category.
    const banners: Record<string, unknown>[] = await ds.query('SELECT * FROM home_carousel_banners');
    const text = banners.map((b) => Object.values(b).join(' ')).find((t) => t.includes('防曬滿'));
    const m = /防曬滿 NT\$([\d,]+) 再折 NT\$([\d,]+)/.exec(text ?? '');
    expect(m).not.toBeNull();
    const [threshold, value] = [Number(m![1].replace(/,/g, '')), Number(m![2].replace(/,/g, ''))];
    const [{ id: sunscreen }] = await ds.query("SELECT id FROM product_types WHERE type_name = '防曬隔離'");
    const match = live.filter(
      (r) =>
        r.kind === 'amount_off' &&
        r.coupon_mode === 'none' &&
        Number(r.stackable) === 1 &&
        r.scope === 'categories' &&
        (json(r.category_ids) as number[]).includes(Number(sunscreen)) &&
        JSON.stringify(json(r.tiers)) === JSON.stringify([{ threshold, value }]),
    );
    expect(match).toHaveLength(1);
  });

  it('writes every referenced /media/demo image as an SVG file', async () => {
    const urls: string[] = [];
    for (const [table, col] of [
      ['products', 'image_url'],
      ['product_media', 'media_url'],
      ['shipping_methods', 'icon_url'],
      ['home_carousel_banners', 'image_url'],
      ['home_carousel_banners', 'phone_url'],
      ['home_beautician_endorsements', 'image_url'],
      ['home_user_testimonials', 'image_url'],
      ['home_certificates', 'image_url'],
      ['html_images', 'image_url'],
      ['posters', 'cover_image'],
    ]) {
      for (const r of await ds.query(`SELECT ${col} AS u FROM ${table}`)) if (String(r.u).startsWith('/media/demo/')) urls.push(r.u);
    }
    expect(urls.length).toBeGreaterThan(100);
    for (const u of urls) {
      const file = join(mediaDir, u.replace('/media/', ''));
      expect(existsSync(file)).toBe(true);
      expect(readFileSync(file, 'utf8')).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[\s\S]*<\/svg>$/);
    }
  });

  it('does nothing when products exist (running it twice duplicates nothing)', async () => {
    const tables = ['products', 'product_variants', 'product_media', 'settings', 'shipping_methods', 'home_carousel_banners', 'admins', 'posters', 'promotions'];
    const before = await Promise.all(tables.map((t) => count(ds, t)));
    expect(await seed.seedDemo(ds, { mediaDir })).toBe(false);
    expect(await Promise.all(tables.map((t) => count(ds, t)))).toEqual(before);
  });

  it('resetAndSeed wipes changes and seeds the same shop again', async () => {
    const products = await count(ds, 'products');
    await ds.query("INSERT INTO product_types (type_name) VALUES ('臨時分類')");
    await ds.query("UPDATE settings SET s_value = 'changed' WHERE s_key = 'COMPANY_NAME'");
    const summary = await seed.resetAndSeed(ds, { mediaDir });
    expect(summary.products).toBe(products);
    expect(await count(ds, 'products')).toBe(products);
    expect(await count(ds, 'product_types', "type_name = '臨時分類'")).toBe(0);
    expect(await count(ds, 'settings', "s_value = 'changed'")).toBe(0);
    expect(await count(ds, 'admins')).toBe(1);
    expect(summary.promotions).toBe(8);
    expect(await count(ds, 'promotions')).toBe(8);
  });

  it('leaves the promotions out when asked (the API tests: SEED_DEMO_PROMOTIONS=false)', async () => {
    const summary = await seed.resetAndSeed(ds, { mediaDir, promotions: false });
    expect(summary.promotions).toBe(0);
    expect(await count(ds, 'promotions')).toBe(0);
    expect(await count(ds, 'products')).toBeGreaterThan(0);
  });
}

describe('demo seed on SQLite', () => seedSuite('sqlite'));
describeMariaDb('demo seed on MariaDB', () => seedSuite('mysql'));
