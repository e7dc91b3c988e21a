import { Inject, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
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

  /** The member of a session's passport slot (the deserialiser above), or false when gone or deactivated. */
  userOf(id: unknown): Promise<SessionUser | false> {
    return new Promise((resolve, reject) => {
      const deserialize = this.passport.deserializeUser.bind(this.passport) as (obj: unknown, req: unknown, done: (err: unknown, user?: unknown) => void) => void;
      deserialize(id, undefined, (err, user) => (err ? reject(err as Error) : resolve((user as SessionUser | false | null | undefined) || false)));
    });
  }

  /**
   * Runs a strategy and answers its outcome instead of writing a response. A strategy that
   * redirects (the OAuth authorize step) answers `{ redirect }`; the caller sends it through
   * Fastify (so the session's hooks still run).
   */
  authenticate<U>(name: string, req: FastifyRequest, options: Record<string, unknown> = {}): Promise<AuthenticateResult<U> & { redirect?: string }> {
    return new Promise((resolve, reject) => {
      const res = redirectCatcher((url) => resolve({ user: false, redirect: url }));
      const handler = this.passport.authenticate(name, { ...options, session: false }, (err: unknown, user: U | false, info?: { message?: string }) => {
        if (err) reject(err as Error);
        else resolve({ user, info });
      }) as (req: unknown, res: unknown, next: (err?: unknown) => void) => void;
      handler(passportRequest(req), res, (err?: unknown) => reject((err as Error) ?? new Error(`passport ${name}: no outcome`)));
    });
  }

  /** Starts a redirect-based strategy: answers the provider's URL passport redirects to. */
  async redirect(name: string, req: FastifyRequest, options: Record<string, unknown>): Promise<string> {
    const { redirect } = await this.authenticate(name, req, options);
    if (!redirect) throw new Error(`passport ${name} did not redirect`);
    return redirect;
  }
}

/**
 * What passport and its strategies see as the request: Fastify's request (body, query, ip,
 * headers, session) under an object of its own, so passport's helpers (req.logIn, …) never land
 * on Fastify's request.
 */
function passportRequest(req: FastifyRequest): object {
  return Object.create(req) as object;
}

/** The `res` passport writes a redirect to (statusCode, Location, end()): hands the URL over instead. */
function redirectCatcher(onRedirect: (url: string) => void) {
  let location: string | undefined;
  return {
    statusCode: 200,
    setHeader(name: string, value: string) {
      if (name.toLowerCase() === 'location') location = value;
    },
    end() {
      if (location) onRedirect(location);
    },
  };
}
