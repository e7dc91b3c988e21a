import request from 'supertest';
import { DataSource } from 'typeorm';
import { CatalogService } from '../../src/modules/catalog/catalog.service';
import { ProductViewsService } from '../../src/modules/catalog/product-views.service';
import { createTestApp, TestApp } from '../helpers/test-app';

interface ListItem {
  product_id: number;
  title: string;
  price: number;
  discount_price: number;
  highest_price: number;
  highest_discount: number;
  stock: number;
  views: number;
  product_type: number;
}

describe('catalogue API', () => {
  let t: TestApp;
  let ds: DataSource;

  beforeAll(async () => {
    t = await createTestApp();
    ds = t.app.get(DataSource);
  });
  afterAll(async () => t?.close());

  it('lists only listed products with price ranges computed from their variants', async () => {
    const res = await request(t.http).get('/api/load/loadProducts').expect(200);
    expect(res.body.success).toBe(true);
    const products = res.body.products as ListItem[];
    expect(products.length).toBeGreaterThanOrEqual(40);
    expect(res.body.productsTypes.length).toBeGreaterThanOrEqual(6);

    const delisted: { id: number }[] = await ds.query('SELECT id FROM products WHERE is_active = 0');
    expect(delisted.length).toBeGreaterThan(0);
    const ids = new Set(products.map((p) => p.product_id));
    for (const d of delisted) expect(ids.has(Number(d.id))).toBe(false);

    for (const p of products.slice(0, 10)) {
      const vs: { original_price: number; discount_price: number; quantity: number }[] = await ds.query(
        'SELECT original_price, discount_price, quantity FROM product_variants WHERE product_id = ? AND is_active = 1',
        [p.product_id],
      );
      expect(p.price).toBe(Math.min(...vs.map((v) => Number(v.original_price))));
      expect(p.highest_price).toBe(Math.max(...vs.map((v) => Number(v.original_price))));
      expect(p.discount_price).toBe(Math.min(...vs.map((v) => Number(v.discount_price))));
      expect(p.highest_discount).toBe(Math.max(...vs.map((v) => Number(v.discount_price))));
      expect(p.stock).toBe(vs.reduce((s, v) => s + Math.max(0, Number(v.quantity)), 0));
    }
  });

  it('answers 304 to a matching If-None-Match and a new ETag after a change is invalidated', async () => {
    const first = await request(t.http).get('/api/load/loadProducts').expect(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    await request(t.http).get('/api/load/loadProducts').set('If-None-Match', etag).expect(304);

    const p = (first.body.products as ListItem[])[0];
    await ds.query('UPDATE products SET title = ? WHERE id = ?', ['改名測試商品', p.product_id]);
    await t.app.get(CatalogService).invalidate();
    const after = await request(t.http).get('/api/load/loadProducts').set('If-None-Match', etag).expect(200);
    expect(after.headers.etag).not.toBe(etag);
    expect((after.body.products as ListItem[]).find((x) => x.product_id === p.product_id)?.title).toBe('改名測試商品');
  });

  it('gives popup details with Variants and pMedias and counts the view', async () => {
    const list = (await request(t.http).get('/api/load/loadProducts')).body.products as ListItem[];
    const p = list[1];
    const before: { views_count: number }[] = await ds.query('SELECT views_count FROM products WHERE id = ?', [p.product_id]);
    const res = await request(t.http).post('/api/load/productDetails').send({ product_id: p.product_id }).expect(200);
    expect(res.body).toMatchObject({ success: true, product_id: p.product_id, title: p.title });
    expect(res.body.Variants.length).toBeGreaterThan(0);
    expect(res.body.Variants[0]).toEqual(
      expect.objectContaining({ variant_id: expect.any(Number), variant_name: expect.any(String), original_price: expect.any(Number), discount_price: expect.any(Number) }),
    );
    expect(res.body.pMedias.length).toBeGreaterThan(0);
    await request(t.http).post('/api/load/productDetails').send({ product_id: String(p.product_id) }).expect(200);
    await t.app.get(ProductViewsService).flush();
    const after: { views_count: number }[] = await ds.query('SELECT views_count FROM products WHERE id = ?', [p.product_id]);
    expect(Number(after[0].views_count)).toBe(Number(before[0].views_count) + 2);
  });

  it('gives the product page with detail and spec html', async () => {
    const list = (await request(t.http).get('/api/load/loadProducts')).body.products as ListItem[];
    const p = list[2];
    const res = await request(t.http).get(`/api/load/productD/${p.product_id}`).expect(200);
    expect(res.body.success).toBe(true);
    expect(res.body.pDetails).toMatchObject({ product_id: p.product_id, title: p.title, price: p.price, stock: p.stock });
    expect(typeof res.body.pDetails.detail_html).toBe('string');
    expect(typeof res.body.pDetails.spec_html).toBe('string');
    expect(Array.isArray(res.body.pDetails.Variants)).toBe(true);
    expect(Array.isArray(res.body.pMedias)).toBe(true);
  });

  it('answers 404 with a message for unknown, delisted or malformed products', async () => {
    const [delisted]: { id: number }[] = await ds.query('SELECT id FROM products WHERE is_active = 0');
    for (const id of [999999, Number(delisted.id)]) {
      const a = await request(t.http).get(`/api/load/productD/${id}`).expect(404);
      expect(a.body).toEqual({ success: false, message: '找不到商品' });
      const b = await request(t.http).post('/api/load/productDetails').send({ product_id: id }).expect(404);
      expect(b.body).toEqual({ success: false, message: '找不到商品' });
    }
    await request(t.http).get('/api/load/productD/abc').expect(404);
    const bad = await request(t.http).post('/api/load/productDetails').send({ product_id: 'x' }).expect(400);
    expect(bad.body).toEqual({ success: false, message: '商品編號格式錯誤' });
    const extra = await request(t.http).post('/api/load/productDetails').send({ product_id: 1, price: 1 }).expect(400);
    expect(extra.body.success).toBe(false);
  });

  it('lists the five shipping methods and the payment methods', async () => {
    const s = await request(t.http).get('/api/load/shipping').expect(200);
    expect(s.body.success).toBe(true);
    expect(s.body.shippingMethods.map((m: { id: number }) => m.id)).toEqual([1, 2, 3, 4, 5]);
    for (const m of s.body.shippingMethods) {
      expect(Number.isInteger(m.shipping_cost)).toBe(true);
      expect(Number.isInteger(m.free_shipping_threshold)).toBe(true);
    }
    const p = await request(t.http).get('/api/load/payment').expect(200);
    expect(p.body.paymentMethods.map((m: { method_code: string }) => m.method_code).sort()).toEqual(['atm', 'cod', 'credit', 'cvs', 'linepay']);
  });
});
