import { HttpException, HttpStatus } from '@nestjs/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parse as parseQuery } from 'node:querystring';
import { GENERIC_BAD_REQUEST, genericMessage } from './envelope';
import './fastify.types';

/** JSON request bodies up to this many bytes (after Content-Encoding is undone), unless a route declares more. */
export const DEFAULT_JSON_LIMIT = 100 * 1024;

/** Objects and arrays nested deeper than this are refused before JSON.parse sees the body. */
export const MAX_JSON_DEPTH = 32;

/**
 * A route that needs a larger JSON body than DEFAULT_JSON_LIMIT. `path` is the full request path
 * (`/api/…`); a path ending in `/` covers everything below it. Keep the list short: every entry
 * lets that much memory be held per request while the body arrives.
 */
export interface JsonBodyLimit {
  method: 'POST' | 'PUT' | 'PATCH';
  path: string;
  /** Bytes. */
  limit: number;
  /** Why the route needs it (shown nowhere; for the reader of this list). */
  reason: string;
}

/**
 * The one list of routes allowed more than DEFAULT_JSON_LIMIT. Add a route here when it needs it,
 * e.g. the back-office's HTML save:
 *
 *   { method: 'POST', path: '/api/admin/htmlpage/', limit: 2 * 1024 * 1024, reason: 'page HTML with inline images' },
 */
export const JSON_BODY_LIMITS: readonly JsonBodyLimit[] = [
  { method: 'POST', path: '/api/admin/savehtml', limit: 2 * 1024 * 1024, reason: "the editor's HTML (product detail, pages) with pasted images" },
  { method: 'POST', path: '/api/admin/createPoster', limit: 2 * 1024 * 1024, reason: "a poster's rich-text content" },
  { method: 'POST', path: '/api/admin/updatePoster', limit: 2 * 1024 * 1024, reason: "a poster's rich-text content" },
];

/**
 * The routes whose bodies are HTML form posts (`application/x-www-form-urlencoded`) instead of
 * JSON: the providers' callbacks, posted by their servers or by the shopper's browser from their
 * pages. Only these are parsed as forms (flat fields, ≤ 64 KB, ≤ 50 fields); every other route takes
 * JSON only. The same routes are CSRF-exempt (`DEFAULT_CSRF_EXEMPT_PATHS`): they are verified by
 * the provider's signature instead.
 */
export interface FormBodyRoute {
  method: 'POST';
  path: string;
  reason: string;
}

export const FORM_BODY_ROUTES: readonly FormBodyRoute[] = [
  { method: 'POST', path: '/api/payments/payuni/notify', reason: "PAYUNi's NotifyURL (server to server)" },
  { method: 'POST', path: '/api/payments/payuni/return', reason: "PAYUNi's ReturnURL (the browser back from the card page)" },
  { method: 'POST', path: '/api/logistics/cvs-map/return', reason: "PAYUNi's MapReturnURL (the browser back from the 7-11 store map)" },
  { method: 'POST', path: '/api/logistics/payuni/notify', reason: "PAYUNi's logistics status notify (server to server)" },
];

/** Form bodies: PAYUNi's envelope is five fields of hex; 64 KB is ample. */
export const FORM_BODY_LIMIT = 64 * 1024;

/** Whether `method path` takes a form body (FORM_BODY_ROUTES). */
export function takesFormBody(method: string, path: string, routes: readonly FormBodyRoute[] = FORM_BODY_ROUTES): boolean {
  return routes.some((r) => r.method === method && r.path === path);
}

/** Texts of the answers to a body refused before it reaches a route. */
export const BODY_MSG = {
  tooLarge: '資料量過大，請縮減內容後再試',
  tooDeep: '資料結構過於複雜，無法處理',
  malformed: GENERIC_BAD_REQUEST,
  badEncoding: '無法解讀資料的壓縮格式',
  unsupportedEncoding: '不支援的資料壓縮格式',
  charset: '資料須為 UTF-8 編碼',
} as const;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;
const CLOSE_OBJECT = 0x7d;
const CLOSE_ARRAY = 0x5d;

/**
 * Whether the JSON text in `bytes` (UTF-8) nests objects/arrays deeper than `max`: one pass over
 * the bytes counting `{`/`[` outside strings (escapes skipped), no recursion, no allocation. In
 * UTF-8 these ASCII bytes never occur inside a multi-byte character. Malformed text is left to
 * JSON.parse.
 */
export function jsonNestsDeeperThan(bytes: Uint8Array, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes[i];
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (++depth > max) return true;
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      depth--;
    }
  }
  return false;
}

/** The limit for this request: the declared one for its route, else the default. */
export function jsonLimitFor(method: string, path: string, limits: readonly JsonBodyLimit[] = JSON_BODY_LIMITS): number {
  for (const l of limits) {
    if (l.method === method && (l.path.endsWith('/') ? path.startsWith(l.path) : path === l.path)) return l.limit;
  }
  return DEFAULT_JSON_LIMIT;
}

const refuse = (status: HttpStatus, message: string) => new HttpException({ success: false, message }, status);

/** Form bodies: at most this many fields (more: refused as malformed). */
export const FORM_BODY_FIELDS = 50;

/** The routes whose raw body is kept as `req.rawBody` (their signature covers the bytes). */
export const RAW_BODY_PATH = '/api/line/webhook';

/** The Content-Encodings a request body may have (what body-parser inflated before: no zstd). */
export const REQUEST_ENCODINGS = ['br', 'gzip', 'deflate', 'identity'] as const;

/**
 * Fastify's, @fastify/compress's and zlib's errors about a request body as our answers (400, 413 or
 * 415 in the envelope), other Fastify client errors as their status with the generic text; anything
 * else is returned as it is. Applied before Nest's error handling (bootstrap's adapter) and by the
 * exception filter.
 */
export function bodyError(err: unknown): unknown {
  if (err instanceof HttpException) return err;
  if (typeof err !== 'object' || err === null) return err;
  const e = err as { code?: unknown; statusCode?: unknown };
  switch (e.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return refuse(HttpStatus.PAYLOAD_TOO_LARGE, BODY_MSG.tooLarge);
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH': // fewer/more bytes than Content-Length says
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'ECONNRESET':
      return refuse(HttpStatus.BAD_REQUEST, BODY_MSG.malformed);
    case 'FST_CP_ERR_INVALID_CONTENT_ENCODING':
      return refuse(HttpStatus.BAD_REQUEST, BODY_MSG.unsupportedEncoding);
    case 'FST_CP_ERR_INVALID_CONTENT':
      return refuse(HttpStatus.BAD_REQUEST, BODY_MSG.badEncoding);
  }
  // A body that does not follow its Content-Encoding: zlib's Z_DATA_ERROR, brotli's ERR__ERROR_FORMAT_….
  if (typeof e.code === 'string' && (e.code.startsWith('Z_') || e.code.startsWith('ERR__'))) return refuse(HttpStatus.BAD_REQUEST, BODY_MSG.badEncoding);
  // Any other client error of Fastify or a plugin (English text, maybe a path): its status, our generic text.
  if (err instanceof Error && err.name === 'FastifyError' && typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) {
    return refuse(e.statusCode, genericMessage(e.statusCode));
  }
  return err;
}

/** The `charset` parameter of a Content-Type, lower-cased ('' when there is none). */
function charsetOf(contentType: string | undefined): string {
  const m = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType ?? '');
  return m ? m[1].toLowerCase() : '';
}

const pathOf = (url: string) => {
  const q = url.indexOf('?');
  return q < 0 ? url : url.slice(0, q);
};

/** The body limit of a route (`onRoute`): the declared one for its path and method(s), a form route's, else the default. */
export function bodyLimitFor(methods: string | readonly string[], url: string, limits: readonly JsonBodyLimit[] = JSON_BODY_LIMITS, forms: readonly FormBodyRoute[] = FORM_BODY_ROUTES): number {
  let limit = DEFAULT_JSON_LIMIT;
  let form = false;
  for (const m of typeof methods === 'string' ? [methods] : methods) {
    limit = Math.max(limit, jsonLimitFor(m, url, limits));
    form ||= takesFormBody(m, url, forms);
  }
  return form && limit === DEFAULT_JSON_LIMIT ? FORM_BODY_LIMIT : limit;
}

/**
 * The body parsers of every route, on Fastify: JSON — the route's limit (`JSON_BODY_LIMITS`, else
 * 100 KB, set per route by an `onRoute` hook: checked against Content-Length before a byte is read,
 * and against the decompressed size while reading), UTF-8 only, nesting capped at MAX_JSON_DEPTH by
 * a byte scan before the parse, an object or array at the top (as body-parser's `strict`), parsed
 * by Fastify's safe parser (`__proto__`/`constructor.prototype` keys refused); form fields only for
 * FORM_BODY_ROUTES (flat, ≤ 64 KB, ≤ 50 fields); any other body is not read at all (the route sees
 * none, as before). Every refusal reaches the exception filter (`bodyError`) and is answered in the
 * `{ success: false, message }` envelope (400, 413 or 415) — never 500. Gzip/deflate/br bodies are
 * inflated before (@fastify/compress's request decompression, registered by http-setup).
 *
 * Call before the routes are registered (before `app.init()`).
 */
export function registerBodyParsers(fastify: FastifyInstance, limits: readonly JsonBodyLimit[] = JSON_BODY_LIMITS, forms: readonly FormBodyRoute[] = FORM_BODY_ROUTES): void {
  fastify.addHook('onRoute', (route) => {
    if (route.bodyLimit === undefined) route.bodyLimit = bodyLimitFor(route.method, route.url ?? route.path ?? '', limits, forms);
  });
  fastify.removeAllContentTypeParsers();
  const safeParse = fastify.getDefaultJsonParser('error', 'error');

  fastify.addContentTypeParser('application/json', { parseAs: 'buffer' }, (req: FastifyRequest, body: Buffer | string, done) => {
    // A provider callback takes form fields only: a JSON body there is not used (the route refuses it).
    if (takesFormBody(req.method, pathOf(req.url), forms)) return done(null, undefined);
    const bytes = typeof body === 'string' ? Buffer.from(body) : body;
    // Webhooks signed over the raw bytes (LINE's X-Line-Signature) keep them for their check.
    if (req.url.startsWith(RAW_BODY_PATH)) req.rawBody = bytes;
    const charset = charsetOf(req.headers['content-type']);
    if (charset !== '' && charset !== 'utf-8') return done(refuse(HttpStatus.UNSUPPORTED_MEDIA_TYPE, BODY_MSG.charset), undefined);
    if (bytes.length === 0) return done(null, {}); // as body-parser: an empty body is {}
    if (jsonNestsDeeperThan(bytes, MAX_JSON_DEPTH)) return done(refuse(HttpStatus.BAD_REQUEST, BODY_MSG.tooDeep), undefined);
    const text = bytes.toString('utf8');
    const first = /\S/.exec(text)?.[0];
    if (first !== '{' && first !== '[') return done(refuse(HttpStatus.BAD_REQUEST, BODY_MSG.malformed), undefined);
    safeParse(req, text, (err, value) => (err ? done(refuse(HttpStatus.BAD_REQUEST, BODY_MSG.malformed), undefined) : done(null, value)));
  });

  fastify.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'buffer' }, (req: FastifyRequest, body: Buffer | string, done) => {
    // A form anywhere else: not used (the route sees no body, as before).
    if (!takesFormBody(req.method, pathOf(req.url), forms)) return done(null, undefined);
    const charset = charsetOf(req.headers['content-type']);
    if (charset !== '' && charset !== 'utf-8' && charset !== 'iso-8859-1') return done(refuse(HttpStatus.UNSUPPORTED_MEDIA_TYPE, BODY_MSG.charset), undefined);
    const text = typeof body === 'string' ? body : body.toString(charset === 'iso-8859-1' ? 'latin1' : 'utf8');
    const fields = parseQuery(text, '&', '=', { maxKeys: FORM_BODY_FIELDS + 1 });
    if (Object.keys(fields).length > FORM_BODY_FIELDS) return done(refuse(HttpStatus.BAD_REQUEST, BODY_MSG.malformed), undefined);
    // A plain object with the fields as own properties (also one named `__proto__`).
    done(null, Object.fromEntries(Object.entries(fields)));
  });

  // Any other type (text/plain, none, multipart outside the upload routes …): not read; the route sees no body.
  fastify.addContentTypeParser('*', (_req: FastifyRequest, _payload: unknown, done: (err: Error | null, body?: unknown) => void) => done(null, undefined));
}
