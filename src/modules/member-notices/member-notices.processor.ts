import { Inject, Injectable, Logger } from '@nestjs/common';
import { messageOrigin } from '../../common/messages/message-origin';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { uuidFromName } from '../../integrations/line-messaging/line-retry-key';
import { MAIL_SENDER, type MailSender } from '../../integrations/mail/mail-sender';
import { loadMailBrand } from '../../integrations/mail/templates/mail-brand';
import { renderNoticeMail } from '../../integrations/mail/templates/mail-templates';
import { maskRecipient } from '../../integrations/outbox/dev-outbox';
import { SMS_SENDER, type SmsSender } from '../../integrations/sms/sms-sender';
import { JobHandler } from '../../jobs/job-handler.decorator';
import { JobName, MARKETING_NOTICE_KINDS, type JobOf } from '../../jobs/job-types';
import { Outbox } from '../../jobs/outbox/outbox.service';
import { MemberReach } from '../preferences/member-reach.service';
import { SettingsService } from '../settings/settings.service';
import { UsersService } from '../users/users.service';
import {
  marketingLine,
  marketingMail,
  NoticeDataError,
  noticeLine,
  noticeMail,
  noticeSms,
  noticeText,
  type NoticeContext,
  type NoticeText,
} from './member-notice-texts';
import { noticeRoute, type NoticeRoute } from './notice-channel';

/**
 * Sends a member notice (`member.notice`, enqueued by MemberNotices.enqueue). Transactional kinds go
 * on the member's channel (notice-channel.ts): LINE when they chose it and are a friend (a
 * `line.push` outbox job, the SMS as fallback), else an e-mail, else an SMS. Marketing kinds
 * (MARKETING_NOTICE_KINDS: cart reminders) go only with consent, by MemberReach.marketingRoute
 * (LINE or e-mail), each with its unsubscribe link (and List-Unsubscribe headers on mail); without
 * consent nothing is sent (logged). Once per thing told: the outbox job id (`notice:<kind>:<ref>`)
 * is enqueued once; a retry after the provider accepted resends with the same Message-ID (mail
 * clients fold it) or the same X-Line-Retry-Key (LINE answers 409). A member who can't be reached,
 * is blocked or gone is skipped (logged); a provider failure throws, so the queue retries.
 */
@Injectable()
export class MemberNoticesProcessor {
  private readonly logger = new Logger(MemberNoticesProcessor.name);

  constructor(
    private readonly users: UsersService,
    private readonly settings: SettingsService,
    private readonly reach: MemberReach,
    private readonly outbox: Outbox,
    @Inject(MAIL_SENDER) private readonly mail: MailSender,
    @Inject(SMS_SENDER) private readonly sms: SmsSender,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @JobHandler(JobName.MemberNotice)
  async send(job: JobOf<'member.notice'>): Promise<void> {
    const { userId, kind, ref, data } = job.data;
    const what = `member #${userId} notice ${kind}:${ref}`;
    const marketing = MARKETING_NOTICE_KINDS.includes(kind);
    const route = marketing ? await this.marketingRoute(userId) : await this.transactionalRoute(userId);
    if (!route) {
      this.logger.log(`${what} not sent: ${marketing ? 'no marketing consent on a reachable channel' : 'no channel (no e-mail or phone, blocked, inactive or gone)'}`);
      return;
    }
    const ctx = await this.context();
    let text: NoticeText;
    try {
      text = noticeText(kind, data ?? {}, ctx);
    } catch (err) {
      if (!(err instanceof NoticeDataError)) throw err;
      this.logger.error(`${what} not sent: ${err.message}`);
      return;
    }
    const unsubscribe =
      marketing && route.channel !== 'sms'
        ? { pageUrl: this.reach.unsubscribeUrl(userId, route.channel), apiUrl: this.reach.unsubscribeApiUrl(userId, route.channel) }
        : null;
    if (route.channel === 'line') {
      const jobId = `notice:${kind}:${ref}`;
      const lineText = unsubscribe ? marketingLine(text, ctx, unsubscribe) : noticeLine(text, ctx);
      const fallback = !marketing && route.fallbackPhone ? { phone: route.fallbackPhone, text: noticeSms(text, ctx) } : undefined;
      await this.outbox.enqueue(
        JobName.LinePush,
        { userId, lineUserId: route.to, text: lineText, retryKey: uuidFromName(jobId), ...(fallback ? { fallback } : {}) },
        { jobId: `line:${jobId}` },
      );
      this.logger.log(`${what} queued for LINE`);
      return;
    }
    if (route.channel === 'email') {
      // The text part and headers as member-notice-texts writes them; the HTML in the shop's layout.
      const plain = noticeMail(route.to, kind, ref, text, ctx);
      const mail = unsubscribe ? marketingMail(plain, unsubscribe) : plain;
      const branded = await renderNoticeMail({
        shop: await loadMailBrand(this.settings, ctx.origin),
        headline: text.headline,
        body: text.body,
        link: text.link,
        ...(unsubscribe ? { unsubscribeUrl: unsubscribe.pageUrl } : {}),
      });
      await this.mail.send({ ...mail, html: branded.html, text: branded.text });
    } else await this.sms.send(route.to, noticeSms(text, ctx));
    this.logger.log(`${what} sent by ${route.channel} to ${maskRecipient(route.to)}`);
  }

  private async transactionalRoute(userId: number): Promise<NoticeRoute | null> {
    const user = await this.users.findById(userId);
    const facts = user ? await this.reach.facts(userId) : null;
    return noticeRoute(user, facts);
  }

  /** Marketing: LINE or e-mail with consent (never SMS). */
  private async marketingRoute(userId: number): Promise<Exclude<NoticeRoute, { channel: 'sms' }> | null> {
    const r = await this.reach.marketingRoute(userId);
    if (r?.channel === 'line') return { channel: 'line', to: r.lineUserId, fallbackPhone: null };
    if (r?.channel === 'email') return { channel: 'email', to: r.to };
    return null;
  }

  /** The shop's name (COMPANY_NAME, from the cached public settings as the order messages read it) and origin. */
  private async context(): Promise<NoticeContext> {
    const pub = (await this.settings.publicSettings()).find((s) => s.s_key === 'COMPANY_NAME');
    const name = pub ? (pub.s_value ?? '') : await this.settings.get('COMPANY_NAME');
    return { shopName: name.trim() || 'skinshop', origin: messageOrigin(this.config) };
  }
}

