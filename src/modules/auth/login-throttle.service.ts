import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { AppError } from '../../common/errors/app-error';
import { loginThrottledMsg } from '../../common/validation/messages';
import { AUTH_CONFIG, type AuthConfig } from '../../config/auth-config';
import { RateLimiter } from './rate-limit/rate-limiter';

const MIN = 60_000;

/**
 * Credential-stuffing brakes for password login, answered with 429 and a zh-TW message:
 * - account + IP: 5 attempts per 15 minutes, counted before the password is checked (so
 *   parallel guesses cannot exceed it), cleared by a successful login;
 * - account from all IPs: 20 failures per hour (rotating addresses buys no more guesses;
 *   cleared by a password reset);
 * - IP across accounts: failures per hour (one source trying many accounts).
 */
@Injectable()
export class LoginThrottle {
  constructor(
    private readonly limiter: RateLimiter,
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
  ) {}

  async beforeAttempt(account: string, ip: string): Promise<void> {
    const c = this.config.login;
    const pair = await this.limiter.hit(`login:ai:${account}:${ip}`, c.accountIpWindowMinutes * MIN);
    if (pair.count > c.accountIpAttempts) throw this.refuse(pair.resetMs);
    const [acct, src] = await Promise.all([this.limiter.peek(`login:a:${account}`), this.limiter.peek(`login:ip:${ip}`)]);
    if (acct.count >= c.accountFailures) throw this.refuse(acct.resetMs);
    if (src.count >= c.ipFailures) throw this.refuse(src.resetMs);
  }

  async failed(account: string, ip: string): Promise<void> {
    const c = this.config.login;
    await Promise.all([
      this.limiter.hit(`login:a:${account}`, c.accountWindowMinutes * MIN),
      this.limiter.hit(`login:ip:${ip}`, c.ipWindowMinutes * MIN),
    ]);
  }

  async succeeded(account: string, ip: string): Promise<void> {
    await this.limiter.reset(`login:ai:${account}:${ip}`);
  }

  /** After the owner proved the phone (password reset): the account may log in again. */
  async clearAccount(account: string): Promise<void> {
    await this.limiter.reset(`login:a:${account}`);
  }

  /** Current-password checks of a logged-in member (change password): 5 per 15 minutes. */
  async beforePasswordCheck(userId: number): Promise<void> {
    const w = await this.limiter.hit(`pwcheck:${userId}`, 15 * MIN);
    if (w.count > 5) throw this.refuse(w.resetMs);
  }

  private refuse(resetMs: number): AppError {
    return new AppError(loginThrottledMsg(Math.max(1, Math.ceil(resetMs / MIN))), HttpStatus.TOO_MANY_REQUESTS);
  }
}
