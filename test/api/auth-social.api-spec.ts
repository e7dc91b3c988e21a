import request from 'supertest';
import { DataSource } from 'typeorm';
import { BrowserSession, isolatedEnv } from '../../src/modules/auth/testing/browser-session';
import { LocalOAuthProvider } from '../../src/modules/auth/testing/oauth-provider';
import { createTestApp, TestApp } from '../helpers/test-app';

// jest ignores `testTimeout` inside a project entry; app start-up on MariaDB needs more than the 5 s default.
jest.setTimeout(60_000);

const provider = new LocalOAuthProvider({
  google: { clientId: 'google-client', clientSecret: 'google-secret' },
  facebook: { appId: 'fb-app', appSecret: 'fb-secret', graphVersion: 'v23.0' },
  line: { channelId: '1650000000', channelSecret: 'line-channel-secret-0123456789' },
});

describe('social login against a local OAuth/OIDC provider', () => {
  let t: TestApp;

  beforeAll(async () => {
    await provider.start();
    // supertest listens on a new port per request; the callback URL needs one stable origin.
    t = await createTestApp(isolatedEnv({ PUBLIC_URL: 'http://shop.test', ...provider.env() }));
  });
  afterAll(async () => {
    await t?.close();
    await provider.stop();
  });

  const browser = () => new BrowserSession(request.agent(t.http));
  const newState = () => [...crypto.getRandomValues(new Uint8Array(20))].map((b) => b.toString(16).padStart(2, '0')).join('');

  /** The browser's round trip: state-save, start, provider authorize, callback. Answers the final redirect. */
  async function socialLogin(b: BrowserSession, name: 'google' | 'facebook' | 'line', tamper?: (callback: URL) => void): Promise<string> {
    const state = newState();
    expect((await b.post('/api/login/state-save', { state })).body).toEqual({ success: true });
    const start = await b.get(`/api/login/${name}`).expect(302);
    const authorize = new URL(start.headers.location);
    expect(authorize.origin).toBe(provider.url);
    expect(authorize.searchParams.get('state')).toBe(state);
    expect(authorize.searchParams.get('redirect_uri')).toBe(`http://shop.test/api/login/${name}-login`);
    const atProvider = await fetch(authorize, { redirect: 'manual' });
    const callback = new URL(atProvider.headers.get('location') as string);
    expect(callback.pathname).toBe(`/api/login/${name}-login`);
    tamper?.(callback);
    const done = await b.get(callback.pathname + callback.search).expect(302);
    b.forgetCsrf(); // the session id changed at login: the SPA, reloaded on /loginres, fetches a new token
    return done.headers.location;
  }

  it('tells the client which providers are set up', async () => {
    const res = await browser().get('/api/login/providers').expect(200);
    expect(res.body).toEqual({ success: true, providers: { google: true, facebook: true, line: true } });
  });

  it.each(['google', 'facebook', 'line'] as const)('%s: creates a member on first login and logs the same member in next time', async (name) => {
    const sub = `${name}-${newState().slice(0, 12)}`;
    provider.nextUser(name, { sub, name: 'Social Person', email: `${sub}@example.com` });
    const b = browser();
    expect(await socialLogin(b, name)).toBe('/loginres');
    const me = (await b.get('/api/login/getuser').expect(200)).body.user;
    expect(me).toMatchObject({ account: null, email: null, phone: null });
    const column = { google: 'google_id', facebook: 'facebook_id', line: 'line_user_id' }[name];
    expect(me[column]).toBe(`${sub.slice(0, 2)}…${sub.slice(-4)}`);
    expect(JSON.stringify(me)).not.toContain(sub);

    const again = browser();
    provider.nextUser(name, { sub, name: 'Social Person' });
    expect(await socialLogin(again, name)).toBe('/loginres');
    expect((await again.get('/api/login/getuser').expect(200)).body.user.user_id).toBe(me.user_id);
    const [row] = await t.app.get(DataSource).query(`SELECT COUNT(*) AS n FROM user_identities WHERE provider = '${name}' AND subject = '${sub}'`);
    expect(Number(row.n)).toBe(1);
  });

  it('never links by e-mail: the same address at two providers makes two members', async () => {
    const email = `same-${newState().slice(0, 8)}@example.com`;
    provider.nextUser('google', { sub: `g-${newState().slice(0, 10)}`, name: 'A', email });
    provider.nextUser('facebook', { sub: `f-${newState().slice(0, 10)}`, name: 'A', email });
    const a = browser();
    const b = browser();
    await socialLogin(a, 'google');
    await socialLogin(b, 'facebook');
    const idA = (await a.get('/api/login/getuser')).body.user.user_id;
    const idB = (await b.get('/api/login/getuser')).body.user.user_id;
    expect(idA).not.toBe(idB);
  });

  it('refuses a callback whose state does not match the session (login CSRF)', async () => {
    const b = browser();
    const end = await socialLogin(b, 'google', (cb) => cb.searchParams.set('state', newState()));
    expect(end).toBe('/login?error=state&provider=google');
    await b.get('/api/login/getuser').expect(401);
    // A callback replayed into another browser's session fails too.
    const victim = browser();
    const attacker = browser();
    let captured = '';
    await socialLogin(attacker, 'line', (cb) => {
      captured = cb.pathname + cb.search;
      cb.searchParams.set('code', 'used-elsewhere');
    });
    await victim.csrfToken();
    const replay = await victim.get(captured).expect(302);
    expect(replay.headers.location).toBe('/login?error=state&provider=line');
  });

  it('sends a cancelled login back to /login', async () => {
    provider.denyOnce();
    expect(await socialLogin(browser(), 'facebook')).toBe('/login?error=cancelled&provider=facebook');
  });

  it('verifies a LINE ID token signed ES256 with a key from the JWKS', async () => {
    provider.signLineWith('ES256');
    try {
      const b = browser();
      expect(await socialLogin(b, 'line')).toBe('/loginres');
      await b.get('/api/login/getuser').expect(200);
    } finally {
      provider.signLineWith('HS256');
    }
  });

  it('refuses a LINE ID token with another nonce', async () => {
    provider.wrongNonceOnce();
    const b = browser();
    expect(await socialLogin(b, 'line')).toBe('/login?error=failed&provider=line');
    await b.get('/api/login/getuser').expect(401);
  });

  it('refuses a malformed state and rotates the session id at login', async () => {
    const b = browser();
    const bad = await b.post('/api/login/state-save', { state: 'short' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ success: false, message: '登入狀態參數無效' });
    const before = b.sid();
    await socialLogin(b, 'google');
    expect(b.sid()).not.toBe(before);
  });

  it('answers 不需要進行更改。 when a social-only member tries to change the password', async () => {
    const b = browser();
    await socialLogin(b, 'google');
    const res = await b.post('/api/user/updatePassword', { currentPassword: 'abc123', newPassword: 'abc1234' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, message: '不需要進行更改。' });
  });
});

describe('social login without provider keys', () => {
  let t: TestApp;

  beforeAll(async () => {
    // The app reads only the env it is given (no GOOGLE_/FACEBOOK_/LINE_ keys here).
    t = await createTestApp(isolatedEnv());
  });
  afterAll(async () => t?.close());

  it('reports no provider and answers a clear message instead of failing', async () => {
    const b = new BrowserSession(request.agent(t.http));
    expect((await b.get('/api/login/providers')).body.providers).toEqual({ google: false, facebook: false, line: false });
    for (const [name, label] of [
      ['google', 'Google'],
      ['facebook', 'Facebook'],
      ['line', 'LINE'],
    ]) {
      const res = await b.get(`/api/login/${name}`);
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ success: false, message: `尚未設定 ${label} 登入` });
      const cb = await b.get(`/api/login/${name}-login?code=x&state=y`).expect(302);
      expect(cb.headers.location).toBe(`/login?error=failed&provider=${name}`);
    }
  });
});
