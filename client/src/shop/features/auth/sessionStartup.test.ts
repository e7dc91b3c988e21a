import { describe, expect, it } from 'vitest';
import { makeStore } from '../../../app/store';
import { mockApi } from '../../../test/render';
import { initialSessionState } from './sessionSlice';
import { confirmSessionAtStartup } from './sessionStartup';
import { completeMember, member } from './testUsers';

describe('confirmSessionAtStartup', () => {
  it('asks nothing for a visitor', async () => {
    const { calls } = mockApi({});
    const store = makeStore();
    await confirmSessionAtStartup(store.dispatch, store.getState);
    expect(calls).toHaveLength(0);
  });

  it('logs out when the server no longer knows the session (401)', async () => {
    const { calls } = mockApi({ 'GET /api/login/getuser': () => ({ status: 401, json: { success: false, message: '請先登入' } }) });
    const store = makeStore({ session: { ...initialSessionState, isLoggedIn: true, user: member() } });
    await confirmSessionAtStartup(store.dispatch, store.getState);
    expect(calls.map((c) => c.path)).toEqual(['/api/login/getuser']);
    expect(store.getState().session).toMatchObject({ isLoggedIn: false, user: null });
  });

  it('refreshes the stored member from the server', async () => {
    mockApi({ 'GET /api/login/getuser': () => ({ json: { success: true, user: completeMember({ username: '林美' }) } }) });
    const store = makeStore({ session: { ...initialSessionState, isLoggedIn: true, user: member() } });
    await confirmSessionAtStartup(store.dispatch, store.getState);
    expect(store.getState().session).toMatchObject({ isLoggedIn: true, user: { username: '林美' } });
  });

  it('keeps the stored state when the server cannot be reached', async () => {
    mockApi({ 'GET /api/login/getuser': () => ({ status: 503, json: { success: false } }) });
    const store = makeStore({ session: { ...initialSessionState, isLoggedIn: true, user: member() } });
    await confirmSessionAtStartup(store.dispatch, store.getState);
    expect(store.getState().session.isLoggedIn).toBe(true);
  });
});
