import { fastifyCookie } from '@fastify/cookie';
import Fastify from 'fastify';
import { COOKIE_OPTIONS } from '../../common/http/cookie-options';
import { csrfExemption } from './csrf.service';

/** `request.cookies` as the app's routes see them (@fastify/cookie, registered by configureHttp). */
async function parseCookies(header: string | undefined): Promise<Record<string, string | undefined>> {
  const app = Fastify();
  await app.register(fastifyCookie, COOKIE_OPTIONS);
  app.get('/', (req) => req.cookies);
  try {
    const res = await app.inject({ method: 'GET', url: '/', headers: header === undefined ? {} : { cookie: header } });
    return res.json();
  } finally {
    await app.close();
  }
}

describe('CSRF helpers', () => {
  it('matches an exempt path and what is under it, never a longer sibling', () => {
    const exempt = csrfExemption(['/api/payments/notify', '/api/webhooks/']);
    expect(exempt('/api/payments/notify')).toBe(true);
    expect(exempt('/api/payments/notify/payuni')).toBe(true);
    expect(exempt('/api/payments/notifyx')).toBe(false);
    expect(exempt('/api/webhooks/line')).toBe(true);
    expect(exempt('/api/webhooks')).toBe(false);
    expect(exempt('/api/user/updateUser')).toBe(false);
  });

  it('reads the Cookie header: first value wins, quotes and percent-encoding undone, junk skipped', async () => {
    const c = await parseCookies('csrf=a.b; vid="x%2Fy"; csrf=planted; bad; =v; sid=s%3Aid.sig; odd=%E0%A4%A');
    expect(c.csrf).toBe('a.b');
    expect(c.vid).toBe('x/y');
    expect(c.sid).toBe('s:id.sig');
    expect(c.odd).toBe('%E0%A4%A');
    // `bad` (no '=') is skipped; `=v` is a cookie with an empty name for the `cookie` 2 parser
    // (RFC 6265bis), under a key nothing reads.
    expect(Object.keys(c).sort()).toEqual(['', 'csrf', 'odd', 'sid', 'vid']);
    expect(await parseCookies(undefined)).toEqual({});
  });
});
