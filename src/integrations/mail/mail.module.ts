import { Global, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { DevOutbox } from '../outbox/dev-outbox';
import { DevOutboxController } from './dev-outbox.controller';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { MAIL_CONFIG, MailConfig, mailConfigOf } from './mail-config';
import { MAIL_SENDER, type MailSender } from './mail-sender';
import { createMailSender } from './mail-sender.factory';
import { SmtpMailSender } from './smtp-mail.sender';
import { MailTemplatesWarmup } from './templates/mail-templates.warmup';

/**
 * Global: `MAIL_SENDER` (SMTP or log driver), the mail config and the one `DevOutbox`
 * instance of the process (the SMS log driver writes to the same outbox), plus the
 * dev outbox endpoint; the e-mail layout is compiled at start (templates/).
 */
@Global()
@Module({
  controllers: [DevOutboxController],
  providers: [
    DevOutbox,
    { provide: MAIL_CONFIG, useFactory: (c: AppConfig): MailConfig => mailConfigOf(c), inject: [APP_CONFIG] },
    { provide: MAIL_SENDER, useFactory: createMailSender, inject: [MAIL_CONFIG, DevOutbox] },
    MailTemplatesWarmup,
  ],
  exports: [DevOutbox, MAIL_CONFIG, MAIL_SENDER],
})
export class MailModule implements OnApplicationShutdown {
  constructor(@Inject(MAIL_SENDER) private readonly sender: MailSender) {}

  onApplicationShutdown(): void {
    if (this.sender instanceof SmtpMailSender) this.sender.close();
  }
}
