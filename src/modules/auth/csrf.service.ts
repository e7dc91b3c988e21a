import { Injectable } from '@nestjs/common';
import { csrfSync } from 'csrf-sync';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { timingSafeEqual } from 'node:crypto';
import { MSG } from '../../common/validation/messages';
import './session/session.types';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF protection with csrf-sync's synchronizer token: a random token kept in the server-side
 * session, handed out by GET /api/csrf-token and required in `X-CSRF-Token` on every
 * state-changing /api request (compared in constant time). Server-to-server endpoints listed
 * in the exemptions (payment notify, provider callbacks) are skipped.
 */
@Injectable()
export class CsrfService {
  private readonly sync = csrfSync({
    size: 32,
    getTokenFromRequest: (req) => {
      const h = req.headers['x-csrf-token'];
      return typeof h === 'string' ? h : undefined;
    },
    getTokenFromState: (req) => req.session?.csrfToken,
    storeTokenInState: (req, token) => {
      req.session.csrfToken = token;
    },
  });

  /** The session's token (a new one when `fresh`, e.g. after the session id changed). */
  token(req: Request, fresh = false): string {
    return this.sync.generateToken(req, fresh);
  }

  isValid(req: Request): boolean {
    const sent = this.sync.getTokenFromRequest(req);
    const stored = this.sync.getTokenFromState(req);
    if (typeof sent !== 'string' || typeof stored !== 'string') return false;
    const a = Buffer.from(sent);
    const b = Buffer.from(stored);
    return a.length === b.length && timingSafeEqual(a, b);
  }

  middleware(exemptPrefixes: readonly string[]): RequestHandler {
    const exempt = (path: string) => exemptPrefixes.some((p) => path === p || path.startsWith(p.endsWith('/') ? p : `${p}/`));
    return (req: Request, res: Response, next: NextFunction) => {
      if (SAFE_METHODS.has(req.method)) return next();
      const path = req.originalUrl.split('?')[0];
      if (exempt(path) || this.isValid(req)) return next();
      res.status(403).json({ success: false, message: MSG.csrfInvalid });
    };
  }
}
