import { screen, waitForElementToBeRemoved } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mockApi, renderApp } from '../../../test/render';
import type { UserProfile } from '../auth/userTypes';
import ChangePasswordPage from './ChangePasswordPage';
import { loggedInAs, member } from './testMember';

type Reply = { status?: number; json: unknown } | 'network';

/** The server's password check, as a tiny responder (the real one: test/api/auth-password.api-spec.ts). */
function serverWith(user: UserProfile, reply: (body: { currentPassword: string }) => Reply) {
  const api = mockApi({
    'GET /api/csrf-token': () => ({ json: { success: true, csrfToken: 'tok' } }),
    'GET /api/login/getuser': () => ({ json: { success: true, user } }),
  });
  const answer = api.fetchMock.getMockImplementation()!;
  api.fetchMock.mockImplementation(async (input, init) => {
    const req = input instanceof Request ? input.clone() : new Request(String(input), init);
    if (req.url.endsWith('/api/user/updatePassword')) {
      const body = (await req.json()) as { currentPassword: string };
      api.calls.push({ method: 'POST', path: '/api/user/updatePassword', body });
      const r = reply(body);
      if (r === 'network') throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify(r.json), { status: r.status ?? 200, headers: { 'Content-Type': 'application/json' } });
    }
    return answer(input, init);
  });
  return api;
}

/** The screen, or a stand-in for the login page at /login. */
function PageOrLogin() {
  return useLocation().pathname === '/login' ? <p>login page</p> : <ChangePasswordPage />;
}

const fill = async (user: ReturnType<typeof userEvent.setup>, current: string, next: string, confirm: string) => {
  for (const [label, value] of [
    ['當前密碼', current],
    ['新密碼', next],
    ['確認新密碼', confirm],
  ] as const) {
    const input = screen.getByLabelText(label);
    await user.clear(input);
    if (value) await user.type(input, value);
  }
};

describe('ChangePasswordPage', { timeout: 40_000 }, () => {
  it('tells a member without an account that there is nothing to change', async () => {
    const social = member({ account: null, google_id: '1…2' });
    serverWith(social, () => ({ json: {} }));
    renderApp(<ChangePasswordPage />, { preloaded: loggedInAs(social) });
    expect(await screen.findByText('不需要進行更改。')).toBeVisible();
    expect(screen.queryByLabelText('當前密碼')).toBeNull();
  });

  it('checks the fields with the spec messages before calling the server', async () => {
    const { calls } = serverWith(member(), () => ({ json: {} }));
    const user = userEvent.setup();
    renderApp(<ChangePasswordPage />, { preloaded: loggedInAs(member()) });
    await user.click(await screen.findByRole('button', { name: /確認修改$/ }));
    expect(screen.getByText('當前密碼不能為空')).toBeVisible();
    expect(screen.getByLabelText('當前密碼')).toHaveFocus();
    await fill(user, 'abcdef', 'ABCDEF1', '');
    await user.keyboard('{Enter}');
    expect(screen.getByText('當前密碼必須至少6位且包含一個小寫字母和一個數字')).toBeVisible();
    expect(screen.getByText('新密碼必須至少6位且包含一個小寫字母和一個數字')).toBeVisible();
    await fill(user, 'abc123', 'abc123', 'abc123');
    await user.keyboard('{Enter}');
    expect(screen.getByText('當前密碼與新密碼不允許相同。')).toBeVisible();
    await fill(user, 'abc123', 'xyz789', 'xyz780');
    await user.keyboard('{Enter}');
    expect(screen.getByText('密碼與確認密碼不匹配')).toBeVisible();
    expect(calls.filter((c) => c.path === '/api/user/updatePassword')).toHaveLength(0);
    // Fixed by the confirmation: the error goes at once, without a new submit.
    await user.type(screen.getByLabelText('確認新密碼'), '{Backspace}9');
    expect(screen.queryByText('密碼與確認密碼不匹配')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('changes the password, optionally logging out the other devices, and confirms for 2 s', async () => {
    const { calls } = serverWith(member(), () => ({ json: { success: true, message: '密碼修改成功！', endedSessions: 1 } }));
    const user = userEvent.setup();
    renderApp(<ChangePasswordPage />, { preloaded: loggedInAs(member()) });
    await screen.findByLabelText('當前密碼');
    await fill(user, 'abc123', 'xyz789', 'xyz789');
    await user.click(screen.getByRole('checkbox', { name: '同時登出我的其他裝置' }));
    await user.keyboard('{Enter}');
    const notice = await screen.findByTestId('account-notice');
    const shownAt = Date.now();
    expect(notice).toHaveTextContent('變更成功！');
    expect(notice).toHaveTextContent('密碼修改成功！');
    expect(calls.filter((c) => c.path === '/api/user/updatePassword').map((c) => c.body)).toEqual([
      { user_id: 7, account: '0912345678', currentPassword: 'abc123', newPassword: 'xyz789', logoutOthers: true },
    ]);
    expect(screen.getByLabelText('當前密碼')).toHaveValue('');
    await waitForElementToBeRemoved(() => screen.queryByTestId('account-notice'), { timeout: 4000 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(1800);
  });

  it('shows the server message, 修改失敗。 or the server-error text', async () => {
    serverWith(member(), ({ currentPassword }) =>
      currentPassword === 'wrong1'
        ? { status: 400, json: { success: false, message: '當前密碼錯誤' } }
        : currentPassword === 'empty1'
          ? { status: 400, json: { success: false } }
          : 'network',
    );
    const user = userEvent.setup();
    renderApp(<ChangePasswordPage />, { preloaded: loggedInAs(member()) });
    await screen.findByLabelText('當前密碼');
    await fill(user, 'wrong1', 'xyz789', 'xyz789');
    await user.keyboard('{Enter}');
    expect(await screen.findByText('當前密碼錯誤')).toBeVisible();
    await fill(user, 'empty1', 'xyz789', 'xyz789');
    await user.keyboard('{Enter}');
    expect(await screen.findByText('修改失敗。')).toBeVisible();
    await fill(user, 'down11', 'xyz789', 'xyz789');
    await user.keyboard('{Enter}');
    expect(await screen.findByText('伺服器錯誤，請稍後再試')).toBeVisible();
  });

  it('a session that ended on the server sends the member to /login and remembers the page', async () => {
    serverWith(member(), () => ({ status: 401, json: { success: false, message: '請先登入' } }));
    const user = userEvent.setup();
    const { store, router } = renderApp(<PageOrLogin />, { path: '/cpassword', preloaded: loggedInAs(member()) });
    await screen.findByLabelText('當前密碼');
    await fill(user, 'abc123', 'xyz789', 'xyz789');
    await user.keyboard('{Enter}');
    expect(await screen.findByText('login page')).toBeVisible();
    expect(router.state.location.pathname).toBe('/login');
    expect(store.getState().session).toMatchObject({ isLoggedIn: false, redirectPath: '/cpassword' });
  });
});
