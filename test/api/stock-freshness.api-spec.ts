import request from 'supertest';
import { DataSource } from 'typeorm';
import { Transactions } from '../../src/common/transactions/transactions';
import { APP_CONFIG, type AppConfig } from '../../src/config/app-config';
import { CatalogCacheSubscriber } from '../../src/modules/catalog/catalog-cache.subscriber';
import { CatalogService } from '../../src/modules/catalog/catalog.service';
import { StockService } from '../../src/modules/catalog/stock.service';
import type { ProductListItem } from '../../src/modules/catalog/catalog.types';
import { selectHomeProducts } from '../../src/modules/content/home-products';
import { createTestApp, TestApp } from '../helpers/test-app';

interface Variant {
  variant_id: number;
  stock: number;
}
type ListItem = ProductListItem;

/** What a shopper sees of a product (the client shows 已售完 from a variant's or the product's `stock` of 0). */
async function page(t: TestApp, id: number) {
  const b = (await request(t.http).get(`/api/load/productD/${id}`).expect(200)).body;
  return { title: b.pDetails.title as string, stock: b.pDetails.stock as number, sold: b.pDetails.sold_quantity as number, variants: b.pDetails.Variants as Variant[] };
}
async function popup(t: TestApp, id: number) {
  const b = (await request(t.http).post('/api/load/productDetails').send({ product_id: id }).expect(200)).body;
  return { title: b.title as string, stock: b.stock as number, variants: b.Variants as Variant[] };
}
async function listed(t: TestApp, id: number) {
  const b = (await request(t.http).get('/api/load/loadProducts').expect(200)).body;
  return (b.products as ListItem[]).find((p) => p.product_id === id)!;
}
const stockOf = (variants: Variant[], id: number) => variants.find((v) => v.variant_id === id)!.stock;

/** Polls `probe` until it holds, for at most `withinMs`; returns how long it took. */
async function within(withinMs: number, probe: () => Promise<boolean>): Promise<number> {
  const start = Date.now();
  for (;;) {
    if (await probe()) return Date.now() - start;
    if (Date.now() - start > withinMs) throw new Error(`not seen within ${withinMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('displayed stock after sales (domain events → cache drops)', () => {
  let t: TestApp;
  let ds: DataSource;
  let stock: StockService;
  /** A listed product with two variants, and another listed product. */
  let p: number, v1: number, v2: number, other: number;

  beforeAll(async () => {
    t = await createTestApp();
    ds = t.app.get(DataSource);
    stock = t.app.get(StockService);
    const multi: { product_id: number }[] = await ds.query(
      `SELECT v.product_id FROM product_variants v JOIN products p ON p.id = v.product_id
       WHERE p.is_active = 1 AND v.is_active = 1 GROUP BY v.product_id HAVING COUNT(*) >= 2 ORDER BY v.product_id`,
    );
    [p, other] = [Number(multi[0].product_id), Number(multi[1].product_id)];
    const vs: { id: number }[] = await ds.query('SELECT id FROM product_variants WHERE product_id = ? AND is_active = 1 ORDER BY id', [p]);
    [v1, v2] = [Number(vs[0].id), Number(vs[1].id)];
    await ds.query('UPDATE product_variants SET quantity = 2 WHERE id = ?', [v1]);
    await ds.query('UPDATE product_variants SET quantity = 5 WHERE id = ?', [v2]);
    await t.app.get(CatalogService).invalidate();
  });
  afterAll(async () => t?.close());

  it('a sale that sells out a variant shows on its page and popup at once, on the list within ~1 s, and leaves other products cached', async () => {
    const before = await page(t, p);
    expect(stockOf(before.variants, v1)).toBe(2);
    expect(stockOf((await popup(t, p)).variants, v1)).toBe(2);
    const listBefore = await listed(t, p);
    // Another product's cached page: changed behind the cache's back, so a reload would show it.
    const otherTitle = (await page(t, other)).title;
    await ds.query('UPDATE products SET title = ? WHERE id = ?', ['背後改名', other]);

    await stock.reserveStock([{ variantId: v1, quantity: 2 }]);

    // The sold-out variant, at once (the events are handled before reserveStock resolves).
    const after = await page(t, p);
    expect(stockOf(after.variants, v1)).toBe(0);
    expect(after.stock).toBe(before.stock - 2);
    // A reservation is not a sale (已售出 moves when the order is paid: docs/decisions/0057-real-social-proof.md).
    expect(after.sold).toBe(before.sold);
    expect(stockOf((await popup(t, p)).variants, v1)).toBe(0);
    // Only that product's answers were dropped.
    expect((await page(t, other)).title).toBe(otherTitle);

    // The list within the freshness bound.
    await within(1500, async () => (await listed(t, p)).stock === listBefore.stock - 2);
    expect((await listed(t, p)).sold_quantity).toBe(listBefore.sold_quantity);
    await ds.query('UPDATE products SET title = ? WHERE id = ?', [otherTitle, other]);
    await t.app.get(CatalogService).invalidate();
  });

  it('a rolled-back reservation publishes nothing: the cached answers stay as they were', async () => {
    const cached = await page(t, p);
    const cachedPopup = await popup(t, p);
    await ds.query('UPDATE products SET title = ? WHERE id = ?', ['背後改名', p]); // shows only if the cache is dropped
    const tx = t.app.get(Transactions);

    // The caller fails after reserving (e.g. the order could not be written): everything rolls back.
    await expect(
      tx.run(async () => {
        await stock.reserveStock([{ variantId: v2, quantity: 1 }]);
        throw new Error('order insert failed');
      }),
    ).rejects.toThrow('order insert failed');
    // A shortfall rolls back too.
    await expect(stock.reserveStock([{ variantId: v2, quantity: 1 }, { variantId: v1, quantity: 1 }])).rejects.toMatchObject({
      message: expect.stringMatching(/^庫存不足：「.+」已售完$/),
    });

    const now = await page(t, p);
    expect(now).toEqual(cached);
    expect(await popup(t, p)).toEqual(cachedPopup);
    const [row] = await ds.query('SELECT quantity FROM product_variants WHERE id = ?', [v2]);
    expect(Number(row.quantity)).toBe(stockOf(cached.variants, v2));
    await ds.query('UPDATE products SET title = ? WHERE id = ?', [cached.title, p]);
  });

  it('a release shows at once too', async () => {
    await stock.releaseStock([{ variantId: v1, quantity: 1 }]);
    expect(stockOf((await page(t, p)).variants, v1)).toBe(1);
    expect(stockOf((await popup(t, p)).variants, v1)).toBe(1);
  });

  it('a featured product sold out refreshes the home products (new version, 已售完 from stock 0); other sales leave the version alone', async () => {
    const freshness = t.app.get(CatalogCacheSubscriber);
    const home = async (homeProductsVersion?: string) =>
      (await request(t.http).post('/api/load/homepage').send(homeProductsVersion ? { homeProductsVersion } : {}).expect(200)).body;
    const all = (await request(t.http).get('/api/load/loadProducts').expect(200)).body.products as ListItem[];
    const featured = selectHomeProducts(all);
    const star = featured.find((x) => x.stock > 0)!;
    const plain = all.find((x) => x.stock > 0 && !featured.some((f) => f.product_id === x.product_id))!;
    await ds.query('UPDATE product_variants SET quantity = 1 WHERE product_id = ? AND is_active = 1', [star.product_id]);
    await t.app.get(CatalogService).invalidate();
    await freshness.listsFresh(); // nothing left over from earlier sales
    const first = await home();
    expect((first.homeProducts as ListItem[]).map((x) => x.product_id)).toEqual(featured.map((x) => x.product_id));
    const version = first.serverHomeProductsVersion as string;

    // A product not on the home page: no new version once the lists show the sale.
    const [pv] = await ds.query('SELECT id FROM product_variants WHERE product_id = ? AND is_active = 1 AND quantity > 0 ORDER BY id', [plain.product_id]);
    await stock.reserveStock([{ variantId: Number(pv.id), quantity: 1 }]);
    await freshness.listsFresh();
    expect((await home(version)).isProductUpdated).toBe(false);

    // Every variant of the featured product sold: the home products come again, showing stock 0.
    const rows: { id: number }[] = await ds.query('SELECT id FROM product_variants WHERE product_id = ? AND is_active = 1', [star.product_id]);
    await stock.reserveStock(rows.map((r) => ({ variantId: Number(r.id), quantity: 1 })));
    await within(1500, async () => {
      const b = await home(version);
      return b.isProductUpdated === true && (b.homeProducts as ListItem[]).find((x) => x.product_id === star.product_id)?.stock === 0;
    });
  });

  // Only in the Redis tier: the embedded shop (no Redis) is one process, so there is no other to reach.
  const withRedis = process.env.TEST_REDIS_URL ? it : undefined;
  withRedis?.('another web process shows the sale through the Redis broadcast (page within 1 s, list within ~1.5 s)', async () => {
    const prefix = t.app.get<AppConfig>(APP_CONFIG).redisPrefix;
    const other2 = await createTestApp({ DATABASE_URL: t.db.url, REDIS_PREFIX: prefix, SEED_DEMO_DATA: 'false' });
    try {
      await ds.query('UPDATE product_variants SET quantity = 3 WHERE id = ?', [v2]);
      await t.app.get(CatalogService).invalidate();
      // Both processes hold the page and the list.
      expect(stockOf((await page(other2, p)).variants, v2)).toBe(3);
      const listBefore = await listed(other2, p);
      expect(stockOf((await page(t, p)).variants, v2)).toBe(3);

      await stock.reserveStock([{ variantId: v2, quantity: 3 }]); // sold in the first process
      await within(1000, async () => stockOf((await page(other2, p)).variants, v2) === 0);
      expect(stockOf((await popup(other2, p)).variants, v2)).toBe(0);
      await within(1500, async () => (await listed(other2, p)).stock === listBefore.stock - 3);
    } finally {
      await other2.close();
    }
  });
});
