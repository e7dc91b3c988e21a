import { Button, Form, Input, Steps } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { MSG } from '@rules/messages';
import { isValidPassword, normalizeTaiwanMobile } from '@rules/taiwan';
import { useForgotSendCodeMutation, useResetPasswordMutation, useVerifyCodeMutation } from './authApi';
import { describeFailure } from './authRules';
import { ErrorText } from '../../../shared/components/ErrorText';
import { AuthCard } from './AuthCard';
import { CODE_LENGTH, phoneRules } from './authForm';
import { NewPasswordFields } from './NewPasswordFields';
import { SendCodeButton } from './SendCodeButton';
import { useCountdown } from './useCountdown';

type Step = 0 | 1 | 2 | 3;

const STEPS = [{ title: '輸入手機' }, { title: '輸入驗證碼' }, { title: '設定新密碼' }, { title: '完成' }];

/**
 * /fpassword (spec 1 §4–5, §8): (1) phone → code by SMS, (2) the code, (3) a new password twice,
 * (4) done → back to login. The server answers the same whether or not the number is a member.
 */
export default function ForgotPasswordPage() {
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>(0);
  const [phone, setPhone] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const { remaining, start } = useCountdown();
  const [sendCode, sending] = useForgotSendCodeMutation();
  const [verifyCode, verifying] = useVerifyCodeMutation();
  const [resetPassword, resetting] = useResetPasswordMutation();
  const [passwords] = Form.useForm<{ newPassword: string; confirm: string }>();
  const newPassword = Form.useWatch('newPassword', passwords) ?? '';
  const confirm = Form.useWatch('confirm', passwords) ?? '';
  const canReset = isValidPassword(newPassword) && newPassword === confirm;

  const send = async (to: string) => {
    if (remaining > 0 || sending.isLoading) return;
    setError(null);
    setNotice(null);
    try {
      const answer = await sendCode({ phone: to }).unwrap();
      setPhone(to);
      start(answer.outtime);
      setNotice(`驗證碼已發送至 ${to}，10 分鐘內有效。`);
      setStep(1);
    } catch (err) {
      const f = describeFailure(err);
      if (f.outtime) start(f.outtime);
      setError(f.message ?? MSG.forgotSendFailed);
    }
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
        <Form<{ phone: string }> layout="vertical" requiredMark={false} name="forgot-phone" aria-label="輸入手機" initialValues={{ phone }} onFinish={({ phone: p }) => void send(normalizeTaiwanMobile(p))}>
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
        <Form<{ code: string }> layout="vertical" requiredMark={false} name="forgot-code" aria-label="輸入驗證碼" onFinish={(v) => void verify(v)}>
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
            <Button
              type="link"
              onClick={() => {
                setError(null);
                setStep(0);
              }}
            >
              修改手機號碼
            </Button>
            <SendCodeButton remaining={remaining} loading={sending.isLoading} sent onClick={() => void send(phone)} />
          </div>
        </Form>
      )}
      {step === 2 && (
        <Form form={passwords} layout="vertical" requiredMark={false} name="forgot-password" aria-label="設定新密碼" onFinish={() => void reset()}>
          <NewPasswordFields name="newPassword" label="新密碼" confirmLabel="確認新密碼" required={MSG.forgotPasswordRequired} mismatch={MSG.forgotPasswordMismatch} />
          <ErrorText message={error} testId="forgot-error" block />
          <Button type="primary" htmlType="submit" size="large" block loading={resetting.isLoading} disabled={!canReset}>
            {resetting.isLoading ? '重設中…' : '重設密碼'}
          </Button>
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
