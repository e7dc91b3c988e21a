import type { FastifyReply } from 'fastify';
import type { IncomingHttpHeaders } from 'node:http';
import type { CachedJson, JsonCoding } from '../cache/read-cache.service';

/** Bodies smaller than this are sent uncompressed (@fastify/compress's threshold, set by http-setup). */
export const COMPRESS_THRESHOLD = 1024;
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** Status, headers and body of a cached JSON answer to one request. */
export interface CachedAnswer {
  status: 200 | 304;
  /** Header name/value pairs, in order. */
  headers: [string, string][];
  body?: Buffer;
}

/**
 * The answer to a request for a cached JSON body: a matching If-None-Match gets 304;
 * otherwise the body in the best coding the client accepts (brotli, gzip or none), from the
 * copies compressed once per cache fill. `no-cache` lets browsers keep the copy but
 * revalidate every time (cheap: 304). Vary is sent on 304 too, as RFC 9110 asks.
 */
export function cachedAnswer(headers: IncomingHttpHeaders, cached: CachedJson): CachedAnswer {
  const common: [string, string][] = [
    ['ETag', cached.etag],
    ['Cache-Control', 'no-cache'],
    ['Vary', 'Accept-Encoding'],
  ];
  if (etagMatches(headers['if-none-match'], cached.etag)) return { status: 304, headers: common };
  const coding = cached.raw.length >= COMPRESS_THRESHOLD ? negotiateCoding(headers['accept-encoding']) : 'identity';
  const body = cached.bytes(coding);
  common.push(['Content-Type', JSON_CONTENT_TYPE]);
  if (coding !== 'identity') common.push(['Content-Encoding', coding]);
  common.push(['Content-Length', String(body.length)]);
  return { status: 200, headers: common, body };
}

/**
 * Answers a cached JSON body through Fastify's reply (the controllers' path and the cache-hit hook
 * of FastReads), so the hooks' headers (helmet's, X-Request-Id) are on it. @fastify/compress leaves
 * it alone: a body with Content-Encoding is not encoded again, and an identity body is below its
 * threshold or sent to a client that accepts no coding (cachedAnswer chose identity).
 */
export function sendCachedJson(req: { headers: IncomingHttpHeaders }, reply: FastifyReply, cached: CachedJson): FastifyReply {
  const answer = cachedAnswer(req.headers, cached);
  reply.code(answer.status);
  for (const [name, value] of answer.headers) reply.header(name, value);
  return reply.send(answer.body);
}

/** Weak comparison (RFC 9110 §13.1.2): `W/"x"` matches `"x"`; `*` matches anything. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch === etag) return true;
  for (const raw of ifNoneMatch.split(',')) {
    const t = raw.trim();
    if (t === etag || t === `W/${etag}` || t === '*') return true;
  }
  return false;
}

/**
 * The coding for an Accept-Encoding header, chosen as the compression middleware (negotiator)
 * did on Express (and @fastify/compress with `encodings: ['br', 'gzip']` does): the highest q among br, gzip and identity, ties going to br, then gzip. identity not
 * named (nor `*`) counts with the lowest q listed. No header: identity.
 */
export function negotiateCoding(accept: string | undefined): JsonCoding {
  if (!accept) return 'identity';
  // Browsers send a handful of distinct headers: each is parsed once (a bounded memo; long or odd ones are not kept).
  let coding = codingOf.get(accept);
  if (coding === undefined) {
    coding = parseAcceptEncoding(accept);
    if (accept.length <= 128) {
      if (codingOf.size >= 64) codingOf.clear();
      codingOf.set(accept, coding);
    }
  }
  return coding;
}

const codingOf = new Map<string, JsonCoding>();

function parseAcceptEncoding(accept: string): JsonCoding {
  let br = -1;
  let gzip = -1;
  let identity = -1;
  let any = -1;
  let lowest = 1;
  for (const part of accept.split(',')) {
    const [rawName, ...params] = part.split(';');
    const name = rawName.trim().toLowerCase();
    if (!name) continue;
    let q = 1;
    for (const p of params) {
      const [k, v] = p.trim().split('=');
      if (k === 'q') q = Number.parseFloat(v);
    }
    if (!(q >= 0)) q = 0;
    lowest = Math.min(lowest, q || 1);
    if (name === 'br') br = Math.max(br, q);
    else if (name === 'gzip') gzip = Math.max(gzip, q);
    else if (name === 'identity') identity = Math.max(identity, q);
    else if (name === '*') any = Math.max(any, q);
  }
  if (br < 0) br = any;
  if (gzip < 0) gzip = any;
  if (identity < 0) identity = any >= 0 ? any : lowest;
  if (br > 0 && br >= gzip && br >= identity) return 'br';
  if (gzip > 0 && gzip >= identity) return 'gzip';
  return 'identity';
}
