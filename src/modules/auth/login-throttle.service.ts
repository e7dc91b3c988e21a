import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { AppError } from '../../common/errors/app-error';
import { RateLimiter, rateLimitRule, RateLimitRule } from '../../common/rate-limit/rate-limiter';
import { loginThrottledMsg } from '../../common/validation/messages';
import { AUTH_CONFIG, type AuthConfig } from '../../config/auth-config';

const MIN = 60;

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
  private readonly accountIp: RateLimitRule;
  private readonly account: RateLimitRule;
  private readonly source: RateLimitRule;
  private readonly passwordCheck = rateLimitRule('password-check', 5, 15 * MIN);

  constructor(
    private readonly limiter: RateLimiter,
    @Inject(AUTH_CONFIG) config: AuthConfig,
  ) {
    const c = config.login;
    this.accountIp = rateLimitRule('login-account-ip', c.accountIpAttempts, c.accountIpWindowMinutes * MIN);
    this.account = rateLimitRule('login-account', c.accountFailures, c.accountWindowMinutes * MIN);
    this.source = rateLimitRule('login-ip', c.ipFailures, c.ipWindowMinutes * MIN);
  }

  async beforeAttempt(account: string, ip: string): Promise<void> {
    const pair = await this.limiter.consume(this.accountIp, `${account}:${ip}`);
    if (!pair.allowed) throw this.refuse(pair.msBeforeNext);
    const [acct, src] = await Promise.all([this.limiter.peek(this.account, account), this.limiter.peek(this.source, ip)]);
    if (acct.remaining === 0) throw this.refuse(acct.msBeforeNext);
    if (src.remaining === 0) throw this.refuse(src.msBeforeNext);
  }

  async failed(account: string, ip: string): Promise<void> {
    await Promise.all([this.limiter.penalty(this.account, account), this.limiter.penalty(this.source, ip)]);
  }

  async succeeded(account: string, ip: string): Promise<void> {
    await this.limiter.reset(this.accountIp, `${account}:${ip}`);
  }

  /** After the owner proved the phone (password reset): the account may log in again. */
  async clearAccount(account: string): Promise<void> {
    await this.limiter.reset(this.account, account);
  }

  /** Current-password checks of a logged-in member (change password): 5 per 15 minutes. */
  async beforePasswordCheck(userId: number): Promise<void> {
    const w = await this.limiter.consume(this.passwordCheck, String(userId));
    if (!w.allowed) throw this.refuse(w.msBeforeNext);
  }

  private refuse(msBeforeNext: number): AppError {
    return new AppError(loginThrottledMsg(Math.max(1, Math.ceil(msBeforeNext / 60_000))), HttpStatus.TOO_MANY_REQUESTS);
  }
}
