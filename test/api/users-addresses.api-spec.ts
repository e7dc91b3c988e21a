import request from 'supertest';
import { BrowserSession, isolatedEnv, registerMember } from '../../src/modules/auth/testing/browser-session';
import { createTestApp, TestApp } from '../helpers/test-app';

// jest ignores `testTimeout` inside a project entry; app start-up on MariaDB needs more than the 5 s default.
jest.setTimeout(60_000);

const home = (extra: object = {}) => ({ shipping_type: 'home', city: '臺北市', district: '大安區', zip: '', street: '復興南路一段 1 號', is_default: 0, ...extra });
const store = (type: string, extra: object = {}) => ({ shipping_type: type, store_id: '991182', store_name: '大安門市', store_addr: '臺北市大安區復興南路一段 2 號', is_default: 0, ...extra });

describe('address book: POST /api/user/updateAddresses (spec 2 §3–5)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(isolatedEnv());
  });
  afterAll(async () => t?.close());

  const member = async () => {
    const b = new BrowserSession(request.agent(t.http));
    return { b, ...(await registerMember(t.app, b)) };
  };

  it('replaces the list, fills zips from the table, keeps one default per type, and getuser lists defaults first', async () => {
    const { b, userId } = await member();
    const res = await b.post('/api/user/updateAddresses', {
      user_id: userId,
      addresses: [home(), home({ city: '台東縣', district: '蘭嶼鄉', street: '紅頭村 1 號', is_default: 1 }), store('seven', { is_default: true }), store('family'), store('hilife')],
    });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.message).toBe('更新成功');
    const list = res.body.addresses as { shipping_type: string; city: string; district: string; zip: string; is_default: number; user_id: number; street: string; store_name: string }[];
    expect(list).toHaveLength(5);
    expect(list.every((a) => a.user_id === userId)).toBe(true);
    const island = list.find((a) => a.district === '蘭嶼鄉' || a.street === '紅頭村 1 號');
    expect(island).toMatchObject({ city: '臺東縣', zip: '952', is_default: 1 });
    expect(list.find((a) => a.street === '復興南路一段 1 號')).toMatchObject({ zip: '106', is_default: 0 });
    for (const type of ['home', 'seven', 'family', 'hilife']) expect(list.filter((a) => a.shipping_type === type && a.is_default === 1)).toHaveLength(1);
    const me = (await b.get('/api/login/getuser')).body.user;
    expect(me.addresses.slice(0, 4).every((a: { is_default: number }) => a.is_default === 1)).toBe(true);
    expect(me.addresses[4]).toMatchObject({ street: '復興南路一段 1 號', is_default: 0 });

    const replaced = await b.post('/api/user/updateAddresses', { addresses: [store('seven', { store_name: '新門市' })] });
    expect(replaced.body.addresses).toEqual([expect.objectContaining({ shipping_type: 'seven', store_name: '新門市', is_default: 1, city: '', street: '' })]);
  });

  it('accepts the rows getuser answered, echoed back as they are', async () => {
    const { b } = await member();
    const first = await b.post('/api/user/updateAddresses', { addresses: [home(), store('seven')] });
    const echoed = await b.post('/api/user/updateAddresses', { addresses: first.body.addresses });
    expect(echoed.status).toBe(200);
    expect(echoed.body.addresses.map((a: { shipping_type: string }) => a.shipping_type).sort()).toEqual(['home', 'seven']);
  });

  it.each([
    [{ addresses: [] }, '至少保留 1 筆地址'],
    [{}, '至少保留 1 筆地址'],
    [{ addresses: Array.from({ length: 11 }, () => home()) }, '最多只能新增 10 筆地址'],
    [{ addresses: [home(), { city: '臺北市' }] }, '第 2 筆需選寄件類型'],
    [{ addresses: [home(), home(), { shipping_type: 'truck' }] }, '第 3 筆需選寄件類型'],
    [{ addresses: [home({ city: '' })] }, '第 1 筆住家資訊不完整 (city/district/street)'],
    [{ addresses: [home({ district: '' })] }, '第 1 筆住家資訊不完整 (city/district/street)'],
    [{ addresses: [store('seven'), home({ street: '   ' })] }, '第 2 筆住家資訊不完整 (city/district/street)'],
    [{ addresses: [store('seven'), store('family', { store_name: '' })] }, '第 2 筆超商地址 (店名) 不可為空'],
    [{ addresses: [store('hilife', { store_name: undefined })] }, '第 1 筆超商地址 (店名) 不可為空'],
    [{ addresses: [home({ district: '板橋區' })] }, '第 1 筆縣市或鄉鎮市區不正確'],
    [{ addresses: [home({ street: 'x'.repeat(201) })] }, '第 1 筆地址資料過長'],
  ])('refuses %j with %s', async (body, message) => {
    const { b } = await member();
    const res = await b.post('/api/user/updateAddresses', body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, message });
  });

  it('keeps the old list when the new one is refused', async () => {
    const { b } = await member();
    await b.post('/api/user/updateAddresses', { addresses: [home()] });
    await b.post('/api/user/updateAddresses', { addresses: [home(), { shipping_type: '' }] });
    expect((await b.get('/api/login/getuser')).body.user.addresses).toHaveLength(1);
  });

  it('needs a login', async () => {
    const res = await new BrowserSession(request.agent(t.http)).post('/api/user/updateAddresses', { addresses: [home()] });
    expect(res.status).toBe(401);
  });
});
