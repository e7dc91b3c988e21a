import type { SessionUser } from './session-user';
import type { SessionAdmin } from './admin-auth';

/**
 * What the server keeps in a session (@fastify/session's `Session`, connect-style stores: the
 * TypeORM table or Redis). Never sent to the browser: the cookie carries only the signed session id.
 * The member session (cookie `sid`) and the back-office session (cookie `asid`, /api/admin/* and
 * /admin/queues only) share this shape; `request.session` is the one of the path (configureSessions).
 */
declare module 'fastify' {
  interface Session {
    /** passport's slot: the logged-in member's id. */
    passport?: { user?: number };
    /** Back-office login (admin module); the DB store indexes it like `passport.user`. */
    adminId?: number;
    /** The admin's `session_version` at login: a password reset or a disable bumps it and ends the session. */
    adminVersion?: number;
    /** When the admin logged in (ms since epoch): 8 h at most, 30 days with remember-me. */
    adminAuthAt?: number;
    adminRemember?: boolean;
    /** When the member logged in (ms since epoch), for the absolute timeout. */
    authAt?: number;
    /** Social login in progress: the client's state (spec 1 §4) and, for LINE, the OIDC nonce. */
    oauth?: { state: string; savedAt: number; nonce?: string };
    /** A 綁定 LINE round trip in progress: the member who asked and the state sent to LINE. */
    lineBind?: { userId: number; state: string };
    /** Phone codes this browser verified, per purpose, waiting for register / reset password. */
    phoneGrants?: Partial<Record<'register' | 'forgot', { codeId: number; phone: string }>>;
    /** The new phone number a logged-in member asked a change code for. */
    phoneChange?: { phone: string };
  }

  interface FastifyRequest {
    /** The logged-in member (from the session's passport slot), set by configureSessions. */
    user?: SessionUser;
    /** Set by AdminGuard / AdminAccess for the rest of the request. */
    admin?: SessionAdmin;
  }
}

/** The session's stored fields (what the stores read and write), without @fastify/session's methods. */
export type SessionData = import('fastify').Session;

export {};
