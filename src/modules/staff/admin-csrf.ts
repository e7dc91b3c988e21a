import { Inject, Injectable } from '@nestjs/common';
import { doubleCsrf, type DoubleCsrfUtilities } from 'csrf-csrf';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHmac, randomBytes } from 'node:crypto';
import { safeEqual } from '../../common/crypto/safe-equal';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { asCsrfRequest, cookieSetter, CSRF_HEADER } from '../auth/csrf.service';
import '../../common/auth/session.types';

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
  private readonly issued = new WeakMap<FastifyRequest, string>();
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

  /** The token for this browser (set in its cookie too); `fresh` after login / logout. */
  token(req: FastifyRequest, reply: FastifyReply, fresh = false): string {
    if (!this.adminSession(req)) this.ensureVisitor(req, reply);
    return this.csrf.generateCsrfToken(asCsrfRequest(req), cookieSetter(reply), { overwrite: fresh });
  }

  /** Whether a state-changing /api/admin request carries the token (checked by configureSessions: 403 `MSG.csrfInvalid`). */
  isValid(req: FastifyRequest): boolean {
    return this.identity(req) !== undefined && this.csrf.validateRequest(asCsrfRequest(req));
  }

  private identity(req: FastifyRequest): string | undefined {
    if (this.adminSession(req)) return `admin:${req.session.sessionId}`;
    const visitor = this.issued.get(req) ?? this.visitorFromCookie(req);
    return visitor ? `visitor:${visitor}` : undefined;
  }

  private adminSession(req: FastifyRequest): boolean {
    const s = req.session as FastifyRequest['session'] | null;
    return typeof s?.adminId === 'number' && typeof s.sessionId === 'string';
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
