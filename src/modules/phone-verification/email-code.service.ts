import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { AppError } from '../../common/errors/app-error';
import { MSG } from '../../common/validation/messages';
import { JobQueue } from '../../jobs/job-queue';
import { JobName } from '../../jobs/job-types';
import { AUTH_CONFIG, type AuthConfig } from '../../config/auth-config';
import { CodeHasher, generateCode } from './code-hasher';
import { CodeLedger } from './code-ledger';
import { EmailCode } from './entities/email-code.entity';
import { SendLimits } from './send-limits';

const PURPOSE = 'change';

/**
 * E-mail change codes (spec 2 §4): sent to the new address by the mail queue, bound to the
 * member who asked and to that address, same limits and single use as SMS codes.
 */
@Injectable()
export class EmailCodeService {
  private readonly logger = new Logger(EmailCodeService.name);
  private readonly ledger: CodeLedger<EmailCode>;

  constructor(
    @InjectRepository(EmailCode) private readonly codes: Repository<EmailCode>,
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    private readonly hasher: CodeHasher,
    private readonly limits: SendLimits,
    private readonly queue: JobQueue,
  ) {
    this.ledger = new CodeLedger(codes, config.codes.maxAttempts);
  }

  async send(userId: number, email: string, ip: string): Promise<{ outtime: number }> {
    await this.limits.reserve({
      cooldownKey: `mail-user:${userId}`,
      daily: [
        { key: `mail-ip:${ip}`, limit: this.config.codes.perIpDaily },
        { key: `mail-user:${userId}`, limit: this.config.codes.perTargetDaily },
        { key: `mail:${email}`, limit: this.config.codes.perTargetDaily },
      ],
    });
    const code = generateCode();
    const row = await this.codes.save(
      this.codes.create({
        email,
        purpose: PURPOSE,
        user_id: userId,
        code_hash: this.hasher.hash(['mail', PURPOSE, String(userId), email], code),
        attempts: 0,
        expires_at: new Date(Date.now() + this.config.codes.ttlSeconds * 1000),
        consumed_at: null,
        ip: ip.slice(0, 45),
      }),
    );
    try {
      await this.queue.add(JobName.MailVerificationCode, { email, code, codeId: row.id }, { jobId: `mail-code:${row.id}`, attempts: 3 });
    } catch (err) {
      this.logger.error(`could not queue the mail of code #${row.id}: ${(err as Error).message}`);
      throw new AppError(MSG.sendFailed, HttpStatus.SERVICE_UNAVAILABLE);
    }
    return { outtime: this.limits.cooldownSeconds };
  }

  /** Checks and consumes the member's latest code for this address. */
  async verify(userId: number, email: string, code: string): Promise<void> {
    const result = await this.ledger.check(
      { user_id: userId, email, purpose: PURPOSE },
      (row) => /^\d{6}$/.test(code) && this.hasher.matches(row.code_hash, ['mail', PURPOSE, String(userId), email], code),
    );
    if (!result.ok) throw new AppError(result.reason === 'wrong' ? MSG.profileVerifyFailed : MSG.codeNotFound, HttpStatus.BAD_REQUEST);
  }

  isLive(codeId: number): Promise<boolean> {
    return this.ledger.isLive(codeId);
  }
}
