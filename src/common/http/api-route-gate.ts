import { Logger } from '@nestjs/common';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Logger as PinoLogger } from 'pino';
import { GENERIC_NOT_FOUND } from './envelope';
import { requestIdFor } from './logger';

/** The parts of Express 5's router (the `router` package) the gate reads. */
interface RouterLayer {
  route?: { methods?: Record<string, boolean>; _handlesMethod(method: string): boolean };
  match(path: string): unknown;
}

/**
 * A route registered for every verb: how Nest mounts its middleware (`app.all('/api/{*path}', …)`
 * for pino-http's `forRoutes`), not a route that answers. ('m-search' is one of the verbs no
 * controller declares.)
 */
const forEveryVerb = (layer: RouterLayer) => Boolean(layer.route?.methods?._all || layer.route?.methods?.['m-search']);

export interface ApiRouteGateOptions {
  /** The Express application whose routes Nest registers (read on the first request, after app.init()). */
  express: { router?: { stack?: unknown } };
  /**
   * Paths served by mounted middleware rather than routes (e.g. `/api/docs` for Swagger UI's
   * files, a queue dashboard): requests at or below them pass.
   */
  mounts?: readonly string[];
  /** The request logger (resolved on first use: nestjs-pino creates it when the app initialises). */
  logger?: () => PinoLogger | undefined;
}

const NOT_FOUND_BODY = JSON.stringify({ success: false, message: GENERIC_NOT_FOUND });

/**
 * Answers `/api/…` requests that no route serves with 404 in the envelope before any body is
 * read, before sessions and CSRF — so a path that does not exist costs no parsing, no session
 * and no database access, however large or malformed its body.
 *
 * Known = what the Express router itself would dispatch to a controller: a route layer whose path
 * matches and which handles the method (HEAD counts as GET), or a declared mount. The route
 * layers are read once, on the first request (Nest registers its routes in app.init(), after this
 * middleware). Routes registered for every verb are Nest's middleware bindings and do not count:
 * a controller method declared with `@All()` would look the same, so give it its verbs (or list
 * its path in `mounts`).
 */
export function apiRouteGate(options: ApiRouteGateOptions): RequestHandler {
  const mounts = options.mounts ?? [];
  let routes: RouterLayer[] | undefined;
  let log: PinoLogger | undefined;

  const load = (): RouterLayer[] => {
    const stack = options.express.router?.stack;
    if (!Array.isArray(stack)) {
      new Logger('ApiRouteGate').warn('Express router stack not readable: unknown /api routes are found by the router instead');
      return [];
    }
    return (stack as RouterLayer[]).filter(
      (l) => l.route && typeof l.match === 'function' && typeof l.route._handlesMethod === 'function' && !forEveryVerb(l),
    );
  };

  const matches = (layer: RouterLayer, path: string): boolean => {
    try {
      return Boolean(layer.match(path));
    } catch {
      return true; // a route whose parameter cannot be decoded: the router answers it (400)
    }
  };

  const known = (method: string, path: string, table: RouterLayer[]): boolean => {
    for (const m of mounts) if (path === m || path.startsWith(`${m}/`)) return true;
    for (const layer of table) {
      if (!matches(layer, path)) continue;
      if (layer.route!._handlesMethod(method)) return true;
    }
    return false;
  };

  return function apiRouteGate(req: Request, res: Response, next: NextFunction) {
    const path = req.path;
    if (path !== '/api' && !path.startsWith('/api/')) return next();
    routes ??= load();
    if (routes.length === 0 || known(req.method, path, routes)) return next();
    const started = performance.now();
    const id = requestIdFor(req);
    res.writeHead(404, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': Buffer.byteLength(NOT_FOUND_BODY),
      'Cache-Control': 'no-store',
      'X-Request-Id': id,
    });
    res.end(req.method === 'HEAD' ? undefined : NOT_FOUND_BODY);
    // Logged like pino-http logs a 4xx (this request never reaches it); the body is never read.
    log ??= options.logger?.();
    (req as Request & { id?: string }).id = id;
    log?.warn({ req, res, responseTime: Math.round(performance.now() - started), unknownRoute: true }, 'request completed');
  };
}
