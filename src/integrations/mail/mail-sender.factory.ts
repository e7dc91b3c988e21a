import { DevOutbox } from '../outbox/dev-outbox';
import { LogMailSender } from './log-mail.sender';
import { MailConfig } from './mail-config';
import { MailSender } from './mail-sender';
import { SmtpMailSender } from './smtp-mail.sender';

/** SMTP when SMTP_URL is set, else the log driver writing to the dev outbox (embedded default). */
export function createMailSender(config: MailConfig, outbox: DevOutbox): MailSender {
  return config.smtpUrl ? new SmtpMailSender({ url: config.smtpUrl, from: config.from }) : new LogMailSender(outbox);
}
