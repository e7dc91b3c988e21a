import { screen, waitFor } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MSG } from '@rules/admin';
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
