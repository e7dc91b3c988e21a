import { Inject, Injectable, Logger } from '@nestjs/common';
import { messageOrigin } from '../../common/messages/message-origin';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { maskRecipient } from '../../integrations/outbox/dev-outbox';
import { MAIL_SENDER, type MailSender } from '../../integrations/mail/mail-sender';
import { loadMailBrand } from '../../integrations/mail/templates/mail-brand';
import { SMS_SENDER, type SmsSender } from '../../integrations/sms/sms-sender';
import { JobHandler } from '../../jobs/job-handler.decorator';
import { JobName, type JobOf } from '../../jobs/job-types';
import { SettingsService } from '../settings/settings.service';
import { emailCodeMail, smsText } from './code-messages';
import { EmailCodeService } from './email-code.service';
import { PhoneCodeService } from './phone-code.service';

/**
 * Delivers one-time codes: `sms.send` through the SMS driver, `mail.verification-code` through
 * the mail driver. Job ids are per code row, so each code is queued once; a job whose code was
 * used or expired meanwhile is skipped. (A retry after the provider accepted the message but
 * before the job completed can still send it twice: neither SMS API takes an idempotency key.)
 * Logs show masked recipients only, never the code or the text.
 */
@Injectable()
export class CodeDeliveryProcessor {
  private readonly logger = new Logger(CodeDeliveryProcessor.name);

  constructor(
    @Inject(SMS_SENDER) private readonly sms: SmsSender,
    @Inject(MAIL_SENDER) private readonly mail: MailSender,
    private readonly phoneCodes: PhoneCodeService,
    private readonly emailCodes: EmailCodeService,
    private readonly settings: SettingsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @JobHandler(JobName.SmsSend)
  async sendSms(job: JobOf<'sms.send'>): Promise<void> {
    const { phone, purpose, code, codeId } = job.data;
    if (codeId !== undefined && !(await this.phoneCodes.isLive(codeId))) {
      this.logger.log(`SMS to ${maskRecipient(phone)} skipped: code #${codeId} already used or expired`);
      return;
    }
    if (purpose !== 'already-registered' && !code) throw new Error(`sms.send ${purpose} without a code`);
    await this.sms.send(phone, smsText(purpose, await this.shopName(), code));
  }

  @JobHandler(JobName.MailVerificationCode)
  async sendMail(job: JobOf<'mail.verification-code'>): Promise<void> {
    const { email, code, codeId } = job.data;
    if (codeId !== undefined && !(await this.emailCodes.isLive(codeId))) {
      this.logger.log(`code mail to ${maskRecipient(email)} skipped: code #${codeId} already used or expired`);
      return;
    }
    await this.mail.send(await emailCodeMail(email, await loadMailBrand(this.settings, messageOrigin(this.config)), code, codeId));
  }

  private async shopName(): Promise<string> {
    return (await this.settings.get('COMPANY_NAME')).trim() || 'skinshop';
  }
}
