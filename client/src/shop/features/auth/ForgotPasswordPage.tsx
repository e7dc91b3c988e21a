import { Button, Form, Input, Steps } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { MSG } from '@rules/messages';
import { isValidPassword, normalizeTaiwanMobile } from '@rules/taiwan';
import { useForgotSendCodeMutation, useResetPasswordMutation, useVerifyCodeMutation } from './authApi';
import { describeFailure } from './authRules';
import { ErrorText } from '../../../shared/components/ErrorText';
import { AuthCard } from './AuthCard';
import { CODE_LENGTH, phoneRules, useRevalidateShownErrors } from './authForm';
import { EXPIRED_TEXT, forgotStore, restoreForgotProgress } from './forgotProgress';
import { NewPasswordFields } from './NewPasswordFields';
import { SendCodeButton } from './SendCodeButton';
import { useCountdown } from './useCountdown';

type Step = 0 | 1 | 2 | 3;

const STEPS = [{ title: '輸入手機' }, { title: '輸入驗證碼' }, { title: '設定新密碼' }, { title: '完成' }];

const sentNotice = (to: string) => `驗證碼已發送至 ${to}，10 分鐘內有效。`;

/**
 * /fpassword (spec 1 §4–5, §8): (1) phone → code by SMS, (2) the code, (3) a new password twice,
 * (4) done → back to login. The server answers the same whether or not the number is a member.
 * Steps 2 and 3 survive a reload for the tab's session (forgotProgress.ts); finishing, going back to
 * step 1 or leaving the page forgets them.
 */
export default function ForgotPasswordPage() {
  const navigate = useNavigate();
  const [restored] = useState(() => restoreForgotProgress(forgotStore.read(), Date.now()));
  const resumed = restored.kind === 'resume' ? restored.progress : null;
  const [step, setStep] = useState<Step>(resumed?.step ?? 0);
  const [phone, setPhone] = useState(resumed?.phone ?? (restored.kind === 'expired' ? restored.phone : ''));
  const [sentAt, setSentAt] = useState(resumed?.sentAt ?? 0);
  const [resendAt, setResendAt] = useState(resumed?.resendAt ?? 0);
  const [error, setError] = useState<string | null>(restored.kind === 'expired' ? EXPIRED_TEXT : null);
  const [notice, setNotice] = useState<string | null>(resumed?.step === 1 ? sentNotice(resumed.phone) : null);
  const { remaining, start } = useCountdown();
  const [sendCode, sending] = useForgotSendCodeMutation();
  const [verifyCode, verifying] = useVerifyCodeMutation();
  const [resetPassword, resetting] = useResetPasswordMutation();
  const [phoneForm] = Form.useForm<{ phone: string }>();
  const [codeForm] = Form.useForm<{ code: string }>();
  const [passwords] = Form.useForm<{ newPassword: string; confirm: string }>();
  const newPassword = Form.useWatch('newPassword', passwords) ?? '';
  const confirm = Form.useWatch('confirm', passwords) ?? '';
  const canReset = isValidPassword(newPassword) && newPassword === confirm;
  // A fixed field loses its error at once, and a server refusal goes when the shopper edits.
  const revalidatePhone = useRevalidateShownErrors(phoneForm);
  const revalidateCode = useRevalidateShownErrors(codeForm);
  const onEdit = <T,>(revalidate: (changed: Partial<T>) => void) => (changed: Partial<T>) => {
    setError(null);
    revalidate(changed);
  };

  // The resend countdown goes on after a reload.
  useEffect(() => {
    if (resumed && resumed.resendAt > Date.now()) start((resumed.resendAt - Date.now()) / 1000);
  }, [resumed, start]);

  // Steps 2 and 3 are kept for the session; step 1, the end, and leaving the page forget them.
  useEffect(() => {
    if (step === 1 || step === 2) forgotStore.save({ step, phone, sentAt, resendAt });
    else forgotStore.clear();
  }, [step, phone, sentAt, resendAt]);
  useEffect(() => () => forgotStore.clear(), []);

  const send = async (to: string) => {
    if (remaining > 0 || sending.isLoading) return;
    setError(null);
    setNotice(null);
    try {
      const answer = await sendCode({ phone: to }).unwrap();
      setPhone(to);
      start(answer.outtime);
      setSentAt(Date.now());
      setResendAt(Date.now() + Math.max(0, answer.outtime) * 1000);
      setNotice(sentNotice(to));
      setStep(1);
    } catch (err) {
      const f = describeFailure(err);
      if (f.outtime) start(f.outtime);
      setError(f.message ?? MSG.forgotSendFailed);
    }
  };

  /** Back to step 1 with the phone filled in (the kept progress is forgotten). */
  const restart = () => {
    setError(null);
    setNotice(null);
    setStep(0);
  };

  const verify = async ({ code }: { code: string }) => {
    setError(null);
    try {
      await verifyCode({ type: 'forgot', phone, code: code.trim() }).unwrap();
      setNotice(null);
      setStep(2);
    } catch (err) {
      setError(describeFailure(err).message ?? MSG.forgotVerifyFailed);
    }
  };

  const reset = async () => {
    if (!canReset) return;
    setError(null);
    try {
      await resetPassword({ phone, newPassword }).unwrap();
      setStep(3);
    } catch (err) {
      setError(describeFailure(err).message ?? MSG.resetFailed);
    }
  };

  return (
    <AuthCard
      title="忘記密碼"
      intro={step < 3 ? '輸入註冊的手機號碼，以簡訊驗證碼重設密碼。' : undefined}
      testId="forgot-page"
      footer={
        step < 3 ? (
          <>
            想起密碼了？<Link to="/login">返回登入</Link>
          </>
        ) : undefined
      }
    >
      <Steps className="ss-auth-steps" size="small" titlePlacement="vertical" responsive={false} current={step} items={STEPS} />
      {step === 0 && (
        <Form<{ phone: string }>
          form={phoneForm}
          layout="vertical"
          requiredMark={false}
          name="forgot-phone"
          aria-label="輸入手機"
          initialValues={{ phone }}
          onValuesChange={onEdit(revalidatePhone)}
          onFinish={({ phone: p }) => void send(normalizeTaiwanMobile(p))}
        >
          <Form.Item label="手機號碼" name="phone" rules={phoneRules(MSG.forgotPhoneRequired)} validateTrigger="onSubmit">
            <Input size="large" type="tel" inputMode="tel" autoComplete="tel-national" placeholder="0912345678" maxLength={20} autoFocus />
          </Form.Item>
          <ErrorText message={error} testId="forgot-error" block />
          <Button type="primary" htmlType="submit" size="large" block loading={sending.isLoading} disabled={remaining > 0} data-testid="send-code">
            {remaining > 0 ? `${remaining} 秒後可重新發送` : '發送驗證碼'}
          </Button>
        </Form>
      )}
      {step === 1 && (
        <Form<{ code: string }> form={codeForm} layout="vertical" requiredMark={false} name="forgot-code" aria-label="輸入驗證碼" onValuesChange={onEdit(revalidateCode)} onFinish={(v) => void verify(v)}>
          {notice && (
            <p className="ss-auth-note" role="status">
              {notice}
            </p>
          )}
          <Form.Item label="驗證碼" name="code" rules={[{ required: true, whitespace: true, message: MSG.forgotCodeRequired }]} validateTrigger="onSubmit">
            <Input size="large" inputMode="numeric" autoComplete="one-time-code" maxLength={CODE_LENGTH} placeholder="6 位數驗證碼" autoFocus />
          </Form.Item>
          <ErrorText message={error} testId="forgot-error" block />
          <Button type="primary" htmlType="submit" size="large" block loading={verifying.isLoading} data-testid="verify-code">
            驗證
          </Button>
          <div className="ss-auth-row ss-auth-row--split">
            <Button type="link" onClick={restart}>
              修改手機號碼
            </Button>
            <SendCodeButton remaining={remaining} loading={sending.isLoading} sent onClick={() => void send(phone)} />
          </div>
        </Form>
      )}
      {step === 2 && (
        <Form form={passwords} layout="vertical" requiredMark={false} name="forgot-password" aria-label="設定新密碼" onValuesChange={() => setError(null)} onFinish={() => void reset()}>
          <NewPasswordFields name="newPassword" label="新密碼" confirmLabel="確認新密碼" required={MSG.forgotPasswordRequired} mismatch={MSG.forgotPasswordMismatch} />
          <ErrorText message={error} testId="forgot-error" block />
          <Button type="primary" htmlType="submit" size="large" block loading={resetting.isLoading} disabled={!canReset}>
            {resetting.isLoading ? '重設中…' : '重設密碼'}
          </Button>
          {error && (
            // The verified code expired or was used elsewhere: start again with a new one.
            <div className="ss-auth-row">
              <Button type="link" onClick={restart}>
                重新驗證手機號碼
              </Button>
            </div>
          )}
        </Form>
      )}
      {step === 3 && (
        <div className="ss-auth-done" role="status" data-testid="forgot-done">
          <p className="ss-auth-done-title">密碼已重設</p>
          <p>請使用新密碼重新登入。</p>
          <Button type="primary" size="large" block onClick={() => void navigate('/login')} autoFocus>
            返回登入
          </Button>
        </div>
      )}
    </AuthCard>
  );
}
