import Fastify, { type FastifyInstance } from 'fastify';
import { CachedJson, toCachedJson } from '../cache/read-cache.service';
import { FastReads } from './fast-reads';
import { registerBodyParsers } from './json-body';
import { helmetHeaders } from './security-headers';

describe('FastReads (hooks on Fastify)', () => {
  const list = toCachedJson({ success: true, list: [1, 2, 3] });
  const pages = new Map<number, CachedJson>([[7, toCachedJson({ success: true, id: 7 })]]);
  const peekedBodies: Record<string, unknown>[] = [];
  let f: FastifyInstance;
  let fast: FastReads;
  const routeBodies: unknown[] = [];

  beforeAll(async () => {
    fast = new FastReads();
    fast.get('/api/list', () => list);
    fast.getById('/api/page/', (id) => pages.get(id));
    fast.postVersions('/api/home', ['v'], (body) => {
      peekedBodies.push(body);
      return body.v === 'cached' ? list : undefined;
    });
    f = Fastify({ genReqId: () => 'req-1234567', routerOptions: { ignoreTrailingSlash: true } }); // as the app's (bootstrap)
    const security = helmetHeaders({});
    f.addHook('onRequest', (req, reply, done) => {
      reply.headers(security).header('X-Request-Id', req.id);
      done();
    });
    fast.register(f);
    registerBodyParsers(f);
    // The "route": says who answered and what body it saw.
    const route = async (req: { body: unknown }, reply: { code(n: number): unknown }) => {
      routeBodies.push(req.body);
      reply.code(299);
      return { route: true, body: req.body ?? null };
    };
    f.get('/api/list', route);
    f.get('/api/page/:id', route);
    f.post('/api/home', route);
    f.post('/api/list', route);
    await f.ready();
  });
  afterAll(() => f.close());

  const post = (url: string, payload: string) => f.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json' } });

  it('answers registered hits with the hooks’ headers (helmet, X-Request-Id), and ignores the query string', async () => {
    const before = fast.hits;
    const res = await f.inject(`/api/list?t=1`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, list: [1, 2, 3] });
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-request-id']).toBe('req-1234567');
    expect(res.headers.etag).toBe(list.etag);
    expect(fast.hits).toBe(before + 1);
    expect((await f.inject('/api/page/7')).statusCode).toBe(200);
    expect(fast.hits).toBe(before + 2);
    const again = await f.inject({ url: '/api/list', headers: { 'if-none-match': list.etag } });
    expect([again.statusCode, again.body]).toEqual([304, '']);
  });

  it.each(['/api/page/8', '/api/page/-1', '/api/page/1e1', '/api/page/%37', '/api/list/'])('lets %s through', async (path) => {
    const before = fast.hits;
    const res = await f.inject(path);
    expect(res.statusCode).toBe(299);
    expect(fast.hits).toBe(before);
  });

  it('lets other methods through', async () => {
    expect((await f.inject({ method: 'HEAD', url: '/api/list' })).statusCode).toBe(299);
    expect((await post('/api/list', '{}')).statusCode).toBe(299);
  });

  it('answers a POST hit from the body it read before the parser, and hands the same body to the route on a miss or an unusual body', async () => {
    const before = fast.hits;
    const hit = await post('/api/home', '{"v":"cached"}');
    expect(hit.statusCode).toBe(200);
    expect(hit.headers['x-content-type-options']).toBe('nosniff');
    expect(fast.hits).toBe(before + 1);
    for (const body of ['{"v":"other"}', '{"v":"cached","x":1}', '{"v":1}', '{"v":null}', '[]', `{"v":"${'x'.repeat(65)}"}`]) {
      const res = await post('/api/home', body);
      expect(res.statusCode).toBe(299);
      expect(res.json<{ body: unknown }>().body).toEqual(JSON.parse(body));
    }
    // Over 1 KB (even a hit once parsed), or encoded: the route's parser and limits, untouched.
    const padded = `{"v":"cached"${' '.repeat(1024)}}`;
    const large = await post('/api/home', padded);
    expect([large.statusCode, large.json<{ body: unknown }>().body]).toEqual([299, { v: 'cached' }]);
    expect(fast.hits).toBe(before + 1);
    expect(peekedBodies).toEqual([{ v: 'cached' }, { v: 'other' }]);
  });

  it('leaves a malformed body to the normal error path, with the security headers set', async () => {
    const res = await post('/api/home', '{"v":');
    expect(res.statusCode).toBe(400);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
