import type { SessionData, Store } from 'express-session';
import request from 'supertest';
import { SessionBackend } from '../../src/modules/auth/session/session-backend';
import { BrowserSession, isolatedEnv, registerMember } from '../../src/modules/auth/testing/browser-session';
import { createTestApp, TestApp } from '../helpers/test-app';

// jest ignores `testTimeout` inside a project entry; app start-up on MariaDB needs more than the 5 s default.
jest.setTimeout(60_000);

/** The session id inside a signed `sid` cookie value (`s:<id>.<signature>`). */
const sessionId = (cookie: string) => decodeURIComponent(cookie).replace(/^s:/, '').replace(/\.[^.]+$/, '');

describe('sessions: server-side store, idle and absolute timeouts', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(isolatedEnv());
  });
  afterAll(async () => t?.close());

  const browser = () => new BrowserSession(request.agent(t.http));
  const store = (): Store => t.app.get(SessionBackend, { strict: false }).getStore();
  const load = (sid: string) => new Promise<SessionData | null | undefined>((ok, ko) => store().get(sid, (err, s) => (err ? ko(err) : ok(s))));
  const save = (sid: string, s: SessionData) => new Promise<void>((ok, ko) => store().set(sid, s, (err) => (err ? ko(err) : ok())));

  it('keeps only the id in the cookie and slides the idle expiry on each request', async () => {
    const b = browser();
    await registerMember(t.app, b);
    const res = await b.get('/api/login/getuser').expect(200);
    const cookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('sid='));
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

describe('sessions in production: Secure cookie behind a TLS proxy', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(isolatedEnv({ NODE_ENV: 'production', SESSION_SECRET: 'a-production-secret-of-32-chars!!' }));
  });
  afterAll(async () => t?.close());

  it('marks the cookie Secure', async () => {
    const res = await request(t.http).get('/api/csrf-token').set('X-Forwarded-Proto', 'https').expect(200);
    expect(([] as string[]).concat(res.headers['set-cookie'] ?? []).join(';')).toMatch(/sid=.*Secure/);
  });
});
