import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Params } from 'nestjs-pino';
import pino, { type Logger as PinoInstance } from 'pino';
import type { AppConfig } from '../../config/app-config';

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** The request's id: a sane incoming X-Request-Id, or a new UUID (Fastify's `genReqId`: `request.id`). */
export function requestIdFor(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

/** The process's pino instance (AppModule provides it; the HTTP edge logs requests with it). */
export const ROOT_LOGGER = Symbol('ROOT_LOGGER');

/** The process's pino logger: JSON lines (pretty in development), silent in tests unless LOG_LEVEL says otherwise. */
export function createRootLogger(config: AppConfig): PinoInstance {
  return pino({
    level: config.env === 'test' && !process.env.LOG_LEVEL ? 'silent' : config.logLevel,
    // Never logged: cookies, auth headers, CSRF tokens (a request logged by hand with its headers).
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'req.headers["x-csrf-token"]', 'res.headers["set-cookie"]'],
      remove: true,
    },
    ...(config.isProduction || config.env === 'test' ? {} : { transport: { target: 'pino-pretty', options: { singleLine: true } } }),
  });
}

/**
 * nestjs-pino as the Nest logger over `root`, with no request middleware: requests are logged by
 * the HTTP edge's `onResponse` hook (requestLogHook), which costs nothing on a request when the
 * level is off. (nestjs-pino's pino-http middleware ran through Nest's middie on every request,
 * cache hits included, and bound an AsyncLocalStorage per request: a third of a cached read.)
 */
export function loggerParams(root: PinoInstance): Params {
  return { pinoHttp: { logger: root }, useExisting: true, forRoutes: [] };
}

/**
 * One line per answered request, as pino-http wrote it: `{ req: { id, method, url }, res: { statusCode },
 * responseTime }` at info (warn for 4xx, error for 5xx); /api/health is not logged; OAuth callbacks
 * (`/login/…`) lose their query (a one-time `code`). Bodies, cookies and headers are never logged.
 */
export function requestLogHook(root: PinoInstance): (req: FastifyRequest, reply: FastifyReply, done: () => void) => void {
  return (req, reply, done) => {
    const status = reply.statusCode;
    const level = status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info';
    if (root.isLevelEnabled(level) && req.url !== '/api/health') {
      const url = req.url.includes('/login/') ? req.url.split('?')[0] : req.url;
      root[level]({ req: { id: req.id, method: req.method, url }, res: { statusCode: status }, responseTime: Math.round(reply.elapsedTime) }, 'request completed');
    }
    done();
  };
}
