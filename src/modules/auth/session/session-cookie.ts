/** The session cookie's name in development and tests (the signed session id; the data stays on the server). */
export const SESSION_COOKIE = 'sid';

/**
 * The member session cookie's name: `__Host-sid` in production (the browser then takes it only
 * Secure, Path=/ and without Domain, so a sibling subdomain cannot plant or overwrite it — as the
 * CSRF cookies), plain `sid` where cookies are not Secure (development, tests over http).
 */
export function sessionCookieName(secure: boolean): string {
  return secure ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE;
}
