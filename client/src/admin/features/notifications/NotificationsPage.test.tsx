import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { NotificationSettingView } from '@api/admin';
import { ADMIN_MSG } from '@rules/admin';
import { adminServer, preloadAdmin, renderAdmin } from '../../testAdmin';

const SETTINGS: NotificationSettingView[] = [
  { id: 1, setting_type: 'new_order', setting_name: '新訂單', is_telegram: 1 },
  { id: 2, setting_type: 'payment_completed', setting_name: '付款完成', is_telegram: 0 },
  { id: 3, setting_type: 'job_failed', setting_name: '任務失敗', is_telegram: 0 },
];

const load = () => ({ json: { success: true, notificationsSettings: SETTINGS.map((s) => ({ ...s })) } });

describe('admin notifications (spec 3 §2, §7, §8)', () => {
  beforeAll(() => preloadAdmin(['notifications']), 60_000);

  it('lists each alert with its Telegram switch; a change is sent at once and stays', async () => {
    const { calls } = adminServer('owner', {
      'GET /api/admin/loadNotificationsSettings': load,
      'POST /api/admin/updateNotificationSetting': () => ({ json: { success: true, message: '更新成功' } }),
    });
    const user = userEvent.setup();
    renderAdmin('/admin/notifications');
    const sw = await screen.findByRole('switch', { name: '付款完成 Telegram 通知' });
    expect(sw).not.toBeChecked();
    expect(screen.getByRole('switch', { name: '新訂單 Telegram 通知' })).toBeChecked();
    await user.click(sw);
    await waitFor(() => expect(screen.getByRole('switch', { name: '付款完成 Telegram 通知' })).toBeChecked());
    expect(await screen.findByText('已開啟「付款完成」的 Telegram 通知')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/admin/updateNotificationSetting').map((c) => c.body)).toEqual([
      { setting_type: 'payment_completed', field: 'is_telegram', value: 1 },
    ]);
  });

  it('keeps the old value and says 更新通知設定失敗 when the change fails', async () => {
    adminServer('owner', {
      'GET /api/admin/loadNotificationsSettings': load,
      'POST /api/admin/updateNotificationSetting': () => ({ status: 500, json: { success: false } }),
    });
    const user = userEvent.setup();
    renderAdmin('/admin/notifications');
    await user.click(await screen.findByRole('switch', { name: '新訂單 Telegram 通知' }));
    expect(await screen.findByText(ADMIN_MSG.notificationsUpdateFailed)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('switch', { name: '新訂單 Telegram 通知' })).toBeChecked());
  });

  it('says 載入通知設定失敗 when the list does not load', async () => {
    adminServer('owner', { 'GET /api/admin/loadNotificationsSettings': () => ({ status: 500, json: { success: false } }) });
    renderAdmin('/admin/notifications');
    expect(await screen.findByTestId('notifications-load-failed')).toHaveTextContent(ADMIN_MSG.notificationsLoadFailed);
  });

  it('shows staff the switches without letting them change', async () => {
    adminServer('staff', { 'GET /api/admin/loadNotificationsSettings': load });
    renderAdmin('/admin/notifications');
    expect(await screen.findByRole('switch', { name: '新訂單 Telegram 通知' })).toBeDisabled();
    expect(screen.getByText(/僅擁有者可以變更/)).toBeInTheDocument();
  });
});
