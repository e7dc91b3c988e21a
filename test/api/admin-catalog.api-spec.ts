/**
 * Back-office catalogue (issue 12, spec 3 §5, §7): products with media and variants, listing,
 * delete (hidden when ever ordered), categories. Every write is audited and shows on the public
 * reads at once (the domain events drop the caches).
 */
import request from 'supertest';
import { DataSource } from 'typeorm';
import { CATALOG_MSG } from '../../src/common/validation/admin-catalog';
import { adminSession, type AdminSession } from '../helpers/admin';
import { createTestApp, TestApp } from '../helpers/test-app';
import { feeFor, homeCod, shippingMethod, shopper, submit } from './checkout-fixtures';

jest.setTimeout(120_000);

interface PublicItem {
  product_id: number;
  title: string;
  price: number;
  discount_price: number;
  stock: number;
}

describe('admin catalogue API', () => {
  let t: TestApp;
  let ds: DataSource;
  let editor: AdminSession;
  let staff: AdminSession;
  let typeId: number;

  const publicList = async (): Promise<PublicItem[]> => (await request(t.http).get('/api/load/loadProducts').expect(200)).body.products as PublicItem[];
  const product = (over: Record<string, unknown> = {}) => ({
    seo_description: '保濕精華 SEO',
    product_type: typeId,
    title: `測試精華 ${Math.random().toString(36).slice(2, 8)}`,
    description: '深層保濕，溫和不刺激',
    unit: '瓶',
    views_count: 0,
    stock: 0,
    sold_quantity: 0,
    image_url: 'https://cdn.example.com/a.webp',
    is_new: 1,
    is_hot: 0,
    is_manager: 0,
    is_active: 1,
    product_media: [
      { media_url: '/media/library/a.webp', ordering: 0 },
      { media_url: 'https://cdn.example.com/b.webp', ordering: 1 },
    ],
    product_variants: [
      { variant_name: '30ml', quantity: 5, original_price: '1,200', discount_price: '1,200' },
      { variant_name: '50ml', quantity: 0, original_price: 1800, discount_price: 1500 },
    ],
    ...over,
  });

  beforeAll(async () => {
    t = await createTestApp();
    ds = t.app.get(DataSource);
    editor = await adminSession(t, 'editor');
    staff = await adminSession(t, 'staff');
  });
  afterAll(async () => t?.close());

  it('categories: add (newid), name required, edit, list with counts; staff reads, cannot write', async () => {
    const empty = await editor.post('/api/admin/product-types', { type_name: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ success: false, message: CATALOG_MSG.typeName });

    const before = (await request(t.http).get('/api/load/loadProducts').expect(200)).body.productsTypes as Array<{ id: number }>;
    const res = await editor.post('/api/admin/product-types', { type_name: '測試類別', is_active: 1 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: CATALOG_MSG.saved });
    typeId = res.body.newid;
    expect(typeId).toBeGreaterThan(0);
    const after = (await request(t.http).get('/api/load/loadProducts').expect(200)).body.productsTypes as Array<{ id: number; type_name: string }>;
    expect(after.length).toBe(before.length + 1);

    const upd = await editor.put(`/api/admin/product-types/${typeId}`, { id: typeId, type_name: '測試類別二', is_active: 1 });
    expect(upd.body).toMatchObject({ success: true });
    const types = (await request(t.http).get('/api/load/loadProducts').expect(200)).body.productsTypes as Array<{ id: number; type_name: string }>;
    expect(types.find((x) => x.id === typeId)?.type_name).toBe('測試類別二');

    const list = await staff.get('/api/admin/loadproducttypes');
    expect(list.status).toBe(200);
    expect(list.body.productTypes.find((x: { id: number }) => x.id === typeId)).toMatchObject({ type_name: '測試類別二', is_active: 1, product_count: 0 });
    expect((await staff.post('/api/admin/product-types', { type_name: 'x' })).status).toBe(403);
    const audits: Array<{ action: string }> = await ds.query("SELECT action FROM audit_logs WHERE entity = 'product_type' AND entity_id = ? ORDER BY id", [String(typeId)]);
    expect(audits.map((a) => a.action)).toEqual(['product-type.create', 'product-type.update']);
    expect((await editor.put('/api/admin/product-types/99999999', { type_name: 'x' })).body).toMatchObject({ success: false, message: CATALOG_MSG.typeNotFound });
  });

  it('createOrUpdateProduct checks every rule at once, with the first banner', async () => {
    const res = await editor.post('/api/admin/createOrUpdateProduct', {});
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.message).toBe(CATALOG_MSG.checkFields);
    const msgs = (res.body.errors as Array<{ message: string }>).map((e) => e.message);
    for (const m of [
      CATALOG_MSG.seoDescription,
      CATALOG_MSG.productType,
      CATALOG_MSG.title,
      CATALOG_MSG.description,
      CATALOG_MSG.unit,
      CATALOG_MSG.imageUrl,
      CATALOG_MSG.mediaRequired,
      CATALOG_MSG.variantRequired,
    ])
      expect(msgs).toContain(m);

    const bad = await editor.post(
      '/api/admin/createOrUpdateProduct',
      product({
        views_count: -1,
        stock: 1.5,
        sold_quantity: 'x',
        image_url: 'javascript:alert(1)',
        product_media: [
          { media_url: 'data:image/png;base64,AAAA', ordering: 0 },
          { media_url: '//evil.example/x.png', ordering: -1 },
        ],
        product_variants: [
          { variant_name: '', quantity: -1, original_price: 0, discount_price: '' },
          { variant_name: 'B', quantity: 1.5, original_price: '1,000', discount_price: '1,001' },
        ],
      }),
    );
    expect(bad.status).toBe(400);
    const errors = bad.body.errors as Array<{ field: string; message: string }>;
    // 已售數量 / 觀看數 are the shop's own counts: whatever the form sends is ignored, never an error (ADR 0057).
    expect(errors.map((e) => e.field)).not.toEqual(expect.arrayContaining(['views_count']));
    expect(errors.map((e) => e.field)).not.toEqual(expect.arrayContaining(['sold_quantity']));
    expect(errors).toEqual(
      expect.arrayContaining([
        { field: 'stock', message: CATALOG_MSG.stock },
        { field: 'image_url', message: CATALOG_MSG.imageUrl },
        { field: 'product_media.0.media_url', message: CATALOG_MSG.mediaUrl },
        { field: 'product_media.1.media_url', message: CATALOG_MSG.mediaUrl },
        { field: 'product_media.1.ordering', message: CATALOG_MSG.ordering },
        { field: 'product_variants.0.variant_name', message: CATALOG_MSG.variantName },
        { field: 'product_variants.0.quantity', message: CATALOG_MSG.quantity },
        { field: 'product_variants.0.original_price', message: CATALOG_MSG.originalPrice },
        { field: 'product_variants.0.discount_price', message: CATALOG_MSG.discountPrice },
        { field: 'product_variants.1.quantity', message: CATALOG_MSG.quantity },
        { field: 'product_variants.1.discount_price', message: CATALOG_MSG.discountAbove },
      ]),
    );
    expect(errors.some((e) => e.field.startsWith('seo') || e.field === 'title')).toBe(false);

    // seo_description must be defined (an empty one is fine); an unknown category is refused
    const noSeo = await editor.post('/api/admin/createOrUpdateProduct', { ...product(), seo_description: undefined });
    expect(noSeo.body.errors).toEqual([{ field: 'seo_description', message: CATALOG_MSG.seoDescription }]);
    const noType = await editor.post('/api/admin/createOrUpdateProduct', product({ product_type: 99999999 }));
    expect(noType.status).toBe(400);
    expect(noType.body.errors).toEqual([{ field: 'product_type', message: CATALOG_MSG.productType }]);
    expect((await staff.post('/api/admin/createOrUpdateProduct', product())).status).toBe(403);
  });

  it('a saved product shows on the public list at once; edits keep variant ids; delist and relist', async () => {
    await publicList(); // warm the cache
    const body = product({ seo_description: '' });
    const res = await editor.post('/api/admin/createOrUpdateProduct', body);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: CATALOG_MSG.saved });
    const id = res.body.product_id as number;

    let item = (await publicList()).find((p) => p.product_id === id);
    expect(item).toMatchObject({ title: body.title, price: 1200, discount_price: 1200, stock: 5 });

    const page = await editor.post('/api/admin/productslist', { limit: 10, offset: 0, searchKeyword: body.title, product_type: typeId });
    expect(page.body.total).toBe(1);
    const row = page.body.products[0];
    expect(row).toMatchObject({ product_id: id, type_name: '測試類別二', stock: 5, is_active: 1, unit: '瓶', seo_description: '' });
    expect(row.product_media.map((m: { media_url: string }) => m.media_url)).toEqual(['/media/library/a.webp', 'https://cdn.example.com/b.webp']);
    expect(row.product_variants).toHaveLength(2);
    expect((await staff.post('/api/admin/productslist', { searchKeyword: String(id) })).body.products.map((p: { product_id: number }) => p.product_id)).toContain(id);
    expect((await editor.post('/api/admin/productslist', { searchKeyword: '%' })).body.total).toBe(0); // LIKE wildcards are literal
    expect((await editor.post('/api/admin/productslist', { limit: 101 })).status).toBe(400);
    expect((await editor.post('/api/admin/productslist', {})).body.products.length).toBeLessThanOrEqual(10);

    const pageBefore = await request(t.http).get(`/api/load/productD/${id}`).expect(200); // warm the page cache
    expect(pageBefore.body.pDetails).toMatchObject({ title: body.title, discount_price: 1200 });

    // price edit: the first variant keeps its id, the second is left out (deactivated), a third is new
    const [v30] = row.product_variants as Array<{ id: number }>;
    const edit = await editor.post(
      '/api/admin/createOrUpdateProduct',
      product({
        product_id: id,
        title: body.title,
        product_media: [{ media_url: '/media/library/c.webp', ordering: 0 }],
        product_variants: [
          { id: v30.id, variant_name: '30ml', quantity: 7, original_price: 1300, discount_price: 990 },
          { variant_name: '100ml', quantity: 2, original_price: 2500, discount_price: 2000 },
        ],
      }),
    );
    expect(edit.body).toMatchObject({ success: true, product_id: id });
    item = (await publicList()).find((p) => p.product_id === id);
    expect(item).toMatchObject({ price: 1300, discount_price: 990, stock: 9 });
    const pageAfter = (await request(t.http).get(`/api/load/productD/${id}`).expect(200)).body;
    expect(pageAfter.pDetails).toMatchObject({ price: 1300, discount_price: 990, stock: 9 });
    expect(pageAfter.pMedias.map((m: { media_url: string }) => m.media_url)).toEqual(['/media/library/c.webp']);
    const again = (await editor.post('/api/admin/productslist', { searchKeyword: body.title })).body.products[0];
    expect(again.product_variants.map((v: { id: number; variant_name: string }) => [v.id === v30.id, v.variant_name])).toEqual([
      [true, '30ml'],
      [false, '100ml'],
    ]);
    expect(again.product_media).toHaveLength(1);
    const audits: Array<{ action: string }> = await ds.query("SELECT action FROM audit_logs WHERE entity = 'product' AND entity_id = ? ORDER BY id", [String(id)]);
    expect(audits.map((a) => a.action)).toEqual(['product.create', 'product.update']);

    // delist → gone from the public list at once; relist → back
    const off = await editor.put('/api/admin/products/isActive', { product_id: id, is_active: 0 });
    expect(off.body).toMatchObject({ success: true, message: CATALOG_MSG.updated });
    expect((await publicList()).some((p) => p.product_id === id)).toBe(false);
    await editor.put('/api/admin/products/isActive', { product_id: id, is_active: 1 });
    expect((await publicList()).some((p) => p.product_id === id)).toBe(true);
    expect((await editor.put('/api/admin/products/isActive', { product_id: 99999999, is_active: 1 })).body).toMatchObject({
      success: false,
      message: CATALOG_MSG.productNotFound,
    });
    expect((await editor.put('/api/admin/products/isActive', { product_id: id, is_active: 2 })).status).toBe(400);

    // editing an unknown product
    expect((await editor.post('/api/admin/createOrUpdateProduct', product({ product_id: 99999999 }))).status).toBe(404);
  });

  it('delete: a never-ordered product goes; an ordered one is hidden and its order items keep their snapshot; categories with products stay', async () => {
    const gone = (await editor.post('/api/admin/createOrUpdateProduct', product())).body.product_id as number;
    const del = await editor.del(`/api/admin/products/${gone}`);
    expect(del.body).toMatchObject({ success: true, hidden: false, message: CATALOG_MSG.deleted });
    expect(Number((await ds.query('SELECT COUNT(*) AS n FROM products WHERE id = ?', [gone]))[0].n)).toBe(0);
    expect(Number((await ds.query('SELECT COUNT(*) AS n FROM product_variants WHERE product_id = ?', [gone]))[0].n)).toBe(0);

    const kept = (await editor.post('/api/admin/createOrUpdateProduct', product())).body.product_id as number;
    const [variant] = (await editor.post('/api/admin/productslist', { searchKeyword: String(kept) })).body.products[0].product_variants as Array<{ id: number }>;
    const s = await shopper(t);
    const fee = feeFor(await shippingMethod(t.app, 4), 1200);
    const order = await submit(s, homeCod(s, [{ v: { productId: kept, variantId: variant.id }, quantity: 1 }], 1200 + fee));
    expect(order.body).toMatchObject({ success: true });
    const hidden = await editor.del(`/api/admin/products/${kept}`);
    expect(hidden.body).toMatchObject({ success: true, hidden: true, message: CATALOG_MSG.hiddenInstead });
    expect((await publicList()).some((p) => p.product_id === kept)).toBe(false);
    const items: Array<{ n: number }> = await ds.query('SELECT COUNT(*) AS n FROM order_items WHERE product_id = ?', [kept]);
    expect(Number(items[0].n)).toBe(1);

    const refused = await editor.del(`/api/admin/product-types/${typeId}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ success: false, message: CATALOG_MSG.typeHasProducts });
    expect((await editor.del('/api/admin/products/99999999')).status).toBe(404);

    const lone = (await editor.post('/api/admin/product-types', { type_name: '空類別' })).body.newid as number;
    expect((await editor.del(`/api/admin/product-types/${lone}`)).body).toMatchObject({ success: true, message: CATALOG_MSG.deleted });
    const types = (await request(t.http).get('/api/load/loadProducts').expect(200)).body.productsTypes as Array<{ id: number }>;
    expect(types.some((x) => x.id === lone)).toBe(false);
  });
});
