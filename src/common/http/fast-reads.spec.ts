import express from 'express';
import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { headersSetBy } from '../../http-setup';
import { CachedJson, toCachedJson } from '../cache/read-cache.service';
import { FastReads } from './fast-reads';

describe('FastReads', () => {
  const list = toCachedJson({ success: true, list: [1, 2, 3] });
  const pages = new Map<number, CachedJson>([[7, toCachedJson({ success: true, id: 7 })]]);
  const peekedBodies: Record<string, unknown>[] = [];
  let server: Server;
  let base: string;
  let fast: FastReads;

  beforeAll(async () => {
    fast = new FastReads();
    fast.get('/api/list', () => list);
    fast.getById('/api/page/', (id) => pages.get(id));
    fast.postVersions('/api/home', ['v'], (body) => {
      peekedBodies.push(body);
      return body.v === 'cached' ? list : undefined;
    });
    const app = express();
    const security = helmet();
    app.use(fast.middleware({ securityHeaders: headersSetBy(security), jsonParser: express.json() }));
    app.use(security);
    app.use(express.json());
    // The "normal path": says who answered and what body it saw.
    app.use((req: Request, res: Response) => void res.status(299).json({ normal: true, body: req.body as unknown }));
    app.use((err: { status?: number }, _req: Request, res: Response, _next: NextFunction) => void res.status(err.status ?? 500).json({ error: true }));
    server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((r) => server.close(r)));

  const post = (path: string, body: string) => fetch(`${base}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });

  it('captures the headers a middleware sets (helmet: no per-request values)', () => {
    const headers = Object.fromEntries(headersSetBy(helmet()));
    expect(headers['X-Frame-Options']).toBe('SAMEORIGIN');
    expect(headers['Content-Security-Policy']).toContain("default-src 'self'");
    expect(headersSetBy(helmet())).toEqual(headersSetBy(helmet()));
  });

  it('answers registered hits with the security headers, and ignores the query string', async () => {
    const before = fast.hits;
    const res = await fetch(`${base}/api/list?t=1`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, list: [1, 2, 3] });
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(res.headers.get('etag')).toBe(list.etag);
    expect(fast.hits).toBe(before + 1);
    expect((await fetch(`${base}/api/page/7`)).status).toBe(200);
    expect(fast.hits).toBe(before + 2);
  });

  it.each(['/api/page/8', '/api/page/-1', '/api/page/1e1', '/api/page/%37', '/api/List', '/api/list/', '/api/page/'])('lets %s through', async (path) => {
    const before = fast.hits;
    const res = await fetch(`${base}${path}`);
    expect(res.status).toBe(299);
    expect(fast.hits).toBe(before);
  });

  it('lets other methods through', async () => {
    expect((await fetch(`${base}/api/list`, { method: 'HEAD' })).status).toBe(299);
    expect((await post('/api/list', '{}')).status).toBe(299);
  });

  it('answers a POST hit and hands the parsed body to the normal path on a miss or an unusual body', async () => {
    const before = fast.hits;
    expect((await post('/api/home', '{"v":"cached"}')).status).toBe(200);
    expect(fast.hits).toBe(before + 1);
    for (const body of ['{"v":"other"}', '{"v":"cached","x":1}', '{"v":1}', '{"v":null}', '[]', `{"v":"${'x'.repeat(65)}"}`]) {
      const res = await post('/api/home', body);
      expect(res.status).toBe(299);
      expect(((await res.json()) as { body: unknown }).body).toEqual(JSON.parse(body));
    }
    expect(fast.hits).toBe(before + 1);
    expect(peekedBodies).toEqual([{ v: 'cached' }, { v: 'other' }]);
  });

  it('passes a malformed body to the error handler with the security headers set', async () => {
    const res = await post('/api/home', '{"v":');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: true });
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
