import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { AdminAccess, adminOnly } from '../../common/auth/admin-auth';
import { AppError } from '../../common/errors/app-error';
import { ADMIN_MSG } from '../../common/validation/admin';
import type { AppConfig } from '../../config/app-config';
import { JobQueue } from '../../jobs/job-queue';
import { ADMIN_QUEUES_BOARD_URL } from './admin-jobs.service';

/**
 * Bull Board's own API changes jobs with fetch() calls that carry no CSRF token: a write is taken
 * only from our own pages (the browser's Sec-Fetch-Site, else an Origin of this host), so another
 * site cannot make a signed-in operator's browser retry or delete jobs.
 */
export function sameOriginWrites(): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === 'GET' || req.method === 'HEAD') return next();
    const site = req.get('sec-fetch-site');
    const origin = req.get('origin');
    const sameOrigin = site ? site === 'same-origin' : origin ? safeHost(origin) === req.get('host') : false;
    if (sameOrigin) return next();
    const err = new AppError(ADMIN_MSG.forbidden, 403);
    res.status(403).json(err.getResponse());
  };
}

/**
 * A browser opening the board without an admin session (a page navigation: GET asking for HTML) is
 * sent to /admin/login, which brings it back here after sign-in; Bull Board's own API calls still
 * get the 401 / 403 envelope from `adminOnly`.
 */
export function loginPageForBrowsers(): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const navigation = req.method === 'GET' && (req.get('sec-fetch-mode') === 'navigate' || (req.get('accept') ?? '').includes('text/html'));
    if (!navigation || typeof req.session?.adminId === 'number') return next();
    res.redirect(302, `/admin/login?from=${encodeURIComponent(req.originalUrl)}`);
  };
}

function safeHost(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}

/**
 * With Redis (BullMQ driver), mounts Bull Board at /admin/queues for owners and staff (the admin
 * session runs there: configureSessions); a visitor or member gets 401, an editor 403. Without Redis
 * nothing is mounted and /admin/queues is the SPA's job screen (same data through /api/admin/jobs).
 * Called by configureHttp after the sessions and before the SPA fallback.
 */
export function mountAdminQueues(app: NestExpressApplication, config: AppConfig): void {
  if (!config.redisUrl) return;
  // Loaded only with Redis: Bull Board and BullMQ stay out of the embedded start.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const board = require('../../jobs/bull-board') as typeof import('../../jobs/bull-board');
  const queues = board.bullQueuesOf(app.get(JobQueue, { strict: false }));
  if (queues.length === 0) return;
  const access = app.get(AdminAccess, { strict: false });
  board.mountBullBoard(app.getHttpAdapter().getInstance(), ADMIN_QUEUES_BOARD_URL, queues, {
    guard: [loginPageForBrowsers(), adminOnly(access, ['owner', 'staff']), sameOriginWrites()],
  });
}
