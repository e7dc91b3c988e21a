import { Form, Input } from 'antd';
import { PASSWORD_MAX } from '@rules/taiwan';
import { confirmRules, passwordRules } from './authForm';

/**
 * A new password and its confirmation (registration, forgot password), with the flow's own
 * "required" and "mismatch" texts (spec 1 §5).
 */
export function NewPasswordFields({ name, label, confirmLabel, required, mismatch }: { name: string; label: string; confirmLabel: string; required: string; mismatch: string }) {
  return (
    <>
      <Form.Item label={label} name={name} rules={passwordRules(required)} extra="至少 6 位，需包含小寫英文字母與數字">
        <Input.Password size="large" autoComplete="new-password" maxLength={PASSWORD_MAX} autoFocus />
      </Form.Item>
      <Form.Item label={confirmLabel} name="confirm" dependencies={[name]} rules={confirmRules(name, required, mismatch)}>
        <Input.Password size="large" autoComplete="new-password" maxLength={PASSWORD_MAX} />
      </Form.Item>
    </>
  );
}
