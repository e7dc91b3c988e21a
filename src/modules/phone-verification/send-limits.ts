import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { AppError } from '../../common/errors/app-error';
import { RateLimiter, rateLimitRule, RateLimitRule } from '../../common/rate-limit/rate-limiter';
import { taipeiDay } from '../../common/time/taipei-time';
import { MSG, resendWaitMsg } from '../../common/validation/messages';
import { AUTH_CONFIG, type AuthConfig } from '../../config/auth-config';

export interface SendQuota {
  /** One send per cooldown (60 s) for this key. */
  cooldownKey: string;
  /** Daily caps (Asia/Taipei days), checked in order: put the sender's (IP) before the target's. */
  daily: { key: string; limit: number }[];
}

const SEND_COOLDOWN = 'code-cooldown';
const SEND_DAILY = 'code-daily';

/**
 * Anti-abuse limits before any code is sent (SMS pumping, mail bombing): a cooldown per target
 * answered as `outtime`, and daily caps per target and per IP. Atomic counters, so concurrent
 * requests cannot slip past a limit.
 */
@Injectable()
export class SendLimits {
  /** The cooldown rule (tests end a cooldown with `RateLimiter.reset(limits.cooldown, 'sms:09…')`). */
  readonly cooldown: RateLimitRule;

  constructor(
    private readonly limiter: RateLimiter,
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
  ) {
    this.cooldown = rateLimitRule(SEND_COOLDOWN, 1, config.codes.cooldownSeconds);
  }

  get cooldownSeconds(): number {
    return this.config.codes.cooldownSeconds;
  }

  async reserve(quota: SendQuota): Promise<void> {
    const cd = await this.limiter.consume(this.cooldown, quota.cooldownKey);
    if (!cd.allowed) {
      const wait = Math.max(1, Math.ceil(cd.msBeforeNext / 1000));
      throw new AppError(resendWaitMsg(wait), HttpStatus.TOO_MANY_REQUESTS, { outtime: wait });
    }
    // The key names the Taipei day and its window ends at that day's midnight.
    const { day, msToMidnight } = taipeiDay();
    for (const cap of quota.daily) {
      const used = await this.limiter.consume(rateLimitRule(SEND_DAILY, cap.limit, 24 * 3600), `${day}:${cap.key}`, { durationSeconds: msToMidnight / 1000 });
      if (!used.allowed) throw new AppError(MSG.dailyCodeLimit, HttpStatus.TOO_MANY_REQUESTS);
    }
  }
}
