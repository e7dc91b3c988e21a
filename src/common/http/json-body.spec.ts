import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { gzipSync } from 'node:zlib';
import { AllExceptionsFilter } from './all-exceptions.filter';
import {
  bodyError,
  bodyLimitFor,
  BODY_MSG,
  DEFAULT_JSON_LIMIT,
  FORM_BODY_LIMIT,
  FORM_BODY_ROUTES,
  jsonLimitFor,
  jsonNestsDeeperThan,
  MAX_JSON_DEPTH,
  registerBodyParsers,
  REQUEST_ENCODINGS,
  takesFormBody,
  type JsonBodyLimit,
} from './json-body';

const bytes = (s: string) => Buffer.from(s, 'utf8');
const nested = (depth: number, open = '[', close = ']') => open.repeat(depth) + close.repeat(depth);

describe('jsonNestsDeeperThan', () => {
  it('counts objects and arrays together, up to the limit inclusive', () => {
    expect(jsonNestsDeeperThan(bytes(nested(32)), 32)).toBe(false);
    expect(jsonNestsDeeperThan(bytes(nested(33)), 32)).toBe(true);
    expect(jsonNestsDeeperThan(bytes('{"a":[{"b":[1]}]}'), 4)).toBe(false);
    expect(jsonNestsDeeperThan(bytes('{"a":[{"b":[1]}]}'), 3)).toBe(true);
  });

  it('measures depth, not how many containers there are', () => {
    const wide = `[${Array.from({ length: 10_000 }, () => '{"a":[1,2]}').join(',')}]`;
    expect(jsonNestsDeeperThan(bytes(wide), 3)).toBe(false);
  });

  it('ignores brackets inside strings, escaped quotes and backslashes included', () => {
    expect(jsonNestsDeeperThan(bytes(JSON.stringify({ s: '[[[[[[[[{{{{{{' })), 1)).toBe(false);
    expect(jsonNestsDeeperThan(bytes(JSON.stringify({ s: 'say "[[[[" \\', t: '\\"{{{{' })), 1)).toBe(false);
    // An escaped backslash ends right before the closing quote: what follows is outside the string.
    expect(jsonNestsDeeperThan(bytes('{"s":"\\\\","t":[[[]]]}'), 3)).toBe(true);
    expect(jsonNestsDeeperThan(bytes(JSON.stringify({ s: '中文「[」', n: [[1]] })), 3)).toBe(false);
  });

  it('scans a megabyte nested a million deep without recursion', () => {
    const started = performance.now();
    expect(jsonNestsDeeperThan(bytes(nested(1_000_000)), MAX_JSON_DEPTH)).toBe(true);
    const flat = bytes(`[${'1,'.repeat(1_000_000)}1]`);
    expect(jsonNestsDeeperThan(flat, MAX_JSON_DEPTH)).toBe(false);
    expect(performance.now() - started).toBeLessThan(500);
  });
});

describe('jsonLimitFor: the per-route table', () => {
  const table: JsonBodyLimit[] = [
    { method: 'POST', path: '/api/admin/htmlpage/', limit: 2 * 1024 * 1024, reason: 'page HTML' },
    { method: 'PUT', path: '/api/admin/poster', limit: 512 * 1024, reason: 'poster HTML' },
  ];

  it('gives a declared route its limit (a trailing slash covers the paths below it) and every other the default', () => {
    expect(jsonLimitFor('POST', '/api/admin/htmlpage/12', table)).toBe(2 * 1024 * 1024);
    expect(jsonLimitFor('POST', '/api/admin/htmlpage', table)).toBe(DEFAULT_JSON_LIMIT);
    expect(jsonLimitFor('GET', '/api/admin/htmlpage/12', table)).toBe(DEFAULT_JSON_LIMIT);
    expect(jsonLimitFor('PUT', '/api/admin/poster', table)).toBe(512 * 1024);
    expect(jsonLimitFor('PUT', '/api/admin/poster/1', table)).toBe(DEFAULT_JSON_LIMIT);
    expect(jsonLimitFor('POST', '/api/user/updateUser')).toBe(100 * 1024);
  });
});

describe('bodyLimitFor: the limit an onRoute hook gives each route', () => {
  it('gives declared routes theirs, form routes 64 KB, every other the default', () => {
    expect(bodyLimitFor('POST', '/api/admin/savehtml')).toBe(2 * 1024 * 1024);
    expect(bodyLimitFor(['GET', 'HEAD'], '/api/admin/savehtml')).toBe(DEFAULT_JSON_LIMIT);
    expect(bodyLimitFor('POST', '/api/payments/payuni/notify')).toBe(FORM_BODY_LIMIT);
    expect(bodyLimitFor('POST', '/api/user/updateUser')).toBe(DEFAULT_JSON_LIMIT);
  });
});

/**
 * A bare Fastify app with the parsers, request decompression as http-setup registers it, echo
 * routes and the real exception filter (after bodyError, as the adapter in bootstrap applies it).
 */
async function bareApp(limits?: JsonBodyLimit[]): Promise<FastifyInstance> {
  const f = Fastify();
  await f.register(compress, { requestEncodings: [...REQUEST_ENCODINGS] });
  registerBodyParsers(f, limits);
  const filter = new AllExceptionsFilter();
  f.setErrorHandler((err, req, reply) =>
    filter.catch(bodyError(err), { switchToHttp: () => ({ getRequest: () => req, getResponse: () => reply }) } as never),
  );
  const echo = async (req: { body: unknown }) => ({ keys: Object.keys(req.body ?? {}), body: req.body ?? null });
  for (const path of ['/api/x', '/api/admin/html', '/api/user/updateUser', ...FORM_BODY_ROUTES.map((r) => r.path)]) f.post(path, echo);
  await f.ready();
  return f;
}

describe('registerBodyParsers (JSON)', () => {
  const big = (size: number) => JSON.stringify({ text: 'x'.repeat(size) });
  const post = (f: FastifyInstance, url: string, payload: string | Buffer, headers: Record<string, string> = {}) =>
    f.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json', ...headers } });

  it('takes 100 KB by default and more only on a declared route', async () => {
    const a = await bareApp([{ method: 'POST', path: '/api/admin/html', limit: 2 * 1024 * 1024, reason: 'test' }]);
    expect((await post(a, '/api/x', big(100 * 1024 - 20))).statusCode).toBe(200);
    const refused = await post(a, '/api/x', big(100 * 1024));
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toEqual({ success: false, message: BODY_MSG.tooLarge });
    const declared = await post(a, '/api/admin/html', big(1024 * 1024));
    expect(declared.statusCode).toBe(200);
    expect(declared.json().keys).toEqual(['text']);
    expect((await post(a, '/api/admin/html', big(2 * 1024 * 1024))).statusCode).toBe(413);
    await a.close();
  });

  it('counts the decompressed size, and answers a bad or unknown Content-Encoding with 400', async () => {
    const a = await bareApp();
    const bomb = gzipSync(big(200 * 1024));
    expect(bomb.length).toBeLessThan(DEFAULT_JSON_LIMIT);
    const inflated = await post(a, '/api/x', bomb, { 'content-encoding': 'gzip' });
    expect([inflated.statusCode, inflated.json()]).toEqual([413, { success: false, message: BODY_MSG.tooLarge }]);
    expect((await post(a, '/api/x', gzipSync('{"a":1}'), { 'content-encoding': 'gzip' })).json().keys).toEqual(['a']);
    const broken = await post(a, '/api/x', '{"a":1}', { 'content-encoding': 'gzip' });
    expect([broken.statusCode, broken.json()]).toEqual([400, { success: false, message: BODY_MSG.badEncoding }]);
    for (const coding of ['compress', 'zstd', 'gzip, gzip']) {
      const res = await post(a, '/api/x', '{"a":1}', { 'content-encoding': coding });
      expect([coding, res.statusCode, res.json()]).toEqual([coding, 400, { success: false, message: BODY_MSG.unsupportedEncoding }]);
    }
    await a.close();
  });

  it('refuses nesting deeper than 32 before parsing, also on a route allowed a large body', async () => {
    const a = await bareApp([{ method: 'POST', path: '/api/admin/html', limit: 4 * 1024 * 1024, reason: 'test' }]);
    expect((await post(a, '/api/x', `{"a":${nested(31)}}`)).statusCode).toBe(200);
    const deep = await post(a, '/api/x', `{"a":${nested(32)}}`);
    expect(deep.statusCode).toBe(400);
    expect(deep.json()).toEqual({ success: false, message: BODY_MSG.tooDeep });
    const started = performance.now();
    const million = await post(a, '/api/admin/html', nested(1_000_000));
    expect(million.json()).toEqual({ success: false, message: BODY_MSG.tooDeep });
    expect(performance.now() - started).toBeLessThan(1000);
    await a.close();
  });

  it('answers malformed JSON, a bare value, a foreign charset and a poisoned prototype in the envelope; an empty body is {}', async () => {
    const a = await bareApp();
    for (const body of ['{"a": ', '"text"', '42', '{"__proto__":{"admin":true}}']) {
      const res = await post(a, '/api/x', body);
      expect([body, res.statusCode, res.json()]).toEqual([body, 400, { success: false, message: BODY_MSG.malformed }]);
    }
    const utf16 = await post(a, '/api/x', Buffer.from('{"a":1}', 'utf16le'), { 'content-type': 'application/json; charset=utf-16le' });
    expect([utf16.statusCode, utf16.json()]).toEqual([415, { success: false, message: BODY_MSG.charset }]);
    expect((await post(a, '/api/x', '{"a":1}', { 'content-type': 'application/json; charset=UTF-8' })).json().keys).toEqual(['a']);
    expect((await post(a, '/api/x', '')).json().body).toEqual({});
    await a.close();
  });

  it('reads no body of another type (the route sees none)', async () => {
    const a = await bareApp();
    const res = await a.inject({ method: 'POST', url: '/api/x', payload: 'a=b', headers: { 'content-type': 'text/plain' } });
    expect([res.statusCode, res.json().body]).toEqual([200, null]);
    await a.close();
  });
});

describe('form bodies: only the provider callbacks (FORM_BODY_ROUTES)', () => {
  it('lists the four callback routes, exactly', () => {
    expect(FORM_BODY_ROUTES.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /api/payments/payuni/notify',
      'POST /api/payments/payuni/return',
      'POST /api/logistics/cvs-map/return',
      'POST /api/logistics/payuni/notify',
    ]);
    expect(takesFormBody('POST', '/api/logistics/cvs-map/return')).toBe(true);
    expect(takesFormBody('POST', '/api/logistics/cvs-map/return/x')).toBe(false);
    expect(takesFormBody('GET', '/api/payments/payuni/notify')).toBe(false);
  });

  const form = (f: FastifyInstance, url: string, payload: string, type = 'application/x-www-form-urlencoded') =>
    f.inject({ method: 'POST', url, payload, headers: { 'content-type': type } });

  it('parses flat form fields there (no nesting), and nowhere else', async () => {
    const a = await bareApp();
    const cb = await form(a, '/api/payments/payuni/notify?x=1', 'MerID=S01&EncryptInfo=ab&a[b]=c');
    expect(cb.json().body).toEqual({ MerID: 'S01', EncryptInfo: 'ab', 'a[b]': 'c' });
    const other = await form(a, '/api/user/updateUser', 'username=x');
    expect(other.json().body).toBeNull();
    // A JSON body on a callback route is not used either.
    expect((await form(a, '/api/payments/payuni/notify', '{"MerID":"S01"}', 'application/json')).json().body).toBeNull();
    await a.close();
  });

  it('refuses an oversized form, too many fields or an unknown charset in the envelope', async () => {
    const a = await bareApp();
    const big = await form(a, '/api/payments/payuni/return', `EncryptInfo=${'a'.repeat(FORM_BODY_LIMIT + 1)}`);
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ success: false, message: BODY_MSG.tooLarge });
    const fields = (n: number) => Array.from({ length: n }, (_, i) => `f${i}=1`).join('&');
    expect(Object.keys((await form(a, '/api/payments/payuni/return', fields(50))).json().body)).toHaveLength(50);
    expect((await form(a, '/api/payments/payuni/return', fields(51))).json()).toEqual({ success: false, message: BODY_MSG.malformed });
    const latin = await form(a, '/api/payments/payuni/return', 'a=b', 'application/x-www-form-urlencoded; charset=utf-16');
    expect(latin.statusCode).toBe(415);
    await a.close();
  });
});
