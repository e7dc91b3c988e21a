import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/render';
import { baseApi } from './baseApi';
import { csrfHeaders, csrfScope, needsCsrf, refreshCsrfToken, setCsrfToken } from './csrf';
import { makeStore } from '../../app/store';

const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    send: build.mutation<unknown, string>({ query: (url) => ({ url, method: 'POST', body: {} }) }),
  }),
});

describe('CSRF token', () => {
  it('is needed for state-changing calls, not for reads or the public /load calls', () => {
    expect(needsCsrf({ url: '/email/contactSend', method: 'POST' })).toBe(true);
    expect(needsCsrf({ url: 'user/updateUser', method: 'post' })).toBe(true);
    expect(needsCsrf({ url: '/login/getuser' })).toBe(false);
    expect(needsCsrf('/load/loadProducts')).toBe(false);
    expect(needsCsrf({ url: '/load/homepage', method: 'POST' })).toBe(false);
  });

  it('sends the session token, and after a 403 fetches a fresh one and retries once', async () => {
    refreshCsrfToken();
    let issued = 0;
    const seen: (string | null)[] = [];
    const { fetchMock } = mockApi({
      'GET /api/csrf-token': () => ({ json: { success: true, csrfToken: `t${++issued}` } }),
    });
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      const req = input instanceof Request ? input : new Request(String(input), init);
      if (!req.url.endsWith('/api/email/contactSend')) return answer(input, init);
      const token = req.headers.get('X-CSRF-Token');
      seen.push(token);
      return new Response(JSON.stringify(token === 't2' ? { success: true } : { success: false, message: '請重新整理頁面後再試' }), {
        status: token === 't2' ? 200 : 403,
        headers: { 'Content-Type': 'application/json' },
      });
    });
    const store = makeStore();
    await expect(store.dispatch(api.endpoints.send.initiate('/email/contactSend')).unwrap()).resolves.toEqual({ success: true });
    expect(seen).toEqual(['t1', 't2']);
  });

  it('sends the call without the header when the server hands out no token', async () => {
    refreshCsrfToken();
    const { fetchMock } = mockApi({ 'POST /api/email/contactSend': () => ({ json: { success: true } }) });
    await makeStore().dispatch(api.endpoints.send.initiate('/email/contactSend')).unwrap();
    const post = fetchMock.mock.calls.map(([input]) => input as Request).find((r) => r.method === 'POST')!;
    expect(post.headers.has('X-CSRF-Token')).toBe(false);
  });
});

describe('CSRF token of the back office', () => {
  it('/admin/* calls send the admin token (GET /api/admin/csrf-token), other calls the shop token', async () => {
    refreshCsrfToken('shop');
    refreshCsrfToken('admin');
    const { calls } = mockApi({
      'GET /api/csrf-token': () => ({ json: { success: true, csrfToken: 'shop' } }),
      'GET /api/admin/csrf-token': () => ({ json: { success: true, csrfToken: 'admin' } }),
      'POST /api/admin/staff': () => ({ json: { success: true } }),
      'POST /api/email/contactSend': () => ({ json: { success: true } }),
    });
    const store = makeStore();
    await store.dispatch(api.endpoints.send.initiate('/admin/staff')).unwrap();
    await store.dispatch(api.endpoints.send.initiate('/email/contactSend')).unwrap();
    expect(csrfScope('/admin/staff')).toBe('admin');
    expect(csrfScope({ url: 'admin/login' })).toBe('admin');
    expect(csrfScope('/administrator')).toBe('shop');
    expect(calls.map((c) => c.path)).toEqual(['/api/admin/csrf-token', '/api/admin/staff', '/api/csrf-token', '/api/email/contactSend']);
  });

  it('uses a token the admin login answered, and a shop refresh leaves it alone', async () => {
    setCsrfToken('admin', 'from-login');
    refreshCsrfToken();
    expect(await csrfHeaders('admin')).toEqual({ 'X-CSRF-Token': 'from-login' });
  });
});
