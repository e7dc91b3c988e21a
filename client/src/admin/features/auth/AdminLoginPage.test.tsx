import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN_MSG } from '@rules/admin';
import { adminServer, preloadAdmin, renderAdmin, signedIn } from '../../testAdmin';
import { csrfHeaders } from '../../../shared/api/csrf';
import { LOGIN_LOCK_KEY, nextTaipeiMidnight } from './loginLock';
import { ADMIN_STORAGE_KEY } from './useAdminSession';

type Body = { username: string; password: string; rememberMe: boolean; otp?: string };

async function fill(user: ReturnType<typeof userEvent.setup>, username = 'admin', password = 'secret-pass') {
  await user.type(await screen.findByLabelText('帳號'), username);
  await user.type(screen.getByLabelText('密碼'), password);
}

const loginCalls = (calls: { path: string; body: unknown }[]) => calls.filter((c) => c.path === '/api/admin/login').map((c) => c.body as Body);

describe('admin login (spec 3 §2, §4, §8)', () => {
  beforeAll(() => preloadAdmin(['users']), 60_000);

  it('signs in with username, password and remember-me, uses the answered CSRF token, and goes to /admin/orders', async () => {
    let loggedIn = false;
    adminServer(null, {
      'GET /api/admin/checkLogin': () => (loggedIn ? { json: signedIn('owner') } : { status: 401, json: { success: false } }),
      'POST /api/admin/login': () => {
        loggedIn = true;
        return { json: { success: true, message: '登入成功', adminname: '店長', role: 'owner', csrfToken: 'admin-token' } };
      },
    });
    const user = userEvent.setup();
    const { router } = renderAdmin('/admin/login');
    await fill(user);
    expect(document.title).toMatch(/管理後台 \| 登入$/);
    await user.click(screen.getByRole('button', { name: '登入' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/orders'));
    expect(await csrfHeaders('admin')).toEqual({ 'X-CSRF-Token': 'admin-token' });
    expect(JSON.parse(localStorage.getItem(ADMIN_STORAGE_KEY) ?? '{}')).toEqual({ adminname: '店長', role: 'owner' });
  });

  it('goes back to a server page (Bull Board at /admin/queues sent the browser here with ?from=) with a full page load', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    adminServer(null, {
      'POST /api/admin/login': () => ({ json: { success: true, message: '登入成功', adminname: '店長', role: 'owner', csrfToken: 'admin-token' } }),
    });
    const user = userEvent.setup();
    renderAdmin('/admin/login?from=%2Fadmin%2Fqueues');
    await fill(user);
    await user.click(screen.getByRole('button', { name: '登入' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/admin/queues'));
    vi.unstubAllGlobals();
  });

  it('goes back to the standalone editor that sent a signed-out admin here, and nowhere off the site', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    adminServer(null, {
      'POST /api/admin/login': () => ({ json: { success: true, message: '登入成功', adminname: '編輯阿明', role: 'editor', csrfToken: 'admin-token' } }),
    });
    const user = userEvent.setup();
    const editor = '/editor?edittype=product&product_id=5';
    renderAdmin(`/admin/login?from=${encodeURIComponent(editor)}`);
    await fill(user);
    await user.click(screen.getByRole('button', { name: '登入' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(editor));
    vi.unstubAllGlobals();
  });

  it('sends a signed-in admin on to the back-office', async () => {
    adminServer('staff');
    const { router } = renderAdmin('/admin/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/orders'));
  });

  it('sends the fields as the spec names them', async () => {
    const { calls } = adminServer(null, {
      'POST /api/admin/login': () => ({ status: 401, json: { success: false, message: ADMIN_MSG.wrongCredentials, isOut: false } }),
    });
    const user = userEvent.setup();
    renderAdmin('/admin/login');
    await fill(user, ' admin ', 'pw');
    await user.click(screen.getByRole('checkbox', { name: /記住我/ }));
    await user.click(screen.getByRole('button', { name: '登入' }));
    expect(await screen.findByTestId('admin-login-error')).toHaveTextContent(ADMIN_MSG.wrongCredentials);
    expect(loginCalls(calls)).toEqual([{ username: 'admin', password: 'pw', rememberMe: true }]);
  });

  it('asks for both fields before sending anything', async () => {
    const { calls } = adminServer(null);
    const user = userEvent.setup();
    renderAdmin('/admin/login');
    await user.click(await screen.findByRole('button', { name: '登入' }));
    expect(await screen.findByText(ADMIN_MSG.usernameRequired)).toBeInTheDocument();
    expect(screen.getByText(ADMIN_MSG.passwordRequired)).toBeInTheDocument();
    expect(loginCalls(calls)).toHaveLength(0);
  });

  it('shows the default text when the server gives none', async () => {
    adminServer(null, { 'POST /api/admin/login': () => ({ status: 500, json: {} }) });
    const user = userEvent.setup();
    renderAdmin('/admin/login');
    await fill(user);
    await user.click(screen.getByRole('button', { name: '登入' }));
    expect(await screen.findByTestId('admin-login-error')).toHaveTextContent(ADMIN_MSG.loginFailedDefault);
  });

  it('isOut: says so, blocks further attempts for that account here until 24:00 Taipei, another account may still try', async () => {
    const { calls } = adminServer(null, {
      'POST /api/admin/login': (b) =>
        (b as Body).username === 'admin'
          ? { status: 401, json: { success: false, message: ADMIN_MSG.locked, isOut: true } }
          : { status: 401, json: { success: false, message: ADMIN_MSG.wrongCredentials } },
    });
    const user = userEvent.setup();
    renderAdmin('/admin/login');
    await fill(user);
    await user.click(screen.getByRole('button', { name: '登入' }));
    expect(await screen.findByTestId('admin-login-error')).toHaveTextContent(ADMIN_MSG.isOutClient);
    expect(screen.getByTestId('admin-login-error')).toHaveTextContent(ADMIN_MSG.locked);
    expect(screen.getByRole('button', { name: '登入' })).toBeDisabled();
    const locks = JSON.parse(localStorage.getItem(LOGIN_LOCK_KEY) ?? '{}') as Record<string, number>;
    expect(locks.admin).toBe(nextTaipeiMidnight(Date.now()));

    const name = screen.getByLabelText('帳號');
    await user.clear(name);
    await user.type(name, 'helper');
    expect(screen.getByRole('button', { name: '登入' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: '登入' }));
    expect(await screen.findByText(ADMIN_MSG.wrongCredentials)).toBeInTheDocument();

    await user.clear(name);
    await user.type(name, 'ADMIN');
    expect(screen.getByRole('button', { name: '登入' })).toBeDisabled();
    expect(loginCalls(calls).map((b) => b.username)).toEqual(['admin', 'helper']);
  }, 40_000);

  it('asks for the two-factor code when the account has it, then sends it with the password', async () => {
    const { calls } = adminServer(null, {
      'POST /api/admin/login': (b) => {
        const otp = (b as Body).otp;
        if (!otp) return { status: 401, json: { success: false, needOtp: true, message: ADMIN_MSG.otpRequired } };
        if (otp !== '123456') return { status: 401, json: { success: false, needOtp: true, message: ADMIN_MSG.otpWrong } };
        return { json: { success: true, adminname: '客服小美', role: 'staff', csrfToken: 't' } };
      },
    });
    const user = userEvent.setup();
    const { router } = renderAdmin('/admin/login');
    await fill(user);
    await user.click(screen.getByRole('button', { name: '登入' }));
    const otp = await screen.findByLabelText('兩步驟驗證碼');
    expect(screen.queryByTestId('admin-login-error')).toBeNull();
    await user.type(otp, '000000');
    await user.click(screen.getByRole('button', { name: '登入' }));
    expect(await screen.findByTestId('admin-login-error')).toHaveTextContent(ADMIN_MSG.otpWrong);
    await user.type(screen.getByLabelText('兩步驟驗證碼'), '123456');
    adminServer('staff', { 'POST /api/admin/login': () => ({ json: { success: true, adminname: '客服小美', role: 'staff', csrfToken: 't' } }) });
    await user.click(screen.getByRole('button', { name: '登入' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/orders'));
    expect(loginCalls(calls).map((b) => b.otp)).toEqual([undefined, '000000']);
  }, 40_000);

  it('goes back to the screen that sent the admin here', async () => {
    adminServer(null, { 'POST /api/admin/login': () => ({ json: { success: true, adminname: '客服小美', role: 'staff' } }) });
    const user = userEvent.setup();
    const { router } = renderAdmin('/admin/users?q=0912');
    await screen.findByTestId('admin-login');
    await fill(user);
    adminServer('staff', {
      'POST /api/admin/login': () => ({ json: { success: true, adminname: '客服小美', role: 'staff' } }),
      'POST /api/admin/getUsersByPage': () => ({ json: { success: true, users: [], total: 0 } }),
    });
    await user.click(screen.getByRole('button', { name: '登入' }));
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/admin/users?q=0912'));
  });
});
