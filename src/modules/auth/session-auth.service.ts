import { Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import '../../common/auth/session-user';
import { UsersService } from '../users/users.service';
import { SessionBackend } from './session/session-backend';
import '../../common/auth/session.types';

/**
 * Logging a member in and out of the server-side session. Login regenerates the session id, so
 * an id planted before login is worthless; logout ends the stored session and clears the cookie
 * (configureSessions clears the cookie of a session ended during the request): the visitor has no
 * session again until something is put in one.
 */
@Injectable()
export class SessionAuthService {
  constructor(
    private readonly backend: SessionBackend,
    private readonly users: UsersService,
  ) {}

  async logIn(req: FastifyRequest, userId: number): Promise<void> {
    // A new session id, nothing kept from before (passport's req.logIn with keepSessionInfo: false did the same).
    await req.session.regenerate();
    req.session.passport = { user: userId };
    req.session.authAt = Date.now();
    req.user = { id: userId };
    await Promise.all([this.backend.track(userId, req.session.sessionId), this.users.touchLogin(userId)]);
  }

  async logOut(req: FastifyRequest): Promise<void> {
    if (!req.session) return;
    // Destroyed, not regenerated: a regenerated session would be stored again, empty, for a
    // visitor who needs none. The cookie is cleared when the answer is sent.
    await req.session.destroy();
    req.user = undefined;
  }

  /** Ends the member's other sessions (keeps this one), or all of them. */
  endSessions(userId: number, keepSid?: string): Promise<number> {
    return this.backend.destroyUserSessions(userId, keepSid);
  }
}
