import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { MSG, socialLoginErrorMsg } from '@rules/messages';
import { useBasicLoginMutation } from './authApi';
import { describeFailure } from './authRules';
import { ErrorText } from '../../../shared/components/ErrorText';
import { AuthCard } from './AuthCard';
import { providerLabel, SocialLogin } from './SocialLogin';
import { useFinishLogin } from './useFinishLogin';

interface Fields {
  account: string;
  password: string;
}

/** /login (spec 1 §4, §8): phone + password, links to registration and forgot password, social login. */
export default function LoginPage() {
  const [params] = useSearchParams();
  const socialError = params.get('error');
  const [login, { isLoading }] = useBasicLoginMutation();
  const finish = useFinishLogin();
  const [error, setError] = useState<string | null>(socialError ? socialLoginErrorMsg(socialError, providerLabel(params.get('provider'))) : null);

  const onFinish = async ({ account, password }: Fields) => {
    setError(null);
    try {
      const answer = await login({ account: account.trim(), password }).unwrap();
      finish(answer.user);
    } catch (err) {
      const f = describeFailure(err);
      setError(f.message ?? MSG.loginTransportFailed);
    }
  };

  return (
    <AuthCard
      title="會員登入"
      testId="login-page"
      footer={
        <>
          還不是會員？<Link to="/register">立即註冊</Link>
        </>
      }
    >
      <Form<Fields>
        layout="vertical"
        requiredMark={false}
        onFinish={onFinish}
        // The fields check themselves as they change; a refusal goes when the shopper edits.
        onValuesChange={() => setError(null)}
        disabled={isLoading}
        aria-label="會員登入"
        name="login"
      >
        <Form.Item label="帳號（手機號碼）" name="account" rules={[{ required: true, whitespace: true, message: MSG.accountRequired }]}>
          <Input size="large" type="tel" inputMode="tel" autoComplete="username" maxLength={20} placeholder="0912345678" autoFocus />
        </Form.Item>
        <Form.Item label="密碼" name="password" rules={[{ required: true, message: MSG.loginPasswordRequired }]}>
          <Input.Password size="large" autoComplete="current-password" maxLength={128} />
        </Form.Item>
        <div className="ss-auth-row">
          <Link to="/fpassword">忘記密碼？</Link>
        </div>
        <ErrorText message={error} testId="login-error" block />
        <Button type="primary" htmlType="submit" size="large" block loading={isLoading}>
          {isLoading ? '登入中…' : '登入'}
        </Button>
      </Form>
      <SocialLogin />
    </AuthCard>
  );
}
