import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderRoutes } from '../../../test/render';
import ForgotPasswordPage from './ForgotPasswordPage';

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
});
