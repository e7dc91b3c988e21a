import { Logger } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import type { Options as SmtpPoolOptions } from 'nodemailer/lib/smtp-pool';
import { maskRecipient } from '../outbox/dev-outbox';
import { MailError, MailMessage, MailSender } from './mail-sender';

export interface SmtpOptions {
  /** `smtp://user:pass@host:port` or `smtps://…`; user and password are URL-encoded. */
  url: string;
  from: string;
  /** Connection, greeting and socket timeouts (default 15 s). */
  timeoutMs?: number;
}

/**
 * SMTP through nodemailer, STARTTLS when offered. Pooled: up to 5 connections are kept and
 * reused (one connect + EHLO + AUTH per connection, not per message), so a burst of order mails
 * does not pay the handshake each time; idle connections are closed by the server's timeout.
 */
export class SmtpMailSender implements MailSender {
  readonly name = 'smtp';
  private readonly logger = new Logger('Mail');
  private readonly transport: Transporter;

  constructor(options: SmtpOptions) {
    this.transport = createTransport(smtpTransportOptions(options), { from: options.from });
  }

  async send(message: MailMessage): Promise<{ messageId: string }> {
    const to = typeof message.to === 'string' ? message.to : message.to.address;
    try {
      const info = await this.transport.sendMail({
        to: message.to,
        replyTo: message.replyTo,
        subject: message.subject,
        text: message.text,
        html: message.html,
        messageId: message.messageId,
        ...(message.headers ? { headers: message.headers } : {}),
      });
      this.logger.log(`e-mail to ${maskRecipient(to)} accepted by SMTP (${info.messageId})`);
      return { messageId: info.messageId };
    } catch (err) {
      const e = err as { message?: string; responseCode?: number; code?: string };
      // 5xx (except 503) is a permanent refusal; connection problems and 4xx may pass later.
      const permanent = (e.responseCode !== undefined && e.responseCode >= 500 && e.responseCode !== 503) || e.code === 'EAUTH';
      throw new MailError(`SMTP send failed${e.responseCode ? ` (${e.responseCode})` : ''}: ${e.message ?? String(err)}`, !permanent);
    }
  }

  close(): void {
    this.transport.close();
  }
}

/** `smtp(s)://user:pass@host:port` → nodemailer options (credentials URL-decoded, timeouts set). */
export function smtpTransportOptions(options: SmtpOptions): SmtpPoolOptions {
  const u = new URL(options.url);
  const secure = u.protocol === 'smtps:';
  const timeout = options.timeoutMs ?? 15_000;
  return {
    host: u.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: u.port ? Number(u.port) : secure ? 465 : 587,
    secure,
    auth: u.username ? { user: decodeURIComponent(u.username), pass: decodeURIComponent(u.password) } : undefined,
    pool: true,
    maxConnections: 5,
    maxMessages: 100,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  };
}
