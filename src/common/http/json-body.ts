import { HttpException, HttpStatus } from '@nestjs/common';
import express from 'express';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { IncomingMessage } from 'node:http';
import { GENERIC_BAD_REQUEST } from './envelope';

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

/** body-parser's (and zlib's) errors as our answers; anything else stays as it is. */
export function bodyError(err: unknown, req?: IncomingMessage): unknown {
  if (err instanceof HttpException) return err;
  const e = err as { type?: unknown; status?: unknown; code?: unknown };
  if (typeof e !== 'object' || e === null) return err;
  switch (e.type) {
    case 'entity.too.large':
      return refuse(HttpStatus.PAYLOAD_TOO_LARGE, BODY_MSG.tooLarge);
    case 'entity.parse.failed':
    case 'request.size.invalid': // fewer/more bytes than Content-Length says
    case 'request.aborted':
      return refuse(HttpStatus.BAD_REQUEST, BODY_MSG.malformed);
    case 'encoding.unsupported':
      return refuse(HttpStatus.BAD_REQUEST, BODY_MSG.unsupportedEncoding);
    case 'charset.unsupported':
      return refuse(HttpStatus.UNSUPPORTED_MEDIA_TYPE, BODY_MSG.charset);
  }
  // A body that does not follow its Content-Encoding: the decompressor's error (zlib's Z_DATA_ERROR,
  // brotli's ERR__ERROR_FORMAT_…), which body-parser passes on with status 400 and no type.
  const encoded = req !== undefined && (req.headers['content-encoding'] ?? 'identity').toLowerCase() !== 'identity';
  if (e.type === undefined && (encoded || (typeof e.code === 'string' && e.code.startsWith('Z_')))) {
    return refuse(HttpStatus.BAD_REQUEST, BODY_MSG.badEncoding);
  }
  if (typeof e.status === 'number' && e.status >= 400 && e.status < 500) return refuse(HttpStatus.BAD_REQUEST, BODY_MSG.malformed);
  return err;
}

/** The routes whose raw body is kept as `req.rawBody` (their signature covers the bytes). */
export const RAW_BODY_PATH = '/api/line/webhook';

/** Refuses (in body-parser's verify hook, before JSON.parse) what we never parse: other charsets, deep nesting. */
function verify(req: IncomingMessage, _res: unknown, body: Buffer, encoding: string | null): void {
  // Webhooks signed over the raw bytes (LINE's X-Line-Signature) keep them for their check.
  if (req.url?.startsWith(RAW_BODY_PATH)) (req as IncomingMessage & { rawBody?: Buffer }).rawBody = body;
  if (encoding !== null && encoding.toLowerCase() !== 'utf-8') throw refuse(HttpStatus.UNSUPPORTED_MEDIA_TYPE, BODY_MSG.charset);
  if (jsonNestsDeeperThan(body, MAX_JSON_DEPTH)) throw refuse(HttpStatus.BAD_REQUEST, BODY_MSG.tooDeep);
}

/**
 * The body parser of every route (and of the cache fast path): form fields for the provider
 * callbacks of FORM_BODY_ROUTES, else JSON — body-parser with the route's
 * limit (`JSON_BODY_LIMITS`, else 100 KB — checked against Content-Length before a byte is read,
 * and against the decompressed size while reading), nesting capped at MAX_JSON_DEPTH by a byte scan
 * before JSON.parse, gzip/deflate/br bodies inflated, and every refusal answered by the exception
 * filter in the `{ success: false, message }` envelope (400, 413 or 415) — never 500.
 */
export function jsonBodyParser(limits: readonly JsonBodyLimit[] = JSON_BODY_LIMITS): RequestHandler {
  const parsers = new Map<number, RequestHandler>();
  const formParser = express.urlencoded({ extended: false, limit: FORM_BODY_LIMIT, parameterLimit: 50 });
  const parserFor = (limit: number) => {
    let p = parsers.get(limit);
    if (!p) parsers.set(limit, (p = express.json({ limit, verify, strict: true })));
    return p;
  };
  return function jsonBody(req: Request, res: Response, next: NextFunction) {
    const done = (err?: unknown) => (err ? next(bodyError(err, req)) : next());
    // A provider callback: its form fields (a JSON body there is not parsed: the route refuses it).
    if (takesFormBody(req.method, req.path)) return formParser(req, res, done);
    parserFor(jsonLimitFor(req.method, req.path, limits))(req, res, done);
  };
}
