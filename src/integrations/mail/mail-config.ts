import type { AppConfig } from '../../config/app-config';
/** E-mail settings. `smtpUrl` unset → the log driver (embedded default). */
export interface MailConfig {
  /** `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://user:pass@host:465` (TLS). */
  smtpUrl?: string;
  /** Sender address, e.g. `肌研舍 <no-reply@shop.example.com>`. */
  from: string;
}

export const MAIL_CONFIG = Symbol('MAIL_CONFIG');

export const DEFAULT_MAIL_FROM = 'skinshop <no-reply@localhost>';

/** The mail part of the validated app config (SMTP_URL, MAIL_FROM are checked in src/config/env.schema.ts). */
export function mailConfigOf(config: Pick<AppConfig, 'smtpUrl' | 'mailFrom'>): MailConfig {
  return { smtpUrl: config.smtpUrl, from: config.mailFrom };
}
