import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AppError } from '../../../common/errors/app-error';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import { SocialProvider, UsersService } from '../../users/users.service';
import { AuthPassport } from '../auth-passport';
import { AUTH_CONFIG, type AuthConfig } from '../../../config/auth-config';
import { SessionAuthService } from '../session-auth.service';
import { LineLoginClient } from './line-login.client';
import { ensureState, saveState, STATE_PATTERN, takeState } from './oauth-state';
import { PROVIDER_LABEL, SocialLoginProfile } from './social-profile';

/** Where the browser lands: the login-result screen, or the login page with a reason. */
export const LOGIN_RESULT_PATH = '/loginres';
export type SocialError = 'state' | 'cancelled' | 'failed' | 'inactive';
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
  ) {
    if (config.line) this.line = new LineLoginClient(config.line);
  }

  providers(): Record<SocialProvider, boolean> {
    return { google: !!this.config.google, facebook: !!this.config.facebook, line: !!this.config.line };
  }

  saveState(req: Request, state: unknown): void {
    if (typeof state !== 'string' || !STATE_PATTERN.test(state)) throw new AppError('登入狀態參數無效');
    saveState(req.session, state);
  }

  /** Redirects to the provider's authorize page, or refuses with a clear message when not set up. */
  async start(provider: SocialProvider, req: Request, res: Response): Promise<void> {
    if (!this.providers()[provider]) throw new AppError(`尚未設定 ${PROVIDER_LABEL[provider]} 登入`, HttpStatus.SERVICE_UNAVAILABLE);
    const callbackURL = this.callbackUrl(provider, req);
    if (provider === 'line') {
      const { state, nonce } = ensureState(req.session);
      res.redirect(302, (this.line as LineLoginClient).authorizeUrl(callbackURL, state, nonce));
      return;
    }
    await this.passport.redirect(provider, req, res, { callbackURL, scope: SCOPES[provider] });
  }

  /** Handles the provider's redirect back; answers where to send the browser. */
  async callback(provider: SocialProvider, req: Request, res: Response): Promise<string> {
    if (!this.providers()[provider]) return loginErrorPath('failed', provider);
    let profile: SocialLoginProfile | false;
    try {
      profile = await this.profile(provider, req, res);
    } catch (err) {
      this.logger.warn(`${provider} login failed: ${(err as Error).message}`);
      return loginErrorPath('failed', provider);
    }
    if (!profile) return loginErrorPath(req.query.error ? 'cancelled' : 'state', provider);
    const member = await this.users.findOrCreateSocial(provider, profile);
    if (!member.is_active) return loginErrorPath('inactive', provider);
    await this.sessions.logIn(req, member.id);
    return LOGIN_RESULT_PATH;
  }

  private async profile(provider: SocialProvider, req: Request, res: Response): Promise<SocialLoginProfile | false> {
    const callbackURL = this.callbackUrl(provider, req);
    if (provider !== 'line') {
      const { user } = await this.passport.authenticate<SocialLoginProfile>(provider, req, res, { callbackURL });
      return user;
    }
    const { ok, nonce } = takeState(req.session, req.query.state);
    if (!ok || req.query.error || typeof req.query.code !== 'string') return false;
    return (this.line as LineLoginClient).profileFromCode(req.query.code, callbackURL, nonce);
  }

  /** PUBLIC_URL when set (behind proxies), else this request's origin; identical at both steps. */
  private callbackUrl(provider: SocialProvider, req: Request): string {
    const origin = this.app.publicUrl ?? `${req.protocol}://${req.get('host')}`;
    return `${origin}/api/login/${provider}-login`;
  }
}
