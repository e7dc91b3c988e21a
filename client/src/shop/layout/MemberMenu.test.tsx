import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { csrfHeaders, refreshCsrfToken } from '../../shared/api/csrf';
import { mockApi, renderRoutes } from '../../test/render';
import { RequireMember } from '../features/auth/RequireMember';
import { initialSessionState } from '../features/auth/sessionSlice';
import { member } from '../features/auth/testUsers';
import { Navbar } from './Navbar';

const routes = [
  { path: '/', element: <Navbar /> },
  { path: '/login', element: <div>login page</div> },
  { path: '/register', element: <div>register page</div> },
  {
    path: '/address',
    element: (
      <>
        <Navbar />
        <RequireMember>
          <div>address book</div>
        </RequireMember>
      </>
    ),
  },
];

function openMemberMenu() {
  const menu = screen.getByTestId('nav-member');
  // A click without the hover that precedes a real pointer's click (hover alone opens the menu).
  fireEvent.click(within(menu).getByRole('button', { name: '會員選單' }));
  return menu;
}

describe('navbar member menu (spec 1 §2)', () => {
  it('offers login and register to a visitor', async () => {
    mockApi({});
    renderRoutes(routes);
    const menu = openMemberMenu();
    expect(within(menu).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['登入', '/login'],
      ['註冊', '/register'],
    ]);
    expect(screen.queryByTestId('nav-greeting')).not.toBeInTheDocument();
  });

  it('greets a member and lists profile, change password (with an account), orders, points, wishlist, reviews and logout', async () => {
    mockApi({});
    renderRoutes(routes, { preloaded: { session: { ...initialSessionState, isLoggedIn: true, user: member({ username: '王小明' }) } } });
    const menu = openMemberMenu();
    expect(within(menu).getByTestId('nav-greeting')).toHaveTextContent('您好，小明');
    expect(within(menu).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['修改個人資料', '/profile'],
      ['修改密碼', '/cpassword'],
      ['我的訂單', '/orders'],
      ['我的購物金', '/points'],
      ['我的收藏', '/wishlist'],
      ['我的評價', '/reviews'],
    ]);
    expect(within(menu).getByRole('button', { name: '登出' })).toBeInTheDocument();
  });

  it('moves through the links and the logout button with the arrow keys', async () => {
    mockApi({});
    renderRoutes(routes, { preloaded: { session: { ...initialSessionState, isLoggedIn: true, user: member() } } });
    const menu = openMemberMenu();
    within(menu).getByRole('link', { name: '修改個人資料' }).focus();
    const user = userEvent.setup();
    await user.keyboard('{ArrowUp}');
    expect(within(menu).getByRole('button', { name: '登出' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('link', { name: '修改個人資料' })).toHaveFocus();
  });

  it('hides change password for a social-only member and greets one without a username as 會員', async () => {
    mockApi({});
    renderRoutes(routes, { preloaded: { session: { ...initialSessionState, isLoggedIn: true, user: member({ account: null, line_user_id: 'U1' }) } } });
    const menu = openMemberMenu();
    expect(within(menu).getByTestId('nav-greeting')).toHaveTextContent('您好，會員');
    expect(within(menu).queryByRole('link', { name: '修改密碼' })).not.toBeInTheDocument();
  });

  it('logs out by POST with the CSRF token, forgets the member and the token, and goes to /login', async () => {
    refreshCsrfToken();
    let issued = 0;
    const { calls, fetchMock } = mockApi({
      'GET /api/csrf-token': () => ({ json: { success: true, csrfToken: `t${++issued}` } }),
      'POST /api/login/logout': () => ({ json: { success: true, message: '已登出', csrfToken: 'x' } }),
    });
    const { router, store } = renderRoutes(routes, { preloaded: { session: { ...initialSessionState, isLoggedIn: true, user: member() } } });
    const menu = openMemberMenu();
    await userEvent.setup().click(within(menu).getByRole('button', { name: '登出' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await waitFor(() => expect(store.getState().session).toMatchObject({ isLoggedIn: false, user: null }));
    const logout = fetchMock.mock.calls
      .map(([input]) => input)
      .find((r): r is Request => r instanceof Request && new URL(r.url).pathname === '/api/login/logout');
    expect(logout?.method).toBe('POST');
    expect(logout?.headers.get('X-CSRF-Token')).toBe('t1');
    expect(calls.filter((c) => c.path === '/api/login/logout').map((c) => c.method)).toEqual(['POST']);
    // The token belonged to the ended session: the next call asks for a new one.
    expect(await csrfHeaders()).toEqual({ 'X-CSRF-Token': 't2' });
  });

  it('logging out on a member-only screen saves no path to return to after the next login', async () => {
    mockApi({
      'GET /api/login/getuser': () => ({ json: { success: true, user: member() } }),
      'POST /api/login/logout': () => ({ json: { success: true, message: '已登出' } }),
    });
    const { router, store } = renderRoutes(routes, { path: '/address', preloaded: { session: { ...initialSessionState, isLoggedIn: true, user: member() } } });
    expect(await screen.findByText('address book')).toBeInTheDocument();
    const menu = openMemberMenu();
    await userEvent.setup().click(within(menu).getByRole('button', { name: '登出' }));
    await waitFor(() => expect(store.getState().session.isLoggedIn).toBe(false));
    expect(router.state.location.pathname).toBe('/login');
    expect(store.getState().session.redirectPath).toBe('');
  });
});
