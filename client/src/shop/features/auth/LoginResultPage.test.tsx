import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderRoutes } from '../../../test/render';
import LoginResultPage from './LoginResultPage';
import { initialSessionState } from './sessionSlice';
import { completeMember, member } from './testUsers';

const routes = [
  { path: '/loginres', element: <LoginResultPage /> },
  { path: '/', element: <div>home page</div> },
  { path: '/profile', element: <div>profile page</div> },
  { path: '/orders', element: <div>orders page</div> },
  { path: '/login', element: <div>login page</div> },
];

describe('LoginResultPage (social login result)', () => {
  it('stores the member and follows the login redirect rules', async () => {
    mockApi({ 'GET /api/login/getuser': () => ({ json: { success: true, user: member({ account: null, google_id: 'g-1' }) } }) });
    const { router, store } = renderRoutes(routes, { path: '/loginres' });
    expect(screen.getByRole('status')).toHaveTextContent('正在確認您的登入狀態');
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(store.getState().session).toMatchObject({ isLoggedIn: true, user: { google_id: 'g-1' } });
  });

  it('goes to the saved redirect path and clears it', async () => {
    mockApi({ 'GET /api/login/getuser': () => ({ json: { success: true, user: completeMember() } }) });
    const { router, store } = renderRoutes(routes, { path: '/loginres', preloaded: { session: { ...initialSessionState, redirectPath: '/orders' } } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders'));
    expect(store.getState().session.redirectPath).toBe('');
  });

  it('shows an error with the way back to /login when the session has no member', async () => {
    mockApi({ 'GET /api/login/getuser': () => ({ status: 401, json: { success: false, message: '請先登入' } }) });
    const { router, store } = renderRoutes(routes, { path: '/loginres' });
    expect(await screen.findByRole('alert')).toHaveTextContent('找不到這次登入的會員資料');
    expect(store.getState().session.isLoggedIn).toBe(false);
    await userEvent.setup().click(screen.getByRole('link', { name: '返回登入' }));
    expect(router.state.location.pathname).toBe('/login');
  });
});
