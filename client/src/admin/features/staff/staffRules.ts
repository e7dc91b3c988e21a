import type { FormRule } from 'antd';

/** Staff passwords: at least 10 characters (an account that reaches every order deserves more than a member's 6). */
export const STAFF_PASSWORD_MIN = 10;

export const STAFF_USERNAME_RULE: FormRule = {
  required: true,
  pattern: /^[A-Za-z0-9_.-]{3,32}$/,
  message: '帳號須為 3 到 32 個英文字母、數字、底線、點或減號',
};

export const passwordRules: FormRule[] = [
  { required: true, message: '請輸入密碼' },
  { min: STAFF_PASSWORD_MIN, message: `密碼至少 ${STAFF_PASSWORD_MIN} 個字元` },
  { max: 128, message: '密碼長度不可超過 128 個字元' },
];

export const confirmRules: FormRule[] = [
  { required: true, message: '請再次輸入密碼' },
  ({ getFieldValue }) => ({
    validator: (_, value: string) => (!value || value === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error('兩次輸入的密碼不相符'))),
  }),
];
