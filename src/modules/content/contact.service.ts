import { HttpStatus, Injectable, Logger } from '@nestjs/common';
import { AppError } from '../../common/errors/app-error';
import { DomainEvents } from '../../common/events/domain-events';
import { ok } from '../../common/http/envelope';
import { Transactions } from '../../common/transactions/transactions';
import { JobName } from '../../jobs/job-types';
import { Outbox } from '../../jobs/outbox/outbox.service';
import type { ContactDto } from './dto/contact.dto';
import { ContactMessage } from './entities/contact-message.entity';

export const CONTACT_SENT = '訊息已送出';
export const CONTACT_SEND_FAILED = '寄信失敗，請稍後再試。';

/**
 * The contact form: the message and its `mail.contact` job commit together (transactional
 * outbox), so a message the visitor was told 訊息已送出 is always mailed, even after a crash or
 * a long SMTP outage.
 */
@Injectable()
export class ContactService {
  private readonly logger = new Logger(ContactService.name);

  constructor(
    private readonly tx: Transactions,
    private readonly outbox: Outbox,
    private readonly events: DomainEvents,
  ) {}

  /** `userId` is the logged-in member from the session (null for visitors), never the request body. */
  async submit(dto: ContactDto, ip: string, userId: number | null) {
    try {
      await this.tx.run(async () => {
      const messages = this.tx.repo(ContactMessage);
      const saved = await messages.save(
        messages.create({
          name: dto.name,
          email: dto.email,
          phone: dto.phone ?? '',
          message: dto.message,
          user_id: userId,
          ip: ip.slice(0, 45),
        }),
      );
      // The creation time keeps the id unique even if the database is reset while the queue
      // (Redis) still remembers earlier jobs.
      await this.outbox.enqueue(JobName.MailContact, { contactMessageId: saved.id }, { jobId: `contact:${saved.id}:${saved.created_at.getTime()}` });
      // Staff alert (聯絡表單), written in this transaction by its in-transaction listener.
      await this.events.publish('contact.received', { contactMessageId: saved.id });
      });
    } catch (err) {
      // Nothing was stored: the visitor is told to try again, never 訊息已送出.
      this.logger.error(`contact message not stored: ${(err as Error).message}`);
      throw new AppError(CONTACT_SEND_FAILED, HttpStatus.SERVICE_UNAVAILABLE);
    }
    return ok({}, CONTACT_SENT);
  }
}
