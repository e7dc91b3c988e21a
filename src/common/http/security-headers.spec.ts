import helmet from 'helmet';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { helmetHeaders } from './security-headers';

describe('helmetHeaders', () => {
  const options = {
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'self'"], upgradeInsecureRequests: [] } },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' as const },
  };

  /** What helmet's middleware writes on a real node:http response for `options`. */
  async function helmetOnTheWire(): Promise<Record<string, string>> {
    const mw = helmet(options);
    const server: Server = createServer((req, res) => mw(req, res, () => res.end('ok')));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const { port } = server.address() as AddressInfo;
      return await new Promise((resolve, reject) => {
        request({ host: '127.0.0.1', port, path: '/' }, (res) => {
          res.resume();
          const own = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);
          resolve(Object.fromEntries(Object.entries(res.headers).filter(([k]) => !own.has(k)).map(([k, v]) => [k, String(v)])));
        })
          .on('error', reject)
          .end();
      });
    } finally {
      server.close();
    }
  }

  it('are exactly the headers helmet writes for the same options, lower-cased', async () => {
    const headers = helmetHeaders(options);
    expect(headers).toEqual(await helmetOnTheWire());
    expect(headers['content-security-policy']).toBe("default-src 'self';upgrade-insecure-requests");
    expect(headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    expect(headers).not.toHaveProperty('cross-origin-embedder-policy');
    expect(Object.isFrozen(headers)).toBe(true);
  });

  it('refuses options helmet refuses (at boot, not on a request)', () => {
    expect(() => helmetHeaders({ contentSecurityPolicy: { directives: { defaultSrc: ["'self'; script-src *"] } } })).toThrow();
  });
});
