import type { FormRule } from 'antd';
import { ADMIN_DISPLAY_NAME_MAX, ADMIN_PASSWORD_MAX, ADMIN_PASSWORD_MIN, ADMIN_USERNAME_PATTERN, STAFF_MSG } from '@rules/admin';

/** The server's rules for staff accounts (src/modules/staff/dto/staff.dto.ts), checked here first. */

/** The server lower-cases the username before its check. */
export const STAFF_USERNAME_RULE: FormRule = {
  required: true,
  pattern: new RegExp(ADMIN_USERNAME_PATTERN.source, 'i'),
  message: STAFF_MSG.usernameInvalid,
};

export const displayNameRules: FormRule[] = [
  { required: true, whitespace: true, message: STAFF_MSG.displayNameRequired },
  { max: ADMIN_DISPLAY_NAME_MAX, message: STAFF_MSG.displayNameTooLong },
];

export const passwordRules: FormRule[] = [
  { required: true, message: '請輸入密碼' },
  { min: ADMIN_PASSWORD_MIN, message: STAFF_MSG.passwordTooShort },
  { max: ADMIN_PASSWORD_MAX, message: STAFF_MSG.passwordTooLong },
];

export const confirmRules: FormRule[] = [
  { required: true, message: '請再次輸入密碼' },
  ({ getFieldValue }) => ({
    validator: (_, value: string) => (!value || value === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error('兩次輸入的密碼不相符'))),
  }),
];
