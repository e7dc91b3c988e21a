import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderRoutes } from '../../../test/render';
import { initialSessionState } from './sessionSlice';
import LoginPage from './LoginPage';
import { browser } from './SocialLogin';
import { completeMember, member } from './testUsers';

const routes = [
  { path: '/login', element: <LoginPage /> },
  { path: '/', element: <div>home page</div> },
  { path: '/profile', element: <div>profile page</div> },
  { path: '/checkout', element: <div>checkout page</div> },
  { path: '/register', element: <div>register page</div> },
  { path: '/fpassword', element: <div>forgot page</div> },
];

const providers = (p: Record<string, boolean>) => ({ 'GET /api/login/providers': () => ({ json: { success: true, providers: p } }) });
const closed = providers({ facebook: false, google: false, line: false });

async function logIn(account: string, password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('帳號（手機號碼）'), account);
  await user.type(screen.getByLabelText('密碼'), `${password}{Enter}`);
}

afterEach(() => vi.restoreAllMocks());

describe('LoginPage', () => {
  it('logs in with phone and password (Enter submits) and goes home when the profile is complete', async () => {
    const { calls } = mockApi({ ...closed, 'POST /api/login/basic-login': () => ({ json: { success: true, message: '登入成功', user: completeMember() } }) });
    const { router, store } = renderRoutes(routes, { path: '/login' });
    await logIn(' 0912345678 ', 'abc123');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls.find((c) => c.path === '/api/login/basic-login')?.body).toEqual({ account: '0912345678', password: 'abc123' });
    expect(store.getState().session).toMatchObject({ isLoggedIn: true, user: { user_id: 7, username: '王小明' } });
  });

  it('goes to /profile when the profile is incomplete, and to a saved redirect path first (then clears it)', async () => {
    mockApi({ ...closed, 'POST /api/login/basic-login': () => ({ json: { success: true, user: member() } }) });
    const first = renderRoutes(routes, { path: '/login' });
    await logIn('0912345678', 'abc123');
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/profile'));
    first.unmount();

    const second = renderRoutes(routes, { path: '/login', preloaded: { session: { ...initialSessionState, redirectPath: '/checkout' } } });
    await logIn('0912345678', 'abc123');
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/checkout'));
    expect(second.store.getState().session.redirectPath).toBe('');
  });

  it('says what is missing without calling the server', async () => {
    const { calls } = mockApi(closed);
    renderRoutes(routes, { path: '/login' });
    await userEvent.setup().click(screen.getByRole('button', { name: '登入' }));
    expect(await screen.findByText('請輸入帳號（手機號碼）')).toBeInTheDocument();
    expect(screen.getByText('請輸入密碼')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/login/basic-login')).toHaveLength(0);
  });

  it('shows the server message, or the spec text on a transport error', async () => {
    let down = false;
    const { fetchMock } = mockApi({
      ...closed,
      'POST /api/login/basic-login': () => ({ status: 401, json: { success: false, message: '帳號或密碼錯誤' } }),
    });
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (down && String(input instanceof Request ? input.url : input).includes('basic-login')) throw new TypeError('Failed to fetch');
      return answer(input, init);
    });
    const { router } = renderRoutes(routes, { path: '/login' });
    await logIn('0912345678', 'wrong1');
    expect(await screen.findByTestId('login-error')).toHaveTextContent('帳號或密碼錯誤');
    down = true;
    await userEvent.setup().click(screen.getByRole('button', { name: '登入' }));
    await waitFor(() => expect(screen.getByTestId('login-error')).toHaveTextContent('登入失敗，請確認帳號密碼。'));
    expect(router.state.location.pathname).toBe('/login');
  });

  it('links to registration and forgot password', async () => {
    mockApi(closed);
    const { router } = renderRoutes(routes, { path: '/login' });
    await userEvent.setup().click(screen.getByRole('link', { name: '忘記密碼？' }));
    expect(router.state.location.pathname).toBe('/fpassword');
    await router.navigate('/login');
    await userEvent.setup().click(await screen.findByRole('link', { name: '立即註冊' }));
    expect(router.state.location.pathname).toBe('/register');
  });

  it('a refused login goes away as soon as the shopper edits the account or password', async () => {
    mockApi({ ...closed, 'POST /api/login/basic-login': () => ({ status: 401, json: { success: false, message: '帳號或密碼錯誤' } }) });
    renderRoutes(routes, { path: '/login' });
    await logIn('0912345678', 'wrong1');
    expect(await screen.findByTestId('login-error')).toHaveTextContent('帳號或密碼錯誤');
    await userEvent.setup().type(screen.getByLabelText('密碼'), 'x');
    expect(screen.queryByTestId('login-error')).not.toBeInTheDocument();
  });

  it('shows why a social login came back (?error=)', async () => {
    mockApi(closed);
    renderRoutes(routes, { path: '/login?error=cancelled&provider=line' });
    expect(screen.getByTestId('login-error')).toHaveTextContent('已取消 LINE 登入。');
  });

  it('saves a fresh random state, then leaves for the provider; only providers with credentials get a button', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const { calls } = mockApi({ ...providers({ facebook: false, google: true, line: false }), 'POST /api/login/state-save': () => ({ json: { success: true } }) });
    renderRoutes(routes, { path: '/login' });
    const google = await screen.findByRole('button', { name: 'Google 登入' });
    await waitFor(() => expect(google).toBeEnabled());
    expect(screen.queryByRole('button', { name: /Facebook/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /LINE/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/尚未開放/)).not.toBeInTheDocument();

    await userEvent.setup().click(google);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/login/google'));
    const saved = calls.filter((c) => c.path === '/api/login/state-save');
    expect(saved).toHaveLength(1);
    expect((saved[0].body as { state: string }).state).toMatch(/^[0-9a-f]{40}$/);
  });

  it('without any provider configured there is no social section (no lone 或 divider)', async () => {
    mockApi(closed);
    const { store } = renderRoutes(routes, { path: '/login' });
    // The providers answer has arrived (and rendered nothing).
    await waitFor(() => expect(Object.values(store.getState().api.queries).some((q) => q?.endpointName === 'socialProviders' && q.status === 'fulfilled')).toBe(true));
    expect(screen.getByRole('button', { name: '登入' })).toBeInTheDocument();
    expect(screen.queryByTestId('social-login')).not.toBeInTheDocument();
    expect(screen.queryByText('或使用社群帳號登入')).not.toBeInTheDocument();
  });

  it('says so when the providers cannot be asked', async () => {
    mockApi({ 'GET /api/login/providers': () => ({ status: 500, json: { success: false } }) });
    renderRoutes(routes, { path: '/login' });
    expect(await screen.findByText('暫時無法取得社群登入設定，請稍後再試')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Google/ })).not.toBeInTheDocument();
  });

  it('stays on the page with a message when the state cannot be saved', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    mockApi({ ...providers({ facebook: true, google: true, line: true }), 'POST /api/login/state-save': () => ({ status: 400, json: { success: false, message: '登入狀態參數無效' } }) });
    renderRoutes(routes, { path: '/login' });
    const line = await screen.findByRole('button', { name: 'LINE 登入' });
    await waitFor(() => expect(line).toBeEnabled());
    await userEvent.setup().click(line);
    expect(await screen.findByTestId('social-error')).toHaveTextContent('登入狀態參數無效');
    expect(assign).not.toHaveBeenCalled();
  });
});
