import { screen, waitFor } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MSG, STAFF_MSG } from '@rules/admin';
import { adminServer, preloadAdmin, renderAdmin, signedIn } from '../../testAdmin';

describe('my account: two-factor sign-in', () => {
  beforeAll(() => preloadAdmin(['account']), 60_000);

  it('sets it up: QR code and secret, then a code turns it on', async () => {
    let enabled = false;
    const { calls } = adminServer('staff', {
      'GET /api/admin/checkLogin': () => ({ json: signedIn('staff', { totpEnabled: enabled }) }),
      'POST /api/admin/totp/setup': () => ({ json: { success: true, secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/x', qrDataUrl: 'data:image/png;base64,AAAA' } }),
      'POST /api/admin/totp/enable': (b) => {
        if ((b as { code: string }).code !== '123456') return { status: 400, json: { success: false, message: ADMIN_MSG.otpWrong } };
        enabled = true;
        return { json: { success: true, message: '已啟用兩步驟驗證' } };
      },
    });
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    renderAdmin('/admin/account');
    expect(await screen.findByText('未啟用')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '設定兩步驟驗證' }));
    expect(await screen.findByTestId('totp-qr')).toHaveAttribute('src', 'data:image/png;base64,AAAA');
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
    await user.type(screen.getByLabelText('驗證碼'), '000000');
    await user.click(screen.getByRole('button', { name: '啟用' }));
    expect(await screen.findByTestId('totp-error')).toHaveTextContent(ADMIN_MSG.otpWrong);
    await user.clear(screen.getByLabelText('驗證碼'));
    await user.type(screen.getByLabelText('驗證碼'), '123456');
    await user.click(screen.getByRole('button', { name: '啟用' }));
    await waitFor(() => expect(screen.getByText('已啟用')).toBeInTheDocument());
    expect(calls.filter((c) => c.path === '/api/admin/totp/enable').map((c) => c.body)).toEqual([{ code: '000000' }, { code: '123456' }]);
  }, 40_000);
});

describe('my account: change password', () => {
  beforeAll(() => preloadAdmin(['account']), 60_000);

  const fill = async (user: ReturnType<typeof userEvent.setup>, current: string, next: string, confirm: string) => {
    await user.type(await screen.findByLabelText('目前密碼'), current);
    await user.type(screen.getByLabelText('新密碼'), next);
    await user.type(screen.getByLabelText('確認新密碼'), confirm);
    await user.click(screen.getByRole('button', { name: '變更密碼' }));
  };

  it('posts the current and new password, says the other sessions ended, and clears the fields', async () => {
    const { calls } = adminServer('staff', {
      'POST /api/admin/password': () => ({ json: { success: true, message: STAFF_MSG.passwordChanged } }),
    });
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    renderAdmin('/admin/account');
    await fill(user, 'old-secret-1', 'new-secret-22', 'new-secret-22');
    expect(await screen.findByText(STAFF_MSG.passwordChanged)).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/admin/password').map((c) => c.body)).toEqual([{ currentPassword: 'old-secret-1', newPassword: 'new-secret-22' }]);
    await waitFor(() => expect(screen.getByLabelText('目前密碼')).toHaveValue(''));
    expect(screen.getByLabelText('新密碼')).toHaveValue('');
    expect(screen.getByLabelText('確認新密碼')).toHaveValue('');
  }, 40_000);

  it('does not send a new password that the confirmation does not match', async () => {
    const { calls } = adminServer('staff', {
      'POST /api/admin/password': () => ({ json: { success: true, message: STAFF_MSG.passwordChanged } }),
    });
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    renderAdmin('/admin/account');
    await fill(user, 'old-secret-1', 'new-secret-22', 'new-secret-23');
    expect(await screen.findByText(STAFF_MSG.passwordMismatch)).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/admin/password')).toBe(false);
  }, 40_000);

  it("shows the server's refusal and keeps the fields", async () => {
    adminServer('staff', {
      'POST /api/admin/password': () => ({ status: 400, json: { success: false, message: STAFF_MSG.currentPasswordWrong } }),
    });
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    renderAdmin('/admin/account');
    await fill(user, 'wrong-secret', 'new-secret-22', 'new-secret-22');
    expect(await screen.findByTestId('password-error')).toHaveTextContent(STAFF_MSG.currentPasswordWrong);
    expect(screen.getByLabelText('新密碼')).toHaveValue('new-secret-22');
  }, 40_000);
});
