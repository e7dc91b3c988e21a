import { Logger } from '@nestjs/common';
import { DevOutbox, maskRecipient } from '../outbox/dev-outbox';
import { MailMessage, MailSender } from './mail-sender';

/**
 * Embedded default: the message goes to the dev outbox (readable at /api/dev/outbox
 * outside production). The log shows a masked recipient and sizes, never the body.
 */
export class LogMailSender implements MailSender {
  readonly name = 'log';
  private readonly logger = new Logger('Mail');

  constructor(private readonly outbox: DevOutbox) {}

  async send(message: MailMessage): Promise<{ messageId: string }> {
    const to = typeof message.to === 'string' ? message.to : message.to.address;
    const m = this.outbox.add({ channel: 'email', to, subject: message.subject, body: message.html ?? message.text });
    this.logger.log(`e-mail to ${maskRecipient(to)} written to the dev outbox (#${m.id}, ${message.text.length} chars)`);
    return { messageId: message.messageId ?? `outbox-${m.id}` };
  }
}
