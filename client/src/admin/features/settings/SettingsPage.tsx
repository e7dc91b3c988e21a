import { CreditCardOutlined, ReloadOutlined, TruckOutlined } from '@ant-design/icons';
import type { AdminSettingView } from '@api/admin-settings';
import { settingProblem } from '@rules/settings-rules';
import { Alert, App, Button, Empty, Input, Skeleton } from 'antd';
import { useState } from 'react';
import { AdminPage } from '../../layout/AdminPage';
import { messageOf } from '../../lib';
import { PaymentModal } from './PaymentModal';
import { failText, SETTINGS_TEXT } from './settingsText';
import { ShippingModal } from './ShippingModal';
import { useLoadSettingsQuery, useUpdateSettingMutation } from './settingsApi';
import './settings.css';

const VALUE_MAX = 1000;

/**
 * /admin/settings (spec 3 §2, §7, §8): the 運送設定 and 付款方式 modals, and the shop's general
 * settings (company name, short name, tax id, contact, social links, maps key), each saved on its
 * own with 更新. Every call is awaited and its result shown (issue 12: not fire-and-forget).
 */
export default function SettingsPage() {
  const { message } = App.useApp();
  const { data, error, isLoading, isFetching, refetch } = useLoadSettingsQuery();
  const [update] = useUpdateSettingMutation();
  const [dialog, setDialog] = useState<'shipping' | 'payment' | null>(null);
  /** id → the edited value (until saved). */
  const [drafts, setDrafts] = useState<Record<number, string>>({});
  const [saving, setSaving] = useState<Record<number, boolean>>({});

  const save = async (s: AdminSettingView) => {
    const value = (drafts[s.id] ?? s.s_value).trim();
    // The server's own check by kind (https URL, e-mail, phone …), so a bad value is refused before it is sent.
    const problem = settingProblem(s.s_key, value);
    if (problem) {
      message.error(`「${s.title}」${failText(SETTINGS_TEXT.updateFailed, problem)}`);
      return;
    }
    setSaving((p) => ({ ...p, [s.id]: true }));
    try {
      const answer = await update({ s_id: s.id, s_value: value }).unwrap();
      if (answer.success) {
        message.success(`「${s.title}」${answer.message || SETTINGS_TEXT.updated}`);
        setDrafts(({ [s.id]: _, ...rest }) => rest);
      } else message.error(failText(SETTINGS_TEXT.updateFailed, answer.message));
    } catch (err) {
      message.error(failText(SETTINGS_TEXT.updateFailed, messageOf(err)));
    } finally {
      setSaving(({ [s.id]: _, ...rest }) => rest);
    }
  };

  const ok = data?.success === true;
  const failed = error || (data && !data.success);
  const settings = ok ? data.settings : [];
  return (
    <AdminPage
      title="網站設定"
      subtitle="運送與付款方式，以及顯示在網站上的公司資訊、聯絡方式與社群連結。變更會立即生效。"
      extra={
        <>
          <Button icon={<ReloadOutlined />} onClick={() => void refetch()} loading={isFetching && !isLoading}>
            重新整理
          </Button>
          <Button icon={<TruckOutlined />} onClick={() => setDialog('shipping')} disabled={!ok}>
            運送設定
          </Button>
          <Button icon={<CreditCardOutlined />} onClick={() => setDialog('payment')} disabled={!ok}>
            付款方式
          </Button>
        </>
      }
      testId="admin-settings"
    >
      <div className="ss-admin-panel">
        <h2 className="ss-settings-heading">一般設定</h2>
        {failed && (
          <Alert
            type="error"
            showIcon
            title={SETTINGS_TEXT.loadFailed}
            description={messageOf(error ?? data)}
            action={
              <Button size="small" onClick={() => void refetch()}>
                重試
              </Button>
            }
            style={{ marginBottom: 12 }}
          />
        )}
        {isLoading && <Skeleton active paragraph={{ rows: 6 }} />}
        {ok && settings.length === 0 && <Empty description="沒有設定項目" />}
        <ul className="ss-settings-list">
          {settings.map((s) => {
            const value = drafts[s.id] ?? s.s_value;
            const changed = value !== s.s_value;
            const problem = changed ? settingProblem(s.s_key, value.trim()) : null;
            const inputId = `setting-${s.id}`;
            return (
              <li key={s.id} className="ss-settings-row" data-testid={`setting-${s.s_key}`}>
                <label className="ss-settings-label" htmlFor={inputId}>
                  <span className="ss-settings-title">{s.title}</span>
                  <code className="ss-settings-key">{s.s_key}</code>
                </label>
                <Input
                  id={inputId}
                  value={value}
                  maxLength={VALUE_MAX}
                  onChange={(e) => setDrafts((d) => ({ ...d, [s.id]: e.target.value }))}
                  onPressEnter={() => void save(s)}
                  status={problem ? 'error' : changed ? 'warning' : undefined}
                  title={problem ?? undefined}
                  aria-label={s.title}
                />
                <Button type={changed ? 'primary' : 'default'} loading={saving[s.id]} onClick={() => void save(s)} aria-label={`更新「${s.title}」`}>
                  更新
                </Button>
              </li>
            );
          })}
        </ul>
      </div>
      <ShippingModal open={dialog === 'shipping'} onClose={() => setDialog(null)} methods={ok ? data.shipping_methods : []} />
      <PaymentModal open={dialog === 'payment'} onClose={() => setDialog(null)} methods={ok ? data.payment_methods : []} />
    </AdminPage>
  );
}
