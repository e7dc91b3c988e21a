import Fastify from 'fastify';
import pino from 'pino';
import { Writable } from 'node:stream';
import { requestIdFor, requestLogHook } from './logger';

describe('requestLogHook', () => {
  async function logged(level: string, urls: string[]): Promise<Record<string, unknown>[]> {
    const lines: string[] = [];
    const sink = new Writable({ write: (chunk, _enc, cb) => (lines.push(String(chunk)), cb()) });
    const root = pino({ level }, sink);
    const f = Fastify({ genReqId: () => 'req-000001' });
    f.addHook('onResponse', requestLogHook(root));
    f.get('/api/ok', async () => ({ ok: true }));
    f.get('/api/health', async () => ({ ok: true }));
    f.get('/api/login/google-login', async () => ({ ok: true }));
    f.get('/api/boom', async () => {
      throw new Error('x');
    });
    for (const url of urls) await f.inject({ url, headers: { cookie: 'sid=secret', authorization: 'Bearer t' } });
    await f.close();
    return lines.map((l) => JSON.parse(l) as Record<string, unknown>);
  }

  it('writes one line per request with id, method, url, status and time; never headers, cookies or a login code', async () => {
    const lines = await logged('info', ['/api/ok?x=1', '/api/health', '/api/login/google-login?code=ONE-TIME', '/api/missing', '/api/boom']);
    expect(lines.map((l) => [l.level, (l.req as { url: string }).url, (l.res as { statusCode: number }).statusCode])).toEqual([
      [30, '/api/ok?x=1', 200],
      [30, '/api/login/google-login', 200],
      [40, '/api/missing', 404],
      [50, '/api/boom', 500],
    ]);
    expect(lines[0]).toMatchObject({ msg: 'request completed', req: { id: 'req-000001', method: 'GET' } });
    expect(typeof lines[0].responseTime).toBe('number');
    expect(JSON.stringify(lines)).not.toMatch(/secret|Bearer|ONE-TIME/);
  });

  it('writes nothing below the configured level', async () => {
    expect(await logged('warn', ['/api/ok', '/api/missing'])).toHaveLength(1);
    expect(await logged('silent', ['/api/ok', '/api/boom'])).toHaveLength(0);
  });
});

describe('requestIdFor', () => {
  it('keeps a sane X-Request-Id and makes a UUID otherwise', () => {
    expect(requestIdFor({ headers: { 'x-request-id': 'abc-123_45.6' } } as never)).toBe('abc-123_45.6');
    expect(requestIdFor({ headers: { 'x-request-id': 'bad id\n' } } as never)).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdFor({ headers: {} } as never)).toMatch(/^[0-9a-f-]{36}$/);
  });
});
