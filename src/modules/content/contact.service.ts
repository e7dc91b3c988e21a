import { HttpStatus, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { AppError } from '../../common/errors/app-error';
import { ok } from '../../common/http/envelope';
import { JobQueue } from '../../jobs/job-queue';
import { JobName } from '../../jobs/job-types';
import type { ContactDto } from './dto/contact.dto';
import { ContactMessage } from './entities/contact-message.entity';

export const CONTACT_SENT = '訊息已送出';
export const CONTACT_SEND_FAILED = '寄信失敗，請稍後再試。';

/** The contact form: the message is stored, then mailed to the shop by the `mail.contact` job. */
@Injectable()
export class ContactService {
  private readonly logger = new Logger(ContactService.name);

  constructor(
    @InjectRepository(ContactMessage) private readonly messages: Repository<ContactMessage>,
    private readonly jobs: JobQueue,
  ) {}

  /** `userId` is the logged-in member from the session (null for visitors), never the request body. */
  async submit(dto: ContactDto, ip: string, userId: number | null) {
    const saved = await this.messages.save(
      this.messages.create({
        name: dto.name,
        email: dto.email,
        phone: dto.phone ?? '',
        message: dto.message,
        user_id: userId,
        ip: ip.slice(0, 45),
      }),
    );
    try {
      // One job per stored message. The creation time keeps the id unique even if the
      // database is reset while the queue (Redis) still remembers earlier jobs.
      const jobId = `contact:${saved.id}:${saved.created_at.getTime()}`;
      await this.jobs.add(JobName.MailContact, { contactMessageId: saved.id }, { jobId });
    } catch (err) {
      this.logger.error(`contact message #${saved.id} could not be queued: ${(err as Error).message}`);
      await this.messages.delete(saved.id).catch(() => undefined);
      throw new AppError(CONTACT_SEND_FAILED, HttpStatus.SERVICE_UNAVAILABLE);
    }
    return ok({}, CONTACT_SENT);
  }
}
