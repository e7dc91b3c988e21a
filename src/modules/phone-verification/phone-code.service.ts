import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { AppError } from '../../common/errors/app-error';
import { JobQueue } from '../../jobs/job-queue';
import { JobName, SmsCodePurpose } from '../../jobs/job-types';
import { AUTH_CONFIG, type AuthConfig } from '../../config/auth-config';
import { CodeHasher, generateCode } from './code-hasher';
import { CodeLedger } from './code-ledger';
import { PhoneCode } from './entities/phone-code.entity';
import { SendLimits } from './send-limits';

/** 'delete': confirms 刪除帳號 of a member without a password (issue 22 §4). */
export type PhonePurpose = 'register' | 'forgot' | 'change' | 'delete';

/**
 * What goes out for a send: the code; a notice that the number is already a member (register on
 * a registered number: the same answer and limits as a real send, but no usable code); or
 * nothing (forgot password for a number with no password account). The caller cannot tell
 * them apart, so the answers do not reveal who is a member.
 */
export type Delivery = 'code' | 'registered-notice' | 'silent';

const SMS_PURPOSE: Record<PhonePurpose, SmsCodePurpose> = {
  register: 'register',
  forgot: 'forgot-password',
  change: 'phone-change',
  delete: 'account-delete',
};

export interface VerifyMessages {
  gone: string;
  wrong: string;
}

/** SMS one-time codes: issue (limits, hashed row, SMS job), verify, and the verified-grant handshake. */
@Injectable()
export class PhoneCodeService {
  private readonly logger = new Logger(PhoneCodeService.name);
  private readonly ledger: CodeLedger<PhoneCode>;

  constructor(
    @InjectRepository(PhoneCode) private readonly codes: Repository<PhoneCode>,
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    private readonly hasher: CodeHasher,
    private readonly limits: SendLimits,
    private readonly queue: JobQueue,
  ) {
    this.ledger = new CodeLedger(codes, config.codes.maxAttempts);
  }

  /** Sends (or pretends to send) a code; answers the cooldown in seconds (`outtime`). */
  async send(phone: string, purpose: PhonePurpose, ip: string, delivery: Delivery, failMessage: string): Promise<{ outtime: number }> {
    await this.limits.reserve({
      cooldownKey: `sms:${phone}`,
      daily: [
        { key: `sms-ip:${ip}`, limit: this.config.codes.perIpDaily },
        { key: `sms:${phone}`, limit: this.config.codes.perTargetDaily },
      ],
    });
    const code = generateCode();
    const row = await this.codes.save(
      this.codes.create({
        phone,
        purpose,
        code_hash: this.hasher.hash(['sms', purpose, phone], code),
        attempts: 0,
        expires_at: new Date(Date.now() + this.config.codes.ttlSeconds * 1000),
        consumed_at: null,
        ip: ip.slice(0, 45),
      }),
    );
    try {
      if (delivery === 'code') {
        await this.queue.add(JobName.SmsSend, { phone, purpose: SMS_PURPOSE[purpose], code, codeId: row.id }, { jobId: `sms:${row.id}`, attempts: 3 });
      } else if (delivery === 'registered-notice') {
        await this.queue.add(JobName.SmsSend, { phone, purpose: 'already-registered', codeId: row.id }, { jobId: `sms:${row.id}`, attempts: 3 });
      }
    } catch (err) {
      this.logger.error(`could not queue the SMS of code #${row.id}: ${(err as Error).message}`);
      throw new AppError(failMessage, HttpStatus.SERVICE_UNAVAILABLE);
    }
    return { outtime: this.limits.cooldownSeconds };
  }

  /** Checks and consumes the latest code of phone + purpose; answers its row id (the grant). */
  async verify(phone: string, purpose: PhonePurpose, code: string, messages: VerifyMessages): Promise<number> {
    const result = await this.ledger.check({ phone, purpose }, (row) => /^\d{6}$/.test(code) && this.hasher.matches(row.code_hash, ['sms', purpose, phone], code));
    if (!result.ok) throw new AppError(result.reason === 'wrong' ? messages.wrong : messages.gone, HttpStatus.BAD_REQUEST);
    return result.id;
  }

  /**
   * Uses up a verified code (a grant) for the follow-up step (register, reset password): true
   * once, and only while the code's 10 minutes last. Ends the row's validity in one conditional
   * UPDATE, so two parallel requests cannot both use it.
   */
  async consumeGrant(codeId: number, phone: string, purpose: PhonePurpose): Promise<boolean> {
    const now = new Date();
    const res = await this.codes
      .createQueryBuilder()
      .update()
      .set({ expires_at: now })
      .where('id = :id AND phone = :phone AND purpose = :purpose AND consumed_at IS NOT NULL AND expires_at > :now', {
        id: codeId,
        phone,
        purpose,
        now,
      })
      .execute();
    return res.affected === 1;
  }

  /** True while a code row may still be sent (processors skip stale jobs). */
  isLive(codeId: number): Promise<boolean> {
    return this.ledger.isLive(codeId);
  }
}
