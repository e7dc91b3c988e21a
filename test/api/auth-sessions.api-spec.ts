import Redis from 'ioredis';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../src/config/app-config';
import type { SessionData } from '../../src/common/auth/session.types';
import { SessionBackend } from '../../src/modules/auth/session/session-backend';
import type { SessionStore } from '../../src/modules/auth/session/session-store';
import { BrowserSession, isolatedEnv, registerMember } from '../../src/modules/auth/testing/browser-session';
import { createTestApp, TestApp } from '../helpers/test-app';

// jest ignores `testTimeout` inside a project entry; app start-up on MariaDB needs more than the 5 s default.
jest.setTimeout(60_000);

/** The session id inside a signed `sid` cookie value (`s:<id>.<signature>`). */
const sessionId = (cookie: string) => decodeURIComponent(cookie).replace(/^s:/, '').replace(/\.[^.]+$/, '');

const setCookies = (res: request.Response): string[] => ([] as string[]).concat(res.headers['set-cookie'] ?? []);
/** `name=value` pairs of a response's Set-Cookie headers, as a browser would send them back. */
const cookiePairs = (res: request.Response): string => setCookies(res).map((c) => c.split(';')[0]).join('; ');

const CSRF_REFUSED = { success: false, message: '頁面已逾時或請求來源不明，請重新整理頁面後再試' };

/**
 * How many sessions the server stores: rows of the `sessions` table, or the session keys under
 * this app's Redis prefix when sessions live in Redis.
 */
async function storedSessions(t: TestApp, userId?: number): Promise<number> {
  const config = t.app.get<AppConfig>(APP_CONFIG);
  if (!config.redisUrl) {
    const where = userId === undefined ? '' : ` WHERE user_id = ${Number(userId)}`;
    const [row] = await t.app.get(DataSource).query(`SELECT COUNT(*) AS n FROM sessions${where}`);
    return Number(row.n);
  }
  const redis = new Redis(config.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    let n = 0;
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${config.redisPrefix}:sess:*`, 'COUNT', 1000);
      cursor = next;
      for (const key of keys) {
        if (userId === undefined) n++;
        else if ((JSON.parse((await redis.get(key)) ?? '{}') as SessionData).passport?.user === userId) n++;
      }
    } while (cursor !== '0');
    return n;
  } finally {
    redis.disconnect();
  }
}

describe('sessions: server-side store, idle and absolute timeouts', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(isolatedEnv());
  });
  afterAll(async () => t?.close());

  const browser = () => new BrowserSession(request.agent(t.http));
  const store = (): SessionStore => t.app.get(SessionBackend, { strict: false }).getStore();
  const load = (sid: string) => new Promise<SessionData | null | undefined>((ok, ko) => store().get(sid, (err, s) => (err ? ko(err) : ok(s))));
  const save = (sid: string, s: SessionData) => new Promise<void>((ok, ko) => store().set(sid, s, (err) => (err ? ko(err) : ok())));

  it('keeps only the id in the cookie and slides the idle expiry on each request', async () => {
    const b = browser();
    await registerMember(t.app, b);
    const res = await b.get('/api/login/getuser').expect(200);
    const cookie = setCookies(res).find((c) => c.startsWith('sid='));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);
    const expires = new Date(/Expires=([^;]+)/.exec(cookie as string)?.[1] as string).getTime();
    expect(expires - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    const stored = await load(sessionId(b.sid() as string));
    expect(stored?.passport?.user).toBe(res.body.user.user_id);
  });

  it('ends a session idle past its expiry', async () => {
    const b = browser();
    await registerMember(t.app, b);
    const sid = sessionId(b.sid() as string);
    const s = (await load(sid)) as SessionData;
    s.cookie.expires = new Date(Date.now() - 1000);
    await save(sid, s);
    await b.get('/api/login/getuser').expect(401);
  });

  it('ends a session 7 days after login however active it is', async () => {
    const b = browser();
    await registerMember(t.app, b);
    const sid = sessionId(b.sid() as string);
    const s = (await load(sid)) as SessionData;
    s.authAt = Date.now() - 7 * 24 * 3600_000 - 1000;
    await save(sid, s);
    await b.get('/api/login/getuser').expect(401);
  });
});

describe('no session for a visitor until something needs one', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(isolatedEnv());
  });
  afterAll(async () => t?.close());

  const browser = () => new BrowserSession(request.agent(t.http));

  it('GET /api/csrf-token, browsing and a failed login store nothing on the server', async () => {
    const before = await storedSessions(t);
    for (let i = 0; i < 40; i++) {
      const res = await request(t.http).get('/api/csrf-token').expect(200);
      expect(res.body.csrfToken).toMatch(/^[0-9a-f]{64}\.[0-9a-f]{64}$/);
      expect(res.headers['cache-control']).toBe('no-store');
      // The token and the visitor id travel in cookies of their own; no session cookie.
      const names = setCookies(res).map((c) => c.split('=')[0]);
      expect(names.sort()).toEqual(['csrf', 'vid']);
    }
    const b = browser();
    for (let i = 0; i < 10; i++) await b.csrfToken().then(() => b.forgetCsrf());
    await b.get('/api/login/providers').expect(200);
    await b.get('/api/login/getuser').expect(401);
    expect((await b.post('/api/login/basic-login', { account: '0911111111', password: 'wrong99' })).status).toBe(401);
    expect(await storedSessions(t)).toBe(before);
    expect(b.sid()).toBeUndefined();

    // Control: putting something in the session (a social-login state) stores exactly one.
    expect((await b.post('/api/login/state-save', { state: BrowserSession.newState() })).status).toBe(200);
    expect(b.sid()).toBeDefined();
    expect(await storedSessions(t)).toBe(before + 1);
  });

  it('answers the same token while it is valid for this visitor', async () => {
    const b = browser();
    const first = await b.csrfToken();
    b.forgetCsrf();
    expect(await b.csrfToken()).toBe(first);
    // Another visitor gets another one.
    expect(await browser().csrfToken()).not.toBe(first);
  });
});

describe('CSRF: signed double-submit token bound to the visitor, then to the member session', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(isolatedEnv({ CSRF_EXEMPT_PATHS: '/api/email/contactSend,/api/login/state' }));
  });
  afterAll(async () => t?.close());

  const browser = () => new BrowserSession(request.agent(t.http));
  const saveState = (b: BrowserSession, token: string, cookies?: string) => {
    const req = (cookies === undefined ? b.agent : request(t.http)).post('/api/login/state-save').set('X-Forwarded-For', b.ip);
    if (cookies !== undefined) req.set('Cookie', cookies);
    return req.set('X-CSRF-Token', token).send({ state: BrowserSession.newState() });
  };

  it('refuses a state-changing call without a token, with a wrong or foreign one, and accepts the right one', async () => {
    const b = browser();
    const token = await b.csrfToken();

    const none = await b.agent.post('/api/login/state-save').set('X-Forwarded-For', b.ip).send({ state: BrowserSession.newState() });
    expect(none.status).toBe(403);
    expect(none.body).toEqual(CSRF_REFUSED);

    // One character changed in the signature: header and cookie differ.
    const flipped = `${token[0] === 'a' ? 'b' : 'a'}${token.slice(1)}`;
    expect((await saveState(b, flipped)).status).toBe(403);
    // The same forged value as header and cookie (a planted cookie): the signature is checked.
    const forged = `${'0'.repeat(64)}.${token.split('.')[1]}`;
    expect((await saveState(b, forged, `vid=${b.cookie('vid')}; csrf=${forged}`)).status).toBe(403);
    // Another visitor's valid token and cookie, sent with this visitor's id: bound to the visitor.
    const other = await request(t.http).get('/api/csrf-token');
    const otherToken = other.body.csrfToken as string;
    expect((await saveState(b, otherToken, `vid=${b.cookie('vid')}; csrf=${otherToken}`)).status).toBe(403);
    // No cookies at all (a page on another site): refused.
    expect((await saveState(b, token, '')).status).toBe(403);

    const right = await saveState(b, token);
    expect(right.status).toBe(200);
    expect(right.body).toEqual({ success: true });
  });

  it('keeps exempt paths exempt (the spec public reads sent as POST, configured server-to-server paths)', async () => {
    expect((await request(t.http).post('/api/load/versions').send({})).status).toBe(200);
    // CSRF_EXEMPT_PATHS: an exempt route is reached without a token (its validation answers)…
    const exempt = await request(t.http).post('/api/email/contactSend').send({});
    expect(exempt.status).toBe(400);
    // …a longer sibling of an exempt prefix is not exempt (/api/login/state ≠ /api/login/state-save)…
    const notExempt = await request(t.http).post('/api/login/state-save').send({});
    expect(notExempt.status).toBe(403);
    // …and an unknown route is answered 404 before CSRF or the body are looked at.
    expect((await request(t.http).post('/api/test-exempted').send({})).status).toBe(404);
  });

  it('login rotates the session id; the token from before no longer works, the one login answers does', async () => {
    const { phone, password } = await registerMember(t.app, browser());
    const b = browser();
    const before = await b.csrfToken();
    expect((await b.post('/api/login/state-save', { state: BrowserSession.newState() })).status).toBe(200);
    const anonymousSid = b.sid() as string;
    expect(anonymousSid).toBeDefined();

    const login = await b.post('/api/login/basic-login', { account: phone, password });
    expect(login.status).toBe(200);
    expect(b.sid()).not.toBe(anonymousSid);
    const after = login.body.csrfToken as string;
    expect(after).toMatch(/^[0-9a-f]{64}\.[0-9a-f]{64}$/);
    expect(after).not.toBe(before);
    expect(b.cookie('csrf')).toBe(after);

    // The old pair (token + its cookie, as a page that kept it would send) with the new session.
    const member = `sid=${b.sid()}; vid=${b.cookie('vid')}`;
    const stale = await saveState(b, before, `${member}; csrf=${before}`);
    expect(stale.status).toBe(403);
    expect(stale.body).toEqual(CSRF_REFUSED);
    expect((await saveState(b, after, `${member}; csrf=${after}`)).status).toBe(200);
    // The anonymous session id from before login is gone, with its token binding.
    await request(t.http).get('/api/login/getuser').set('Cookie', `sid=${anonymousSid}`).expect(401);
    await b.get('/api/login/getuser').expect(200);

    // GET /api/csrf-token for the member answers the login's token again.
    b.forgetCsrf();
    expect(await b.csrfToken()).toBe(after);
  });

  it('GET /api/login/logout answers 405 and the member stays logged in', async () => {
    const b = browser();
    const { userId } = await registerMember(t.app, b);
    const res = await b.get('/api/login/logout');
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('POST');
    expect(res.body).toEqual({ success: false, message: '請使用會員選單中的「登出」按鈕登出' });
    await b.get('/api/login/getuser').expect(200);
    expect(await storedSessions(t, userId)).toBe(1);
  });

  it('POST /api/login/logout needs the token; with it the session ends and its cookie is cleared', async () => {
    const b = browser();
    const { userId } = await registerMember(t.app, b);
    const member = await b.csrfToken();

    const forged = await b.agent.post('/api/login/logout').set('X-Forwarded-For', b.ip).send({});
    expect(forged.status).toBe(403);
    expect(forged.body).toEqual(CSRF_REFUSED);
    await b.get('/api/login/getuser').expect(200);

    const stored = await storedSessions(t);
    const out = await b.post('/api/login/logout');
    expect(out.status).toBe(200);
    expect(out.body).toMatchObject({ success: true, message: '已登出', csrfToken: expect.stringMatching(/^[0-9a-f]{64}\.[0-9a-f]{64}$/) });
    expect(setCookies(out).find((c) => c.startsWith('sid='))).toMatch(/^sid=;.*Expires=Thu, 01 Jan 1970/);
    expect(b.sid()).toBeUndefined();
    await b.get('/api/login/getuser').expect(401);
    expect(await storedSessions(t, userId)).toBe(0);
    // Destroyed, not replaced by an empty anonymous one.
    expect(await storedSessions(t)).toBe(stored - 1);
    // The member's token died with the session; the one logout answered works for the visitor.
    expect((await saveState(b, member, `vid=${b.cookie('vid')}; csrf=${member}`)).status).toBe(403);
    expect((await b.post('/api/login/state-save', { state: BrowserSession.newState() })).status).toBe(200);
  });
});

describe('sessions in production: Secure cookies behind a TLS proxy', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(isolatedEnv({ NODE_ENV: 'production', SESSION_SECRET: 'a-production-secret-of-32-chars!!' }));
  });
  afterAll(async () => t?.close());

  it('marks every cookie Secure; the CSRF and visitor cookies are __Host- cookies', async () => {
    const tokenRes = await request(t.http).get('/api/csrf-token').set('X-Forwarded-Proto', 'https').expect(200);
    const csrfCookies = setCookies(tokenRes);
    expect(csrfCookies).toHaveLength(2);
    for (const c of csrfCookies) {
      expect(c).toMatch(/^__Host-(csrf|vid)=[^;]+; Path=\/; HttpOnly; Secure; SameSite=Strict$/);
    }
    const saved = await request(t.http)
      .post('/api/login/state-save')
      .set('X-Forwarded-Proto', 'https')
      .set('Cookie', cookiePairs(tokenRes))
      .set('X-CSRF-Token', tokenRes.body.csrfToken)
      .send({ state: BrowserSession.newState() })
      .expect(200);
    expect(setCookies(saved).join(';')).toMatch(/sid=.*HttpOnly; Secure; SameSite=Lax/);
  });
});
