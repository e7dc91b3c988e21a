import { NOTIFY_CHANNEL_LABEL, REACH_MSG } from '@rules/reach-rules';
import { Radio, Switch } from 'antd';
import { useId, useState } from 'react';
import { toast } from '../../../app/lazyToast';
import { ErrorText } from '../../../shared/components/ErrorText';
import { LoadError } from '../../../shared/components/LoadError';
import { fieldErrors, type PreferenceField } from './preferenceRules';
import { usePreferencesQuery, useSavePreferencesMutation, type MemberPreferencesView, type NotifyChannel, type PreferencesInput } from './preferencesApi';

/**
 * 通知設定 on /profile (issue 22 §1, spec 4 §2): where order news goes (LINE / 簡訊 / Email) and the
 * marketing opt-ins (Email, LINE). Each change is saved at once (PUT /api/member/preferences, toast
 * 已更新通知設定); a refusal shows under its field and the choice goes back to the saved one.
 */
export function NotificationCard() {
  const { data, error, isLoading, isFetching, refetch } = usePreferencesQuery();
  const prefs = data?.success ? data.preferences : undefined;
  return (
    <section className="ss-acc-card" aria-labelledby="ss-pref-title" data-testid="notification-card">
      <h2 id="ss-pref-title" className="ss-acc-card-title">
        通知設定
      </h2>
      {prefs ? (
        <NotificationForm prefs={prefs} />
      ) : error && !isLoading ? (
        <LoadError message="通知設定載入失敗，請稍後再試" onRetry={() => void refetch()} retrying={isFetching} />
      ) : (
        <p className="ss-pref-hint" role="status">
          載入中…
        </p>
      )}
    </section>
  );
}

function NotificationForm({ prefs }: { prefs: MemberPreferencesView }) {
  const [save] = useSavePreferencesMutation();
  const [pending, setPending] = useState<PreferencesInput>({});
  const [errors, setErrors] = useState<Partial<Record<PreferenceField, string>>>({});
  const ids = { channel: useId(), channelHint: useId(), email: useId(), line: useId() };
  const lineReady = prefs.line_user_id !== null && prefs.line_friend === 1;
  const shown = { ...prefs, ...pending };

  const change = async (input: PreferencesInput) => {
    const field = Object.keys(input)[0] as PreferenceField;
    setErrors((e) => ({ ...e, [field]: undefined, form: undefined }));
    setPending((p) => ({ ...p, ...input }));
    const res = await save(input);
    setPending((p) => {
      const next = { ...p };
      delete next[field as keyof PreferencesInput];
      return next;
    });
    if ('error' in res || !res.data.success) {
      setErrors((e) => ({ ...e, ...fieldErrors('error' in res ? res.error : { data: res.data }, field) }));
      return;
    }
    toast.success(res.data.message || REACH_MSG.preferencesSaved);
  };

  const channels: Array<{ value: NotifyChannel; label: string; disabled: boolean }> = [
    { value: 'line', label: NOTIFY_CHANNEL_LABEL.line, disabled: !lineReady && shown.notify_channel !== 'line' },
    { value: 'sms', label: NOTIFY_CHANNEL_LABEL.sms, disabled: false },
    { value: 'email', label: NOTIFY_CHANNEL_LABEL.email, disabled: !prefs.has_email && shown.notify_channel !== 'email' },
  ];
  const hints = [!lineReady ? `LINE：${REACH_MSG.lineNotBound}` : '', !prefs.has_email ? `Email：${REACH_MSG.emailMissing}` : ''].filter(Boolean);

  return (
    <>
      <div className="ss-pref-field" role="group" aria-labelledby={ids.channel} aria-describedby={hints.length ? ids.channelHint : undefined}>
        <p className="ss-acc-label" id={ids.channel}>
          訂單通知方式
        </p>
        <Radio.Group
          name="notify_channel"
          value={shown.notify_channel}
          onChange={(e) => void change({ notify_channel: e.target.value as NotifyChannel })}
          options={channels}
        />
        {hints.length > 0 && (
          <p className="ss-pref-hint" id={ids.channelHint} data-testid="channel-hint">
            {hints.join('　')}
          </p>
        )}
        <p className="ss-pref-hint">訂單的 Email 明細一律寄送；通知方式決定訂單進度的簡短通知送往何處。</p>
        <ErrorText message={errors.notify_channel} testId="notify-channel-error" />
      </div>
      <div className="ss-pref-field">
        <p className="ss-acc-label">行銷通知（優惠與活動）</p>
        <div className="ss-pref-switch">
          <label htmlFor={ids.email}>Email 優惠通知</label>
          <Switch
            id={ids.email}
            checked={shown.marketing_email === 1}
            disabled={!prefs.has_email && shown.marketing_email !== 1}
            onChange={(on) => void change({ marketing_email: on ? 1 : 0 })}
          />
        </div>
        <ErrorText message={errors.marketing_email} testId="marketing-email-error" />
        <div className="ss-pref-switch">
          <label htmlFor={ids.line}>LINE 優惠通知</label>
          <Switch
            id={ids.line}
            checked={shown.marketing_line === 1}
            disabled={!lineReady && shown.marketing_line !== 1}
            onChange={(on) => void change({ marketing_line: on ? 1 : 0 })}
          />
        </div>
        <ErrorText message={errors.marketing_line} testId="marketing-line-error" />
        <p className="ss-pref-hint">可隨時關閉；交易通知（訂單、出貨、退款）不受影響。</p>
      </div>
      <ErrorText message={errors.form} block testId="preferences-error" />
    </>
  );
}
