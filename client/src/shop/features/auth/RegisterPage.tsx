import { Button, Checkbox, Form, Input, Steps } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { MSG } from '@rules/messages';
import { REACH_MSG } from '@rules/reach-rules';
import { isValidPassword, normalizeTaiwanMobile, PASSWORD_MAX } from '@rules/taiwan';
import { useRegisterMutation, useSendCodeMutation, useVerifyCodeMutation } from './authApi';
import { CODE_LENGTH, phoneRules, useRevalidateShownErrors } from './authForm';
import { NewPasswordFields } from './NewPasswordFields';
import { describeFailure, isServerTrouble } from './authRules';
import { ErrorText } from '../../../shared/components/ErrorText';
import { AuthCard } from './AuthCard';
import { SendCodeButton } from './SendCodeButton';
import { useCountdown } from './useCountdown';
import { useFinishLogin } from './useFinishLogin';

interface Fields {
  phone: string;
  code: string;
  password: string;
  confirm: string;
}

/**
 * /register (spec 1 §4–5, §8): (1) phone → send code (countdown of the server's `outtime`) →
 * verify the code (the phone becomes read-only); (2) password + confirmation → logged in → /profile.
 */
export default function RegisterPage() {
  const [form] = Form.useForm<Fields>();
  const [sendCode, sending] = useSendCodeMutation();
  const [verifyCode, verifying] = useVerifyCodeMutation();
  const [register, registering] = useRegisterMutation();
  const finish = useFinishLogin();
  const { remaining, start } = useCountdown();
  const [sent, setSent] = useState(false);
  const [verifiedPhone, setVerifiedPhone] = useState<string | null>(null);
  const [codeNote, setCodeNote] = useState<{ ok: boolean; text: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Marketing consent is asked with an unticked box (個資法: opt-in, never pre-ticked).
  const [marketing, setMarketing] = useState(false);
  const password = Form.useWatch('password', form) ?? '';
  const confirm = Form.useWatch('confirm', form) ?? '';
  const canRegister = isValidPassword(password) && password === confirm && password.length <= PASSWORD_MAX;
  const revalidate = useRevalidateShownErrors(form);
  /** A fixed field loses its error at once; a refusal about the phone or code goes when either is edited. */
  const onValuesChange = (changed: Partial<Fields>) => {
    revalidate(changed);
    if (('phone' in changed || 'code' in changed) && codeNote && !codeNote.ok) setCodeNote(null);
    setError(null);
  };

  const onSend = async () => {
    if (remaining > 0 || sending.isLoading) return;
    setCodeNote(null);
    try {
      const { phone } = await form.validateFields(['phone']);
      const answer = await sendCode({ phone: normalizeTaiwanMobile(phone) }).unwrap();
      setSent(true);
      start(answer.outtime);
      setCodeNote({ ok: true, text: answer.message ?? '驗證碼已發送' });
    } catch (err) {
      if (err && typeof err === 'object' && 'errorFields' in err) return; // the field shows its message
      const f = describeFailure(err);
      if (f.outtime) start(f.outtime);
      setCodeNote({ ok: false, text: f.message ?? (isServerTrouble(f) ? MSG.serverError : MSG.sendFailed) });
    }
  };

  const onVerify = async () => {
    setCodeNote(null);
    let values: Pick<Fields, 'phone' | 'code'>;
    try {
      values = await form.validateFields(['phone', 'code']);
    } catch {
      return;
    }
    const phone = normalizeTaiwanMobile(values.phone);
    try {
      await verifyCode({ phone, code: values.code.trim() }).unwrap();
      setVerifiedPhone(phone);
      form.setFieldValue('phone', phone);
    } catch (err) {
      const f = describeFailure(err);
      setCodeNote({ ok: false, text: f.message ?? (isServerTrouble(f) ? MSG.serverError : MSG.verifyFailed) });
    }
  };

  const onRegister = async () => {
    if (!verifiedPhone || !canRegister) return;
    setError(null);
    try {
      const answer = await register({ phone: verifiedPhone, password, marketing_consent: marketing ? 1 : 0 }).unwrap();
      finish(answer.user, '/profile');
    } catch (err) {
      const f = describeFailure(err);
      if (f.message) form.setFields([{ name: 'password', errors: [f.message] }]);
      else setError(f.status === undefined || f.status >= 500 ? MSG.registerError : MSG.registerInvalid);
    }
  };

  return (
    <AuthCard
      title="會員註冊"
      intro="以手機號碼註冊，驗證後設定密碼即可完成。"
      testId="register-page"
      footer={
        <>
          已經是會員？<Link to="/login">前往登入</Link>
        </>
      }
    >
      <Steps className="ss-auth-steps" size="small" titlePlacement="vertical" responsive={false} current={verifiedPhone ? 1 : 0} items={[{ title: '驗證手機' }, { title: '設定密碼' }]} />
      <Form<Fields>
        form={form}
        layout="vertical"
        requiredMark={false}
        name="register"
        aria-label="會員註冊"
        onValuesChange={onValuesChange}
        onFinish={() => void (verifiedPhone ? onRegister() : sent ? onVerify() : onSend())}
      >
        <Form.Item label="手機號碼" required>
          <div className="ss-code-row">
            <Form.Item name="phone" noStyle rules={phoneRules(MSG.phoneRequired)} validateTrigger="onBlur">
              <Input
                size="large"
                type="tel"
                inputMode="tel"
                autoComplete="tel-national"
                placeholder="0912345678"
                maxLength={20}
                readOnly={verifiedPhone !== null}
                aria-label="手機號碼"
                autoFocus
                onPressEnter={(e) => {
                  e.preventDefault();
                  void onSend();
                }}
              />
            </Form.Item>
            {!verifiedPhone && <SendCodeButton remaining={remaining} loading={sending.isLoading} sent={sent} onClick={() => void onSend()} />}
          </div>
        </Form.Item>
        {!verifiedPhone ? (
          <>
            <Form.Item label="驗證碼" required>
              <div className="ss-code-row">
                <Form.Item name="code" noStyle rules={[{ required: true, whitespace: true, message: MSG.codeRequired }]} validateTrigger="onSubmit">
                  <Input size="large" inputMode="numeric" autoComplete="one-time-code" maxLength={CODE_LENGTH} placeholder="6 位數驗證碼" aria-label="驗證碼" />
                </Form.Item>
                <Button size="large" type="primary" className="ss-code-btn" htmlType="submit" loading={verifying.isLoading} disabled={!sent} data-testid="verify-code">
                  驗證
                </Button>
              </div>
            </Form.Item>
            {codeNote && (
              <p className={codeNote.ok ? 'ss-auth-note' : 'ss-error ss-error--block'} role={codeNote.ok ? 'status' : 'alert'} data-testid="code-note">
                {codeNote.text}
              </p>
            )}
          </>
        ) : (
          <>
            <p className="ss-auth-note ss-auth-note--ok" role="status">
              手機號碼已驗證，請設定登入密碼。
            </p>
            <NewPasswordFields name="password" label="密碼" confirmLabel="確認密碼" required={MSG.passwordRequired} mismatch={MSG.passwordMismatch} />
            <Checkbox className="ss-auth-consent" checked={marketing} onChange={(e) => setMarketing(e.target.checked)} data-testid="marketing-consent">
              {REACH_MSG.marketingConsent}
            </Checkbox>
            <ErrorText message={error} testId="register-error" block />
            <Button type="primary" htmlType="submit" size="large" block loading={registering.isLoading} disabled={!canRegister}>
              {registering.isLoading ? '註冊中…' : '註冊'}
            </Button>
          </>
        )}
      </Form>
    </AuthCard>
  );
}
