import { Button, Checkbox, Input } from 'antd';
import { useCallback, useId, useRef, useState, type FormEvent } from 'react';
import { ACCOUNT_MSG, MSG } from '@rules/messages';
import { PASSWORD_MAX } from '@rules/taiwan';
import type { InputRef } from 'antd';
import { usePageTitle } from '../../../app/site/usePageTitle';
import { RequireMember } from '../auth/RequireMember';
import type { UserProfile } from '../auth/userTypes';
import { useUpdatePasswordMutation } from './accountApi';
import { failureText, passwordProblems, stillInvalid, type PasswordForm } from './accountRules';
import { SuccessNotice } from '../../../shared/components/SuccessNotice';
import { WithMember } from './WithMember';
import { ErrorText } from '../../../shared/components/ErrorText';
import './Account.css';

const EMPTY: PasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '' };
const FIELDS: { name: keyof PasswordForm; label: string; autoComplete: string }[] = [
  { name: 'currentPassword', label: '當前密碼', autoComplete: 'current-password' },
  { name: 'newPassword', label: '新密碼', autoComplete: 'new-password' },
  { name: 'confirmPassword', label: '確認新密碼', autoComplete: 'new-password' },
];

/** Change password (spec 1 §5, §8). */
export default function ChangePasswordPage() {
  usePageTitle('變更密碼');
  return (
    <RequireMember>
      <div className="ss-container ss-page ss-acc-page">
        <h1 className="ss-page-title">變更密碼</h1>
        <WithMember>{(user) => <PasswordEditor user={user} />}</WithMember>
      </div>
    </RequireMember>
  );
}

function PasswordEditor({ user }: { user: UserProfile }) {
  const [form, setForm] = useState<PasswordForm>(EMPTY);
  const [logoutOthers, setLogoutOthers] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<keyof PasswordForm, string>>>({});
  const [failure, setFailure] = useState('');
  const [done, setDone] = useState(false);
  const [change, { isLoading }] = useUpdatePasswordMutation();
  const refs = { currentPassword: useRef<InputRef>(null), newPassword: useRef<InputRef>(null), confirmPassword: useRef<InputRef>(null) };
  const baseId = useId();
  const onDone = useCallback(() => setDone(false), []);

  if (!user.account) {
    return (
      <section className="ss-acc-card">
        <p className="ss-acc-empty" role="status">
          {MSG.noAccountNoChange}
        </p>
      </section>
    );
  }

  /** A change: a shown error goes as soon as its field is valid (the confirmation too, when the new password comes to match it), a refusal when the member edits. */
  const edit = (name: keyof PasswordForm, value: string) => {
    const next = { ...form, [name]: value };
    setForm(next);
    setErrors((shown) => stillInvalid(shown, passwordProblems(next)));
    setFailure('');
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (isLoading) return;
    setFailure('');
    const problems = passwordProblems(form);
    setErrors(problems);
    const first = FIELDS.find((f) => problems[f.name]);
    if (first) {
      refs[first.name].current?.focus();
      return;
    }
    try {
      const answer = await change({ user_id: user.user_id, account: user.account ?? '', currentPassword: form.currentPassword, newPassword: form.newPassword, logoutOthers }).unwrap();
      if (!answer.success) throw { data: answer };
      setForm(EMPTY);
      setLogoutOthers(false);
      setDone(true);
    } catch (err) {
      setFailure(failureText(err, ACCOUNT_MSG.passwordChangeFailed));
    }
  };

  return (
    <>
      <form className="ss-acc-card ss-acc-form" onSubmit={onSubmit} noValidate aria-label="變更密碼">
        <p className="ss-acc-hint">帳號：{user.account}</p>
        {/* Lets password managers tie the new password to the account. */}
        <input type="text" name="username" autoComplete="username" value={user.account} readOnly hidden />
        {FIELDS.map(({ name, label, autoComplete }) => (
          <div className="ss-acc-field" key={name}>
            <label className="ss-acc-label" htmlFor={`${baseId}-${name}`}>
              {label}
            </label>
            <Input.Password
              ref={refs[name]}
              id={`${baseId}-${name}`}
              autoComplete={autoComplete}
              value={form[name]}
              maxLength={PASSWORD_MAX}
              onChange={(e) => edit(name, e.target.value)}
              status={errors[name] ? 'error' : undefined}
              aria-invalid={errors[name] ? true : undefined}
              aria-describedby={errors[name] ? `${baseId}-${name}-error` : undefined}
              disabled={isLoading}
            />
            <ErrorText id={`${baseId}-${name}-error`} message={errors[name]} />
          </div>
        ))}
        <p className="ss-acc-hint">密碼至少 6 位，須包含一個小寫字母和一個數字。</p>
        <Checkbox checked={logoutOthers} onChange={(e) => setLogoutOthers(e.target.checked)} disabled={isLoading}>
          同時登出我的其他裝置
        </Checkbox>
        <ErrorText message={failure} block />
        <div className="ss-acc-actions">
          <Button type="primary" size="large" htmlType="submit" loading={isLoading}>
            確認修改
          </Button>
        </div>
      </form>
      <div aria-live="polite">{done && <SuccessNotice title={ACCOUNT_MSG.passwordChangedTitle} text={ACCOUNT_MSG.passwordChangedText} onDone={onDone} />}</div>
    </>
  );
}
