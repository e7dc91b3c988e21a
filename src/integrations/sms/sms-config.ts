import type { AppConfig } from '../../config/app-config';

export type SmsDriverName = 'log' | 'mitake' | 'every8d';

/**
 * SMS settings (SMS_DRIVER, MITAKE_*, EVERY8D_*, validated in src/config/env.schema.ts).
 * `driver: 'log'` (embedded default) writes messages to the dev outbox instead of phones.
 */
export interface SmsConfig {
  driver: SmsDriverName;
  mitake: { apiUrl: string; username: string; password: string };
  every8d: { apiUrl: string; uid: string; pwd: string };
}

export const SMS_CONFIG = Symbol('SMS_CONFIG');

export const DEFAULT_MITAKE_API_URL = 'https://smsapi.mitake.com.tw/b2c/mtk/SmSend?CharsetURL=UTF-8';
export const DEFAULT_EVERY8D_API_URL = 'https://oms.every8d.com/API21/HTTP/sendSMS.ashx';

/** The SMS part of the validated app config. */
export function smsConfigOf(config: Pick<AppConfig, 'sms'>): SmsConfig {
  return config.sms;
}
