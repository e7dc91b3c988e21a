import { request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { DataSource } from 'typeorm';
import { ReadCache } from '../../src/common/cache/read-cache.service';
import { FastReads } from '../../src/common/http/fast-reads';
import { CatalogService } from '../../src/modules/catalog/catalog.service';
import { ProductViewsService } from '../../src/modules/catalog/product-views.service';
import { createTestApp, TestApp } from '../helpers/test-app';

/** A raw HTTP exchange: status, headers and the body bytes exactly as sent (no decoding). */
interface Raw {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** Headers that differ per response by nature. */
const PER_RESPONSE = new Set(['date', 'x-request-id', 'connection', 'keep-alive']);

function comparable(r: Raw) {
  const headers = Object.fromEntries(Object.entries(r.headers).filter(([k]) => !PER_RESPONSE.has(k)));
  return { status: r.status, headers, body: r.body.toString('base64') };
}

function decoded(r: Raw): unknown {
  const enc = r.headers['content-encoding'];
  const bytes = enc === 'br' ? brotliDecompressSync(r.body) : enc === 'gzip' ? gunzipSync(r.body) : r.body;
  return JSON.parse(bytes.toString('utf8'));
}

const HOME = { homeVersion: '', homeProductsVersion: '' };

describe('cache-hit fast path (FastReads)', () => {
  let t: TestApp;
  let base: string;
  let fast: FastReads;
  let cache: ReadCache;
  let productId: number;

  beforeAll(async () => {
    t = await createTestApp();
    const server = t.http as Server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    fast = t.app.get(FastReads);
    cache = t.app.get(ReadCache);
    const [row]: { id: number }[] = await t.app.get(DataSource).query('SELECT id FROM products WHERE is_active = 1 ORDER BY id LIMIT 1');
    productId = Number(row.id);
  });
  afterAll(async () => t?.close());

  function send(method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Raw> {
    return new Promise((resolve, reject) => {
      const req = httpRequest(`${base}${path}`, { method, headers: body ? { 'Content-Type': 'application/json', ...headers } : headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end(body);
    });
  }

  /** The same request twice after dropping the cache: the normal path answers (and fills), then the fast path. */
  async function normalThenFast(method: string, path: string, headers: Record<string, string> = {}, body?: string) {
    await cache.invalidate('');
    const hits = fast.hits;
    const normal = await send(method, path, headers, body);
    expect(fast.hits).toBe(hits);
    const viaFast = await send(method, path, headers, body);
    expect(fast.hits).toBe(hits + 1);
    return { normal, viaFast };
  }

  const routes: [string, string, () => string, string?][] = [
    ['GET /api/load/loadProducts', 'GET', () => '/api/load/loadProducts'],
    ['GET /api/load/productD/:id', 'GET', () => `/api/load/productD/${productId}`],
    ['POST /api/load/homepage', 'POST', () => '/api/load/homepage', JSON.stringify(HOME)],
  ];

  describe.each(routes)('%s', (_name, method, path, body) => {
    it.each([
      ['no Accept-Encoding', {}],
      ['gzip', { 'Accept-Encoding': 'gzip' }],
      ['a browser (br preferred)', { 'Accept-Encoding': 'gzip, deflate, br, zstd' }],
    ])('answers the same status, headers and bytes as the normal path (%s)', async (_label, headers) => {
      const { normal, viaFast } = await normalThenFast(method, path(), headers, body);
      expect(normal.status).toBe(200);
      expect(comparable(viaFast)).toEqual(comparable(normal));
      // helmet's headers, the request id, caching and coding are all there.
      expect(viaFast.headers['content-security-policy']).toContain("script-src 'self'");
      expect(viaFast.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(viaFast.headers['x-content-type-options']).toBe('nosniff');
      expect(viaFast.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(viaFast.headers['cache-control']).toBe('no-cache');
      expect(viaFast.headers.vary).toBe('Accept-Encoding');
      expect(viaFast.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(Number(viaFast.headers['content-length'])).toBe(viaFast.body.length);
      const expected = 'Accept-Encoding' in headers ? (headers['Accept-Encoding'].includes('br') ? 'br' : 'gzip') : undefined;
      if (normal.body.length > 1024 || expected === undefined) expect(viaFast.headers['content-encoding']).toBe(expected);
      expect(decoded(viaFast)).toEqual(decoded(normal));
      expect((decoded(viaFast) as { success: boolean }).success).toBe(true);
    });

    it('answers 304 to a matching If-None-Match with the same headers as the normal path', async () => {
      let first = await send(method, path(), {}, body);
      if (body) {
        // A client with current versions gets no marquee (a random sample drawn per fill), so the answer is deterministic.
        const v = decoded(first) as { serverHomeVersion: string; serverHomeProductsVersion: string };
        body = JSON.stringify({ homeVersion: v.serverHomeVersion, homeProductsVersion: v.serverHomeProductsVersion });
        first = await send(method, path(), {}, body);
      }
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^".+"$/);
      const { normal, viaFast } = await normalThenFast(method, path(), { 'If-None-Match': `W/"other", ${etag}` }, body);
      expect(normal.status).toBe(304);
      expect(comparable(viaFast)).toEqual(comparable(normal));
      expect(viaFast.body.length).toBe(0);
      expect(viaFast.headers.etag).toBe(etag);
    });
  });

  it('echoes a sane X-Request-Id and replaces an unsafe one, as the logger does', async () => {
    await send('GET', '/api/load/loadProducts');
    const hits = fast.hits;
    const sane = await send('GET', '/api/load/loadProducts', { 'X-Request-Id': 'lb-1234abcd' });
    expect(sane.headers['x-request-id']).toBe('lb-1234abcd');
    const unsafe = await send('GET', '/api/load/loadProducts', { 'X-Request-Id': 'x<script>' });
    expect(unsafe.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(fast.hits).toBe(hits + 2);
  });

  it('sees a cache invalidation at once: the next answer is the new data, then served fast again', async () => {
    const ds = t.app.get(DataSource);
    const before = await send('GET', '/api/load/loadProducts');
    await send('GET', '/api/load/loadProducts'); // cached
    await ds.query('UPDATE products SET title = ? WHERE id = ?', ['快速路徑改名', productId]);
    await t.app.get(CatalogService).invalidate();
    const hits = fast.hits;
    const after = await send('GET', '/api/load/loadProducts');
    expect(fast.hits).toBe(hits); // a miss: the normal path loaded the new list
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const products = (decoded(after) as { products: { product_id: number; title: string }[] }).products;
    expect(products.find((p) => p.product_id === productId)?.title).toBe('快速路徑改名');
    const again = await send('GET', '/api/load/loadProducts');
    expect(fast.hits).toBe(hits + 1);
    expect(again.body.equals(after.body)).toBe(true);
  });

  it('counts a product view for every fast-path hit, like the normal path', async () => {
    const ds = t.app.get(DataSource);
    const views = t.app.get(ProductViewsService);
    await send('GET', `/api/load/productD/${productId}`);
    await views.flush();
    const [before]: { views_count: number }[] = await ds.query('SELECT views_count FROM products WHERE id = ?', [productId]);
    const hits = fast.hits;
    for (let i = 0; i < 3; i++) expect((await send('GET', `/api/load/productD/${productId}`)).status).toBe(200);
    expect(fast.hits).toBe(hits + 3);
    await views.flush();
    const [after]: { views_count: number }[] = await ds.query('SELECT views_count FROM products WHERE id = ?', [productId]);
    expect(Number(after.views_count)).toBe(Number(before.views_count) + 3);
  });

  it('leaves anything unusual to the normal path (validation, errors, other methods)', async () => {
    await send('GET', '/api/load/loadProducts');
    await send('POST', '/api/load/homepage', {}, JSON.stringify(HOME));
    const hits = fast.hits;

    const notFound = await send('GET', '/api/load/productD/999999');
    expect(notFound.status).toBe(404);
    expect(decoded(notFound)).toEqual({ success: false, message: '找不到商品' });
    expect((await send('GET', '/api/load/productD/abc')).status).toBe(404);
    expect((await send('HEAD', '/api/load/loadProducts')).status).toBe(200);

    const extra = await send('POST', '/api/load/homepage', {}, JSON.stringify({ ...HOME, admin: true }));
    expect(extra.status).toBe(400);
    expect((decoded(extra) as { success: boolean }).success).toBe(false);
    const tooLong = await send('POST', '/api/load/homepage', {}, JSON.stringify({ homeVersion: 'x'.repeat(65) }));
    expect(decoded(tooLong)).toEqual({ success: false, message: '版本格式錯誤' });
    // A stored numeric version is accepted by the DTO (turned into a string): answered by the normal path.
    const numeric = await send('POST', '/api/load/homepage', {}, JSON.stringify({ homeVersion: 1 }));
    expect(numeric.status).toBe(200);
    expect(fast.hits).toBe(hits);

    // Malformed JSON: the body parser's error, answered as by the normal path (with helmet's headers).
    const malformed = await send('POST', '/api/load/homepage', {}, '{"homeVersion":');
    expect(malformed.status).toBe(400);
    expect(decoded(malformed)).toEqual({ success: false, message: '提供的資料無效或不完整' });
    expect(malformed.headers['content-security-policy']).toContain("default-src 'self'");
    expect(fast.hits).toBe(hits);
  });
});
