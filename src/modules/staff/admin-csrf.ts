import { Inject, Injectable } from '@nestjs/common';
import { doubleCsrf, type DoubleCsrfUtilities } from 'csrf-csrf';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { createHmac, randomBytes } from 'node:crypto';
import { safeEqual } from '../../common/crypto/safe-equal';
import { MSG } from '../../common/validation/messages';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { CSRF_HEADER, parseCookies } from '../auth/csrf.service';
import '../../common/auth/session.types';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF protection of the back office (/api/admin/*): the member side's signed double-submit
 * token (see CsrfService), with its own cookies (`acsrf`, `avid`; `__Host-` in production) and
 * bound to the admin session, else to an admin visitor id. So a member signed in to the shop in
 * the same browser, or a shop tab fetching its own token, never invalidates the back office's.
 *
 * The admin client takes its token from `GET /api/admin/csrf-token` (and from the login answer,
 * which rotates it with the session id) and sends it as X-CSRF-Token.
 */
@Injectable()
export class AdminCsrf {
  private readonly csrf: DoubleCsrfUtilities;
  private readonly visitorKey: Buffer;
  private readonly issued = new WeakMap<Request, string>();
  private readonly secure: boolean;
  readonly tokenCookie: string;
  readonly visitorCookie: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    const root = config.sessionSecret ?? randomBytes(32).toString('hex');
    const derive = (purpose: string) => createHmac('sha256', root).update(`skinshop ${purpose}`).digest();
    const tokenKey = derive('admin csrf token').toString('hex');
    this.visitorKey = derive('admin visitor cookie');
    this.secure = config.isProduction;
    const prefix = this.secure ? '__Host-' : '';
    this.tokenCookie = `${prefix}acsrf`;
    this.visitorCookie = `${prefix}avid`;
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

  /** The token for this browser (set in its cookie too); `fresh` after login / logout. */
  token(req: Request, fresh = false): string {
    const res = req.res;
    if (!res) throw new Error('AdminCsrf.token needs the Express response (req.res)');
    withCookies(req);
    if (!this.adminSession(req)) this.ensureVisitor(req, res);
    return this.csrf.generateCsrfToken(req, res, { overwrite: fresh });
  }

  isValid(req: Request): boolean {
    withCookies(req);
    return this.identity(req) !== undefined && this.csrf.validateRequest(req);
  }

  /** Refuses state-changing requests without a valid token (403, `MSG.csrfInvalid`). */
  middleware(): RequestHandler {
    return (req: Request, res: Response, next: NextFunction) => {
      if (SAFE_METHODS.has(req.method) || this.isValid(req)) return next();
      res.status(403).json({ success: false, message: MSG.csrfInvalid });
    };
  }

  private identity(req: Request): string | undefined {
    if (this.adminSession(req)) return `admin:${req.sessionID}`;
    const visitor = this.issued.get(req) ?? this.visitorFromCookie(req);
    return visitor ? `visitor:${visitor}` : undefined;
  }

  private adminSession(req: Request): boolean {
    return typeof req.session?.adminId === 'number' && typeof req.sessionID === 'string';
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

function withCookies(req: Request): void {
  if (req.cookies && typeof req.cookies === 'object') return;
  req.cookies = parseCookies(req.headers.cookie);
}
