import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderRoutes } from '../../../test/render';
import RegisterPage from './RegisterPage';
import { member } from './testUsers';

const routes = [
  { path: '/register', element: <RegisterPage /> },
  { path: '/profile', element: <div>profile page</div> },
  { path: '/login', element: <div>login page</div> },
];

/** A server-shaped responder: one code per phone, verified once, then registration for that phone. */
function registrationServer({ outtime = 60 } = {}) {
  const state = { code: '', verified: '' };
  return mockApi({
    'POST /api/phone/sendcode': (body) => {
      const { phone } = body as { phone: string };
      state.code = '246810';
      return { json: { success: true, message: '驗證碼已發送', outtime, phone } };
    },
    'POST /api/phone/verifycode': (body) => {
      const { phone, code } = body as { phone: string; code: string };
      if (!state.code) return { status: 400, json: { success: false, message: '無法找到驗證碼或驗證碼已過期。' } };
      if (code !== state.code) return { status: 400, json: { success: false, message: '驗證失敗，請重試！' } };
      state.verified = phone;
      return { json: { success: true, message: '驗證成功' } };
    },
    'POST /api/user/register': (body) => {
      const { phone } = body as { phone: string };
      if (phone !== state.verified) return { status: 400, json: { success: false, message: '請先完成手機驗證' } };
      return { json: { success: true, message: '註冊成功', user: member({ account: phone, phone }) } };
    },
  });
}

const phoneInput = () => screen.getByRole('textbox', { name: '手機號碼' });
const codeInput = () => screen.getByRole('textbox', { name: '驗證碼' });

describe('RegisterPage (spec 1 §4–5, §8)', () => {
  it('checks the phone before sending a code', async () => {
    const { calls } = registrationServer();
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/register' });
    await user.click(screen.getByTestId('send-code'));
    expect(await screen.findByText('請輸入手機號碼！')).toBeInTheDocument();
    await user.type(phoneInput(), '0812345678');
    await user.click(screen.getByTestId('send-code'));
    expect(await screen.findByText('請輸入有效的手機號碼： 台灣手機範例：0912345678')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/phone/sendcode')).toHaveLength(0);
  });

  it('an error goes as soon as its field is valid: the phone, the code, and a refused code when it is edited', async () => {
    registrationServer();
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/register' });
    await user.click(screen.getByTestId('send-code'));
    expect(await screen.findByText('請輸入手機號碼！')).toBeInTheDocument();
    await user.type(phoneInput(), '0912345678');
    // Checked on blur only until it showed an error: now it is checked as it changes.
    await waitFor(() => expect(screen.queryByText(/請輸入手機號碼|請輸入有效的手機號碼/)).not.toBeInTheDocument());

    await user.click(screen.getByTestId('send-code'));
    await screen.findByRole('button', { name: /秒後可重新發送/ });
    await user.click(screen.getByTestId('verify-code'));
    expect(await screen.findByText('請輸入驗證碼！')).toBeInTheDocument();
    await user.type(codeInput(), '1');
    await waitFor(() => expect(screen.queryByText('請輸入驗證碼！')).not.toBeInTheDocument());
    await user.type(codeInput(), '11111{Enter}');
    expect(await screen.findByTestId('code-note')).toHaveTextContent('驗證失敗，請重試！');
    await user.type(codeInput(), '{Backspace}');
    expect(screen.queryByTestId('code-note')).not.toBeInTheDocument();
  });

  it('sends a code, counts the server outtime down on the disabled button, then offers a resend', async () => {
    const { calls } = registrationServer({ outtime: 2 });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/register' });
    await user.type(phoneInput(), '+886 912 345 678{Enter}');
    const button = await screen.findByRole('button', { name: /秒後可重新發送/ });
    expect(button).toBeDisabled();
    expect(button).toHaveTextContent('2 秒後可重新發送');
    expect(calls.find((c) => c.path === '/api/phone/sendcode')?.body).toEqual({ type: 'register', phone: '0912345678' });
    expect(screen.getByTestId('code-note')).toHaveTextContent('驗證碼已發送');
    await waitFor(() => expect(screen.getByTestId('send-code')).toHaveTextContent('重新發送驗證碼'), { timeout: 4000 });
    expect(screen.getByTestId('send-code')).toBeEnabled();
  });

  it('refuses a wrong code with the server message, then verifies, locks the phone and registers → /profile', async () => {
    const { calls } = registrationServer();
    const user = userEvent.setup();
    const { router, store } = renderRoutes(routes, { path: '/register' });
    await user.type(phoneInput(), '0912345678');
    await user.click(screen.getByTestId('send-code'));
    await screen.findByRole('button', { name: /秒後可重新發送/ });

    await user.click(screen.getByTestId('verify-code'));
    expect(await screen.findByText('請輸入驗證碼！')).toBeInTheDocument();
    await user.type(codeInput(), '1234567');
    expect(codeInput()).toHaveValue('123456');
    await user.keyboard('{Enter}');
    expect(await screen.findByTestId('code-note')).toHaveTextContent('驗證失敗，請重試！');

    await user.clear(codeInput());
    await user.type(codeInput(), '246810{Enter}');
    expect(await screen.findByText('手機號碼已驗證，請設定登入密碼。')).toBeInTheDocument();
    expect(phoneInput()).toHaveAttribute('readonly');
    expect(screen.queryByTestId('send-code')).not.toBeInTheDocument();

    const register = screen.getByRole('button', { name: '註冊' });
    expect(register).toBeDisabled();
    await user.type(screen.getByLabelText('密碼'), 'abcdef');
    expect(await screen.findByText('密碼必須至少6位且包含一個小寫字母和一個數字')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('密碼'));
    await user.type(screen.getByLabelText('密碼'), 'abc123');
    await user.type(screen.getByLabelText('確認密碼'), 'abc124');
    expect(await screen.findByText('密碼與確認密碼不匹配')).toBeInTheDocument();
    expect(register).toBeDisabled();
    await user.clear(screen.getByLabelText('確認密碼'));
    await user.type(screen.getByLabelText('確認密碼'), 'abc123');
    await waitFor(() => expect(register).toBeEnabled());
    // Marketing consent: an unticked box (issue 22 §1), sent as marketing_consent 0/1.
    const consent = screen.getByRole('checkbox', { name: '我同意接收優惠與活動通知（可隨時取消）' });
    expect(consent).not.toBeChecked();
    await user.click(consent);
    expect(consent).toBeChecked();
    await user.click(register);

    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(calls.find((c) => c.path === '/api/user/register')?.body).toEqual({ phone: '0912345678', password: 'abc123', marketing_consent: 1 });
    expect(store.getState().session).toMatchObject({ isLoggedIn: true, user: { account: '0912345678' } });
  });

  it('says 伺服器錯誤，請稍後再試 when sending fails without an answer, and the server message otherwise', async () => {
    let status = 502;
    mockApi({
      'POST /api/phone/sendcode': () =>
        status === 502 ? { status, json: 'Bad Gateway' } : { status, json: { success: false, message: '請於 30 秒後再重新發送驗證碼', outtime: 30 } },
    });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/register' });
    await user.type(phoneInput(), '0912345678');
    await user.click(screen.getByTestId('send-code'));
    expect(await screen.findByTestId('code-note')).toHaveTextContent('伺服器錯誤，請稍後再試');
    expect(screen.getByTestId('send-code')).toBeEnabled();
    status = 429;
    await user.click(screen.getByTestId('send-code'));
    await waitFor(() => expect(screen.getByTestId('code-note')).toHaveTextContent('請於 30 秒後再重新發送驗證碼'));
    expect(screen.getByTestId('send-code')).toHaveTextContent('30 秒後可重新發送');
  });

  it('shows a refused registration under the password, and 註冊過程中發生錯誤 on a transport error', async () => {
    let answer: { status: number; json: unknown } = { status: 400, json: { success: false, message: '此手機號碼已註冊' } };
    mockApi({
      'POST /api/phone/sendcode': () => ({ json: { success: true, outtime: 60 } }),
      'POST /api/phone/verifycode': () => ({ json: { success: true } }),
      'POST /api/user/register': () => answer,
    });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/register' });
    await user.type(phoneInput(), '0912345678');
    await user.click(screen.getByTestId('send-code'));
    await screen.findByRole('button', { name: /秒後可重新發送/ });
    await user.type(codeInput(), '111111{Enter}');
    await user.type(await screen.findByLabelText('密碼'), 'abc123');
    await user.type(screen.getByLabelText('確認密碼'), 'abc123{Enter}');
    expect(await screen.findByText('此手機號碼已註冊')).toBeInTheDocument();

    answer = { status: 500, json: 'Internal Server Error' };
    await user.type(screen.getByLabelText('密碼'), '4');
    await user.type(screen.getByLabelText('確認密碼'), '4');
    await user.click(screen.getByRole('button', { name: '註冊' }));
    expect(await screen.findByTestId('register-error')).toHaveTextContent('註冊過程中發生錯誤');

    answer = { status: 400, json: {} };
    await user.click(screen.getByRole('button', { name: '註冊' }));
    await waitFor(() => expect(screen.getByTestId('register-error')).toHaveTextContent('提供的資料無效或不完整'));
  });
});
