import request from 'supertest';
import { DataSource } from 'typeorm';
import { ADMIN_MSG } from '../../src/common/validation/admin';
import { isolatedEnv } from '../../src/modules/auth/testing/browser-session';
import { User } from '../../src/modules/users/entities/user.entity';
import { adminSession, AdminSession } from '../helpers/admin';
import { createTestApp, TestApp } from '../helpers/test-app';
import { feeFor, homeCod, shippingMethod, shopper, submit, variants } from './checkout-fixtures';

jest.setTimeout(180_000);

/** Field names no admin answer may carry (hashes, codes, sessions, raw social ids). */
const FORBIDDEN_KEYS = /password|hash|code|session|sid|secret|token|facebook_id|google_id|line_user_id/i;

function keysOf(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((v) => keysOf(v, out));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      out.push(k);
      keysOf(v, out);
    }
  }
  return out;
}

describe('admin members: POST /api/admin/getUsersByPage (spec 2 §7, §9)', () => {
  let t: TestApp;
  let ds: DataSource;
  let staff: AdminSession;
  let editor: AdminSession;

  beforeAll(async () => {
    t = await createTestApp(isolatedEnv());
    ds = t.app.get(DataSource);
    staff = await adminSession(t, 'staff');
    editor = await adminSession(t, 'editor');
  });
  afterAll(() => t?.close());

  let n = 0;
  /** A member row (social-only when `social`), with a unique name part `k`. */
  async function member(k: string, o: Partial<User> = {}): Promise<User> {
    n++;
    return ds.getRepository(User).save({
      account: `09${String(70000000 + n * 7919).slice(0, 8)}`,
      phone: `09${String(70000000 + n * 7919).slice(0, 8)}`,
      password_hash: '$argon2id$v=19$m=65536,t=3,p=4$c2FsdA$aGFzaA',
      email: `m${n}-${Date.now()}@members.example`,
      username: `${k}${n}`,
      ...o,
    });
  }

  it('pages 20 newest first with the total; the keyword matches phone, name, e-mail and account', async () => {
    const k = '葉' + Date.now().toString(36).replace(/\d/g, '');
    const made: User[] = [];
    for (let i = 0; i < 23; i++) made.push(await member(k));
    const first = await staff.post('/api/admin/getUsersByPage', { keyword: k, limit: 20, offset: 0 });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ success: true, total: 23 });
    expect(first.body.users.map((u: { user_id: number }) => u.user_id)).toEqual(made.slice(3).reverse().map((u) => u.id));
    const second = await staff.post('/api/admin/getUsersByPage', { keyword: k, offset: 20 });
    expect(second.body.users.map((u: { user_id: number }) => u.user_id)).toEqual(made.slice(0, 3).reverse().map((u) => u.id));
    // Default page size 20.
    expect((await staff.post('/api/admin/getUsersByPage', { keyword: k })).body.users).toHaveLength(20);

    const one = made[5];
    const ids = async (keyword: string) => (await staff.post('/api/admin/getUsersByPage', { keyword })).body.users.map((u: { user_id: number }) => u.user_id);
    expect(await ids(one.phone!)).toEqual([one.id]);
    expect(await ids(one.email!)).toEqual([one.id]);
    expect(await ids(one.username)).toEqual([one.id]);
    const social = await member(k, { account: null, password_hash: null, phone: null, google_id: 'g-subject-1234567890', line_user_id: 'U1234567890abcdef' });
    expect(await ids(`${k}${n}`)).toEqual([social.id]);
    expect(await ids('%')).toEqual([]);
  });

  it('answers the member view: logins by kind, order count, never a hash, code, session or raw social id', async () => {
    const s = await shopper(t);
    const [v] = await variants(t.app, 1, 10);
    const total = v.price + feeFor(await shippingMethod(t.app, 4), v.price);
    expect((await submit(s, homeCod(s, [{ v, quantity: 1 }], total))).status).toBe(200);
    expect((await submit(s, homeCod(s, [{ v, quantity: 1 }], total))).status).toBe(200);
    const res = await staff.post('/api/admin/getUsersByPage', { keyword: s.phone });
    expect(res.body.users).toEqual([
      {
        user_id: s.userId,
        account: s.phone,
        username: '王小明',
        email: s.email,
        phone: s.phone,
        gender: '',
        birthday: '',
        logins: ['password'],
        is_active: 1,
        blocked: false,
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        order_count: 2,
      },
    ]);
    await ds.getRepository(User).update({ id: s.userId }, { google_id: 'google-sub-98765', facebook_id: 'fb-1234' });
    const again = await staff.post('/api/admin/getUsersByPage', { keyword: s.phone });
    expect(again.body.users[0].logins).toEqual(['password', 'google', 'facebook']);
    const all = await staff.post('/api/admin/getUsersByPage', { limit: 100 });
    const keys = keysOf(all.body).filter((k) => FORBIDDEN_KEYS.test(k));
    expect(keys).toEqual([]);
    expect(JSON.stringify(all.body)).not.toMatch(/argon2|google-sub|fb-1234/);
  });

  it('is for owners and staff: visitor and member 401, editor 403; bad bodies 400', async () => {
    expect((await request(t.http).post('/api/admin/getUsersByPage').send({})).status).toBeGreaterThanOrEqual(401);
    const res = await editor.post('/api/admin/getUsersByPage', {});
    expect([res.status, res.body]).toEqual([403, { success: false, message: ADMIN_MSG.forbidden }]);
    for (const body of [{ limit: 0 }, { limit: 101 }, { offset: -1 }, { keyword: 5 }, { keyword: 'x'.repeat(101) }, { extra: 1 }]) {
      expect([body, (await staff.post('/api/admin/getUsersByPage', body)).status]).toEqual([body, 400]);
    }
    expect((await staff.post('/api/admin/getUsersByPage', { keyword: '', limit: '', offset: null })).status).toBe(200);
  });
});
