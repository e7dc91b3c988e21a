import { Inject, Injectable } from '@nestjs/common';
import { doubleCsrf, type DoubleCsrfUtilities } from 'csrf-csrf';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { createHmac, randomBytes } from 'node:crypto';
import { MSG } from '../../common/validation/messages';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import '../../common/auth/session.types';
import { safeEqual } from '../../common/crypto/safe-equal';

/** The request header the client sends the token in (client/src/shared/api/csrf.ts). */
export const CSRF_HEADER = 'x-csrf-token';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

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
  private readonly issued = new WeakMap<Request, string>();
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
      getSessionIdentifier: (req) => this.identity(req) ?? '',
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
  token(req: Request, fresh = false): string {
    const res = req.res;
    if (!res) throw new Error('CsrfService.token needs the Express response (req.res)');
    withCookies(req);
    if (!this.memberSession(req)) this.ensureVisitor(req, res);
    return this.csrf.generateCsrfToken(req, res, { overwrite: fresh });
  }

  isValid(req: Request): boolean {
    withCookies(req);
    return this.identity(req) !== undefined && this.csrf.validateRequest(req);
  }

  /**
   * Refuses state-changing requests without a valid token (403, `MSG.csrfInvalid`). Paths equal
   * to or under one of `exemptPrefixes` (e.g. `/api/payments/notify`) are not checked.
   */
  middleware(exemptPrefixes: readonly string[]): RequestHandler {
    const exempt = csrfExemption(exemptPrefixes);
    return (req: Request, res: Response, next: NextFunction) => {
      if (SAFE_METHODS.has(req.method)) return next();
      if (exempt(req.originalUrl.split('?')[0]) || this.isValid(req)) return next();
      res.status(403).json({ success: false, message: MSG.csrfInvalid });
    };
  }

  /** What the token is bound to: the member's session, else the visitor; undefined for neither. */
  private identity(req: Request): string | undefined {
    if (this.memberSession(req)) return `session:${req.sessionID}`;
    const visitor = this.issued.get(req) ?? this.visitorFromCookie(req);
    return visitor ? `visitor:${visitor}` : undefined;
  }

  private memberSession(req: Request): boolean {
    const s = req.session;
    return !!s && (typeof s.passport?.user === 'number' || typeof s.adminId === 'number') && typeof req.sessionID === 'string';
  }

  private ensureVisitor(req: Request, res: Response): void {
    if (this.issued.has(req) || this.visitorFromCookie(req)) return;
    const id = randomBytes(16).toString('base64url');
    this.issued.set(req, id);
    res.cookie(this.visitorCookie, `${id}.${this.sign(id)}`, { httpOnly: true, sameSite: 'strict', secure: this.secure, path: '/' });
  }

  private visitorFromCookie(req: Request): string | undefined {
    const raw = (req.cookies as Record<string, string> | undefined)?.[this.visitorCookie];
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

/** `req.cookies` from the Cookie header (csrf-csrf reads it; the app has no cookie-parser). */
function withCookies(req: Request): void {
  if (req.cookies && typeof req.cookies === 'object') return;
  req.cookies = parseCookies(req.headers.cookie);
}

export function parseCookies(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = Object.create(null) as Record<string, string>;
  if (!header) return out;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    if (!name || name in out) continue; // the first one wins, as in `cookie`
    let value = part.slice(eq + 1).trim();
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      out[name] = decodeURIComponent(value);
    } catch {
      out[name] = value;
    }
  }
  return out;
}
