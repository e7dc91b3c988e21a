import type { FormInstance, FormRule } from 'antd';
import { useCallback } from 'react';
import { MSG } from '@rules/messages';
import { isTaiwanMobile, isValidPassword } from '@rules/taiwan';

/** Verification codes are 6 digits (spec 1 §9). */
export const CODE_LENGTH = 6;

/** Phone rule (spec 1 §5), with the flow's own "required" text. Taiwan mobiles only; `+886 9…` is accepted and normalised. */
export const phoneRules = (required: string): FormRule[] => [
  { required: true, whitespace: true, message: required },
  { validator: async (_, v?: string) => (!v?.trim() || isTaiwanMobile(v) ? undefined : Promise.reject(new Error(MSG.phoneInvalid))) },
];

/** New password (spec 1 §5): required, then at least 6 characters with a lowercase letter and a digit. */
export const passwordRules = (required: string): FormRule[] => [
  { required: true, message: required },
  { validator: async (_, v?: string) => (!v || isValidPassword(v) ? undefined : Promise.reject(new Error(MSG.passwordRule))) },
];

/** The confirmation must equal the field `of`. */
export const confirmRules = (of: string, required: string, mismatch: string): FormRule[] => [
  { required: true, message: required },
  ({ getFieldValue }) => ({
    validator: async (_, v?: string) => (!v || v === getFieldValue(of) ? undefined : Promise.reject(new Error(mismatch))),
  }),
];

/**
 * For a Form's `onValuesChange`: a field that shows an error is checked again as it changes, so the
 * error goes as soon as the value is valid (also for fields checked only on submit or blur); fields
 * without an error are left alone until their own trigger.
 */
export function useRevalidateShownErrors<T>(form: FormInstance<T>): (changed: Partial<T>) => void {
  return useCallback(
    (changed: Partial<T>) => {
      const shown = Object.keys(changed).filter((name) => form.getFieldError(name as never).length > 0);
      if (shown.length > 0) form.validateFields(shown as never[]).catch(() => undefined);
    },
    [form],
  );
}
