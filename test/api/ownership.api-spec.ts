import request from 'supertest';
import { BrowserSession, isolatedEnv, randomPhone, registerMember } from '../../src/modules/auth/testing/browser-session';
import { createTestApp, TestApp } from '../helpers/test-app';

// jest ignores `testTimeout` inside a project entry; app start-up on MariaDB needs more than the 5 s default.
jest.setTimeout(60_000);

interface Member {
  b: BrowserSession;
  userId: number;
  phone: string;
  password: string;
}

interface MemberEndpoint {
  call: string;
  /** The request member B crafts with member A's id (or account) in it. */
  crafted: (a: Member) => { method: 'get' | 'post'; path: string; body?: object };
  /** How the crafted request is refused: 403 (an id that must match), 400 (a field the endpoint does not take), or 'own' (the id is ignored and B gets B's data). */
  refusedWith: 403 | 400 | 'own';
}

const home = { shipping_type: 'home', city: '臺北市', district: '中正區', street: '重慶南路一段 122 號' };

/**
 * Every member endpoint, and how member B tries to reach member A's data through it.
 * Adding a member endpoint means adding a row here.
 */
const MEMBER_ENDPOINTS: MemberEndpoint[] = [
  { call: 'GET /api/login/getuser', crafted: (a) => ({ method: 'get', path: `/api/login/getuser?user_id=${a.userId}` }), refusedWith: 'own' },
  { call: 'POST /api/user/updateUser', crafted: (a) => ({ method: 'post', path: '/api/user/updateUser', body: { user_id: a.userId, username: '冒充者' } }), refusedWith: 403 },
  {
    call: 'POST /api/user/updateUser (user_id as a string)',
    crafted: (a) => ({ method: 'post', path: '/api/user/updateUser', body: { user_id: String(a.userId), username: '冒充者' } }),
    refusedWith: 403,
  },
  {
    call: 'POST /api/user/updateAddresses',
    crafted: (a) => ({ method: 'post', path: '/api/user/updateAddresses', body: { user_id: a.userId, addresses: [home] } }),
    refusedWith: 403,
  },
  {
    call: 'POST /api/user/updateAddresses (row user_id)',
    crafted: (a) => ({ method: 'post', path: '/api/user/updateAddresses', body: { addresses: [{ ...home, user_id: a.userId }] } }),
    refusedWith: 403,
  },
  {
    call: 'POST /api/email/send-code',
    crafted: (a) => ({ method: 'post', path: '/api/email/send-code', body: { user_id: a.userId, email: 'hijack@example.com' } }),
    refusedWith: 400,
  },
  {
    call: 'POST /api/user/updateEmail',
    crafted: (a) => ({ method: 'post', path: '/api/user/updateEmail', body: { user_id: a.userId, email: 'hijack@example.com', code: '123456' } }),
    refusedWith: 403,
  },
  {
    call: 'POST /api/phone/sendcode (type change)',
    crafted: (a) => ({ method: 'post', path: '/api/phone/sendcode', body: { type: 'change', user_id: a.userId, phone: randomPhone() } }),
    refusedWith: 400,
  },
  {
    call: 'POST /api/user/updatePhone',
    crafted: (a) => ({ method: 'post', path: '/api/user/updatePhone', body: { user_id: a.userId, phone: randomPhone(), code: '123456' } }),
    refusedWith: 403,
  },
  {
    call: 'POST /api/user/updatePassword (account)',
    crafted: (a) => ({ method: 'post', path: '/api/user/updatePassword', body: { account: a.phone, currentPassword: a.password, newPassword: 'hijack9' } }),
    refusedWith: 403,
  },
  {
    call: 'POST /api/user/updatePassword (user_id)',
    crafted: (a) => ({ method: 'post', path: '/api/user/updatePassword', body: { user_id: a.userId, currentPassword: a.password, newPassword: 'hijack9' } }),
    refusedWith: 403,
  },
];

describe('ownership: member B can neither read nor change member A’s data', () => {
  let t: TestApp;
  let a: Member;
  let bMember: Member;
  let before: unknown;

  beforeAll(async () => {
    t = await createTestApp(isolatedEnv());
    const aBrowser = new BrowserSession(request.agent(t.http));
    a = { b: aBrowser, ...(await registerMember(t.app, aBrowser)) };
    await a.b.post('/api/user/updateUser', { username: '甲會員', gender: 'female', birthday: '1991-01-01' });
    await a.b.post('/api/user/updateAddresses', { addresses: [home] });
    const bBrowser = new BrowserSession(request.agent(t.http));
    bMember = { b: bBrowser, ...(await registerMember(t.app, bBrowser)) };
    before = (await a.b.get('/api/login/getuser').expect(200)).body.user;
  });
  afterAll(async () => t?.close());

  async function send(who: BrowserSession, req: ReturnType<MemberEndpoint['crafted']>) {
    return req.method === 'get' ? who.get(req.path) : who.post(req.path, req.body);
  }

  it.each(MEMBER_ENDPOINTS.map((e) => [e.call, e] as const))('%s refuses a visitor (401)', async (_call, endpoint) => {
    const visitor = new BrowserSession(request.agent(t.http));
    const req = endpoint.crafted(a);
    // Without the foreign id, so the answer is about the missing login (sendcode is also public for other types).
    const { user_id: _ignored, ...body } = (req.body ?? {}) as { user_id?: unknown };
    const res = await send(visitor, { ...req, body });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ success: false, message: '請先登入' });
  });

  it.each(MEMBER_ENDPOINTS.map((e) => [e.call, e] as const))('%s refuses member B with member A’s id', async (_call, endpoint) => {
    const res = await send(bMember.b, endpoint.crafted(a));
    if (endpoint.refusedWith === 'own') {
      expect(res.status).toBe(200);
      expect(res.body.user.user_id).toBe(bMember.userId);
      expect(JSON.stringify(res.body)).not.toContain('甲會員');
    } else {
      expect(res.status).toBe(endpoint.refusedWith);
      expect(res.body.success).toBe(false);
      if (endpoint.refusedWith === 403) expect(res.body.message).toBe('無權存取其他會員的資料');
    }
    expect((await a.b.get('/api/login/getuser').expect(200)).body.user).toEqual(before);
  });

  it('lets a member send their own user_id', async () => {
    const res = await bMember.b.post('/api/user/updateUser', { user_id: bMember.userId, username: '乙會員' });
    expect(res.status).toBe(200);
    expect((await a.b.get('/api/login/getuser')).body.user).toEqual(before);
  });

  it('logging out B does not end A’s session', async () => {
    const res = await bMember.b.post('/api/login/logout', {});
    expect(res.status).toBe(200);
    await a.b.get('/api/login/getuser').expect(200);
  });
});
