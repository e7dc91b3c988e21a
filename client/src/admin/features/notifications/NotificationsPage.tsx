import { ReloadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Switch, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import type { NotificationSettingView } from '@api/admin';
import { ADMIN_MSG } from '@rules/admin';
import { useState } from 'react';
import { useLoadNotificationsSettingsQuery, useUpdateNotificationSettingMutation } from '../../api/notificationsApi';
import { AdminPage } from '../../layout/AdminPage';
import { messageOf } from '../../lib';
import { useAdminSession } from '../auth/useAdminSession';

/** The failure toast: the spec's text, with the server's reason when it gave one. */
export function updateFailedText(reason: string | undefined): string {
  return reason && reason !== ADMIN_MSG.notificationsUpdateFailed ? `${ADMIN_MSG.notificationsUpdateFailed}（${reason}）` : ADMIN_MSG.notificationsUpdateFailed;
}

/**
 * /admin/notifications (spec 3 §2, §7, §8): each alert type with its Telegram switch. A change is
 * sent at once; while it is on its way the switch shows the new value, and on a failure it
 * returns to the old one with 更新通知設定失敗. Owners change them; staff only see them.
 */
export default function NotificationsPage() {
  const { message } = App.useApp();
  // Owners change the switches; staff see them (the server enforces the same).
  const canChange = useAdminSession().allows('owner');
  const { data, error, isLoading, isFetching, refetch } = useLoadNotificationsSettingsQuery();
  const [update] = useUpdateNotificationSettingMutation();
  /** setting_type → the value being saved. */
  const [pending, setPending] = useState<Record<string, number>>({});

  const toggle = async (s: NotificationSettingView, on: boolean) => {
    const value = on ? 1 : 0;
    setPending((p) => ({ ...p, [s.setting_type]: value }));
    try {
      const answer = await update({ setting_type: s.setting_type, field: 'is_telegram', value }).unwrap();
      if (!answer.success) message.error(updateFailedText(answer.message));
      else message.success(`已${on ? '開啟' : '關閉'}「${s.setting_name}」的 Telegram 通知`);
    } catch (err) {
      message.error(updateFailedText(messageOf(err)));
    } finally {
      setPending(({ [s.setting_type]: _, ...rest }) => rest);
    }
  };

  const columns: TableColumnsType<NotificationSettingView> = [
    { title: '通知名稱', dataIndex: 'setting_name', fixed: 'left' },
    {
      title: 'Telegram',
      key: 'is_telegram',
      width: 120,
      align: 'center',
      render: (_, s) => {
        const saving = s.setting_type in pending;
        const value = saving ? pending[s.setting_type] : s.is_telegram;
        return (
          <Switch
            checked={value === 1}
            loading={saving}
            disabled={saving || !canChange}
            onChange={(on) => void toggle(s, on)}
            aria-label={`${s.setting_name} Telegram 通知`}
            data-testid={`telegram-${s.setting_type}`}
          />
        );
      },
    },
  ];

  const loadFailed = error || (data && !data.success);
  return (
    <AdminPage
      title="通知設定"
      subtitle={canChange ? '開啟後，發生該事件時會以 Telegram 通知店家。' : '開啟後，發生該事件時會以 Telegram 通知店家。僅擁有者可以變更。'}
      extra={<Button icon={<ReloadOutlined />} onClick={() => void refetch()} loading={isFetching && !isLoading}>重新整理</Button>}
      testId="admin-notifications"
    >
      <div className="ss-admin-panel">
        {loadFailed && (
          <Alert
            type="error"
            showIcon
            title={ADMIN_MSG.notificationsLoadFailed}
            description={messageOf(error ?? data)}
            action={
              <Button size="small" onClick={() => void refetch()}>
                重試
              </Button>
            }
            style={{ marginBottom: 12 }}
            data-testid="notifications-load-failed"
          />
        )}
        <Table<NotificationSettingView>
          rowKey="setting_type"
          columns={columns}
          dataSource={data?.success ? data.notificationsSettings : []}
          loading={isLoading}
          pagination={false}
          locale={{ emptyText: loadFailed ? ADMIN_MSG.notificationsLoadFailed : '沒有通知項目' }}
        />
      </div>
    </AdminPage>
  );
}
