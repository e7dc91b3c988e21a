import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { MONEY_FIELDS, MONEY_MSG } from '@rules/money';
import type { StaffView } from '@api/admin';
import { adminServer, preloadAdmin, renderAdmin } from '../../testAdmin';

const staff = (id: number, username: string, extra: Partial<StaffView> = {}): StaffView => ({
  id,
  username,
  display_name: `${username} 名稱`,
  role: 'staff',
  is_active: 1,
  totp_enabled: false,
  last_login_at: null,
  created_at: '2026-03-01T00:00:00.000Z',
  ...extra,
});

const openDialog = async () => {
  let dialog: HTMLElement | undefined;
  await waitFor(() => {
    dialog = screen.queryAllByRole('dialog').find((d) => !d.closest('.ant-zoom-leave') && !d.className.includes('leave'));
    expect(dialog).toBeDefined();
  });
  return dialog!;
};

describe('admin staff accounts (owner)', () => {
  beforeAll(() => preloadAdmin(['staff']), 60_000);

  it('lists the accounts and adds one (passwords must match; refusals stay in the dialog)', async () => {
    let list = [staff(1, 'admin', { role: 'owner', totp_enabled: true, last_login_at: '2026-03-01T02:00:00.000Z' })];
    const { calls } = adminServer('owner', {
      'GET /api/admin/staff': () => ({ json: { success: true, staff: list } }),
      'POST /api/admin/staff': (b) => {
        const body = b as { username: string; display_name: string; role: StaffView['role'] };
        if (body.username === 'admin') return { status: 409, json: { success: false, message: '帳號已存在' } };
        list = [...list, staff(2, body.username, { display_name: body.display_name, role: body.role })];
        return { json: { success: true, message: '已新增帳號' } };
      },
    });
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    renderAdmin('/admin/staff');
    const row = (await screen.findByText('admin')).closest('tr')!;
    expect(within(row).getByText('擁有者')).toBeInTheDocument();
    expect(within(row).getByText('已啟用')).toBeInTheDocument();
    expect(within(row).getByText('2026-03-01 10:00')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /新增帳號/ }));
    const dialog = await openDialog();
    await user.type(within(dialog).getByLabelText('帳號'), 'admin');
    await user.type(within(dialog).getByLabelText('顯示名稱'), '小美');
    await user.type(within(dialog).getByLabelText('密碼'), 'long-enough-1');
    await user.type(within(dialog).getByLabelText('確認密碼'), 'different-11');
    await user.click(within(dialog).getByRole('button', { name: '新增' }));
    expect(await within(dialog).findByText('兩次輸入的密碼不相符')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('確認密碼'));
    await user.type(within(dialog).getByLabelText('確認密碼'), 'long-enough-1');
    await user.click(within(dialog).getByRole('button', { name: '新增' }));
    expect(await within(dialog).findByTestId('staff-form-error')).toHaveTextContent('帳號已存在');

    await user.clear(within(dialog).getByLabelText('帳號'));
    await user.type(within(dialog).getByLabelText('帳號'), 'mei');
    await user.click(within(dialog).getByRole('button', { name: '新增' }));
    expect(await screen.findByText('mei')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/admin/staff' && c.method === 'POST').map((c) => c.body)).toEqual([
      { username: 'admin', display_name: '小美', role: 'staff', password: 'long-enough-1' },
      { username: 'mei', display_name: '小美', role: 'staff', password: 'long-enough-1' },
    ]);
  }, 40_000);

  it('disables an account only after a confirmation', async () => {
    const { calls } = adminServer('owner', {
      'GET /api/admin/staff': () => ({ json: { success: true, staff: [staff(1, 'admin', { role: 'owner' }), staff(2, 'mei')] } }),
      'GET /api/admin/refundSettings': () => ({ json: { success: true, staffRefundLimit: 5000 } }),
      'PUT /api/admin/staff/2': () => ({ json: { success: true, message: '已更新帳號' } }),
    });
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    renderAdmin('/admin/staff');
    const row = (await screen.findByText('mei')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: '編輯' }));
    const dialog = await openDialog();
    await user.click(within(dialog).getByRole('switch'));
    await user.click(within(dialog).getByRole('button', { name: '儲存' }));
    expect(await screen.findByText('停用後這個帳號無法登入，目前的登入狀態也會立即結束。')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await user.click(screen.getByRole('button', { name: '停用' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT').map((c) => [c.path, c.body])).toEqual([
      ['/api/admin/staff/2', { display_name: 'mei 名稱', role: 'staff', is_active: 0 }],
    ]));
    expect(await screen.findByText('已更新帳號')).toBeInTheDocument();
  }, 40_000);
});

describe('staff refund limit (owner)', () => {
  it('shows the limit and saves a new one', async () => {
    const { calls } = adminServer('owner', {
      'GET /api/admin/staff': () => ({ json: { success: true, staff: [] } }),
      'GET /api/admin/refundSettings': () => ({ json: { success: true, staffRefundLimit: 5000 } }),
      'POST /api/admin/updateRefundSettings': (b) => ({ json: { success: true, message: '已儲存', ...(b as object) } }),
    });
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    renderAdmin('/admin/staff');
    const panel = await screen.findByTestId('refund-limit');
    await within(panel).findByText(/目前：NT\$ 5,000/);
    const input = within(panel).getByRole('textbox', { name: '客服人員退款上限' });
    // The shared NT$ rule: "-5" is refused on the field (an InputNumber clamped it to 0) and nothing is sent.
    await user.clear(input);
    await user.type(input, '-5');
    await user.click(within(panel).getByRole('button', { name: '儲存' }));
    expect(await within(panel).findByText(MONEY_MSG.notWhole(MONEY_FIELDS.staffRefundLimit))).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/admin/updateRefundSettings')).toHaveLength(0);
    await user.clear(input);
    await user.type(input, '8000');
    await user.click(within(panel).getByRole('button', { name: '儲存' }));
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/admin/updateRefundSettings').map((c) => c.body)).toEqual([{ staffRefundLimit: 8000 }]));
  });
});
