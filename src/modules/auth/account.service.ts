import { HttpStatus, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../common/errors/app-error';
import type { SessionUser } from '../../common/auth/session-user';
import { MSG } from '../../common/validation/messages';
import { Transactions } from '../../common/transactions/transactions';
import { MemberPreferencesService } from '../preferences/preferences.service';
import { PhoneFlowService } from '../phone-verification/phone-flow.service';
import { ProfileView } from '../users/profile.view';
import { UsersService } from '../users/users.service';
import { AuthPassport } from './auth-passport';
import { CsrfService } from './csrf.service';
import { LoginThrottle } from './login-throttle.service';
import { accountKey } from './password-login.service';
import { PasswordHasher } from './passwords';
import { SessionAuthService } from './session-auth.service';

export interface LoggedIn {
  user: ProfileView;
  /** The session id changed, so the CSRF token did too. */
  csrfToken: string;
}

export const MESSAGES = {
  loggedIn: '登入成功',
  registered: '註冊成功',
  loggedOut: '已登出',
  resetDone: '密碼重設成功，請使用新密碼登入',
  resetNeedsCode: '重設失敗。請重新驗證手機號碼。',
  passwordChanged: '密碼修改成功！',
};

/**
 * Password accounts (spec 1 §4–5): login, registration after a verified phone, reset after a
 * verified forgot code, change with the current password.
 */
@Injectable()
export class AccountService {
  constructor(
    private readonly users: UsersService,
    private readonly hasher: PasswordHasher,
    private readonly throttle: LoginThrottle,
    private readonly phoneFlow: PhoneFlowService,
    private readonly sessions: SessionAuthService,
    private readonly passport: AuthPassport,
    private readonly csrf: CsrfService,
    private readonly tx: Transactions,
    private readonly preferences: MemberPreferencesService,
  ) {}

  async login(req: FastifyRequest, reply: FastifyReply): Promise<LoggedIn> {
    const { user } = await this.passport.authenticate<SessionUser>('local', req);
    if (!user) throw new AppError(MSG.loginFailed, HttpStatus.UNAUTHORIZED);
    return this.startSession(req, reply, user.id);
  }

  async logout(req: FastifyRequest, reply: FastifyReply): Promise<{ csrfToken: string }> {
    await this.sessions.logOut(req);
    return { csrfToken: this.csrf.token(req, reply, true) };
  }

  /**
   * Step 2 of registration: only with this session's verified code for `phone`. `marketingConsent`
   * (the unticked box) opts in to marketing, recorded in the member's creation transaction (issue 22 §1).
   */
  async register(req: FastifyRequest, reply: FastifyReply, phone: string, password: string, marketingConsent = false): Promise<LoggedIn> {
    if (!this.phoneFlow.hasGrant('register', phone, req.session)) throw new AppError(MSG.phoneNotVerified);
    const hash = await this.hasher.hash(password);
    if (!(await this.phoneFlow.takeGrant('register', phone, req.session))) throw new AppError(MSG.phoneNotVerified);
    const user = await this.tx.run(async () => {
      const created = await this.users.createPasswordMember(phone, hash);
      await this.preferences.registrationConsent(created.id, marketingConsent);
      return created;
    });
    return this.startSession(req, reply, user.id);
  }

  /** Forgot password, step 3: only with this session's verified forgot code, within its 10 minutes. */
  async resetPassword(req: FastifyRequest, phone: string, newPassword: string): Promise<void> {
    if (!this.phoneFlow.hasGrant('forgot', phone, req.session)) throw new AppError(MESSAGES.resetNeedsCode);
    const hash = await this.hasher.hash(newPassword);
    if (!(await this.phoneFlow.takeGrant('forgot', phone, req.session))) throw new AppError(MESSAGES.resetNeedsCode);
    const user = await this.users.findPasswordMemberByPhone(phone);
    if (!user) throw new AppError(MSG.resetFailed);
    await this.users.setPasswordHash(user.id, hash);
    // Whoever knew the old password is logged out everywhere; the owner may log in again at once.
    await this.sessions.endSessions(user.id);
    await this.throttle.clearAccount(accountKey(phone));
  }

  /** Change password (spec 1 §5); optionally ends the member's other sessions. */
  async changePassword(
    req: FastifyRequest,
    me: number,
    input: { account?: string; currentPassword: string; newPassword: string; logoutOthers?: boolean },
  ): Promise<{ endedSessions: number }> {
    const user = await this.users.findById(me);
    if (!user) throw new AppError(MSG.loginRequired, HttpStatus.UNAUTHORIZED);
    if (!user.account || !user.password_hash) throw new AppError(MSG.noAccountNoChange);
    if (input.account !== undefined && input.account !== '' && accountKey(input.account) !== user.account) {
      throw new AppError(MSG.forbiddenOtherMember, HttpStatus.FORBIDDEN);
    }
    if (input.currentPassword === input.newPassword) throw new AppError(MSG.samePassword);
    await this.throttle.beforePasswordCheck(me);
    if (!(await this.hasher.verify(user.password_hash, input.currentPassword))) throw new AppError(MSG.currentPasswordWrong);
    await this.users.setPasswordHash(me, await this.hasher.hash(input.newPassword));
    const endedSessions = input.logoutOthers ? await this.sessions.endSessions(me, req.session.sessionId) : 0;
    return { endedSessions };
  }

  async startSession(req: FastifyRequest, reply: FastifyReply, userId: number): Promise<LoggedIn> {
    await this.sessions.logIn(req, userId);
    return { user: await this.users.getProfile(userId), csrfToken: this.csrf.token(req, reply, true) };
  }
}
