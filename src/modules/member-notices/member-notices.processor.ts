import { Inject, Injectable, Logger } from '@nestjs/common';
import { messageOrigin } from '../../common/messages/message-origin';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { MAIL_SENDER, type MailSender } from '../../integrations/mail/mail-sender';
import { maskRecipient } from '../../integrations/outbox/dev-outbox';
import { SMS_SENDER, type SmsSender } from '../../integrations/sms/sms-sender';
import { JobHandler } from '../../jobs/job-handler.decorator';
import { JobName, type JobOf } from '../../jobs/job-types';
import { SettingsService } from '../settings/settings.service';
import { UsersService } from '../users/users.service';
import { NoticeDataError, noticeMail, noticeSms, noticeText, type NoticeContext } from './member-notice-texts';
import { noticeRoute } from './notice-channel';

/**
 * Sends a member notice (`member.notice`, enqueued by MemberNotices.enqueue) on the member's
 * channel (notice-channel.ts): an e-mail, else an SMS. Once per thing told: the outbox job id
 * (`notice:<kind>:<ref>`) is enqueued once; a retry after the provider accepted resends with the
 * same Message-ID (mail clients fold it). A member who can't be reached, is blocked or gone is
 * skipped (logged); a provider failure throws, so the queue retries with backoff.
 */
@Injectable()
export class MemberNoticesProcessor {
  private readonly logger = new Logger(MemberNoticesProcessor.name);

  constructor(
    private readonly users: UsersService,
    private readonly settings: SettingsService,
    @Inject(MAIL_SENDER) private readonly mail: MailSender,
    @Inject(SMS_SENDER) private readonly sms: SmsSender,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @JobHandler(JobName.MemberNotice)
  async send(job: JobOf<'member.notice'>): Promise<void> {
    const { userId, kind, ref, data } = job.data;
    const what = `member #${userId} notice ${kind}:${ref}`;
    const route = noticeRoute(await this.users.findById(userId));
    if (!route) {
      this.logger.log(`${what} not sent: no channel (no e-mail or phone, blocked, inactive or gone)`);
      return;
    }
    const ctx = await this.context();
    let text;
    try {
      text = noticeText(kind, data ?? {}, ctx);
    } catch (err) {
      if (!(err instanceof NoticeDataError)) throw err;
      this.logger.error(`${what} not sent: ${err.message}`);
      return;
    }
    if (route.channel === 'email') await this.mail.send(noticeMail(route.to, kind, ref, text, ctx));
    else await this.sms.send(route.to, noticeSms(text, ctx));
    this.logger.log(`${what} sent by ${route.channel} to ${maskRecipient(route.to)}`);
  }

  /** The shop's name (COMPANY_NAME, from the cached public settings as the order messages read it) and origin. */
  private async context(): Promise<NoticeContext> {
    const pub = (await this.settings.publicSettings()).find((s) => s.s_key === 'COMPANY_NAME');
    const name = pub ? (pub.s_value ?? '') : await this.settings.get('COMPANY_NAME');
    return { shopName: name.trim() || 'skinshop', origin: messageOrigin(this.config) };
  }
}
