import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN_MSG } from '@rules/admin';
import { adminServer, preloadAdmin, renderAdmin, signedIn } from '../testAdmin';
import { ADMIN_STORAGE_KEY } from '../features/auth/useAdminSession';

const sidebar = () => screen.getByRole('menu', { name: '管理選單' });

describe('admin layout (spec 3 §2, spec 1 §2)', () => {
  beforeAll(() => preloadAdmin(['users', 'staff', 'account']), 60_000);

  it('sends a visitor on any admin screen to /admin/login, and remembers where they were going', async () => {
    adminServer(null);
    const { router } = renderAdmin('/admin/users?q=0912');
    expect(await screen.findByTestId('admin-login')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/login');
    expect(router.state.location.state).toEqual({ from: '/admin/users?q=0912' });
  });

  it('shows staff the sidebar with the admin name, role and logout; owner-only entries stay out', async () => {
    adminServer('staff', { 'POST /api/admin/getUsersByPage': () => ({ json: { success: true, users: [], total: 0 } }) });
    renderAdmin('/admin/users');
    expect(await screen.findByTestId('admin-members')).toBeInTheDocument();
    const menu = sidebar();
    const labels = within(menu).getAllByRole('menuitem').map((i) => i.textContent);
    expect(labels).toEqual(['營運總覽', '會員管理', '個資請求紀錄', '訂單管理', '行銷活動', '評價管理', '通知設定', '廣告違規詞語', '任務佇列', '我的帳號']);
    expect(within(menu).getByRole('link', { name: '任務佇列' })).toHaveAttribute('href', '/admin/queues');
    expect(screen.getByTestId('admin-name')).toHaveTextContent('客服小美');
    expect(screen.getByText('客服人員')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /登出/ })).toBeInTheDocument();
    expect(document.title).toMatch(/管理後台 \| 會員管理$/);
    expect(JSON.parse(localStorage.getItem(ADMIN_STORAGE_KEY) ?? '{}')).toEqual({ adminname: '客服小美', role: 'staff' });
  });

  it('gives the owner 帳號管理 and 操作紀錄 too', async () => {
    adminServer('owner', { 'GET /api/admin/staff': () => ({ json: { success: true, staff: [] } }) });
    renderAdmin('/admin/staff');
    expect(await screen.findByTestId('admin-staff')).toBeInTheDocument();
    const labels = within(sidebar()).getAllByRole('menuitem').map((i) => i.textContent);
    expect(labels).toContain('帳號管理');
    expect(labels).toContain('操作紀錄');
  });

  it('refuses a screen the role may not use', async () => {
    const { calls } = adminServer('staff');
    renderAdmin('/admin/audit');
    expect(await screen.findByText(ADMIN_MSG.forbidden)).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/admin/auditLogs')).toBe(false);
  });

  it('lands on the dashboard from /admin, an editor on the products', async () => {
    adminServer('staff');
    const first = renderAdmin('/admin');
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/admin/dashboard'));
    first.unmount();

    adminServer('editor');
    const second = renderAdmin('/admin');
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/admin/products'));
  });

  it('sends a production owner without two-factor to 我的帳號 first', async () => {
    adminServer(signedIn('owner', { mustSetupTotp: true }));
    const { router } = renderAdmin('/admin/users');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/account'));
    expect(await screen.findByText(ADMIN_MSG.mustSetupTotp)).toBeInTheDocument();
  });

  it('goes to /admin/login when a call answers 401 (the session ended on the server)', async () => {
    adminServer('staff', { 'POST /api/admin/getUsersByPage': () => ({ status: 401, json: { success: false, message: ADMIN_MSG.loginRequired } }) });
    const { router } = renderAdmin('/admin/users');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/login'));
    expect(localStorage.getItem(ADMIN_STORAGE_KEY)).toBeNull();
  });

  it('logs out: POST /api/admin/logout, forgets the admin and reloads at /admin/login', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const { calls } = adminServer('staff', {
      'POST /api/admin/getUsersByPage': () => ({ json: { success: true, users: [], total: 0 } }),
      'POST /api/admin/logout': () => ({ json: { success: true } }),
    });
    const user = userEvent.setup();
    renderAdmin('/admin/users');
    await screen.findByTestId('admin-members');
    await user.click(screen.getByRole('button', { name: /登出/ }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/admin/login'));
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/admin/logout')).toBe(true);
    expect(localStorage.getItem(ADMIN_STORAGE_KEY)).toBeNull();
  });

  it('shows an unknown admin path as not found inside the shell', async () => {
    adminServer('owner');
    renderAdmin('/admin/nothing-here');
    expect(await screen.findByText('這個管理頁面不存在或尚未開放。')).toBeInTheDocument();
  });
});

describe('admin layout on a phone', () => {
  it('puts the sidebar in a drawer behind the menu button', async () => {
    adminServer('staff', { 'POST /api/admin/getUsersByPage': () => ({ json: { success: true, users: [], total: 0 } }) });
    const user = userEvent.setup();
    renderAdmin('/admin/users', { width: 390 });
    await screen.findByTestId('admin-members');
    expect(screen.queryByRole('menu', { name: '管理選單' })).toBeNull();
    await user.click(screen.getByRole('button', { name: '開啟選單' }));
    const menu = await screen.findByRole('menu', { name: '管理選單' });
    expect(within(menu).getByRole('link', { name: '訂單管理' })).toHaveAttribute('href', '/admin/orders');
  });
});

describe('admin layout: the login check on each screen', () => {
  beforeAll(() => preloadAdmin(['users', 'notifications']), 60_000);

  it('checks the session again when the admin opens another screen, and leaves when it ended', async () => {
    let loggedIn = true;
    const { calls } = adminServer('staff', {
      'GET /api/admin/checkLogin': () => (loggedIn ? { json: signedIn('staff') } : { json: { success: true, isLoggedIn: false } }),
      'POST /api/admin/getUsersByPage': () => ({ json: { success: true, users: [], total: 0 } }),
      'GET /api/admin/loadNotificationsSettings': () => ({ json: { success: true, notificationsSettings: [] } }),
    });
    const user = userEvent.setup();
    const { router } = renderAdmin('/admin/users');
    await screen.findByTestId('admin-members');
    const checks = () => calls.filter((c) => c.path === '/api/admin/checkLogin').length;
    expect(checks()).toBe(1);
    await user.click(within(screen.getByRole('menu', { name: '管理選單' })).getByRole('link', { name: '通知設定' }));
    await screen.findByTestId('admin-notifications');
    await waitFor(() => expect(checks()).toBe(2));
    loggedIn = false;
    await user.click(within(screen.getByRole('menu', { name: '管理選單' })).getByRole('link', { name: '會員管理' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/login'));
  }, 40_000);
});
