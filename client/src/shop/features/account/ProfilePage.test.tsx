import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { mockApi, renderApp } from '../../../test/render';
import type { UserProfile } from '../auth/userTypes';
import ProfilePage from './ProfilePage';
import { loggedInAs, member } from './testMember';

/** A tiny stand-in for the server's answers about one member (the real ones: test/api/users-profile.api-spec.ts). */
function serverWith(initial: UserProfile, codes: { email?: string; phone?: string } = {}) {
  let user = initial;
  const api = mockApi({
    'GET /api/csrf-token': () => ({ json: { success: true, csrfToken: 'tok' } }),
    'GET /api/login/getuser': () => ({ json: { success: true, user } }),
    'POST /api/user/updateUser': (body) => {
      const b = body as { username: string; gender: string; birthday: string };
      user = { ...user, username: b.username, gender: b.gender, birthday: b.birthday || null };
      return { json: { success: true, message: '更新成功', user } };
    },
    'POST /api/email/send-code': () => ({ json: { success: true, message: '驗證碼已寄出，請至信箱收信', outtime: 60 } }),
    'POST /api/user/updateEmail': (body) => {
      const b = body as { email: string; code: string };
      if (b.code !== codes.email) return { status: 400, json: { success: false, message: '驗證失敗' } };
      user = { ...user, email: b.email };
      return { json: { success: true, message: 'Email 已更新', email: b.email, user } };
    },
    'POST /api/phone/sendcode': () => ({ status: 400, json: { success: false } }),
  });
  return { ...api, current: () => user };
}

describe('ProfilePage', { timeout: 40_000 }, () => {
  it('shows the member and refuses a missing or non-Chinese name without calling the server', async () => {
    const { calls } = serverWith(member());
    const user = userEvent.setup();
    renderApp(<ProfilePage />, loggedInAsOptions(member()));
    expect(await screen.findByTestId('profile-user-id')).toHaveTextContent('7');
    expect(screen.getByTestId('profile-account')).toHaveTextContent('0912345678');
    expect(screen.getByTestId('profile-email')).toHaveTextContent('ming@example.com');

    const name = screen.getByLabelText(/姓名/);
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: /儲存$/ }));
    expect(await screen.findByText('請輸入姓名！')).toBeVisible();
    expect(name).toHaveFocus();
    await user.type(name, 'Ming{Enter}');
    expect(await screen.findByText('會員姓名須為中文！')).toBeVisible();
    expect(calls.filter((c) => c.path === '/api/user/updateUser')).toHaveLength(0);
    // Fixed: the error goes as soon as the name is valid, before any save.
    await user.clear(name);
    expect(screen.getByText('請輸入姓名！')).toBeVisible();
    await user.type(name, '王');
    expect(screen.queryByText(/請輸入姓名！|會員姓名須為中文！/)).not.toBeInTheDocument();
    expect(name).not.toHaveAttribute('aria-invalid');
  });

  it('shows which social login a member without an account uses, and what the profile lacks', async () => {
    const social = member({ account: null, google_id: '1098…4567', line_user_id: 'U12…', email: null, phone: null });
    const { calls } = serverWith(social);
    const user = userEvent.setup();
    renderApp(<ProfilePage />, loggedInAsOptions(social));
    expect(await screen.findByTestId('profile-account')).toHaveTextContent('Google、Line 登入');
    expect(screen.queryByRole('link', { name: '變更密碼' })).toBeNull();
    await user.click(screen.getByRole('button', { name: /儲存$/ }));
    expect(await screen.findByText('請輸入Email！')).toBeVisible();
    expect(screen.getByText('請輸入手機號碼！')).toBeVisible();
    expect(calls.filter((c) => c.path === '/api/user/updateUser')).toHaveLength(0);
  });

  it('on a phone the first error (the account card, far above 儲存) is brought below the sticky header and what fixes it is focused', async () => {
    const scrolled = vi.fn();
    // jsdom lays nothing out and has no scrollIntoView: record the call.
    Element.prototype.scrollIntoView = scrolled;
    onTestFinished(() => {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    });
    const noPhone = member({ phone: null });
    serverWith(noPhone);
    const user = userEvent.setup();
    renderApp(<ProfilePage />, loggedInAsOptions(noPhone));
    await screen.findByTestId('profile-phone');
    await user.click(screen.getByRole('button', { name: /儲存$/ }));
    expect(await screen.findByText('請輸入手機號碼！')).toBeVisible();
    const setPhone = screen.getByRole('button', { name: '設定手機' });
    expect(setPhone).toHaveFocus();
    expect(scrolled).toHaveBeenCalledWith(expect.objectContaining({ block: 'start' }));
    const row = scrolled.mock.contexts.at(-1) as HTMLElement;
    expect(row).toHaveTextContent('手機號碼');
    expect(row).toContainElement(setPhone);
  });

  it('saves name, gender and birthday, shows the notice for 2 s, then follows the redirect path', async () => {
    const server = serverWith(member());
    const user = userEvent.setup();
    const { store, router } = renderApp(<ProfilePage />, { ...loggedInAsOptions(member(), '/checkout') });
    const name = await screen.findByLabelText(/姓名/);
    await user.clear(name);
    await user.type(name, ' 陳美麗 ');
    await user.click(screen.getByRole('radio', { name: '女' }));
    await user.type(screen.getByLabelText('生日'), '1991-03-04');
    await user.type(name, '{Enter}');

    const notice = await screen.findByTestId('account-notice');
    expect(notice).toHaveTextContent('更新成功');
    const saved = server.calls.filter((c) => c.path === '/api/user/updateUser');
    expect(saved).toEqual([expect.objectContaining({ body: { user_id: 7, username: '陳美麗', gender: 'female', birthday: '1991-03-04' } })]);
    expect(store.getState().session.user).toMatchObject({ username: '陳美麗', gender: 'female', birthday: '1991-03-04' });
    expect(router.state.location.pathname).toBe('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout'), { timeout: 4000 });
    expect(store.getState().session.redirectPath).toBe('');
  });

  it('shows the server refusal or the generic texts when saving fails', async () => {
    const { fetchMock } = serverWith(member());
    const answer = fetchMock.getMockImplementation()!;
    let mode: 'refused' | 'down' = 'refused';
    fetchMock.mockImplementation(async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.includes('/api/user/updateUser')) {
        if (mode === 'down') throw new TypeError('Failed to fetch');
        return new Response(JSON.stringify({ success: false }), { status: 400, headers: { 'Content-Type': 'application/json' } });
      }
      return answer(input, init);
    });
    const user = userEvent.setup();
    renderApp(<ProfilePage />, loggedInAsOptions(member()));
    await user.click(await screen.findByRole('button', { name: /儲存$/ }));
    expect(await screen.findByText('更新失敗，請稍後再試')).toBeVisible();
    mode = 'down';
    await user.click(screen.getByRole('button', { name: /儲存$/ }));
    expect(await screen.findByText('伺服器錯誤，請稍後再試')).toBeVisible();
  });

  it('changes the e-mail in two steps; Escape forgets what was typed', async () => {
    const server = serverWith(member(), { email: '246810' });
    const user = userEvent.setup();
    const { store } = renderApp(<ProfilePage />, loggedInAsOptions(member()));
    await user.click(await screen.findByRole('button', { name: '變更 Email' }));
    let dialog = await screen.findByRole('dialog');
    const input = within(dialog).getByLabelText('新 Email');
    await user.type(input, '{Enter}');
    expect(await within(dialog).findByText('請輸入新 Email')).toBeInTheDocument();
    await user.type(input, 'bad');
    await user.click(within(dialog).getByRole('button', { name: /發送驗證碼$/ }));
    expect(await within(dialog).findByText('Email 格式不正確')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, 'MING@example.com{Enter}');
    expect(await within(dialog).findByText('無法與當前 Email 相同')).toBeInTheDocument();

    // Escape closes and resets (jsdom never ends antd's leave animation, so the reopened dialog shows the reset;
    // the browser test sees it close).
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: '變更 Email' }));
    dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('新 Email')).toHaveValue('');
    expect(within(dialog).queryByRole('alert')).toBeNull();

    await user.type(within(dialog).getByLabelText('新 Email'), ' New@Example.com {Enter}');
    const code = await within(dialog).findByLabelText('驗證碼');
    expect(within(dialog).getByText(/驗證碼已寄出，請至信箱收信/)).toHaveTextContent('new@example.com');
    expect(within(dialog).getByRole('button', { name: /重新發送（\d+ 秒）/ })).toBeDisabled();
    expect(code).toHaveAttribute('maxlength', '6');
    await user.click(within(dialog).getByRole('button', { name: /驗證$/ }));
    expect(await within(dialog).findByText('請輸入驗證碼')).toBeInTheDocument();
    await user.type(code, '111111{Enter}');
    expect(await within(dialog).findByText('驗證失敗')).toBeInTheDocument();
    await user.clear(code);
    await user.type(code, '246810{Enter}');

    expect(await screen.findByTestId('account-notice')).toHaveTextContent('Email 已更新');
    expect(screen.getByTestId('profile-email')).toHaveTextContent('new@example.com');
    expect(store.getState().session.user?.email).toBe('new@example.com');
    expect(server.calls.filter((c) => c.path === '/api/email/send-code').map((c) => c.body)).toEqual([{ email: 'new@example.com' }]);
  });

  it('checks the new phone and says when the code could not be sent', async () => {
    const { calls } = serverWith(member());
    const user = userEvent.setup();
    renderApp(<ProfilePage />, loggedInAsOptions(member()));
    await user.click(await screen.findByRole('button', { name: '變更手機' }));
    const dialog = await screen.findByRole('dialog');
    const input = within(dialog).getByLabelText('新的手機號碼');
    await user.type(input, '{Enter}');
    expect(await within(dialog).findByText('請輸入新的手機號碼')).toBeInTheDocument();
    await user.type(input, '12345{Enter}');
    expect(await within(dialog).findByText('手機號碼格式不正確')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '0912-345-678{Enter}');
    expect(await within(dialog).findByText('無法與當前手機相同')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '0922333444');
    // The number is valid now: the error went before sending.
    expect(within(dialog).queryByText('無法與當前手機相同')).not.toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(await within(dialog).findByText('發送驗證碼失敗')).toBeInTheDocument();
    await user.type(input, '{Backspace}');
    expect(within(dialog).queryByText('發送驗證碼失敗')).not.toBeInTheDocument();
    expect(within(dialog).getByText('手機號碼格式不正確')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/phone/sendcode').map((c) => c.body)).toEqual([{ type: 'change', phone: '0922333444' }]);
  });
});

function loggedInAsOptions(user: UserProfile, redirectPath = '') {
  return { path: '/', preloaded: loggedInAs(user, redirectPath) };
}
