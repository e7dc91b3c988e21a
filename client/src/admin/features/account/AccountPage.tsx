import { LockOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { Alert, App, Button, Descriptions, Form, Input, Space, Tag, Typography, type FormRule } from 'antd';
import type { TotpSetupAnswer } from '@api/admin';
import { ADMIN_MSG, ADMIN_PASSWORD_MAX, ADMIN_ROLE_LABEL, STAFF_MSG } from '@rules/admin';
import { useState } from 'react';
import { useChangeOwnPasswordMutation, useTotpDisableMutation, useTotpEnableMutation, useTotpSetupMutation } from '../../api/adminApi';
import { AdminPage } from '../../layout/AdminPage';
import { messageOf } from '../../lib';
import { useAdminSession } from '../auth/useAdminSession';
import { passwordRules } from '../staff/staffRules';

interface CodeFields {
  code: string;
}

const codeRules = [{ required: true, pattern: /^\s*\d{6}\s*$/, message: ADMIN_MSG.otpRequired }];

interface PasswordFields {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

const currentPasswordRules: FormRule[] = [{ required: true, message: ADMIN_MSG.passwordRequired }];
const confirmPasswordRules: FormRule[] = [
  { required: true, message: ADMIN_MSG.passwordRequired },
  ({ getFieldValue }) => ({
    validator: (_, value: string) => (!value || value === getFieldValue('newPassword') ? Promise.resolve() : Promise.reject(new Error(STAFF_MSG.passwordMismatch))),
  }),
];

/**
 * /admin/account (every role): who is signed in, and two-factor sign-in (TOTP). Setting it up shows
 * a QR code for an authenticator app; a first code turns it on. Turning it off asks for a code too.
 * A production owner without it is sent here first (mustSetupTotp).
 * 變更密碼: your own password (current + new twice); your other sessions end, this one stays. Hidden
 * until a must-set-up owner has two-factor on (the server refuses every other call until then).
 */
export default function AccountPage() {
  const { message, modal } = App.useApp();
  const session = useAdminSession();
  const [setup, setupState] = useTotpSetupMutation();
  const [enable, enableState] = useTotpEnableMutation();
  const [disable, disableState] = useTotpDisableMutation();
  const [secret, setSecret] = useState<TotpSetupAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [enableForm] = Form.useForm<CodeFields>();
  const [disableForm] = Form.useForm<CodeFields>();
  const [changePassword, changePasswordState] = useChangeOwnPasswordMutation();
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [passwordForm] = Form.useForm<PasswordFields>();

  const start = async () => {
    setError(null);
    try {
      const answer = await setup().unwrap();
      if (answer.success) setSecret(answer);
      else setError(answer.message || '無法開始設定，請稍後再試');
    } catch (err) {
      setError(messageOf(err) ?? '無法開始設定，請稍後再試');
    }
  };

  const turnOn = async ({ code }: CodeFields) => {
    setError(null);
    try {
      const answer = await enable({ code: code.trim() }).unwrap();
      if (!answer.success) {
        setError(answer.message || ADMIN_MSG.otpWrong);
        return;
      }
      setSecret(null);
      enableForm.resetFields();
      message.success('已啟用兩步驟驗證');
    } catch (err) {
      setError(messageOf(err) ?? ADMIN_MSG.otpWrong);
    }
  };

  const turnOff = ({ code }: CodeFields) => {
    modal.confirm({
      title: '關閉兩步驟驗證？',
      content: '關閉後只需帳號密碼即可登入，安全性會降低。',
      okText: '關閉',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: async () => {
        setError(null);
        try {
          const answer = await disable({ code: code.trim() }).unwrap();
          if (!answer.success) {
            setError(answer.message || ADMIN_MSG.otpWrong);
            return;
          }
          disableForm.resetFields();
          message.success('已關閉兩步驟驗證');
        } catch (err) {
          setError(messageOf(err) ?? ADMIN_MSG.otpWrong);
        }
      },
    });
  };

  const savePassword = async ({ currentPassword, newPassword }: PasswordFields) => {
    setPasswordError(null);
    try {
      const answer = await changePassword({ currentPassword, newPassword }).unwrap();
      if (!answer.success) {
        setPasswordError(answer.message || ADMIN_MSG.systemError);
        return;
      }
      passwordForm.resetFields();
      message.success(STAFF_MSG.passwordChanged);
    } catch (err) {
      setPasswordError(messageOf(err) ?? ADMIN_MSG.systemError);
    }
  };

  return (
    <AdminPage title="我的帳號" testId="admin-account">
      <div className="ss-admin-stack">
        {session.mustSetupTotp && <Alert type="warning" showIcon title={ADMIN_MSG.mustSetupTotp} description="擁有者帳號須啟用兩步驟驗證後才能使用後台。" />}
        <div className="ss-admin-panel">
          <Descriptions column={1} size="small">
            <Descriptions.Item label="名稱">{session.adminname}</Descriptions.Item>
            <Descriptions.Item label="角色">{ADMIN_ROLE_LABEL[session.role]}</Descriptions.Item>
            <Descriptions.Item label="兩步驟驗證">
              {session.totpEnabled ? <Tag color="green">已啟用</Tag> : <Tag>未啟用</Tag>}
            </Descriptions.Item>
          </Descriptions>
        </div>
        <div className="ss-admin-panel ss-admin-totp">
          <h2 className="ss-admin-section-title">
            <SafetyCertificateOutlined aria-hidden /> 兩步驟驗證
          </h2>
          <p className="ss-admin-muted">登入時除了密碼，還需輸入驗證器 App（如 Google Authenticator、Microsoft Authenticator）產生的 6 位數字。</p>
          {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} role="alert" data-testid="totp-error" />}
          {session.totpEnabled ? (
            <Form<CodeFields> form={disableForm} layout="vertical" requiredMark={false} onFinish={turnOff} name="totp-disable" style={{ maxWidth: 320 }}>
              <Form.Item label="驗證碼" name="code" rules={codeRules}>
                <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
              </Form.Item>
              <Button danger htmlType="submit" loading={disableState.isLoading}>
                關閉兩步驟驗證
              </Button>
            </Form>
          ) : secret ? (
            <div className="ss-admin-totp-setup">
              <ol className="ss-admin-steps">
                <li>以驗證器 App 掃描 QR Code（或手動輸入金鑰）。</li>
                <li>輸入 App 顯示的 6 位數字以完成啟用。</li>
              </ol>
              <img src={secret.qrDataUrl} alt="兩步驟驗證 QR Code" width={200} height={200} className="ss-admin-qr" data-testid="totp-qr" />
              <div style={{ margin: '8px 0 16px' }}>
                金鑰：
                <Typography.Text code copyable={{ text: secret.secret, tooltips: ['複製', '已複製'] }}>
                  {secret.secret}
                </Typography.Text>
              </div>
              <Form<CodeFields> form={enableForm} layout="vertical" requiredMark={false} onFinish={(f) => void turnOn(f)} name="totp-enable" style={{ maxWidth: 320 }}>
                <Form.Item label="驗證碼" name="code" rules={codeRules}>
                  <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} autoFocus />
                </Form.Item>
                <Space>
                  <Button type="primary" htmlType="submit" loading={enableState.isLoading}>
                    啟用
                  </Button>
                  <Button onClick={() => setSecret(null)}>取消</Button>
                </Space>
              </Form>
            </div>
          ) : (
            <Button type="primary" onClick={() => void start()} loading={setupState.isLoading}>
              設定兩步驟驗證
            </Button>
          )}
        </div>
        {!session.mustSetupTotp && (
          <div className="ss-admin-panel">
            <h2 className="ss-admin-section-title">
              <LockOutlined aria-hidden /> 變更密碼
            </h2>
            <p className="ss-admin-muted">變更後，您在其他裝置上的登入會被登出，目前這個裝置保持登入。</p>
            {passwordError && <Alert type="error" showIcon title={passwordError} style={{ marginBottom: 16 }} role="alert" data-testid="password-error" />}
            <Form<PasswordFields>
              form={passwordForm}
              layout="vertical"
              requiredMark={false}
              onFinish={(f) => void savePassword(f)}
              name="own-password"
              style={{ maxWidth: 320 }}
            >
              <Form.Item label="目前密碼" name="currentPassword" rules={currentPasswordRules}>
                <Input.Password autoComplete="current-password" maxLength={ADMIN_PASSWORD_MAX} />
              </Form.Item>
              <Form.Item label="新密碼" name="newPassword" rules={passwordRules}>
                <Input.Password autoComplete="new-password" maxLength={ADMIN_PASSWORD_MAX} />
              </Form.Item>
              <Form.Item label="確認新密碼" name="confirmPassword" dependencies={['newPassword']} rules={confirmPasswordRules}>
                <Input.Password autoComplete="new-password" maxLength={ADMIN_PASSWORD_MAX} />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={changePasswordState.isLoading}>
                變更密碼
              </Button>
            </Form>
          </div>
        )}
      </div>
    </AdminPage>
  );
}
