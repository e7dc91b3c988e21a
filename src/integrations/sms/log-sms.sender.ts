import { Logger } from '@nestjs/common';
import { DevOutbox, maskRecipient } from '../outbox/dev-outbox';
import { SmsSender } from './sms-sender';

/** Embedded default: the message goes to the dev outbox; the log shows only a masked number. */
export class LogSmsSender implements SmsSender {
  readonly name = 'log';
  private readonly logger = new Logger('SMS');

  constructor(private readonly outbox: DevOutbox) {}

  async send(to: string, body: string): Promise<{ messageId: string }> {
    const m = this.outbox.add({ channel: 'sms', to, body });
    this.logger.log(`SMS to ${maskRecipient(to)} written to the dev outbox (#${m.id}, ${body.length} chars)`);
    return { messageId: `outbox-${m.id}` };
  }
}
