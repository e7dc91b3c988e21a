import { Injectable } from '@nestjs/common';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger as PinoLogger } from 'pino';
import type { CachedJson } from '../cache/read-cache.service';
import { requestIdFor } from './logger';
import { cachedAnswer } from './send-cached-json';

/** Reads the cached answer for a request, or undefined to let the normal path answer (and fill the cache). */
type Peek = () => CachedJson | undefined;
type PeekId = (id: number) => CachedJson | undefined;
type PeekBody = (body: Record<string, unknown>) => CachedJson | undefined;

export interface FastReadsOptions {
  /** The security headers helmet sets on every answer (precomputed once: they do not depend on the request). */
  securityHeaders: readonly [string, string][];
  /** The same JSON body parser the normal path uses (same limit, same errors). */
  jsonParser: RequestHandler;
  /** The request logger (resolved on first use: nestjs-pino creates it when the app initialises). */
  logger?: () => PinoLogger | undefined;
}

/** `…/productD/42`: a plain decimal id (anything else, e.g. `-1`, `1e3`, `%31`, goes the normal way). */
const ID = /^[0-9]{1,9}$/;

/**
 * Cache hits of public cached reads, answered before the Express/Nest pipeline.
 *
 * Mounted first in the Express stack. For a registered public read (GET without a body, or a
 * POST with a small JSON body) whose answer is already in the ReadCache, it writes exactly what
 * the Nest route would: helmet's headers, X-Request-Id, ETag / If-None-Match → 304,
 * Cache-Control, Vary and the body compressed once per cache fill (`cachedAnswer`, which the
 * controllers use too). The peek functions are the services' own (`CatalogService.peekPage`
 * counts the view like the route does). Anything else — a miss, another method, an odd path,
 * a body the DTO might reject — falls through to the normal path, which validates, loads and
 * fills the cache.
 *
 * Logging: a fast-path hit cannot fail or be slow (it writes a buffer already in memory), so it
 * is logged at `debug` level only; misses, errors and every other request keep pino-http's
 * request log.
 */
@Injectable()
export class FastReads {
  private readonly exact = new Map<string, Peek>();
  private readonly byId = new Map<string, PeekId>();
  private readonly posts = new Map<string, { keys: ReadonlySet<string>; peek: PeekBody }>();
  /** Requests answered here (for tests and diagnostics). */
  hits = 0;

  /** `GET <path>` (query string ignored, as by the route). */
  get(path: string, peek: Peek): void {
    this.exact.set(path, peek);
  }

  /** `GET <prefix><id>` with a decimal id. */
  getById(prefix: string, peek: PeekId): void {
    this.byId.set(prefix, peek);
  }

  /**
   * `POST <path>` with a JSON object body whose keys are among `keys` and whose values are
   * strings of ≤ 64 characters (version markers); other bodies go to the normal path's DTO.
   */
  postVersions(path: string, keys: readonly string[], peek: PeekBody): void {
    this.posts.set(path, { keys: new Set(keys), peek });
  }

  middleware(options: FastReadsOptions): RequestHandler {
    const security = options.securityHeaders.flat();
    let log: PinoLogger | undefined;
    return (req: Request, res: Response, next: NextFunction) => {
      log ??= options.logger?.();
      const url = req.url;
      const q = url.indexOf('?');
      const path = q < 0 ? url : url.slice(0, q);
      if (req.method === 'GET') {
        const peek = this.exact.get(path);
        if (peek) return this.answer(req, res, next, peek(), security, log);
        const slash = path.lastIndexOf('/');
        const byId = slash > 0 ? this.byId.get(path.slice(0, slash + 1)) : undefined;
        const id = path.slice(slash + 1);
        if (byId && ID.test(id)) return this.answer(req, res, next, byId(Number(id)), security, log);
        return next();
      }
      const post = req.method === 'POST' ? this.posts.get(path) : undefined;
      if (!post || !isSmallJson(req)) return next();
      options.jsonParser(req, res, (err?: unknown) => {
        if (err) {
          // Same answer as the normal path (the exception filter maps body-parser errors), with the same headers.
          for (let i = 0; i < security.length; i += 2) res.setHeader(security[i], security[i + 1]);
          res.setHeader('Vary', 'Accept-Encoding');
          return next(err);
        }
        // The body is read: the normal path's parser sees a finished request and keeps req.body.
        const body: unknown = req.body;
        this.answer(req, res, next, versionsOnly(body, post.keys) ? post.peek(body) : undefined, security, log);
      });
    };
  }

  private answer(
    req: IncomingMessage,
    res: ServerResponse,
    next: NextFunction,
    cached: CachedJson | undefined,
    security: string[],
    log: PinoLogger | undefined,
  ): void {
    if (!cached) return next();
    const started = log?.isLevelEnabled('debug') ? performance.now() : 0;
    const id = requestIdFor(req);
    const answer = cachedAnswer(req.headers, cached);
    const headers = [...security, 'X-Request-Id', id];
    for (const [name, value] of answer.headers) headers.push(name, value);
    res.writeHead(answer.status, headers);
    res.end(answer.body);
    this.hits++;
    if (started) {
      // The same shape as pino-http's line (its serializers read the raw objects; `id` as pino-http sets it).
      (req as IncomingMessage & { id?: string }).id = id;
      log?.debug({ req, res, responseTime: Math.round(performance.now() - started), fastPath: true }, 'request completed');
    }
  }
}

function isSmallJson(req: IncomingMessage): boolean {
  const type = req.headers['content-type'];
  const length = Number(req.headers['content-length']);
  return (
    typeof type === 'string' &&
    /^application\/json\s*(;\s*charset=utf-8\s*)?$/i.test(type) &&
    length > 0 &&
    length <= 1024 &&
    !req.headers['content-encoding']
  );
}

/** A plain object of optional version strings (what the DTO accepts without transforming). */
function versionsOnly(body: unknown, keys: ReadonlySet<string>): body is Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  for (const [k, v] of Object.entries(body)) {
    if (!keys.has(k) || typeof v !== 'string' || v.length > 64) return false;
  }
  return true;
}
