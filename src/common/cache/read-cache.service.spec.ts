import { randomBytes } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { redisSuite, TEST_REDIS_URL } from '../testing/redis-probe';
import type { AppConfig } from '../../config/app-config';
import { ReadCache, toCachedJson } from './read-cache.service';

const config = { redisPrefix: 't', catalogCacheSeconds: 60 } as AppConfig;

describe('ReadCache', () => {
  it('loads once for concurrent misses and serves the copy until invalidated', async () => {
    const cache = new ReadCache(config);
    let loads = 0;
    const loader = async () => {
      loads++;
      await new Promise((r) => setTimeout(r, 5));
      return { n: loads };
    };
    const [a, b] = await Promise.all([cache.getOrLoad('k:1', loader), cache.getOrLoad('k:1', loader)]);
    expect(a).toEqual({ n: 1 });
    expect(b).toBe(a);
    expect(await cache.getOrLoad('k:1', loader)).toBe(a);
    await cache.invalidate('k:');
    expect(await cache.getOrLoad('k:1', loader)).toEqual({ n: 2 });
    await cache.onModuleDestroy();
  });

  it('does not keep a value loaded across an invalidation', async () => {
    const cache = new ReadCache(config);
    let release!: () => void;
    const slow = cache.getOrLoad('k', () => new Promise<string>((r) => (release = () => r('old'))));
    await cache.invalidate('k');
    release();
    expect(await slow).toBe('old');
    expect(await cache.getOrLoad('k', async () => 'new')).toBe('new');
  });

  it('keeps a value loaded across the drop of other keys (a sale on one product leaves the list load alone)', async () => {
    const cache = new ReadCache(config);
    let release!: () => void;
    const list = cache.getOrLoad('catalog:list', () => new Promise<string>((r) => (release = () => r('list'))));
    const page = cache.getOrLoad('catalog:product:1:page', () => new Promise<string>((r) => setTimeout(() => r('page'), 5)));
    await cache.invalidate('catalog:product:2:');
    await cache.invalidate('catalog:product:1:');
    release();
    expect(await list).toBe('list');
    expect(await page).toBe('page');
    expect(cache.peek('catalog:list')).toBe('list');
    expect(cache.peek('catalog:product:1:page')).toBeUndefined();
    // Later loads are stored again.
    await cache.getOrLoad('catalog:product:1:page', async () => 'page 2');
    expect(cache.peek('catalog:product:1:page')).toBe('page 2');
  });

  it('does not cache failures', async () => {
    const cache = new ReadCache(config);
    await expect(cache.getOrLoad('e', async () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.getOrLoad('e', async () => 'ok')).toBe('ok');
  });

  it('serialises JSON once with a strong ETag that changes with the content', () => {
    const a = toCachedJson({ success: true, x: 1 });
    expect(a.body).toBe('{"success":true,"x":1}');
    expect(a.etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(toCachedJson({ success: true, x: 1 }).etag).toBe(a.etag);
    expect(toCachedJson({ success: true, x: 2 }).etag).not.toBe(a.etag);
  });

  it('keeps compressed copies that decode to the same JSON', () => {
    const a = toCachedJson({ success: true, text: '保濕精華'.repeat(100) });
    expect(gunzipSync(a.bytes('gzip')).toString()).toBe(a.body);
    expect(brotliDecompressSync(a.bytes('br')).toString()).toBe(a.body);
    expect(a.bytes('identity')).toBe(a.raw);
  });

  it('peeks at fresh entries without loading', async () => {
    const cache = new ReadCache(config);
    expect(cache.peek('p')).toBeUndefined();
    await cache.getOrLoad('p', async () => 42);
    expect(cache.peek('p')).toBe(42);
    await cache.invalidate('p');
    expect(cache.peek('p')).toBeUndefined();
    const expired = new ReadCache(config);
    await expired.getOrLoad('q', async () => 1, 0);
    expect(expired.peek('q')).toBeUndefined();
  });
});

(redisSuite('ReadCache broadcast tests') ? describe : describe.skip)('ReadCache across processes (Redis pub/sub)', () => {
  const shared = { ...config, redisUrl: TEST_REDIS_URL, redisPrefix: `skinshop-unit-${randomBytes(3).toString('hex')}` } as AppConfig;
  let a: ReadCache;
  let b: ReadCache;
  beforeAll(async () => {
    a = new ReadCache(shared);
    b = new ReadCache(shared);
    // Both subscribed before the first broadcast.
    await new Promise((r) => setTimeout(r, 300));
  });
  afterAll(async () => Promise.all([a.onModuleDestroy(), b.onModuleDestroy()]));

  const settle = () => new Promise((r) => setTimeout(r, 200));

  it("drops the other process's copy, and not the copy this process refilled after its own invalidation", async () => {
    let loads = 0;
    const loader = async () => ({ n: ++loads });
    await a.getOrLoad('catalog:list', loader);
    await b.getOrLoad('catalog:list', loader);
    expect(b.peek('catalog:list')).toBeDefined();

    await a.invalidate('catalog:');
    const refilled = await a.getOrLoad('catalog:list', loader); // before its own broadcast comes back
    await settle();
    expect(b.peek('catalog:list')).toBeUndefined();
    expect(a.peek('catalog:list')).toBe(refilled);
  });
});
