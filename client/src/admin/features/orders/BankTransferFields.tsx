import { Form, Input } from 'antd';
import { BANK_ACCOUNT_RE, BANK_CODE_RE, REFUND_MSG } from '@rules/admin';

/**
 * The account a refund is transferred to by hand (ATM, CVS, cash on delivery; an extra payment of those):
 * bank code, account and holder, checked by the server's own rules. Used inside a parent antd Form.
 */
export function BankTransferFields({ legend }: { legend: string }) {
  return (
    <fieldset className="ss-aord-fieldset">
      <legend>{legend}</legend>
      <div className="ss-aord-grid">
        <Form.Item label="銀行代碼" name="bank_code" rules={[{ required: true, message: REFUND_MSG.bankCodeInvalid }, { pattern: BANK_CODE_RE, message: REFUND_MSG.bankCodeInvalid }]}>
          <Input maxLength={3} inputMode="numeric" autoComplete="off" />
        </Form.Item>
        <Form.Item label="帳號" name="account" rules={[{ required: true, message: REFUND_MSG.bankAccountInvalid }, { pattern: BANK_ACCOUNT_RE, message: REFUND_MSG.bankAccountInvalid }]}>
          <Input maxLength={16} inputMode="numeric" autoComplete="off" />
        </Form.Item>
        <Form.Item label="戶名" name="bank_name" rules={[{ required: true, whitespace: true, message: REFUND_MSG.bankNameInvalid }]}>
          <Input maxLength={50} autoComplete="off" />
        </Form.Item>
      </div>
    </fieldset>
  );
}
