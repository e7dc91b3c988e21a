import { HttpStatus, Injectable, Logger } from '@nestjs/common';
import { AppError } from '../../common/errors/app-error';
import type { SessionUser } from '../../common/auth/session-user';
import { socialLoginErrorMsg } from '../../common/validation/messages';
import { normalizeTaiwanMobile, TAIWAN_MOBILE } from '../../common/validation/taiwan';
import { UsersService } from '../users/users.service';
import { LoginThrottle } from './login-throttle.service';
import { PasswordHasher } from './passwords';

/** The login identifier as throttled and looked up: the normalised phone (account = phone). */
export function accountKey(raw: string): string {
  return normalizeTaiwanMobile(raw).slice(0, 64);
}

/** passport-local's verify step: throttle, look up, verify (dummy hash for unknown accounts). */
@Injectable()
export class PasswordLogin {
  private readonly logger = new Logger(PasswordLogin.name);

  constructor(
    private readonly users: UsersService,
    private readonly hasher: PasswordHasher,
    private readonly throttle: LoginThrottle,
  ) {}

  async verify(rawAccount: string, password: string, ip: string): Promise<SessionUser | null> {
    const account = accountKey(rawAccount);
    await this.throttle.beforeAttempt(account, ip);
    const user = TAIWAN_MOBILE.test(account) ? await this.users.findByAccount(account) : null;
    const ok = await this.hasher.verify(user?.password_hash, password);
    if (!user || !ok) {
      await this.throttle.failed(account, ip);
      return null;
    }
    // The right password of a blocked or deactivated account: say so (the social logins' wording),
    // rather than 帳號或密碼錯誤, which would send the member to reset a password that works.
    if (!user.is_active) throw new AppError(socialLoginErrorMsg('inactive', ''), HttpStatus.FORBIDDEN);
    await this.throttle.succeeded(account, ip);
    if (user.password_hash && this.hasher.needsRehash(user.password_hash)) {
      await this.users.setPasswordHash(user.id, await this.hasher.hash(password));
      this.logger.log(`member #${user.id}: password hash upgraded to the current argon2 parameters`);
    }
    return { id: user.id };
  }
}
