import { Injectable } from '@nestjs/common';
import type { FastifyInstance, FastifyReply, FastifyRequest, preParsingHookHandler } from 'fastify';
import { Readable } from 'node:stream';
import type { CachedJson } from '../cache/read-cache.service';
import { sendCachedJson } from './send-cached-json';

/** Reads the cached answer for a request, or undefined to let the route answer (and fill the cache). */
type Peek = () => CachedJson | undefined;
type PeekId = (id: number) => CachedJson | undefined;
type PeekBody = (body: Record<string, unknown>) => CachedJson | undefined;

/** `…/productD/42`: a plain decimal id (anything else, e.g. `-1`, `1e3`, `%31`, goes to the route). */
const ID = /^[0-9]{1,9}$/;

/**
 * Cache hits of public cached reads, answered from Fastify hooks before the route, the session and
 * the rest of Nest's pipeline run.
 *
 * For a registered public read — a GET (answered in an `onRequest` hook, before the body, the
 * session or anything else is looked at) or a POST with a small plain JSON body of version markers
 * (answered in a `preParsing` hook, which reads those ≤ 1 KB itself and hands the same bytes on
 * to the route's parser and limits when it does not answer; /api/load/ needs no session or CSRF
 * token) — whose answer is already in the ReadCache, it sends exactly what the route would, through
 * Fastify's reply: ETag / If-None-Match → 304, Cache-Control, Vary and the body compressed
 * once per cache fill (`sendCachedJson`, which the controllers use too). The security headers
 * (helmet) and X-Request-Id come from the hooks before this one, as for every answer. The peek
 * functions are the services' own (`CatalogService.peekPage` counts the view like the route
 * does). Anything else — a miss, another method, an odd path, a body the DTO might reject — goes
 * on to the route, which validates, loads and fills the cache.
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
   * strings of ≤ 64 characters (version markers); other bodies go to the route's DTO.
   */
  postVersions(path: string, keys: readonly string[], peek: PeekBody): void {
    this.posts.set(path, { keys: new Set(keys), peek });
  }

  /** The cached answer to `GET path`, if it is a registered read and cached. */
  peekGet(path: string): CachedJson | undefined {
    const peek = this.exact.get(path);
    if (peek) return peek();
    const slash = path.lastIndexOf('/');
    const byId = slash > 0 ? this.byId.get(path.slice(0, slash + 1)) : undefined;
    const id = path.slice(slash + 1);
    return byId && ID.test(id) ? byId(Number(id)) : undefined;
  }

  /** The cached answer to `POST path` with this (parsed) body, if it is a registered version check and cached. */
  peekPost(path: string, body: unknown): CachedJson | undefined {
    const post = this.posts.get(path);
    return post && versionsOnly(body, post.keys) ? post.peek(body) : undefined;
  }

  /**
   * Adds the two hooks to Fastify. Register after the hooks whose headers every answer carries
   * (helmet, X-Request-Id) and before sessions.
   */
  register(fastify: FastifyInstance): void {
    fastify.addHook('onRequest', (req: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) => {
      if (req.method !== 'GET') return done();
      const cached = this.peekGet(pathOf(req.url));
      if (!cached) return done();
      this.hits++;
      sendCachedJson(req, reply, cached); // answered: the hook chain ends here (done is not called)
    });
    // The POST version checks: the small body is read here, before Fastify's parser (its per-request
    // AsyncResource and bind, slow on Node 20, were the largest cost of a hit). A hit is answered;
    // anything else gets the same bytes back as the payload, for the route's parser, limits and DTO
    // as if nothing had read them.
    fastify.addHook('preParsing', (req: FastifyRequest, reply: FastifyReply, payload: RequestPayload, done: PayloadDone) => {
      const path = req.method === 'POST' ? pathOf(req.url) : undefined;
      if (path === undefined || !this.posts.has(path) || !isSmallJson(req)) return done(null, payload);
      const chunks: Buffer[] = [];
      payload.on('data', (chunk: Buffer) => chunks.push(chunk));
      payload.once('error', (err: Error) => done(err));
      payload.once('end', () => {
        const raw = Buffer.concat(chunks);
        const cached = this.peekPost(path, parseOrUndefined(raw));
        if (!cached) return done(null, Readable.from([raw]));
        this.hits++;
        sendCachedJson(req, reply, cached); // answered: the parser and the route never run
      });
    });
  }
}

type RequestPayload = Parameters<preParsingHookHandler>[2];
type PayloadDone = Parameters<preParsingHookHandler>[3];

/** The JSON of a body, or undefined when it is not JSON (the route's parser answers that 400). */
function parseOrUndefined(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    return undefined;
  }
}

function pathOf(url: string): string {
  const q = url.indexOf('?');
  return q < 0 ? url : url.slice(0, q);
}

/** A small plain JSON body (an encoded one, or another charset, goes to the route). */
function isSmallJson(req: FastifyRequest): boolean {
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
