import { Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Passport, Profile } from 'passport';
import { Strategy as FacebookStrategy } from 'passport-facebook';
import { Strategy as GoogleStrategy, type VerifyCallback } from 'passport-google-oauth20';
import { Strategy as LocalStrategy } from 'passport-local';
import type { SessionUser } from '../../common/auth/session-user';
import { UsersService } from '../users/users.service';
import { AUTH_CONFIG, type AuthConfig } from '../../config/auth-config';
import { PasswordLogin } from './password-login.service';
import { sessionStateStore } from './social/oauth-state';
import type { SocialLoginProfile } from './social/social-profile';

export interface AuthenticateResult<U> {
  user: U | false;
  info?: { message?: string };
}

/**
 * Social strategies hand back the provider's profile, not a member: SocialLoginService maps it
 * to a member. passport's typings call every result `Express.User`.
 */
const asUser = (p: SocialLoginProfile) => p as unknown as Express.User;

function fromPassportProfile(provider: 'google' | 'facebook', p: Profile): SocialLoginProfile {
  return { provider, subject: String(p.id), displayName: p.displayName ?? '', email: p.emails?.[0]?.value ?? null };
}

/**
 * This application's own passport instance (not the global singleton, so several app instances
 * in one process never share strategies). Sessions store the member id only; deserialisation
 * drops members who no longer exist or were deactivated. Strategies: local (account = phone),
 * Google and Facebook when configured (LINE is done with jose in LineLoginClient).
 */
@Injectable()
export class AuthPassport {
  readonly passport: InstanceType<typeof Passport> = new Passport();

  constructor(
    users: UsersService,
    passwordLogin: PasswordLogin,
    @Inject(AUTH_CONFIG) config: AuthConfig,
  ) {
    const pp = this.passport;
    pp.serializeUser((user, done) => done(null, (user as SessionUser).id));
    pp.deserializeUser((id: unknown, done) => {
      users.findActiveId(Number(id)).then((found) => done(null, found ? { id: found } : false), done);
    });
    pp.use(
      'local',
      new LocalStrategy({ usernameField: 'account', passwordField: 'password', passReqToCallback: true, session: false }, (req, account, password, done) => {
        passwordLogin.verify(account, password, req.ip ?? '').then((user) => done(null, user ?? false), done);
      }),
    );
    if (config.google) {
      const g = config.google;
      pp.use(
        'google',
        new GoogleStrategy(
          {
            clientID: g.clientId,
            clientSecret: g.clientSecret,
            authorizationURL: g.authUrl,
            tokenURL: g.tokenUrl,
            userProfileURL: g.userInfoUrl,
            callbackURL: '/api/login/google-login',
            store: sessionStateStore,
            passReqToCallback: false,
          },
          (_at: string, _rt: string, profile: Profile, done: VerifyCallback) => done(null, asUser(fromPassportProfile('google', profile))),
        ),
      );
    }
    if (config.facebook) {
      const f = config.facebook;
      pp.use(
        'facebook',
        new FacebookStrategy(
          {
            clientID: f.appId,
            clientSecret: f.appSecret,
            graphAPIVersion: f.graphVersion,
            authorizationURL: f.authUrl,
            tokenURL: f.tokenUrl,
            profileURL: f.profileUrl,
            profileFields: ['id', 'displayName', 'emails'],
            enableProof: true,
            callbackURL: '/api/login/facebook-login',
            store: sessionStateStore,
            passReqToCallback: false,
          },
          (_at: string, _rt: string, profile: Profile, done: VerifyCallback) => done(null, asUser(fromPassportProfile('facebook', profile))),
        ),
      );
    }
  }

  /** Runs a strategy and answers its outcome instead of writing a response (except redirects). */
  authenticate<U>(name: string, req: Request, res: Response, options: Record<string, unknown> = {}): Promise<AuthenticateResult<U>> {
    return new Promise((resolve, reject) => {
      const handler = this.passport.authenticate(name, { ...options, session: false }, (err: unknown, user: U | false, info?: { message?: string }) => {
        if (err) reject(err);
        else resolve({ user, info });
      });
      handler(req, res, reject);
    });
  }

  /** Starts a redirect-based strategy: passport writes the 302 to the provider. */
  redirect(name: string, req: Request, res: Response, options: Record<string, unknown>): Promise<void> {
    return new Promise((resolve, reject) => {
      res.once('finish', () => resolve());
      const handler = this.passport.authenticate(name, { ...options, session: false }, (err: unknown) => (err ? reject(err) : resolve()));
      handler(req, res, reject);
    });
  }
}
