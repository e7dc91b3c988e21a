import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { JobHandler } from '../../jobs/job-handler.decorator';
import { JobName, type JobOf } from '../../jobs/job-types';
import { MAIL_SENDER, type MailSender } from '../../integrations/mail/mail-sender';
import { SettingsService } from '../settings/settings.service';
import { composeContactMail } from './contact-mail';
import { ContactMessage } from './entities/contact-message.entity';

/**
 * Mails a stored contact message to the shop (settings COMPANY_EMAIL). Retried with
 * backoff by the queue. Idempotent: once sent, `mailed_at` is set and a re-run sends
 * nothing; a worker that dies after the SMTP server accepted the message but before
 * `mailed_at` was written sends it once more, with the same Message-ID (mail clients
 * fold it) — at most one duplicate, never a loss.
 */
@Injectable()
export class ContactMailProcessor {
  private readonly logger = new Logger(ContactMailProcessor.name);

  constructor(
    @InjectRepository(ContactMessage) private readonly messages: Repository<ContactMessage>,
    private readonly settings: SettingsService,
    @Inject(MAIL_SENDER) private readonly mail: MailSender,
  ) {}

  @JobHandler(JobName.MailContact)
  async send(job: JobOf<'mail.contact'>): Promise<void> {
    const msg = await this.messages.findOne({ where: { id: job.data.contactMessageId } });
    if (!msg) {
      this.logger.warn(`contact message #${job.data.contactMessageId} no longer exists; nothing to send`);
      return;
    }
    if (msg.mailed_at) return;
    const shopEmail = (await this.settings.get('COMPANY_EMAIL')).trim();
    if (!shopEmail) throw new Error('COMPANY_EMAIL is not set: the shop has no address to receive contact messages');
    const shopName = (await this.settings.get('COMPANY_NAME')).trim() || 'skinshop';
    const mail = await composeContactMail(
      { id: msg.id, name: msg.name, email: msg.email, phone: msg.phone, message: msg.message, userId: msg.user_id, createdAt: msg.created_at },
      shopEmail,
      shopName,
    );
    await this.mail.send(mail);
    await this.messages.update({ id: msg.id }, { mailed_at: new Date() });
  }
}
