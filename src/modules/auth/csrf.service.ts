import { Inject, Injectable } from '@nestjs/common';
import { doubleCsrf, type DoubleCsrfUtilities } from 'csrf-csrf';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHmac, randomBytes } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import '../../common/auth/session.types';
import { safeEqual } from '../../common/crypto/safe-equal';

/** The request header the client sends the token in (client/src/shared/api/csrf.ts). */
export const CSRF_HEADER = 'x-csrf-token';

/**
 * CSRF protection without server state: csrf-csrf's signed double-submit token.
 *
 * `GET /api/csrf-token` answers a token `<hmac>.<random>` and sets the same value in an
 * httpOnly cookie; every state-changing /api request must send it back in `X-CSRF-Token`.
 * It passes when header and cookie are equal and the HMAC (key derived from SESSION_SECRET)
 * matches `<who>` + the random part, where `<who>` is
 * - the session id when a member (or admin) is logged in: login and logout rotate the session
 *   id, so a token from before is worthless afterwards (login answers a fresh one);
 * - otherwise the visitor id: a random id in its own httpOnly cookie, HMAC-signed so only
 *   this server's ids are accepted, issued with the first token. A visitor gets no
 *   server-side session for it (no row, no Redis key): a session is stored only once
 *   something is put in it (a verified phone code, a social-login state, a login).
 * A page on another site can neither read the token nor set our cookies, so it cannot forge
 * the pair. Paths in the exemption list (server-to-server notifications, provider
 * callbacks, the spec's public reads sent as POST) are not checked.
 */
@Injectable()
export class CsrfService {
  private readonly csrf: DoubleCsrfUtilities;
  private readonly visitorKey: Buffer;
  /** Visitor ids issued during this request (the cookie reaches the browser only with the answer). */
  private readonly issued = new WeakMap<FastifyRequest, string>();
  private readonly secure: boolean;
  readonly tokenCookie: string;
  readonly visitorCookie: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    // Without SESSION_SECRET (never in production) tokens, like sessions, last as long as the process.
    const root = config.sessionSecret ?? randomBytes(32).toString('hex');
    const derive = (purpose: string) => createHmac('sha256', root).update(`skinshop ${purpose}`).digest();
    const tokenKey = derive('csrf token').toString('hex');
    this.visitorKey = derive('visitor cookie');
    this.secure = config.isProduction;
    // `__Host-` (Secure, Path=/, no Domain): a sibling subdomain cannot plant these cookies.
    const prefix = this.secure ? '__Host-' : '';
    this.tokenCookie = `${prefix}csrf`;
    this.visitorCookie = `${prefix}vid`;
    this.csrf = doubleCsrf({
      getSecret: () => tokenKey,
      getSessionIdentifier: (req) => this.identity(req as unknown as FastifyRequest) ?? '',
      cookieName: this.tokenCookie,
      cookieOptions: { httpOnly: true, sameSite: 'strict', secure: this.secure, path: '/' },
      size: 32,
      getCsrfTokenFromRequest: (req) => {
        const h = req.headers[CSRF_HEADER];
        return typeof h === 'string' ? h : undefined;
      },
    });
  }

  /**
   * The token for this browser, set in its cookie too. The current one is answered again while
   * it is valid for this session or visitor; `fresh` makes a new one (after login or logout).
   */
  token(req: FastifyRequest, reply: FastifyReply, fresh = false): string {
    if (!this.memberSession(req)) this.ensureVisitor(req, reply);
    return this.csrf.generateCsrfToken(asCsrfRequest(req), cookieSetter(reply), { overwrite: fresh });
  }

  /** Whether a state-changing request carries this browser's token (checked by configureSessions, 403 `MSG.csrfInvalid`). */
  isValid(req: FastifyRequest): boolean {
    return this.identity(req) !== undefined && this.csrf.validateRequest(asCsrfRequest(req));
  }

  /** What the token is bound to: the member's session, else the visitor; undefined for neither. */
  private identity(req: FastifyRequest): string | undefined {
    if (this.memberSession(req)) return `session:${req.session.sessionId}`;
    const visitor = this.issued.get(req) ?? this.visitorFromCookie(req);
    return visitor ? `visitor:${visitor}` : undefined;
  }

  private memberSession(req: FastifyRequest): boolean {
    const s = req.session as FastifyRequest['session'] | null;
    return !!s && (typeof s.passport?.user === 'number' || typeof s.adminId === 'number') && typeof s.sessionId === 'string';
  }

  private ensureVisitor(req: FastifyRequest, reply: FastifyReply): void {
    if (this.issued.has(req) || this.visitorFromCookie(req)) return;
    const id = randomBytes(16).toString('base64url');
    this.issued.set(req, id);
    reply.setCookie(this.visitorCookie, `${id}.${this.sign(id)}`, { httpOnly: true, sameSite: 'strict', secure: this.secure, path: '/' });
  }

  private visitorFromCookie(req: FastifyRequest): string | undefined {
    const raw = req.cookies?.[this.visitorCookie];
    if (typeof raw !== 'string') return undefined;
    const dot = raw.indexOf('.');
    if (dot <= 0) return undefined;
    const id = raw.slice(0, dot);
    return safeEqual(raw.slice(dot + 1), this.sign(id)) ? id : undefined;
  }

  private sign(id: string): string {
    return createHmac('sha256', this.visitorKey).update(id).digest('base64url');
  }
}

/** A matcher for exempt paths: equal to a prefix, or under it (`/api/webhooks/` or `/api/x` → `/api/x/…`). */
export function csrfExemption(prefixes: readonly string[]): (path: string) => boolean {
  return (path) => prefixes.some((p) => path === p || path.startsWith(p.endsWith('/') ? p : `${p}/`));
}

/**
 * csrf-csrf is typed for Express; it reads `req.cookies` (@fastify/cookie parses them), `req.headers`
 * and `req.method`, and sets its cookie with `res.cookie(name, value, options)`.
 */
type CsrfRequest = Parameters<DoubleCsrfUtilities['validateRequest']>[0];
type CsrfResponse = Parameters<DoubleCsrfUtilities['generateCsrfToken']>[1];
export const asCsrfRequest = (req: FastifyRequest): CsrfRequest => {
  if (!req.cookies) (req as { cookies: Record<string, string | undefined> }).cookies = {};
  return req as unknown as CsrfRequest;
};
export const cookieSetter = (reply: FastifyReply): CsrfResponse =>
  ({ cookie: (name: string, value: string, options: object) => reply.setCookie(name, value, { ...options, path: '/' }) }) as unknown as CsrfResponse;
