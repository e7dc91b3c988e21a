/** The session cookie's name (the signed session id; the data stays on the server). */
export const SESSION_COOKIE = 'sid';
