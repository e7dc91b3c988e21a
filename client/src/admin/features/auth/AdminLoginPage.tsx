import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Checkbox, Form, Input } from 'antd';
import type { AdminLoginAnswer } from '@api/admin';
import { ADMIN_MSG } from '@rules/admin';
import { useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectCompanyShortName } from '../../../app/site/siteSlice';
import { refreshCsrfToken, setCsrfToken } from '../../../shared/api/csrf';
import { sessionApi, useAdminLoginMutation, useCheckLoginQuery } from '../../api/adminApi';
import { ADMIN_TITLE_LABEL, useAdminTitle } from '../../layout/AdminPage';
import { landingPath } from '../../layout/adminNav';
import { isLockedLocally, lockLocally } from './loginLock';
import { saveCachedAdmin } from './useAdminSession';

interface Fields {
  username: string;
  password: string;
  rememberMe: boolean;
  otp?: string;
}

/** The answer in a refusal (the server answers 4xx with the same envelope). */
function answerOf(err: unknown): AdminLoginAnswer | undefined {
  const data = err && typeof err === 'object' && 'data' in err ? (err as { data?: unknown }).data : undefined;
  return data && typeof data === 'object' && 'success' in data ? (data as AdminLoginAnswer) : undefined;
}

/** Only a path inside the back-office is a way back. */
function safeFrom(from: unknown): string | undefined {
  if (typeof from !== 'string') return undefined;
  // A back-office screen, or the standalone editor (it sends a signed-out admin here).
  const ok = (from.startsWith('/admin/') && !from.startsWith('/admin/login')) || from === '/editor' || from.startsWith('/editor?');
  return ok ? from : undefined;
}

/**
 * /admin/login (spec 3 §2, §4, §8): username, password, remember-me; a second step asks for the
 * two-factor code when the account has it. isOut (spec 3 §8 text, with spec 2 §8's lock message)
 * blocks further attempts for that account here until the server's lock ends (24:00 Taipei time). Success goes to /admin/orders (or back to
 * the screen that sent the admin here).
 */
export default function AdminLoginPage() {
  useAdminTitle('登入');
  const brand = useAppSelector(selectCompanyShortName);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  // A screen of this app passes where it was going in the route state; a server page (Bull Board at
  // /admin/queues) in `?from=`, and is opened again with a full page load.
  const serverFrom = safeFrom(new URLSearchParams(location.search).get('from'));
  const from = safeFrom((location.state as { from?: unknown } | null)?.from) ?? serverFrom;
  const { data: check } = useCheckLoginQuery();
  const [login, { isLoading }] = useAdminLoginMutation();
  const [form] = Form.useForm<Fields>();
  const [error, setError] = useState<string | null>(null);
  const [needOtp, setNeedOtp] = useState(false);
  const [blocked, setBlocked] = useState(false);

  if (check?.isLoggedIn && check.role && !isLoading) return <Navigate to={from ?? landingPath(check.role)} replace />;

  const onFinish = async (fields: Fields) => {
    const username = fields.username.trim();
    if (isLockedLocally(username)) {
      setBlocked(true);
      setError(ADMIN_MSG.isOutClient);
      return;
    }
    setError(null);
    let answer: AdminLoginAnswer | undefined;
    try {
      answer = await login({ username, password: fields.password, rememberMe: Boolean(fields.rememberMe), ...(needOtp && fields.otp ? { otp: fields.otp.trim() } : {}) }).unwrap();
    } catch (err) {
      answer = answerOf(err);
    }
    if (answer?.success && answer.role) {
      if (answer.csrfToken) setCsrfToken('admin', answer.csrfToken);
      else refreshCsrfToken('admin');
      const admin = { adminname: answer.adminname ?? username, role: answer.role };
      saveCachedAdmin(admin);
      dispatch(sessionApi.util.upsertQueryData('checkLogin', undefined, { success: true, isLoggedIn: true, ...admin }));
      // Confirm the rest (two-factor state) from the server.
      dispatch(sessionApi.util.invalidateTags(['AdminSession']));
      if (serverFrom && from === serverFrom) window.location.assign(serverFrom);
      else void navigate(from ?? landingPath(answer.role), { replace: true });
      return;
    }
    if (answer?.isOut) {
      lockLocally(username);
      setBlocked(true);
      setError(ADMIN_MSG.isOutClient);
      return;
    }
    if (answer?.needOtp) {
      const first = !needOtp;
      setNeedOtp(true);
      setError(first ? null : (answer.message ?? ADMIN_MSG.otpWrong));
      form.setFieldValue('otp', '');
      return;
    }
    setError(answer?.message || ADMIN_MSG.loginFailedDefault);
  };

  return (
    <main className="ss-admin-login" data-testid="admin-login">
      <div className="ss-admin-login-card">
        <h1 className="ss-admin-login-title">
          {brand} <span>{ADMIN_TITLE_LABEL}</span>
        </h1>
        <Form<Fields>
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={{ rememberMe: false }}
          onFinish={(f) => void onFinish(f)}
          onValuesChange={(changed: Partial<Fields>) => {
            if ('username' in changed) {
              // Another account is another lock: say so only for one this browser saw locked.
              const locked = isLockedLocally(changed.username ?? '');
              setBlocked(locked);
              setNeedOtp(false);
              setError(locked ? ADMIN_MSG.isOutClient : null);
            } else if ('password' in changed) setError((e) => (e === ADMIN_MSG.isOutClient ? e : null));
          }}
          aria-label="管理員登入"
          name="admin-login"
        >
          <Form.Item label="帳號" name="username" rules={[{ required: true, whitespace: true, message: ADMIN_MSG.usernameRequired }]}>
            <Input size="large" prefix={<UserOutlined aria-hidden />} autoComplete="username" maxLength={64} autoFocus />
          </Form.Item>
          <Form.Item label="密碼" name="password" rules={[{ required: true, message: ADMIN_MSG.passwordRequired }]}>
            <Input.Password size="large" prefix={<LockOutlined aria-hidden />} autoComplete="current-password" maxLength={128} />
          </Form.Item>
          {needOtp && (
            <Form.Item
              label="兩步驟驗證碼"
              name="otp"
              extra="請輸入驗證器 App 顯示的 6 位數字。"
              rules={[{ required: true, pattern: /^\s*\d{6}\s*$/, message: ADMIN_MSG.otpRequired }]}
            >
              <Input size="large" prefix={<SafetyOutlined aria-hidden />} inputMode="numeric" autoComplete="one-time-code" maxLength={6} autoFocus />
            </Form.Item>
          )}
          <Form.Item name="rememberMe" valuePropName="checked">
            <Checkbox>記住我（30 天內免再登入）</Checkbox>
          </Form.Item>
          {error && (
            <Alert
              type="error"
              showIcon
              title={error}
              // Spec 2 §8: the lock message with it (until 24:00 Taipei time).
              description={error === ADMIN_MSG.isOutClient ? ADMIN_MSG.locked : undefined}
              className="ss-admin-login-error"
              data-testid="admin-login-error"
              role="alert"
            />
          )}
          <Button type="primary" htmlType="submit" size="large" block loading={isLoading} disabled={blocked}>
            {isLoading ? '登入中…' : '登入'}
          </Button>
        </Form>
      </div>
    </main>
  );
}
