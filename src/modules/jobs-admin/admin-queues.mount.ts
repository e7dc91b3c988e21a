import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AdminAccess, adminOnly } from '../../common/auth/admin-auth';
import { AppError } from '../../common/errors/app-error';
import { ADMIN_MSG } from '../../common/validation/admin';
import type { AppConfig } from '../../config/app-config';
import { JobQueue } from '../../jobs/job-queue';
import { ADMIN_QUEUES_BOARD_URL } from './admin-jobs.service';
import '../../common/auth/session.types';

const header = (req: FastifyRequest, name: string): string | undefined => {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

/**
 * Bull Board's own API changes jobs with fetch() calls that carry no CSRF token: a write is taken
 * only from our own pages (the browser's Sec-Fetch-Site, else an Origin of this host), so another
 * site cannot make a signed-in operator's browser retry or delete jobs.
 */
export function sameOriginWrites() {
  return async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (req.method === 'GET' || req.method === 'HEAD') return;
    const site = header(req, 'sec-fetch-site');
    const origin = header(req, 'origin');
    const sameOrigin = site ? site === 'same-origin' : origin ? safeHost(origin) === header(req, 'host') : false;
    if (sameOrigin) return;
    const err = new AppError(ADMIN_MSG.forbidden, 403);
    await reply.code(403).send(err.getResponse());
  };
}

/**
 * A browser opening the board without an admin session (a page navigation: GET asking for HTML) is
 * sent to /admin/login, which brings it back here after sign-in; Bull Board's own API calls still
 * get the 401 / 403 envelope from `adminOnly`.
 */
export function loginPageForBrowsers() {
  return async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const navigation = req.method === 'GET' && (header(req, 'sec-fetch-mode') === 'navigate' || (header(req, 'accept') ?? '').includes('text/html'));
    const session = req.session as FastifyRequest['session'] | null;
    if (!navigation || typeof session?.adminId === 'number') return;
    await reply.redirect(`/admin/login?from=${encodeURIComponent(req.url)}`, 302);
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
 * Called by configureHttp after configureSessions and before the SPA fallback.
 */
export async function mountAdminQueues(app: NestFastifyApplication, config: AppConfig): Promise<void> {
  if (!config.redisUrl) return;
  // Loaded only with Redis: Bull Board and BullMQ stay out of the embedded start.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const board = require('../../jobs/bull-board') as typeof import('../../jobs/bull-board');
  const queues = board.bullQueuesOf(app.get(JobQueue, { strict: false }));
  if (queues.length === 0) return;
  const access = app.get(AdminAccess, { strict: false });
  await board.mountBullBoard((app.getHttpAdapter().getInstance() as FastifyInstance), ADMIN_QUEUES_BOARD_URL, queues, {
    guard: [loginPageForBrowsers(), adminOnly(access, ['owner', 'staff']), sameOriginWrites()],
  });
}
