/** A mailbox and an optional display name, e.g. `{ name: '王小明', address: 'ming@example.com' }`. */
export interface MailAddress {
  name?: string;
  address: string;
}

export interface MailMessage {
  to: string | MailAddress;
  subject: string;
  /** Plain-text body (always sent, for clients without HTML). */
  text: string;
  /** HTML body; callers escape any untrusted text in it. */
  html?: string;
  replyTo?: string | MailAddress;
  /** Stable Message-ID for a retried job, so mail clients collapse an accidental duplicate. */
  messageId?: string;
  /** Extra headers, e.g. List-Unsubscribe / List-Unsubscribe-Post on marketing mail (issue 22). */
  headers?: Record<string, string>;
}

/** One e-mail transport. Implementations: SMTP (nodemailer) and log (embedded default, dev outbox). */
export interface MailSender {
  readonly name: string;
  /** Throws MailError on failure. */
  send(message: MailMessage): Promise<{ messageId: string }>;
}

export const MAIL_SENDER = Symbol('MAIL_SENDER');

/** A transport refused or failed. `retryable` tells whether another attempt may succeed. */
export class MailError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'MailError';
  }
}

/** Removes line breaks and control characters from a header value such as a display name or subject. */
export function headerSafe(value: string, max = 200): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u001f\u007f]+/g, ' ').replace(/\s+/g, ' ').trim().slice(0, max);
}
