import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../../common/errors/app-error';
import { LineFriends } from '../../preferences/line-friends.service';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import { SocialProvider, UsersService } from '../../users/users.service';
import { AuthPassport } from '../auth-passport';
import { AUTH_CONFIG, type AuthConfig } from '../../../config/auth-config';
import { SessionAuthService } from '../session-auth.service';
import { LineLoginClient } from './line-login.client';
import { ensureState, saveState, STATE_PATTERN, takeState } from './oauth-state';
import { LINE_BIND_RESULT, lineBindPath, type LineBindResult } from './line-bind';
import { PROVIDER_LABEL, SocialLoginProfile } from './social-profile';

/** Where the browser lands: the login-result screen, or the login page with a reason. */
export const LOGIN_RESULT_PATH = '/loginres';
export type SocialError = 'state' | 'cancelled' | 'failed' | 'inactive';
/** 解除綁定 refused: the member logs in only with LINE. */
export const LINE_UNBIND_ONLY_LOGIN = '此帳號僅能以 LINE 登入，無法解除綁定';
export const loginErrorPath = (error: SocialError, provider: SocialProvider) => `/login?error=${error}&provider=${provider}`;

const SCOPES: Record<'google' | 'facebook', string[]> = {
  google: ['openid', 'email', 'profile'],
  facebook: ['email'],
};

/**
 * Social login (spec 1 §4): Google and Facebook through passport, LINE through OIDC with
 * jose. The client saves a random state first; the callback must bring it back to the same
 * session. Members are found by provider + subject only, never by e-mail.
 */
@Injectable()
export class SocialLoginService {
  private readonly logger = new Logger(SocialLoginService.name);
  private readonly line?: LineLoginClient;

  constructor(
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    @Inject(APP_CONFIG) private readonly app: AppConfig,
    private readonly passport: AuthPassport,
    private readonly users: UsersService,
    private readonly sessions: SessionAuthService,
    private readonly friends: LineFriends,
  ) {
    if (config.line) this.line = new LineLoginClient(config.line);
  }

  providers(): Record<SocialProvider, boolean> {
    return { google: !!this.config.google, facebook: !!this.config.facebook, line: !!this.config.line };
  }

  saveState(req: FastifyRequest, state: unknown): void {
    if (typeof state !== 'string' || !STATE_PATTERN.test(state)) throw new AppError('登入狀態參數無效');
    saveState(req.session, state);
  }

  /** The provider's authorize page to redirect to, or refuses with a clear message when not set up. */
  async start(provider: SocialProvider, req: FastifyRequest): Promise<string> {
    if (!this.providers()[provider]) throw new AppError(`尚未設定 ${PROVIDER_LABEL[provider]} 登入`, HttpStatus.SERVICE_UNAVAILABLE);
    const callbackURL = this.callbackUrl(provider, req);
    if (provider === 'line') {
      const { state, nonce } = ensureState(req.session);
      return (this.line as LineLoginClient).authorizeUrl(callbackURL, state, nonce);
    }
    return this.passport.redirect(provider, req, { callbackURL, scope: SCOPES[provider] });
  }

  /**
   * 綁定 LINE (issue 22): the LINE Login URL (bot_prompt=normal) whose callback links the LINE account
   * to this member — the state is saved in this session with the member's id.
   */
  lineBindUrl(req: FastifyRequest, userId: number): string {
    if (!this.line) throw new AppError(`尚未設定 ${PROVIDER_LABEL.line} 登入`, HttpStatus.SERVICE_UNAVAILABLE);
    const { state, nonce } = ensureState(req.session);
    req.session.lineBind = { userId, state };
    return this.line.authorizeUrl(this.callbackUrl('line', req), state, nonce);
  }

  /** 解除綁定 LINE: refused when LINE is the member's only way to log in. */
  async lineUnbind(userId: number): Promise<void> {
    const user = await this.users.findById(userId);
    if (!user) throw new AppError('請先登入', HttpStatus.UNAUTHORIZED);
    const other = user.password_hash || (await this.users.identitySubject(userId, 'google')) || (await this.users.identitySubject(userId, 'facebook'));
    if (!other) throw new AppError(LINE_UNBIND_ONLY_LOGIN, HttpStatus.CONFLICT);
    await this.users.unlinkIdentity(userId, 'line');
  }

  /** Handles the provider's redirect back; answers where to send the browser. */
  async callback(provider: SocialProvider, req: FastifyRequest): Promise<string> {
    // The state names the round trip: a bind started in this session, or a login.
    const query = queryOf(req);
    if (provider === 'line' && req.session.lineBind && req.session.lineBind.state === query.state) return this.lineBindCallback(req);
    delete req.session.lineBind;
    if (!this.providers()[provider]) return loginErrorPath('failed', provider);
    let profile: SocialLoginProfile | false;
    try {
      profile = await this.profile(provider, req);
    } catch (err) {
      this.logger.warn(`${provider} login failed: ${(err as Error).message}`);
      return loginErrorPath('failed', provider);
    }
    if (!profile) return loginErrorPath(query.error ? 'cancelled' : 'state', provider);
    if (provider === 'line') await this.noteFriendship(profile, req);
    const member = await this.users.findOrCreateSocial(provider, profile);
    if (!member.is_active) return loginErrorPath('inactive', provider);
    await this.sessions.logIn(req, member.id);
    return LOGIN_RESULT_PATH;
  }

  /** The bind round trip's end: the state must match this session's bind and its member still be the one logged in. */
  private async lineBindCallback(req: FastifyRequest): Promise<string> {
    const bind = req.session.lineBind;
    delete req.session.lineBind;
    const me = req.user?.id;
    if (!this.line || !bind || me !== bind.userId) {
      takeState(req.session, undefined);
      return lineBindPath(LINE_BIND_RESULT.failed);
    }
    let result: LineBindResult;
    try {
      const profile = await this.profile('line', req);
      if (!profile) return lineBindPath(LINE_BIND_RESULT.failed);
      const linked = await this.users.linkIdentity(me, 'line', profile);
      result = linked === 'taken' ? LINE_BIND_RESULT.taken : LINE_BIND_RESULT.bound;
      if (linked !== 'taken') await this.noteFriendship(profile, req);
    } catch (err) {
      this.logger.warn(`LINE bind failed: ${(err as Error).message}`);
      return lineBindPath(LINE_BIND_RESULT.failed);
    }
    return lineBindPath(result);
  }

  /** LINE Login tells whether the person befriended the Official Account (friendship check, else friendship_status_changed=true). */
  private async noteFriendship(profile: SocialLoginProfile & { friend?: boolean | null }, req: FastifyRequest): Promise<void> {
    const changed = queryOf(req).friendship_status_changed === 'true';
    const friend = profile.friend ?? (changed ? true : null);
    if (friend === null) return;
    try {
      await this.friends.set(profile.subject, friend, 'login');
    } catch (err) {
      this.logger.warn(`LINE friendship not recorded: ${(err as Error).message}`);
    }
  }

  private async profile(provider: SocialProvider, req: FastifyRequest): Promise<(SocialLoginProfile & { friend?: boolean | null }) | false> {
    const callbackURL = this.callbackUrl(provider, req);
    if (provider !== 'line') {
      const { user } = await this.passport.authenticate<SocialLoginProfile>(provider, req, { callbackURL });
      return user;
    }
    const query = queryOf(req);
    const { ok, nonce } = takeState(req.session, query.state);
    if (!ok || query.error || typeof query.code !== 'string') return false;
    return (this.line as LineLoginClient).profileFromCode(query.code, callbackURL, nonce);
  }

  /** PUBLIC_URL when set (behind proxies), else this request's origin; identical at both steps. */
  private callbackUrl(provider: SocialProvider, req: FastifyRequest): string {
    const origin = this.app.publicUrl ?? `${req.protocol}://${req.headers.host ?? ''}`;
    return `${origin}/api/login/${provider}-login`;
  }
}

/** The callback's query string (Fastify parses it; values may repeat). */
function queryOf(req: FastifyRequest): Record<string, string | string[] | undefined> {
  return (req.query ?? {}) as Record<string, string | string[] | undefined>;
}
