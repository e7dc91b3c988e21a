import express from 'express';
import request from 'supertest';
import { AllExceptionsFilter } from './all-exceptions.filter';
import {
  BODY_MSG,
  DEFAULT_JSON_LIMIT,
  FORM_BODY_LIMIT,
  FORM_BODY_ROUTES,
  jsonBodyParser,
  jsonLimitFor,
  jsonNestsDeeperThan,
  MAX_JSON_DEPTH,
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

describe('jsonBodyParser', () => {
  /** A bare Express app with the parser, the echo route and the real exception filter. */
  function app(limits?: JsonBodyLimit[]) {
    const a = express();
    a.use(jsonBodyParser(limits));
    a.post(/.*/, (req, res) => void res.json({ keys: Object.keys(req.body ?? {}) }));
    const filter = new AllExceptionsFilter();
    a.use((err: unknown, req: express.Request, res: express.Response, _next: express.NextFunction) =>
      filter.catch(err, { switchToHttp: () => ({ getRequest: () => req, getResponse: () => res }) } as never),
    );
    return a;
  }
  const big = (size: number) => JSON.stringify({ text: 'x'.repeat(size) });

  it('takes 100 KB by default and more only on a declared route', async () => {
    const a = app([{ method: 'POST', path: '/api/admin/html', limit: 2 * 1024 * 1024, reason: 'test' }]);
    await request(a).post('/api/x').set('Content-Type', 'application/json').send(big(100 * 1024 - 20)).expect(200);
    const refused = await request(a).post('/api/x').set('Content-Type', 'application/json').send(big(100 * 1024));
    expect(refused.status).toBe(413);
    expect(refused.body).toEqual({ success: false, message: BODY_MSG.tooLarge });
    const declared = await request(a).post('/api/admin/html').set('Content-Type', 'application/json').send(big(1024 * 1024));
    expect(declared.status).toBe(200);
    expect(declared.body).toEqual({ keys: ['text'] });
    expect((await request(a).post('/api/admin/html').set('Content-Type', 'application/json').send(big(2 * 1024 * 1024))).status).toBe(413);
  });

  it('refuses nesting deeper than 32 before parsing, also on a route allowed a large body', async () => {
    const a = app([{ method: 'POST', path: '/api/admin/html', limit: 4 * 1024 * 1024, reason: 'test' }]);
    const ok = await request(a).post('/api/x').set('Content-Type', 'application/json').send(`{"a":${nested(31)}}`);
    expect(ok.status).toBe(200);
    const deep = await request(a).post('/api/x').set('Content-Type', 'application/json').send(`{"a":${nested(32)}}`);
    expect(deep.status).toBe(400);
    expect(deep.body).toEqual({ success: false, message: BODY_MSG.tooDeep });
    const started = performance.now();
    const million = await request(a).post('/api/admin/html').set('Content-Type', 'application/json').send(nested(1_000_000));
    expect(million.body).toEqual({ success: false, message: BODY_MSG.tooDeep });
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('form bodies: only the provider callbacks (FORM_BODY_ROUTES)', () => {
  function app() {
    const a = express();
    a.use(jsonBodyParser());
    a.post(/.*/, (req, res) => void res.json({ body: req.body ?? null }));
    const filter = new AllExceptionsFilter();
    a.use((err: unknown, req: express.Request, res: express.Response, _next: express.NextFunction) =>
      filter.catch(err, { switchToHttp: () => ({ getRequest: () => req, getResponse: () => res }) } as never),
    );
    return a;
  }

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

  it('parses flat form fields there (no nesting), and nowhere else', async () => {
    const a = app();
    const cb = await request(a).post('/api/payments/payuni/notify?x=1').type('form').send('MerID=S01&EncryptInfo=ab&a[b]=c');
    expect(cb.body.body).toEqual({ MerID: 'S01', EncryptInfo: 'ab', 'a[b]': 'c' });
    const other = await request(a).post('/api/user/updateUser').type('form').send('username=x');
    expect(other.body.body).toBeNull();
  });

  it('refuses an oversized form or an unknown charset in the envelope', async () => {
    const a = app();
    const big = await request(a).post('/api/payments/payuni/return').type('form').send(`EncryptInfo=${'a'.repeat(FORM_BODY_LIMIT + 1)}`);
    expect(big.status).toBe(413);
    expect(big.body).toEqual({ success: false, message: BODY_MSG.tooLarge });
    const latin = await request(a).post('/api/payments/payuni/return').set('Content-Type', 'application/x-www-form-urlencoded; charset=utf-16').send('a=b');
    expect(latin.status).toBe(415);
  });
});
