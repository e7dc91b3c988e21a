import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { AppError } from '../../common/errors/app-error';
import { MSG, resendWaitMsg } from '../../common/validation/messages';
import { AUTH_CONFIG, type AuthConfig } from '../../config/auth-config';
import { RateLimiter } from '../auth/rate-limit/rate-limiter';
import { taipeiDay } from '../../common/time/taipei-time';

export interface SendQuota {
  /** One send per cooldown (60 s) for this key. */
  cooldownKey: string;
  /** Daily caps (Asia/Taipei days), checked in order: put the sender's (IP) before the target's. */
  daily: { key: string; limit: number }[];
}

/**
 * Anti-abuse limits before any code is sent (SMS pumping, mail bombing): a cooldown per target
 * answered as `outtime`, and daily caps per target and per IP. Atomic counters, so concurrent
 * requests cannot slip past a limit.
 */
@Injectable()
export class SendLimits {
  constructor(
    private readonly limiter: RateLimiter,
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
  ) {}

  get cooldownSeconds(): number {
    return this.config.codes.cooldownSeconds;
  }

  async reserve(quota: SendQuota): Promise<void> {
    const cd = await this.limiter.hit(`cd:${quota.cooldownKey}`, this.cooldownSeconds * 1000);
    if (cd.count > 1) {
      const wait = Math.max(1, Math.ceil(cd.resetMs / 1000));
      throw new AppError(resendWaitMsg(wait), HttpStatus.TOO_MANY_REQUESTS, { outtime: wait });
    }
    const { day, msToMidnight } = taipeiDay();
    for (const cap of quota.daily) {
      const used = await this.limiter.hit(`day:${day}:${cap.key}`, msToMidnight);
      if (used.count > cap.limit) throw new AppError(MSG.dailyCodeLimit, HttpStatus.TOO_MANY_REQUESTS);
    }
  }
}
