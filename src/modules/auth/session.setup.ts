import { Logger } from '@nestjs/common';
import { Signer } from '@fastify/cookie';
import { fastifySession, type FastifySessionOptions } from '@fastify/session';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { registerScoped } from '../../common/http/scoped-plugin';
import { randomBytes } from 'node:crypto';
import type { AppConfig } from '../../config/app-config';
import { AuthPassport } from './auth-passport';
import { AUTH_CONFIG, type AuthConfig } from '../../config/auth-config';
import { MSG } from '../../common/validation/messages';
import { CsrfService, csrfExemption } from './csrf.service';
import { SessionBackend } from './session/session-backend';
import { sessionCookieName } from './session/session-cookie';
import { startOver, storeOps, type SessionStore } from './session/session-store';
import '../../common/auth/session.types';
import { AdminCsrf } from '../staff/admin-csrf';
import { adminSessionCookieName, AdminSessions } from '../staff/admin-sessions';

export { SESSION_COOKIE, sessionCookieName } from './session/session-cookie';

/** Bull Board's mount (outside /api): admin session, no member session. */
export const ADMIN_QUEUES_PATH = '/admin/queues';

/**
 * The signed session id in the cookie is `s:<id>.<signature>` (HMAC-SHA256, as express-session wrote
 * it), so sessions started before the move to Fastify stay valid.
 */
const COOKIE_PREFIX = 's:';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Which session a path runs with: the member's (/api…), the back office's, or none. */
export type SessionKind = 'member' | 'admin' | null;

/** `/admin` or under it, relative to the /api mount. */
export function isAdminPath(path: string): boolean {
  return path === '/admin' || path.startsWith('/admin/');
}

/** The path of a request without its query. */
export const pathOf = (req: FastifyRequest): string => {
  const url = req.url;
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
};

/**
 * Public reads (catalogue, content, health) never need a session: skipping them keeps the hot
 * paths cheap and anonymous browsing from creating session rows. The back office (/api/admin/*,
 * /admin/queues) has its own session (cookie `asid`) and CSRF cookies: the member's never run there.
 */
export function sessionKindOf(path: string): SessionKind {
  if (path === ADMIN_QUEUES_PATH || path.startsWith(`${ADMIN_QUEUES_PATH}/`)) return 'admin';
  if (path !== '/api' && !path.startsWith('/api/')) return null;
  const rest = path.slice(4);
  if (isAdminPath(rest)) return 'admin';
  if (rest.startsWith('/load/') || rest === '/health') return null;
  return 'member';
}

/**
 * Server-side sessions, passport and CSRF protection for every /api request. Call from
 * configureHttp after @fastify/cookie and before any route is registered.
 *
 * - @fastify/session: cookie `sid` (`__Host-sid` in production; httpOnly, SameSite=Lax, Secure in
 *   production — behind a TLS-terminating proxy set TRUST_PROXY, or the cookie is never sent),
 *   sliding idle timeout (the cookie is sent again and the store touched on every request), store
 *   in Redis (REDIS_URL) or the `sessions` table. A session is stored (and its cookie set) only
 *   once something is put in it — a login, a verified phone code, a social-login state —, never
 *   for a visitor who only browses or asks for a CSRF token (`saveUninitialized: false`, and the
 *   CSRF token lives in cookies, not in the session);
 * - an absolute timeout after login, however active the member is;
 * - passport (this app's instance): `request.user` from the session's passport slot;
 * - CSRF: a signed double-submit token (`CsrfService`, GET /api/csrf-token) required as
 *   X-CSRF-Token on state-changing calls (checked once the body is parsed, as before), except on
 *   the exempt paths (`csrfExemptPaths`).
 *
 * The back office (/api/admin/*, /admin/queues) skips all of the above: it has its own session
 * (`AdminSessions`, cookie `asid` / `__Host-asid`, 8 h or 30 days, the same @fastify/session
 * registered a second time for those paths only) and CSRF cookies (`AdminCsrf`, GET
 * /api/admin/csrf-token), so a member login in the same browser never mixes with an admin's.
 */
export async function configureSessions(app: NestFastifyApplication, config: AppConfig): Promise<void> {
  const auth = app.get<AuthConfig>(AUTH_CONFIG);
  const backend = app.get(SessionBackend);
  const passport = app.get(AuthPassport);
  const csrf = app.get(CsrfService);
  const adminSessions = app.get(AdminSessions);
  const adminCsrf = app.get(AdminCsrf);
  const fastify = (app.getHttpAdapter().getInstance() as FastifyInstance);

  let secret = config.sessionSecret;
  if (!secret) {
    secret = randomBytes(32).toString('hex');
    new Logger('Sessions').warn('SESSION_SECRET not set: sessions are signed with a per-process key and end when the server restarts');
  }
  // A signer object: @fastify/session wants string secrets of 32+ characters, SESSION_SECRET may be shorter.
  const signer = new Signer(secret, 'sha256');
  const secure = config.isProduction;

  const member: SessionSide = {
    kind: 'member',
    cookieName: sessionCookieName(secure),
    store: backend.getStore(),
    rolling: true,
    cookie: { httpOnly: true, sameSite: 'lax', secure, path: '/' },
  };
  const admin: SessionSide = {
    kind: 'admin',
    cookieName: adminSessionCookieName(secure),
    store: adminSessions.getStore(),
    rolling: false,
    cookie: { httpOnly: true, sameSite: 'strict', secure, path: '/' },
  };
  const sides = { member, admin };
  const sideOf = (req: FastifyRequest): SessionSide | null => {
    const kind = sessionKindOf(pathOf(req));
    return kind ? sides[kind] : null;
  };

  for (const side of [member, admin]) {
    // For that side's paths only (see registerScoped); the second registration keeps the first's `request.session` decorator.
    await registerScoped(fastify, fastifySession, {
      secret: signer,
      cookieName: side.cookieName,
      cookiePrefix: COOKIE_PREFIX,
      store: side.store as FastifySessionOptions['store'],
      saveUninitialized: false,
      // The idle expiry slides in `slideIdleExpiry` (a touch, not a rewrite of the whole session).
      rolling: false,
      // Member: the idle timeout. Admin: no maxAge — a browser-session cookie unless the login asked to be remembered.
      cookie: side.kind === 'member' ? { ...side.cookie, maxAge: backend.idleSeconds() * 1000 } : side.cookie,
    }, (req) => sideOf(req) === side);
  }

  const absoluteMs = auth.session.absoluteMinutes * 60_000;
  // Callback hooks that return at once when there is nothing to do: an async hook would cost every request a promise.
  fastify.addHook('onRequest', (req: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void) => {
    const side = sideOf(req);
    if (!side || !req.session) return done();
    checkSession(req, side).then(() => done(), done);
  });
  const checkSession = async (req: FastifyRequest, side: SessionSide): Promise<void> => {
    if (side.kind === 'admin') {
      if (adminSessions.expired(req.session)) await startOver(req, side.store);
      return;
    }
    // A session older than the absolute timeout since login starts over as an anonymous one.
    const at = req.session.authAt;
    if (typeof at === 'number' && Date.now() - at > absoluteMs) await startOver(req, side.store);
    const id = req.session.passport?.user;
    if (id === undefined) return;
    const user = await passport.userOf(id);
    if (user) req.user = user;
    else delete req.session.passport;
  };

  // CSRF after the body is parsed (a malformed or too large body is answered 400 / 413 first, as before).
  const exempt = csrfExemption(auth.csrfExemptPaths);
  fastify.addHook('preValidation', (req: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) => {
    if (SAFE_METHODS.has(req.method)) return done();
    const path = pathOf(req);
    const kind = sessionKindOf(path);
    if (kind === 'member' ? exempt(path) || csrf.isValid(req) : kind !== 'admin' || !path.startsWith('/api/') || adminCsrf.isValid(req)) return done();
    void reply.code(403).send({ success: false, message: MSG.csrfInvalid });
  });

  fastify.addHook('onSend', (req: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: Error | null, payload?: unknown) => void) => {
    const side = sideOf(req);
    if (!side) return done(null, payload);
    slideIdleExpiry(req, reply, side).then(() => done(null, payload), done);
  });
}

interface SessionSide {
  kind: 'member' | 'admin';
  cookieName: string;
  store: SessionStore;
  /** The cookie is sent again on every answer (the member's sliding idle timeout). */
  rolling: boolean;
  cookie: { httpOnly: true; sameSite: 'lax' | 'strict'; secure: boolean; path: '/' };
}

/**
 * After @fastify/session's own onSend (which saves a new or changed session and sets its cookie):
 * - a session read from the store and left unchanged is touched (the store's expiry slides; the
 *   table store skips moves under a minute) and, for the member, its cookie is sent again with the
 *   new expiry — what express-session did with `rolling` and `resave: false`;
 * - a session ended in this request (logout) or replaced by an unsaved empty one (timeouts) gets
 *   its cookie cleared with the cookie's own attributes (a `__Host-` cookie is cleared only Secure).
 */
async function slideIdleExpiry(req: FastifyRequest, reply: FastifyReply, side: SessionSide): Promise<void> {
  const sent = req.cookies?.[side.cookieName];
  const s = req.session as FastifyRequest['session'] | null;
  const insecure = side.cookie.secure && req.protocol !== 'https';
  if (!s) {
    // The member's logout (SessionAuthService.logOut, also after an account deletion); the admin's clears its own.
    if (side.kind === 'member' && sent !== undefined && !insecure) reply.clearCookie(side.cookieName, side.cookie);
    return;
  }
  if (sent === undefined || s.isSaved() || s.isModified() || insecure) return;
  if (sent !== COOKIE_PREFIX + s.encryptedSessionId) {
    reply.clearCookie(side.cookieName, side.cookie);
    return;
  }
  await storeOps(side.store).touch(s.sessionId, s);
  if (side.rolling) reply.setCookie(side.cookieName, sent, { ...side.cookie, expires: s.cookie.expires ?? undefined });
}
