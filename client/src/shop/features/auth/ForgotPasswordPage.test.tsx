import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi, renderRoutes } from '../../../test/render';
import ForgotPasswordPage from './ForgotPasswordPage';
import { CODE_VALID_MS, FORGOT_PROGRESS_KEY } from './forgotProgress';

afterEach(() => sessionStorage.clear());

const routes = [
  { path: '/fpassword', element: <ForgotPasswordPage /> },
  { path: '/login', element: <div>login page</div> },
];

function forgotServer() {
  const state = { code: '', verified: '' };
  return mockApi({
    'POST /api/phone/forgot-sendcode': () => {
      state.code = '135790';
      return { json: { success: true, message: '驗證碼已發送', outtime: 60 } };
    },
    'POST /api/phone/verifycode': (body) => {
      const { phone, code, type } = body as { phone: string; code: string; type: string };
      if (type !== 'forgot' || code !== state.code) return { status: 400, json: { success: false, message: '驗證失敗，驗證碼錯誤或已過期' } };
      state.verified = phone;
      return { json: { success: true, message: '驗證成功' } };
    },
    'POST /api/user/resetPassword': (body) => {
      const { phone } = body as { phone: string };
      return phone === state.verified
        ? { json: { success: true, message: '密碼重設成功，請使用新密碼登入' } }
        : { status: 400, json: { success: false, message: '重設失敗。請重新驗證手機號碼。' } };
    },
  });
}

describe('ForgotPasswordPage (spec 1 §4–5, §8)', () => {
  it('goes phone → code → new password → success → back to login, with the forgot-flow messages', async () => {
    const { calls } = forgotServer();
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, { path: '/fpassword' });

    await user.click(screen.getByRole('button', { name: '發送驗證碼' }));
    expect(await screen.findByText('請輸入手機號碼。')).toBeInTheDocument();
    await user.type(screen.getByLabelText('手機號碼'), '0912345678{Enter}');

    const code = await screen.findByLabelText('驗證碼');
    expect(screen.getByRole('status')).toHaveTextContent('驗證碼已發送至 0912345678');
    expect(screen.getByTestId('send-code')).toBeDisabled();
    await user.click(screen.getByRole('button', { name: '驗證' }));
    expect(await screen.findByText('請輸入驗證碼。')).toBeInTheDocument();
    await user.type(code, '000000{Enter}');
    expect(await screen.findByTestId('forgot-error')).toHaveTextContent('驗證失敗，驗證碼錯誤或已過期');
    await user.clear(code);
    await user.type(code, '135790{Enter}');

    const password = await screen.findByLabelText('新密碼');
    const reset = screen.getByRole('button', { name: '重設密碼' });
    expect(reset).toBeDisabled();
    await user.type(password, 'new123');
    await user.type(screen.getByLabelText('確認新密碼'), 'new124');
    expect(await screen.findByText('兩次輸入的密碼不相符。')).toBeInTheDocument();
    expect(reset).toBeDisabled();
    await user.clear(screen.getByLabelText('確認新密碼'));
    expect(await screen.findByText('請輸入新密碼並確認。')).toBeInTheDocument();
    await user.type(screen.getByLabelText('確認新密碼'), 'new123');
    await waitFor(() => expect(reset).toBeEnabled());
    await user.click(reset);

    expect(await screen.findByTestId('forgot-done')).toHaveTextContent('密碼已重設');
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body])).toEqual([
      ['/api/phone/forgot-sendcode', { phone: '0912345678' }],
      ['/api/phone/verifycode', { type: 'forgot', phone: '0912345678', code: '000000' }],
      ['/api/phone/verifycode', { type: 'forgot', phone: '0912345678', code: '135790' }],
      ['/api/user/resetPassword', { phone: '0912345678', newPassword: 'new123' }],
    ]);
    await user.click(screen.getByRole('button', { name: '返回登入' }));
    expect(router.state.location.pathname).toBe('/login');
  });

  it('says 發送驗證碼失敗 when the send fails without a message, and counts down a refused resend', async () => {
    let answer: { status: number; json: unknown } = { status: 503, json: { success: false } };
    mockApi({ 'POST /api/phone/forgot-sendcode': () => answer });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/fpassword' });
    await user.type(screen.getByLabelText('手機號碼'), '0912345678{Enter}');
    expect(await screen.findByTestId('forgot-error')).toHaveTextContent('發送驗證碼失敗');
    answer = { status: 429, json: { success: false, message: '請於 45 秒後再重新發送驗證碼', outtime: 45 } };
    await user.click(screen.getByRole('button', { name: '發送驗證碼' }));
    await waitFor(() => expect(screen.getByTestId('forgot-error')).toHaveTextContent('請於 45 秒後再重新發送驗證碼'));
    expect(screen.getByTestId('send-code')).toHaveTextContent('45 秒後可重新發送');
    expect(screen.getByTestId('send-code')).toBeDisabled();
  });

  it('a reload at step 2 stays at step 2 with the phone; finishing forgets it', async () => {
    const { calls } = forgotServer();
    const user = userEvent.setup();
    const first = renderRoutes(routes, { path: '/fpassword' });
    await user.type(screen.getByLabelText('手機號碼'), '0912345678{Enter}');
    await screen.findByLabelText('驗證碼');
    const kept = sessionStorage.getItem(FORGOT_PROGRESS_KEY);
    expect(JSON.parse(kept ?? '{}')).toMatchObject({ step: 1, phone: '0912345678' });

    // A reload: the page starts again from what the tab kept (no unmount runs in a real reload).
    first.unmount();
    sessionStorage.setItem(FORGOT_PROGRESS_KEY, kept!);
    renderRoutes(routes, { path: '/fpassword' });
    const code = await screen.findByLabelText('驗證碼');
    expect(screen.getByRole('status')).toHaveTextContent('驗證碼已發送至 0912345678');
    expect(screen.getByTestId('send-code')).toHaveTextContent(/秒後可重新發送/);
    await user.type(code, '135790{Enter}');
    await screen.findByLabelText('新密碼');
    expect(JSON.parse(sessionStorage.getItem(FORGOT_PROGRESS_KEY) ?? '{}')).toMatchObject({ step: 2, phone: '0912345678' });

    await user.type(screen.getByLabelText('新密碼'), 'new123');
    await user.type(screen.getByLabelText('確認新密碼'), 'new123');
    await user.click(screen.getByRole('button', { name: '重設密碼' }));
    await screen.findByTestId('forgot-done');
    expect(sessionStorage.getItem(FORGOT_PROGRESS_KEY)).toBeNull();
    expect(calls.filter((c) => c.path === '/api/phone/forgot-sendcode')).toHaveLength(1);
  });

  it('a reload at step 3 stays there; leaving the page forgets the flow', async () => {
    forgotServer();
    sessionStorage.setItem(FORGOT_PROGRESS_KEY, JSON.stringify({ step: 2, phone: '0912345678', sentAt: Date.now() - 60_000, resendAt: 0 }));
    const { router } = renderRoutes(routes, { path: '/fpassword' });
    expect(await screen.findByLabelText('新密碼')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('link', { name: '返回登入' }));
    expect(router.state.location.pathname).toBe('/login');
    expect(sessionStorage.getItem(FORGOT_PROGRESS_KEY)).toBeNull();
  });

  it('an expired state starts again at step 1 with the phone and says why', async () => {
    sessionStorage.setItem(FORGOT_PROGRESS_KEY, JSON.stringify({ step: 1, phone: '0912345678', sentAt: Date.now() - CODE_VALID_MS - 1_000, resendAt: 0 }));
    renderRoutes(routes, { path: '/fpassword' });
    expect(screen.getByLabelText('手機號碼')).toHaveValue('0912345678');
    expect(screen.getByTestId('forgot-error')).toHaveTextContent('驗證碼已逾時，請重新發送驗證碼。');
    expect(screen.queryByLabelText('驗證碼')).not.toBeInTheDocument();
    expect(sessionStorage.getItem(FORGOT_PROGRESS_KEY)).toBeNull();
  });

  it('an error goes as soon as its field is fixed, and a refusal when the shopper edits', async () => {
    forgotServer();
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/fpassword' });
    await user.click(screen.getByRole('button', { name: '發送驗證碼' }));
    expect(await screen.findByText('請輸入手機號碼。')).toBeInTheDocument();
    await user.type(screen.getByLabelText('手機號碼'), '0912345678');
    await waitFor(() => expect(screen.queryByText('請輸入手機號碼。')).not.toBeInTheDocument());
    expect(screen.queryByText(/請輸入有效的手機號碼/)).not.toBeInTheDocument();
    await user.keyboard('{Enter}');

    const code = await screen.findByLabelText('驗證碼');
    await user.click(screen.getByRole('button', { name: '驗證' }));
    expect(await screen.findByText('請輸入驗證碼。')).toBeInTheDocument();
    await user.type(code, '1');
    await waitFor(() => expect(screen.queryByText('請輸入驗證碼。')).not.toBeInTheDocument());
    await user.type(code, '11111{Enter}');
    expect(await screen.findByTestId('forgot-error')).toHaveTextContent('驗證失敗，驗證碼錯誤或已過期');
    await user.type(code, '{Backspace}');
    expect(screen.queryByTestId('forgot-error')).not.toBeInTheDocument();
  });
});
