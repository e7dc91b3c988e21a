import { CreditCardOutlined, ReloadOutlined, TruckOutlined } from '@ant-design/icons';
import type { AdminSettingView } from '@api/admin-settings';
import { settingProblem } from '@rules/settings-rules';
import { Alert, App, Button, Empty, Input, Skeleton } from 'antd';
import { useState } from 'react';
import { AdminPage } from '../../layout/AdminPage';
import { messageOf } from '../../lib';
import { PaymentModal } from './PaymentModal';
import { ANALYTICS_SETTINGS, failText, isAnalyticsKey, SETTINGS_TEXT } from './settingsText';
import { ShippingModal } from './ShippingModal';
import { useLoadSettingsQuery, useUpdateSettingMutation } from './settingsApi';
import './settings.css';

const VALUE_MAX = 1000;

/** A setting's problem by the server's rule for its kind (the analytics IDs' formats too, issue 22 §7). */
const problemOf = settingProblem;
/** The analytics rows are named by the screen (the IDs' exact names), the rest by the server's title. */
const titleOf = (s: AdminSettingView) => ANALYTICS_SETTINGS.find((a) => a.key === s.s_key)?.label ?? s.title;

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
    const title = titleOf(s);
    // The server's own check by kind (https URL, e-mail, phone …), so a bad value is refused before it is sent.
    const problem = problemOf(s.s_key, value);
    if (problem) {
      message.error(`「${title}」${failText(SETTINGS_TEXT.updateFailed, problem)}`);
      return;
    }
    setSaving((p) => ({ ...p, [s.id]: true }));
    try {
      const answer = await update({ s_id: s.id, s_value: value }).unwrap();
      if (answer.success) {
        message.success(`「${title}」${answer.message || SETTINGS_TEXT.updated}`);
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
  const all = ok ? data.settings : [];
  const settings = all.filter((s) => !isAnalyticsKey(s.s_key));
  const analytics = ANALYTICS_SETTINGS.map((a) => all.find((s) => s.s_key === a.key)).filter((s): s is AdminSettingView => s !== undefined);

  const row = (s: AdminSettingView, inline: boolean) => {
    const value = drafts[s.id] ?? s.s_value;
    const changed = value !== s.s_value;
    const problem = changed ? problemOf(s.s_key, value.trim()) : null;
    const inputId = `setting-${s.id}`;
    const title = titleOf(s);
    const placeholder = ANALYTICS_SETTINGS.find((a) => a.key === s.s_key)?.placeholder;
    return (
      <li key={s.id} className="ss-settings-row" data-testid={`setting-${s.s_key}`}>
        <label className="ss-settings-label" htmlFor={inputId}>
          <span className="ss-settings-title">{title}</span>
          <code className="ss-settings-key">{s.s_key}</code>
        </label>
        <div className="ss-settings-value">
          <Input
            id={inputId}
            value={value}
            maxLength={VALUE_MAX}
            placeholder={placeholder}
            onChange={(e) => setDrafts((d) => ({ ...d, [s.id]: e.target.value }))}
            onPressEnter={() => void save(s)}
            status={problem ? 'error' : changed ? 'warning' : undefined}
            title={problem ?? undefined}
            aria-label={title}
            aria-invalid={problem ? true : undefined}
            aria-describedby={inline && problem ? `${inputId}-error` : undefined}
          />
          {inline && problem && (
            <div id={`${inputId}-error`} className="ss-settings-error">
              {problem}
            </div>
          )}
        </div>
        <Button type={changed ? 'primary' : 'default'} loading={saving[s.id]} onClick={() => void save(s)} aria-label={`更新「${title}」`}>
          更新
        </Button>
      </li>
    );
  };
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
        <ul className="ss-settings-list">{settings.map((s) => row(s, false))}</ul>
      </div>
      {analytics.length > 0 && (
        <div className="ss-admin-panel ss-settings-panel" data-testid="analytics-settings">
          <h2 className="ss-settings-heading">數據分析</h2>
          <Alert
            type="info"
            showIcon
            className="ss-settings-note"
            title="留空即關閉。填入 ID 後，只有在購物者於 Cookie 橫幅同意「分析」之後，網站才會載入 GA4／Meta Pixel 並傳送瀏覽商品、加入購物車、結帳與購買等事件。"
          />
          <ul className="ss-settings-list">{analytics.map((s) => row(s, true))}</ul>
        </div>
      )}
      <ShippingModal open={dialog === 'shipping'} onClose={() => setDialog(null)} methods={ok ? data.shipping_methods : []} />
      <PaymentModal open={dialog === 'payment'} onClose={() => setDialog(null)} methods={ok ? data.payment_methods : []} />
    </AdminPage>
  );
}
