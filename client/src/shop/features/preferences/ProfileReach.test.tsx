import type { MemberPreferencesView } from '@api/preferences';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { mockApi, renderRoutes } from '../../../test/render';
import ProfilePage from '../account/ProfilePage';
import { loggedInAs, member } from '../account/testMember';
import type { UserProfile } from '../auth/userTypes';
import { browser } from './LineCard';
import { exportFileName } from './personalData';

const prefs = (extra: Partial<MemberPreferencesView> = {}): MemberPreferencesView => ({
  notify_channel: 'sms',
  marketing_email: 0,
  marketing_line: 0,
  marketing_email_at: null,
  marketing_line_at: null,
  line_user_id: null,
  line_friend: 0,
  has_email: true,
  ...extra,
});

type Refusal = { status: number; json: unknown };

/** The server's answers for /profile's issue-22 cards (the real ones: the preferences and privacy API specs). */
function server(start: MemberPreferencesView, opts: { refuse?: Refusal; password?: string; code?: string; noLineLogin?: boolean } = {}) {
  let current = start;
  const api = mockApi({
    'GET /api/csrf-token': () => ({ json: { success: true, csrfToken: 'tok' } }),
    'GET /api/member/preferences': () => ({ json: { success: true, preferences: current } }),
    'PUT /api/member/preferences': (body) => {
      if (opts.refuse) return opts.refuse;
      current = { ...current, ...(body as Partial<MemberPreferencesView>) };
      return { json: { success: true, message: '已更新通知設定', preferences: current } };
    },
    'GET /api/login/providers': () => ({ json: { success: true, providers: { google: false, facebook: false, line: !opts.noLineLogin } } }),
    'GET /api/member/line/bind': () => ({ json: { success: true, url: 'https://access.line.me/oauth2/v2.1/authorize?bot_prompt=normal&state=s1' } }),
    'POST /api/member/line/unbind': () => {
      current = { ...current, line_user_id: null, line_friend: 0, notify_channel: current.notify_channel === 'line' ? 'sms' : current.notify_channel };
      return { json: { success: true, message: '已解除綁定 LINE' } };
    },
    'POST /api/member/delete/code': () => ({ json: { success: true, message: '驗證碼已發送', outtime: 60 } }),
    'POST /api/member/delete': (body) => {
      const b = body as { password?: string; code?: string };
      if (b.password !== undefined && b.password !== opts.password) return { status: 400, json: { success: false, message: '密碼錯誤' } };
      if (b.code !== undefined && b.code !== opts.code) return { status: 400, json: { success: false, message: '驗證失敗，請重試！' } };
      return { json: { success: true, message: '帳號已刪除' } };
    },
  });
  return { ...api, current: () => current };
}

const open = (user: UserProfile = member(), path = '/profile') =>
  renderRoutes(
    [
      { path: '/profile', element: <ProfilePage /> },
      { path: '/', element: <p>home page</p> },
      { path: '/login', element: <p>login page</p> },
    ],
    { path, preloaded: loggedInAs(user) },
  );

const puts = (calls: { method: string; path: string; body: unknown }[]) => calls.filter((c) => c.method === 'PUT' && c.path === '/api/member/preferences').map((c) => c.body);

describe('/profile 通知設定 (issue 22 §1)', { timeout: 30_000 }, () => {
  it('LINE waits for a bound friend and Email for an address; a choice is saved at once with a toast', async () => {
    const api = server(prefs({ has_email: true }));
    const user = userEvent.setup();
    open();
    const card = await screen.findByTestId('notification-card');
    const line = await within(card).findByRole('radio', { name: 'LINE' });
    expect(line).toBeDisabled();
    expect(within(card).getByRole('radio', { name: '簡訊' })).toBeChecked();
    expect(within(card).getByTestId('channel-hint')).toHaveTextContent('LINE：請先綁定 LINE 並加入官方帳號好友');
    expect(within(card).getByTestId('channel-hint')).not.toHaveTextContent('Email');

    await user.click(within(card).getByRole('radio', { name: 'Email' }));
    expect(await screen.findByText('已更新通知設定')).toBeInTheDocument();
    expect(within(card).getByRole('radio', { name: 'Email' })).toBeChecked();

    await user.click(within(card).getByRole('switch', { name: 'Email 優惠通知' }));
    await waitFor(() => expect(within(card).getByRole('switch', { name: 'Email 優惠通知' })).toBeChecked());
    expect(puts(api.calls)).toEqual([{ notify_channel: 'email' }, { marketing_email: 1 }]);
    expect(api.current()).toMatchObject({ notify_channel: 'email', marketing_email: 1 });
  });

  it('without an e-mail Email cannot be chosen; a bound friend may choose LINE', async () => {
    server(prefs({ has_email: false, line_user_id: 'U1', line_friend: 1 }));
    open(member({ email: null }));
    const card = await screen.findByTestId('notification-card');
    expect(await within(card).findByRole('radio', { name: 'Email' })).toBeDisabled();
    expect(within(card).getByRole('radio', { name: 'LINE' })).toBeEnabled();
    expect(within(card).getByTestId('channel-hint')).toHaveTextContent('Email：請先設定 Email');
    expect(within(card).getByRole('switch', { name: 'Email 優惠通知' })).toBeDisabled();
    expect(within(card).getByRole('switch', { name: 'LINE 優惠通知' })).toBeEnabled();
  });

  it('LINE marketing waits for a bound friend too', async () => {
    server(prefs({ line_user_id: 'U1', line_friend: 0 }));
    open();
    const card = await screen.findByTestId('notification-card');
    expect(await within(card).findByRole('switch', { name: 'LINE 優惠通知' })).toBeDisabled();
    expect(within(card).getByRole('radio', { name: 'LINE' })).toBeDisabled();
  });

  it('a refusal shows under the field and the saved choice comes back', async () => {
    const api = server(prefs({ line_user_id: 'U1', line_friend: 1 }), { refuse: { status: 400, json: { success: false, message: '請先綁定 LINE 並加入官方帳號好友' } } });
    const user = userEvent.setup();
    open();
    const card = await screen.findByTestId('notification-card');
    await user.click(await within(card).findByRole('radio', { name: 'LINE' }));
    expect(await within(card).findByTestId('notify-channel-error')).toHaveTextContent('請先綁定 LINE 並加入官方帳號好友');
    expect(within(card).getByRole('radio', { name: '簡訊' })).toBeChecked();
    expect(puts(api.calls)).toEqual([{ notify_channel: 'line' }]);
  });
});

describe('/profile LINE 綁定 (issue 22 §2)', { timeout: 30_000 }, () => {
  it('綁定 LINE opens the LINE Login URL the server gives', async () => {
    server(prefs());
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const user = userEvent.setup();
    open();
    const card = await screen.findByTestId('line-card');
    await within(card).findByText(/尚未綁定 LINE/);
    await user.click(within(card).getByRole('button', { name: '綁定 LINE' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://access.line.me/oauth2/v2.1/authorize?bot_prompt=normal&state=s1'));
  });

  it('a shop without LINE Login offers no 綁定 LINE', async () => {
    const api = server(prefs(), { noLineLogin: true });
    open();
    await screen.findByTestId('notification-card');
    await waitFor(() => expect(api.calls.some((c) => c.path === '/api/login/providers')).toBe(true));
    expect(screen.queryByTestId('line-card')).not.toBeInTheDocument();
  });

  it.each([
    ['bound', '已綁定 LINE'],
    ['taken', '此 LINE 帳號已綁定其他會員'],
    ['failed', 'LINE 綁定失敗，請稍後再試'],
  ])('back with ?line=%s it says %s and cleans the address', async (result, text) => {
    server(prefs({ line_user_id: result === 'bound' ? 'U1' : null }));
    const { router } = open(member(), `/profile?line=${result}`);
    expect(await screen.findByTestId('line-note')).toHaveTextContent(text);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/profile');
  });

  it('解除綁定 asks first; 取消 keeps it, confirming unbinds', async () => {
    const api = server(prefs({ line_user_id: 'U1', line_friend: 1, notify_channel: 'line' }));
    const user = userEvent.setup();
    open();
    const card = await screen.findByTestId('line-card');
    expect(await within(card).findByTestId('line-status')).toHaveTextContent('已綁定 LINE，並已加入官方帳號好友');
    await user.click(within(card).getByRole('button', { name: '解除綁定' }));
    let dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: '取消' }));
    expect(api.calls.filter((c) => c.path === '/api/member/line/unbind')).toHaveLength(0);
    await user.click(within(card).getByRole('button', { name: '解除綁定' }));
    dialog = await screen.findByRole('dialog', { name: '解除綁定 LINE？' });
    await user.click(within(dialog).getByRole('button', { name: /解除綁定/ }));
    expect(await within(card).findByText(/尚未綁定 LINE/)).toBeInTheDocument();
    expect(api.calls.filter((c) => c.path === '/api/member/line/unbind')).toHaveLength(1);
  });
});

describe('/profile 下載我的資料 (issue 22 §4)', { timeout: 30_000 }, () => {
  it('downloads the JSON under the server’s file name', async () => {
    const api = server(prefs());
    const answer = api.fetchMock.getMockImplementation()!;
    api.fetchMock.mockImplementation(async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.includes('/api/member/export'))
        return new Response('{"profile":{}}', { status: 200, headers: { 'Content-Type': 'application/json', 'Content-Disposition': 'attachment; filename="skinshop-my-data-20261128.json"' } });
      return answer(input, init);
    });
    const created = vi.fn(() => 'blob:export');
    const urls = URL as unknown as { createObjectURL?: unknown; revokeObjectURL?: unknown };
    const saved = { create: urls.createObjectURL, revoke: urls.revokeObjectURL };
    urls.createObjectURL = created;
    urls.revokeObjectURL = vi.fn();
    onTestFinished(() => {
      urls.createObjectURL = saved.create;
      urls.revokeObjectURL = saved.revoke;
    });
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: '下載我的資料' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0].download).toBe('skinshop-my-data-20261128.json');
    expect(clicked[0].href).toBe('blob:export');
    expect(created).toHaveBeenCalledTimes(1);
  });

  it('a failure says 資料匯出失敗，請稍後再試', async () => {
    server(prefs()); // GET /api/member/export answers 404
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: '下載我的資料' }));
    expect(await screen.findByTestId('export-error')).toHaveTextContent('資料匯出失敗，請稍後再試');
  });

  it('names the file from Content-Disposition, or by today', () => {
    expect(exportFileName('attachment; filename="a.json"')).toBe('a.json');
    expect(exportFileName("attachment; filename*=UTF-8''%E6%88%91.json")).toBe('我.json');
    expect(exportFileName(null, '2026-11-28')).toBe('skinshop-my-data-20261128.json');
  });
});

describe('/profile 刪除帳號 (issue 22 §4)', { timeout: 30_000 }, () => {
  it('asks for the password, says what goes and what is kept, refuses a wrong one; Escape closes; success logs out to /', async () => {
    const api = server(prefs(), { password: 'abc123' });
    const user = userEvent.setup();
    const { router, store } = open(member({ has_password: true }));
    await user.click(await screen.findByRole('button', { name: '刪除帳號' }));
    let dialog = await screen.findByRole('dialog', { name: '刪除帳號' });
    expect(dialog).toHaveTextContent('訂單與發票紀錄會保留');
    expect(dialog).toHaveTextContent('LINE 綁定');
    await user.click(within(dialog).getByRole('button', { name: /確認刪除帳號/ }));
    expect(await within(dialog).findByTestId('delete-error')).toHaveTextContent('請輸入密碼');
    expect(api.calls.filter((c) => c.path === '/api/member/delete')).toHaveLength(0);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('delete-account-form')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: '刪除帳號' }));
    dialog = await screen.findByRole('dialog', { name: '刪除帳號' });
    const password = within(dialog).getByLabelText('請輸入密碼以確認');
    await user.type(password, 'wrong1{Enter}');
    expect(await within(dialog).findByTestId('delete-error')).toHaveTextContent('密碼錯誤');
    await user.clear(password);
    await user.type(password, 'abc123{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByText('帳號已刪除')).toBeInTheDocument();
    // The session ends as /profile unmounts, after the address changed.
    await screen.findByText('home page');
    await waitFor(() => expect(store.getState().session).toMatchObject({ isLoggedIn: false, user: null }));
    expect(api.calls.filter((c) => c.path === '/api/member/delete').map((c) => c.body)).toEqual([{ password: 'wrong1' }, { password: 'abc123' }]);
  });

  it('an account without a password sends a code and confirms with it', async () => {
    const api = server(prefs(), { code: '246810' });
    const user = userEvent.setup();
    open(member({ account: null, line_user_id: 'U1', has_password: false }));
    await user.click(await screen.findByRole('button', { name: '刪除帳號' }));
    const dialog = await screen.findByRole('dialog', { name: '刪除帳號' });
    expect(within(dialog).queryByLabelText('請輸入密碼以確認')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: /確認刪除帳號/ })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: '發送驗證碼' }));
    const code = await within(dialog).findByLabelText('驗證碼');
    expect(within(dialog).getByRole('button', { name: /秒後可重新發送/ })).toBeDisabled();
    await user.type(code, '111111{Enter}');
    expect(await within(dialog).findByTestId('delete-error')).toHaveTextContent('驗證失敗，請重試！');
    await user.clear(code);
    await user.type(code, '246810{Enter}');
    await screen.findByText('home page');
    expect(api.calls.filter((c) => c.path === '/api/member/delete').map((c) => c.body)).toEqual([{ code: '111111' }, { code: '246810' }]);
  });
});
