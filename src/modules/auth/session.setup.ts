import { Logger } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import session from 'express-session';
import { randomBytes } from 'node:crypto';
import type { AppConfig } from '../../config/app-config';
import { AuthPassport } from './auth-passport';
import { AUTH_CONFIG, type AuthConfig } from '../../config/auth-config';
import { CsrfService } from './csrf.service';
import { SessionBackend } from './session/session-backend';
import { sessionCookieName } from './session/session-cookie';
import '../../common/auth/session.types';
import { AdminCsrf } from '../staff/admin-csrf';
import { AdminSessions } from '../staff/admin-sessions';

export { SESSION_COOKIE, sessionCookieName } from './session/session-cookie';

/**
 * Server-side sessions, passport and CSRF protection for every /api request. Call from
 * configureHttp before any route is registered (right after the body parser).
 *
 * - express-session: cookie `sid` (`__Host-sid` in production; httpOnly, SameSite=Lax, Secure in production — behind a
 *   TLS-terminating proxy set TRUST_PROXY, or the cookie is never sent), sliding idle timeout
 *   (`rolling`), store in Redis (REDIS_URL) or the `sessions` table. A session is stored (and
 *   its cookie set) only once something is put in it — a login, a verified phone code, a
 *   social-login state —, never for a visitor who only browses or asks for a CSRF token
 *   (`saveUninitialized: false`, and the CSRF token lives in cookies, not in the session);
 * - an absolute timeout after login, however active the member is;
 * - passport (this app's instance): `req.user` from the session;
 * - CSRF: a signed double-submit token (`CsrfService`, GET /api/csrf-token) required as
 *   X-CSRF-Token on state-changing calls, except on the exempt paths (`csrfExemptPaths`).
 *
 * The back office (/api/admin/*, /admin/queues) skips all of the above: it has its own session
 * (`AdminSessions`, cookie `asid` / `__Host-asid`, 8 h or 30 days) and CSRF cookies (`AdminCsrf`,
 * GET /api/admin/csrf-token), so a member login in the same browser never mixes with an admin's.
 */
export function configureSessions(app: NestExpressApplication, config: AppConfig): void {
  const auth = app.get<AuthConfig>(AUTH_CONFIG);
  const backend = app.get(SessionBackend);
  const passport = app.get(AuthPassport).passport;
  const csrf = app.get(CsrfService);

  let secret = config.sessionSecret;
  if (!secret) {
    secret = randomBytes(32).toString('hex');
    new Logger('Sessions').warn('SESSION_SECRET not set: sessions are signed with a per-process key and end when the server restarts');
  }

  // Public reads (catalogue, content, health) never need a session: skipping them keeps
  // the hot paths cheap and anonymous browsing from creating session rows.
  const stateless = (path: string) => path.startsWith('/load/') || path === '/health';
  // The back office has its own session (cookie `asid`) and CSRF cookies: the member's never run there.
  const forStateful =
    (mw: (req: Request, res: Response, next: NextFunction) => void) => (req: Request, res: Response, next: NextFunction) =>
      stateless(req.path) || isAdminPath(req.path) ? next() : mw(req, res, next);

  const sessionMiddleware = session({
    name: sessionCookieName(config.isProduction),
    secret,
    store: backend.getStore(),
    resave: false,
    // Nothing stored for a visitor until something is put in the session.
    saveUninitialized: false,
    rolling: true,
    unset: 'destroy',
    cookie: { httpOnly: true, sameSite: 'lax', secure: config.isProduction, path: '/', maxAge: backend.idleSeconds() * 1000 },
  });
  app.use('/api', forStateful(sessionMiddleware));
  app.use('/api', forStateful(absoluteTimeout(auth.session.absoluteMinutes * 60_000)));
  app.use('/api', forStateful(passport.initialize()));
  app.use('/api', forStateful(passport.session()));
  app.use('/api', forStateful(csrf.middleware(auth.csrfExemptPaths)));

  // Back office: /api/admin/* and Bull Board (/admin/queues) run on the admin session only.
  const adminSessions = app.get(AdminSessions).middleware(secret);
  app.use('/api/admin', ...adminSessions, app.get(AdminCsrf).middleware());
  app.use(ADMIN_QUEUES_PATH, ...adminSessions);
}

/** Bull Board's mount (outside /api): admin session, no member session. */
export const ADMIN_QUEUES_PATH = '/admin/queues';

/** `/admin` or under it, relative to the /api mount. */
export function isAdminPath(path: string): boolean {
  return path === '/admin' || path.startsWith('/admin/');
}

/** A session older than `maxMs` since login starts over as an anonymous one. */
function absoluteTimeout(maxMs: number) {
  return (req: Request, _res: Response, next: NextFunction) => {
    const at = req.session?.authAt;
    if (typeof at === 'number' && Date.now() - at > maxMs) {
      req.session.regenerate((err: unknown) => next(err));
      return;
    }
    next();
  };
}
