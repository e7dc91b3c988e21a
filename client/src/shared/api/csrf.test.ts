import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/render';
import { baseApi } from './baseApi';
import { needsCsrf, refreshCsrfToken } from './csrf';
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
