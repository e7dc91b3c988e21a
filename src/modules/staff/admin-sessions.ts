import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { RedisStore } from 'connect-redis';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import session, { Store } from 'express-session';
import { DataSource } from 'typeorm';
import { RedisConnections } from '../../common/redis/redis-connections';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { TypeormSessionStore } from '../auth/session/typeorm-session.store';
import '../../common/auth/session.types';
import '../../common/auth/admin-auth';
import { StaffClock } from './staff-clock';

/** The admin session cookie (separate from the member's `sid`) in development and tests. */
export const ADMIN_SESSION_COOKIE = 'asid';
/** `__Host-asid` in production (Secure, Path=/, no Domain: no sibling subdomain can plant it), like the CSRF cookies. */
export function adminSessionCookieName(secure: boolean): string {
  return secure ? `__Host-${ADMIN_SESSION_COOKIE}` : ADMIN_SESSION_COOKIE;
}
/** Without remember-me the session ends with the browser, and after 8 h at most. */
export const ADMIN_BROWSER_SESSION_MS = 8 * 3600_000;
/** With remember-me: 30 days from login. */
export const ADMIN_REMEMBER_MS = 30 * 24 * 3600_000;

/**
 * Back-office sessions: cookie `asid` (`__Host-asid` in production; httpOnly, SameSite=Strict, Secure in production) on
 * /api/admin/* and /admin/queues only, in the same store as member sessions (Redis under their own
 * key prefix, or the `sessions` table with `admin_id` set). The member session, passport and the
 * member CSRF identity never run there (configureSessions).
 *
 * Lifetime: a browser-session cookie and 8 h from login at most; with remember-me a 30-day cookie
 * and 30 days from login. A password reset or a disable bumps the account's `session_version`,
 * which ends every older session at its next request (AdminAccess); table rows are deleted too.
 */
@Injectable()
export class AdminSessions {
  private store?: Store;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly connections: RedisConnections,
    @InjectDataSource() private readonly ds: DataSource,
    private readonly clock: StaffClock,
  ) {}

  getStore(): Store {
    if (!this.store) {
      const redis = this.connections.commands;
      this.store = redis
        ? new RedisStore({ client: redis, prefix: `${this.config.redisPrefix}:asess:`, ttl: ADMIN_BROWSER_SESSION_MS / 1000 })
        : // The member store prunes the shared table; this one needs no timer of its own.
          new TypeormSessionStore(this.ds, ADMIN_BROWSER_SESSION_MS, 0);
    }
    return this.store;
  }

  /** express-session for the admin paths, then the 8 h / 30 day limit. */
  middleware(secret: string): RequestHandler[] {
    const sessions = session({
      name: adminSessionCookieName(this.config.isProduction),
      secret,
      store: this.getStore(),
      resave: false,
      saveUninitialized: false,
      rolling: false,
      unset: 'destroy',
      // No maxAge: a browser-session cookie unless the login asked to be remembered.
      cookie: { httpOnly: true, sameSite: 'strict', secure: this.config.isProduction, path: '/' },
    });
    return [sessions, this.lifetime()];
  }

  /** Sets the session's cookie and limits at login. */
  startLifetime(req: Request, remember: boolean): void {
    req.session.adminAuthAt = this.clock.nowMs();
    req.session.adminRemember = remember;
    req.session.cookie.maxAge = remember ? ADMIN_REMEMBER_MS : (null as unknown as number);
  }

  /** Deletes the stored sessions of an admin (table store; Redis ones end by session_version). */
  async deleteStored(adminId: number, keepSid?: string): Promise<void> {
    if (!(this.getStore() instanceof TypeormSessionStore)) return;
    await (this.getStore() as TypeormSessionStore).destroyAdminSessions(adminId, keepSid);
  }

  clearCookie(res: Response): void {
    res.clearCookie(adminSessionCookieName(this.config.isProduction), { path: '/', httpOnly: true, sameSite: 'strict', secure: this.config.isProduction });
  }

  private lifetime(): RequestHandler {
    return (req: Request, _res: Response, next: NextFunction) => {
      const s = req.session;
      const at = s?.adminAuthAt;
      if (typeof at === 'number') {
        const max = s.adminRemember ? ADMIN_REMEMBER_MS : ADMIN_BROWSER_SESSION_MS;
        if (this.clock.nowMs() - at > max) {
          s.regenerate((err: unknown) => next(err));
          return;
        }
      }
      next();
    };
  }
}
