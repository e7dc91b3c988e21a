import { Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import '../../common/auth/session-user';
import { UsersService } from '../users/users.service';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { sessionCookieName } from './session/session-cookie';
import { SessionBackend } from './session/session-backend';
import '../../common/auth/session.types';

/**
 * Logging a member in and out of the server-side session. Login regenerates the session id
 * (passport ≥ 0.6 does it inside req.logIn), so an id planted before login is worthless;
 * logout ends the stored session and clears the cookie: the visitor has no session again
 * until something is put in one.
 */
@Injectable()
export class SessionAuthService {
  constructor(
    private readonly backend: SessionBackend,
    private readonly users: UsersService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async logIn(req: Request, userId: number): Promise<void> {
    await new Promise<void>((resolve, reject) => req.logIn({ id: userId }, { session: true, keepSessionInfo: false }, (err: unknown) => (err ? reject(err) : resolve())));
    req.session.authAt = Date.now();
    await Promise.all([this.backend.track(userId, req.sessionID), this.users.touchLogin(userId)]);
  }

  async logOut(req: Request): Promise<void> {
    if (!req.session) return;
    // Destroyed, not regenerated (passport's req.logOut): a regenerated session would be stored
    // again, empty, for a visitor who needs none.
    await new Promise<void>((resolve, reject) => req.session.destroy((err: unknown) => (err ? reject(err) : resolve())));
    req.user = undefined;
    // Without this the browser would keep sending a dead id (one store lookup per request).
    req.res?.clearCookie(sessionCookieName(this.config.isProduction), { path: '/', httpOnly: true, sameSite: 'lax', secure: this.config.isProduction || req.secure });
  }

  /** Ends the member's other sessions (keeps this one), or all of them. */
  endSessions(userId: number, keepSid?: string): Promise<number> {
    return this.backend.destroyUserSessions(userId, keepSid);
  }
}
