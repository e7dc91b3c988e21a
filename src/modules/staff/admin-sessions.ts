import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { RedisStore } from 'connect-redis';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DataSource } from 'typeorm';
import { RedisConnections } from '../../common/redis/redis-connections';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import type { SessionStore } from '../auth/session/session-store';
import { TypeormSessionStore } from '../auth/session/typeorm-session.store';
import type { SessionData } from '../../common/auth/session.types';
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
 * /api/admin/* and /admin/queues only (@fastify/session registered for those paths: configureSessions), in the same store as member sessions (Redis under their own
 * key prefix, or the `sessions` table with `admin_id` set). The member session, passport and the
 * member CSRF identity never run there (configureSessions).
 *
 * Lifetime: a browser-session cookie and 8 h from login at most; with remember-me a 30-day cookie
 * and 30 days from login. A password reset or a disable bumps the account's `session_version`,
 * which ends every older session at its next request (AdminAccess); table rows are deleted too.
 */
@Injectable()
export class AdminSessions {
  private store?: SessionStore;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly connections: RedisConnections,
    @InjectDataSource() private readonly ds: DataSource,
    private readonly clock: StaffClock,
  ) {}

  getStore(): SessionStore {
    if (!this.store) {
      const redis = this.connections.commands;
      this.store = redis
        ? (new RedisStore({ client: redis, prefix: `${this.config.redisPrefix}:asess:`, ttl: ADMIN_BROWSER_SESSION_MS / 1000 }) as unknown as SessionStore)
        : // The member store prunes the shared table; this one needs no timer of its own.
          new TypeormSessionStore(this.ds, ADMIN_BROWSER_SESSION_MS, 0);
    }
    return this.store;
  }

  /** Sets the session's cookie and limits at login. */
  startLifetime(req: FastifyRequest, remember: boolean): void {
    req.session.adminAuthAt = this.clock.nowMs();
    req.session.adminRemember = remember;
    if (remember) req.session.cookie.maxAge = ADMIN_REMEMBER_MS;
    else {
      // A browser-session cookie (no Expires); the store keeps it 8 h at most.
      req.session.cookie.expires = null;
      req.session.cookie.originalMaxAge = null;
    }
  }

  /** Past the 8 h / 30 day limit since login (the session then starts over: configureSessions). */
  expired(s: Partial<SessionData>): boolean {
    const at = s.adminAuthAt;
    if (typeof at !== 'number') return false;
    const max = s.adminRemember ? ADMIN_REMEMBER_MS : ADMIN_BROWSER_SESSION_MS;
    return this.clock.nowMs() - at > max;
  }

  /** Deletes the stored sessions of an admin (table store; Redis ones end by session_version). */
  async deleteStored(adminId: number, keepSid?: string): Promise<void> {
    if (!(this.getStore() instanceof TypeormSessionStore)) return;
    await (this.getStore() as TypeormSessionStore).destroyAdminSessions(adminId, keepSid);
  }

  clearCookie(reply: FastifyReply): void {
    reply.clearCookie(adminSessionCookieName(this.config.isProduction), { path: '/', httpOnly: true, sameSite: 'strict', secure: this.config.isProduction });
  }
}
