import { RequestMethod } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Params } from 'nestjs-pino';
import type { AppConfig } from '../../config/app-config';

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** The request's id: a sane incoming X-Request-Id, or a new UUID (Fastify's `genReqId`: `request.id`). */
export function requestIdFor(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

/**
 * pino request logs with a request id (taken from a sane X-Request-Id or made here,
 * and echoed back). Cookies, auth headers and bodies are never logged.
 */
export function loggerParams(config: AppConfig): Params {
  return {
    // path-to-regexp 8 syntax (Nest 11); the default '*' logs a LegacyRouteConverter warning.
    forRoutes: [{ path: '{*path}', method: RequestMethod.ALL }],
    pinoHttp: {
      level: config.env === 'test' && !process.env.LOG_LEVEL ? 'silent' : config.logLevel,
      // Fastify made the id (genReqId: requestIdFor) and the edge echoes it (http-setup); middie hands it on as `req.id`.
      genReqId: (req: IncomingMessage & { id?: unknown }, res: ServerResponse) => {
        const id = typeof req.id === 'string' ? req.id : requestIdFor(req);
        if (!res.headersSent) res.setHeader('X-Request-Id', id);
        return id;
      },
      redact: {
        paths: ['req.headers.cookie', 'req.headers.authorization', 'req.headers["x-csrf-token"]', 'res.headers["set-cookie"]'],
        remove: true,
      },
      autoLogging: { ignore: (req: IncomingMessage) => req.url === '/api/health' },
      customLogLevel: (_req: IncomingMessage, res: ServerResponse, err?: Error) =>
        err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
      serializers: {
        // OAuth callbacks carry a one-time `code` in the query: never log it.
        req: (req: { id: string; method: string; url: string }) => ({
          id: req.id,
          method: req.method,
          url: req.url.includes('/login/') ? req.url.split('?')[0] : req.url,
        }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
      ...(config.isProduction || config.env === 'test' ? {} : { transport: { target: 'pino-pretty', options: { singleLine: true } } }),
    },
  };
}
