import type { FetchArgs } from '@reduxjs/toolkit/query';

/**
 * CSRF token (`GET /api/csrf-token`), sent as X-CSRF-Token on state-changing calls. The server
 * signs it for this visitor, or for the member's session once logged in, and keeps its twin in
 * an httpOnly cookie (double submit): nothing is stored on the server for it. A login or a
 * logout changes what it is bound to, so the token is forgotten then (useFinishLogin, logout)
 * and after a 403. Public reads sent as POST (`/load/*`) need none. A server without the
 * endpoint yields no token, and calls go out without the header.
 */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The back office (/api/admin/*) has its own token, cookies and session (src/modules/staff/admin-csrf.ts):
 * `GET /api/admin/csrf-token`, and the admin login answers a fresh one. A shop tab never spoils it.
 */
export type CsrfScope = 'shop' | 'admin';
const TOKEN_URL: Record<CsrfScope, string> = { shop: '/api/csrf-token', admin: '/api/admin/csrf-token' };

const tokens: Partial<Record<CsrfScope, Promise<string | undefined>>> = {};

/** Which token a call needs: the admin's for /admin/*, else the shop's. */
export function csrfScope(args: string | FetchArgs): CsrfScope {
  const url = typeof args === 'string' ? args : args.url;
  return /^\/*admin\//.test(url) ? 'admin' : 'shop';
}

export function needsCsrf(args: string | FetchArgs): boolean {
  if (typeof args === 'string') return false;
  const method = (args.method ?? 'GET').toUpperCase();
  const path = args.url.replace(/^\/+/, '/');
  return !SAFE_METHODS.has(method) && !path.startsWith('/load/');
}

/** The last token each scope received, for a request that cannot wait (a keepalive fetch as the page goes). */
const known: Partial<Record<CsrfScope, string>> = {};

/** The shop's current token if one was fetched, without asking (undefined otherwise). */
export function peekCsrfToken(scope: CsrfScope = 'shop'): string | undefined {
  return known[scope];
}

async function fetchToken(scope: CsrfScope): Promise<string | undefined> {
  try {
    const res = await fetch(TOKEN_URL[scope], { credentials: 'same-origin', headers: { Accept: 'application/json' } });
    if (!res.ok) return undefined;
    const body = (await res.json()) as { csrfToken?: unknown };
    const token = typeof body.csrfToken === 'string' && body.csrfToken ? body.csrfToken : undefined;
    if (token) known[scope] = token;
    return token;
  } catch {
    return undefined;
  }
}

export async function csrfHeaders(scope: CsrfScope = 'shop'): Promise<Record<string, string>> {
  const pending = (tokens[scope] ??= fetchToken(scope));
  const t = await pending;
  if (t === undefined && tokens[scope] === pending) delete tokens[scope]; // ask again next time (the session may have been created since)
  return t ? { 'X-CSRF-Token': t } : {};
}

/** Forget the token (after a 403, a login or a logout the token changes). */
export function refreshCsrfToken(scope: CsrfScope = 'shop'): void {
  delete tokens[scope];
  delete known[scope];
}

/** Use a token the server just answered (the admin login and logout answer one bound to the new session). */
export function setCsrfToken(scope: CsrfScope, fresh: string): void {
  tokens[scope] = Promise.resolve(fresh);
  known[scope] = fresh;
}
