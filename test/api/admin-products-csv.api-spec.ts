/**
 * Product CSV export / import (issue 12 "beyond the spec"): export (UTF-8 + BOM, one row per variant),
 * import with a dry-run preview and an all-or-nothing commit through the catalogue's own save (same
 * rules and texts as createOrUpdateProduct; audit and cache drops of a single save).
 */
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import request from 'supertest';
import { DataSource } from 'typeorm';
import type { ProductCsvImportAnswer } from '../../src/common/api/admin-catalog-csv';
import { taipeiToday } from '../../src/common/time/taipei-time';
import { ADMIN_MSG } from '../../src/common/validation/admin';
import { CATALOG_MSG } from '../../src/common/validation/admin-catalog';
import { CSV_LIMITS, CSV_MSG } from '../../src/common/validation/admin-catalog-csv';
import { adminSession, type AdminSession } from '../helpers/admin';
import { createTestApp, TestApp } from '../helpers/test-app';

jest.setTimeout(120_000);

type Row = Record<string, string>;

describe('admin product CSV export / import', () => {
  let t: TestApp;
  let ds: DataSource;
  let editor: AdminSession;
  let staff: AdminSession;
  let typeName: string;
  let typeId: number;
  const tag = Math.random().toString(36).slice(2, 8);
  let idA: number;
  let idB: number;

  const exportCsv = async (s: AdminSession = editor): Promise<{ text: string; rows: Row[]; res: request.Response }> => {
    const res = await s.agent.get('/api/admin/products/export.csv').buffer(true).parse((r, cb) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => cb(null, Buffer.concat(chunks)));
    });
    const buf = res.body as Buffer;
    const text = Buffer.isBuffer(buf) ? buf.toString('utf8') : '';
    const rows = res.status === 200 ? (parse(text, { bom: true, columns: true }) as Row[]) : [];
    return { text, rows, res };
  };
  const toCsv = (rows: Row[]) => `\uFEFF${stringify(rows, { header: true, columns: Object.keys(rows[0]), record_delimiter: 'windows' })}`;
  const upload = async (s: AdminSession, csv: string | Buffer, dryRun: 0 | 1) => {
    const res = await s.agent
      .post('/api/admin/products/import')
      .set('X-CSRF-Token', s.csrf)
      .field('dryRun', String(dryRun))
      .attach('file', Buffer.isBuffer(csv) ? csv : Buffer.from(csv, 'utf8'), { filename: 'products.csv', contentType: 'text/csv' });
    return res as Omit<request.Response, 'body'> & { body: ProductCsvImportAnswer };
  };
  const page = async (id: number) => (await request(t.http).get(`/api/load/productD/${id}`).expect(200)).body.pDetails as { title: string; price: number; discount_price: number; stock: number };
  const audits = async (id: number): Promise<string[]> =>
    ((await ds.query("SELECT action FROM audit_logs WHERE entity = 'product' AND entity_id = ? ORDER BY id", [String(id)])) as Array<{ action: string }>).map((a) => a.action);
  const product = (title: string, over: Record<string, unknown> = {}) => ({
    seo_description: 'SEO',
    product_type: typeId,
    title,
    description: '深層保濕',
    unit: '瓶',
    image_url: 'https://cdn.example.com/a.webp',
    product_media: [
      { media_url: '/media/library/a.webp', ordering: 0 },
      { media_url: 'https://cdn.example.com/b.webp', ordering: 1, is_active: 0 },
    ],
    product_variants: [
      { variant_name: '30ml', quantity: 5, original_price: 1200, discount_price: 1000 },
      { variant_name: '50ml', quantity: 2, original_price: 1800, discount_price: 1500 },
    ],
    ...over,
  });

  beforeAll(async () => {
    t = await createTestApp();
    ds = t.app.get(DataSource);
    editor = await adminSession(t, 'editor');
    staff = await adminSession(t, 'staff');
    typeName = `CSV類別-${tag}`;
    typeId = (await editor.post('/api/admin/product-types', { type_name: typeName })).body.newid as number;
    idA = (await editor.post('/api/admin/createOrUpdateProduct', product(`CSV 精華 A ${tag}`))).body.product_id as number;
    idB = (await editor.post('/api/admin/createOrUpdateProduct', product(`=CSV 乳液 B ${tag}`, { is_hot: 1 }))).body.product_id as number;
    expect(idA).toBeGreaterThan(0);
    expect(idB).toBeGreaterThan(0);
  });
  afterAll(async () => t?.close());

  it('exports every product as UTF-8 CSV with a BOM, one row per variant, as an attachment named with the Taipei date', async () => {
    const { res, text, rows } = await exportCsv();
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="products-${taipeiToday()}.csv"`);
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(text.split('\r\n')[0]).toBe(
      '\uFEFFproduct_id,title,category,unit,description,image_url,media_urls,seo_description,is_active,is_new,is_hot,is_manager,variant_id,variant_name,quantity,original_price,discount_price,registration_no,volume,ingredients,usage,warnings,shelf_life,origin,maker',
    );
    const a = rows.filter((r) => r.product_id === String(idA));
    expect(a.map((r) => [r.variant_name, r.quantity, r.original_price, r.discount_price])).toEqual([
      ['30ml', '5', '1200', '1000'],
      ['50ml', '2', '1800', '1500'],
    ]);
    expect(a[0]).toMatchObject({ title: `CSV 精華 A ${tag}`, category: typeName, media_urls: '/media/library/a.webp|https://cdn.example.com/b.webp', is_active: '1', is_new: '1' });
    // a title starting with "=" is exported behind a quote (no spreadsheet formula)
    expect(rows.find((r) => r.product_id === String(idB))?.title).toBe(`'=CSV 乳液 B ${tag}`);
  });

  it('round trip: importing the export unchanged changes nothing (no save, no audit)', async () => {
    const { text } = await exportCsv();
    const preview = await upload(editor, text, 1);
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ success: true, dryRun: true, message: CSV_MSG.previewOk, errors: [] });
    expect(preview.body.counts).toMatchObject({ create: 0, update: 0 });
    expect(preview.body.products?.find((p) => p.product_id === idA)).toMatchObject({ action: 'unchanged', title: `CSV 精華 A ${tag}`, variants: 2, changes: [] });

    const auditsBefore = await audits(idA);
    const commit = await upload(editor, text, 0);
    expect(commit.status).toBe(200);
    expect(commit.body).toMatchObject({ success: true, dryRun: false, counts: { create: 0, update: 0 } });
    expect(commit.body.message).toBe(CSV_MSG.imported(commit.body.counts!));
    expect(await audits(idA)).toEqual(auditsBefore);
    // the inactive media kept its flag
    const media = (await ds.query('SELECT media_url, is_active FROM product_media WHERE product_id = ? ORDER BY ordering', [idA])) as Array<{ is_active: number }>;
    expect(media.map((m) => Number(m.is_active))).toEqual([1, 0]);
  });

  it('a price edited in the CSV: the dry run shows it and writes nothing; the import writes it and the public page shows it', async () => {
    await page(idA); // warm the page cache
    const { rows } = await exportCsv();
    const edited = rows.map((r) => (r.product_id === String(idA) && r.variant_name === '30ml' ? { ...r, discount_price: '990', original_price: '1,300' } : r));
    const csv = toCsv(edited);

    const preview = await upload(editor, csv, 1);
    expect(preview.body.errors).toEqual([]);
    expect(preview.body.counts).toMatchObject({ create: 0, update: 1 });
    expect(preview.body.products?.find((p) => p.product_id === idA)).toMatchObject({ action: 'update', changes: ['價格'] });
    expect(await page(idA)).toMatchObject({ price: 1200, discount_price: 1000 }); // dry run: nothing written

    const variantIds = ((await ds.query('SELECT id FROM product_variants WHERE product_id = ? ORDER BY sort_order', [idA])) as Array<{ id: number }>).map((v) => Number(v.id));
    const commit = await upload(editor, csv, 0);
    expect(commit.status).toBe(200);
    expect(commit.body).toMatchObject({ success: true, counts: { create: 0, update: 1 } });
    expect(await page(idA)).toMatchObject({ price: 1300, discount_price: 990, stock: 7 });
    // variant ids kept (carts and orders refer to them), audited like a form save
    expect(((await ds.query('SELECT id FROM product_variants WHERE product_id = ? ORDER BY sort_order', [idA])) as Array<{ id: number }>).map((v) => Number(v.id))).toEqual(variantIds);
    expect((await audits(idA)).filter((a) => a === 'product.update')).toHaveLength(1);
    const imports = (await ds.query("SELECT action FROM audit_logs WHERE action = 'product.import'")) as unknown[];
    expect(imports.length).toBeGreaterThan(0);
  });

  it('creates new products (empty product_id; consecutive rows of one title = one product) by category name', async () => {
    const { rows } = await exportCsv();
    const blank = Object.fromEntries(Object.keys(rows[0]).map((k) => [k, ''])) as Row;
    const title = `CSV 新品 ${tag}`;
    const fresh: Row[] = [
      { ...blank, title, category: typeName, unit: '盒', description: '新品描述', image_url: 'https://cdn.example.com/n.webp', media_urls: 'https://cdn.example.com/n.webp|/media/library/n2.webp', variant_name: '小', quantity: '3', original_price: '500', discount_price: '450' },
      { ...blank, variant_name: '大', quantity: '1', original_price: '900', discount_price: '900' },
    ];
    const preview = await upload(editor, toCsv(fresh), 1);
    expect(preview.body.errors).toEqual([]);
    expect(preview.body.products).toEqual([{ line: 2, product_id: null, action: 'create', title, variants: 2, changes: [] }]);
    const commit = await upload(editor, toCsv(fresh), 0);
    expect(commit.status).toBe(200);
    const id = commit.body.products?.[0].product_id as number;
    expect(id).toBeGreaterThan(0);
    const listed = (await editor.post('/api/admin/productslist', { searchKeyword: title })).body.products[0];
    expect(listed).toMatchObject({ product_id: id, product_type: typeId, title, unit: '盒', is_active: 1, is_new: 1, stock: 4 });
    expect(listed.product_variants.map((v: { variant_name: string }) => v.variant_name)).toEqual(['小', '大']);
    expect(await audits(id)).toEqual(['product.create']);
  });

  it('the counters (views, sold) are the shop\'s own: not exported, and a file\'s such columns are ignored (ADR 0057)', async () => {
    await ds.query('UPDATE products SET views_count = 42, sold_quantity = 7 WHERE id = ?', [idB]);
    const { rows } = await exportCsv();
    expect(Object.keys(rows[0])).not.toContain('views_count');
    const mine = rows.filter((r) => r.product_id === String(idB));
    const kept = await upload(editor, toCsv(mine.map((r) => ({ ...r, unit: '支' }))), 0);
    expect(kept.body.products).toEqual([expect.objectContaining({ product_id: idB, action: 'update', changes: ['單位'] })]);
    const counters = async () => ((await ds.query('SELECT views_count, sold_quantity FROM products WHERE id = ?', [idB])) as Array<Record<string, number>>)[0];
    expect(await counters()).toMatchObject({ views_count: 42, sold_quantity: 7 });
    const set = await upload(editor, toCsv(mine.map((r) => ({ ...r, unit: '盒', views_count: '100', sold_quantity: '999', 觀看數: '5', 已售數量: '863' }))), 0);
    expect(set.body.products?.[0].changes).toEqual(['單位']);
    expect(await counters()).toMatchObject({ views_count: 42, sold_quantity: 7 });
    const bad = await upload(editor, toCsv(mine.map((r) => ({ ...r, views_count: '-1', is_hot: '是' }))), 1);
    expect(bad.body.errors).toEqual([{ line: 2, field: 'is_hot', message: CSV_MSG.flag }]);
  });

  it('a bad row refuses the whole import with line numbers and the form texts; nothing changes', async () => {
    const { rows } = await exportCsv();
    const edited = rows.map((r) => {
      if (r.product_id === String(idA) && r.variant_name === '30ml') return { ...r, discount_price: '800' }; // fine on its own
      if (r.product_id === String(idB) && r.variant_name === '50ml') return { ...r, discount_price: '9999', quantity: '-1' }; // above the original price
      return r;
    });
    const lineOf = (id: number, variant: string) => edited.findIndex((r) => r.product_id === String(id) && r.variant_name === variant) + 2;
    const blank = Object.fromEntries(Object.keys(rows[0]).map((k) => [k, ''])) as Row;
    edited.push({ ...blank, title: `壞 ${tag}`, category: '不存在的類別', unit: '瓶', description: 'x', image_url: 'javascript:alert(1)', media_urls: 'https://x.tw/a.webp', variant_id: '5', variant_name: 'x', quantity: '1', original_price: '10', discount_price: '10' });
    const badLine = edited.length + 1;
    const csv = toCsv(edited);

    const preview = await upload(editor, csv, 1);
    expect(preview.status).toBe(200);
    expect(preview.body.message).toBe(CSV_MSG.previewErrors(5));
    expect(preview.body.errors).toEqual([
      { line: lineOf(idB, '50ml'), field: 'quantity', message: CATALOG_MSG.quantity },
      { line: lineOf(idB, '50ml'), field: 'discount_price', message: CATALOG_MSG.discountAbove },
      { line: badLine, field: 'category', message: CSV_MSG.categoryNotFound('不存在的類別') },
      { line: badLine, field: 'variant_id', message: CSV_MSG.newProductVariantId },
      { line: badLine, field: 'image_url', message: CATALOG_MSG.imageUrl },
    ]);

    const commit = await upload(editor, csv, 0);
    expect(commit.status).toBe(400);
    expect(commit.body.success).toBe(false);
    expect(commit.body.message).toBe(CSV_MSG.refused(5, preview.body.errors![0]));
    expect(commit.body.errors).toHaveLength(5);
    expect(await page(idA)).toMatchObject({ discount_price: 990 }); // the good row was not written either
  });

  it('refuses a missing, oversized or too long file and unknown products, in zh-TW', async () => {
    const noFile = await editor.post('/api/admin/products/import', { dryRun: 1 });
    expect(noFile.status).toBe(400);
    expect(noFile.body).toMatchObject({ success: false, message: CSV_MSG.noFile });

    const { text } = await exportCsv();
    const big = Buffer.concat([Buffer.from(text, 'utf8'), Buffer.alloc(CSV_LIMITS.bytes, 0x20)]);
    const tooBig = await upload(editor, big, 1);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body).toEqual({ success: false, message: CSV_MSG.tooLarge });

    const header = text.split('\r\n')[0];
    const long = `${header}\r\n${`${idA},,,,,,,,,,,,,,,,\r\n`.repeat(CSV_LIMITS.rows + 1)}`;
    expect((await upload(editor, long, 1)).body).toEqual({ success: false, message: CSV_MSG.tooManyRows });
    expect((await upload(editor, 'a,b\r\n1,2\r\n', 1)).body.message).toMatch(/^CSV 缺少欄位：product_id、title/);

    const ghost = `${header}\r\n99999999,x,${typeName},瓶,d,https://x.tw/a,https://x.tw/a,,,,,,,30ml,1,10,10\r\n`;
    expect((await upload(editor, ghost, 1)).body.errors).toEqual([{ line: 2, field: 'product_id', message: CATALOG_MSG.productNotFound }]);
  });

  it('owners and editors only: staff 403, a visitor 401', async () => {
    expect((await exportCsv(staff)).res.status).toBe(403);
    const staffImport = await upload(staff, 'x', 1);
    expect(staffImport.status).toBe(403);
    expect(staffImport.body.message).toBe(ADMIN_MSG.forbidden);
    const visitor = await request(t.http).get('/api/admin/products/export.csv');
    expect(visitor.status).toBe(401);
    expect(visitor.body.message).toBe(ADMIN_MSG.loginRequired);
    const agent = request.agent(t.http);
    const csrf = (await agent.get('/api/admin/csrf-token')).body.csrfToken as string;
    const visitorImport = await agent.post('/api/admin/products/import').set('X-CSRF-Token', csrf).attach('file', Buffer.from('x'), 'p.csv');
    expect(visitorImport.status).toBe(401);
  });
  it('the cosmetics label columns (issue 22 §5): edited in the file they are checked and saved; a file without them keeps the stored values', async () => {
    const { rows } = await exportCsv();
    const label = { registration_no: '1130999999', ingredients: '水、甘油\n香料', origin: '日本' };
    const withLabel = rows.map((r) => (r.product_id === String(idA) ? { ...r, ...label } : r));
    const preview = await upload(editor, toCsv(withLabel), 1);
    expect(preview.body.errors).toEqual([]);
    expect(preview.body.products?.find((p) => p.product_id === idA)).toMatchObject({ action: 'update', changes: ['化粧品產品登錄編號', '全成分', '產地'] });
    expect((await upload(editor, toCsv(withLabel), 0)).body).toMatchObject({ success: true, counts: { update: 1 } });
    const cosmetics = async () => (await request(t.http).get(`/api/load/productD/${idA}`).expect(200)).body.pDetails.cosmetics as Record<string, string>;
    expect(await cosmetics()).toMatchObject(label);

    const bad = rows.map((r) => (r.product_id === String(idA) ? { ...r, registration_no: '衛部粧 1' } : r));
    const refused = await upload(editor, toCsv(bad), 1);
    const line = 2 + rows.findIndex((r) => r.product_id === String(idA));
    expect(refused.body.errors).toEqual([{ line, field: 'registration_no', message: '化粧品登錄編號格式錯誤' }]);

    const older = (await exportCsv()).rows.map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => !['registration_no', 'volume', 'ingredients', 'usage', 'warnings', 'shelf_life', 'origin', 'maker'].includes(k))));
    const again = await upload(editor, toCsv(older), 0);
    expect(again.body).toMatchObject({ success: true, counts: { create: 0, update: 0 } });
    expect(await cosmetics()).toMatchObject(label);
  });
});
