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

let token: Promise<string | undefined> | undefined;

export function needsCsrf(args: string | FetchArgs): boolean {
  if (typeof args === 'string') return false;
  const method = (args.method ?? 'GET').toUpperCase();
  const path = args.url.replace(/^\/+/, '/');
  return !SAFE_METHODS.has(method) && !path.startsWith('/load/');
}

async function fetchToken(): Promise<string | undefined> {
  try {
    const res = await fetch('/api/csrf-token', { credentials: 'same-origin', headers: { Accept: 'application/json' } });
    if (!res.ok) return undefined;
    const body = (await res.json()) as { csrfToken?: unknown };
    return typeof body.csrfToken === 'string' && body.csrfToken ? body.csrfToken : undefined;
  } catch {
    return undefined;
  }
}

export async function csrfHeaders(): Promise<Record<string, string>> {
  token ??= fetchToken();
  const t = await token;
  if (t === undefined) token = undefined; // ask again next time (the session may have been created since)
  return t ? { 'X-CSRF-Token': t } : {};
}

/** Forget the token (after a 403, a login or a logout the token changes). */
export function refreshCsrfToken(): void {
  token = undefined;
}

/** Use a token the server just answered (the admin login answers one bound to the new session). */
export function setCsrfToken(fresh: string): void {
  token = Promise.resolve(fresh);
}
