import type { UserProfile } from './userTypes';

/** Screens a saved redirect path must not point at (they would loop back into the login flow). */
const LOGIN_FLOW = /^\/(login|register|fpassword|loginres)(?:[/?#]|$)/i;

/**
 * Where to go after a login (spec 1 §4): the saved redirect path when there is one; else the
 * home page for a member whose username, birthday, phone and email are all set, else /profile
 * to complete them.
 */
export function afterLoginPath(user: Pick<UserProfile, 'username' | 'birthday' | 'phone' | 'email'>, redirectPath: string): string {
  if (redirectPath && redirectPath.startsWith('/') && !redirectPath.startsWith('//') && !LOGIN_FLOW.test(redirectPath)) return redirectPath;
  const complete = [user.username, user.birthday, user.phone, user.email].every((v) => typeof v === 'string' && v.trim() !== '');
  return complete ? '/' : '/profile';
}

/** What the navbar calls a member with no username yet (social or fresh registrations). */
export const GREETING_FALLBACK = '會員';

/**
 * The navbar greeting's name (spec 1 §2): the username from its second character on; when the
 * username is longer than three characters, only two of those followed by "…". Counted in
 * characters (code points), so names with rare Han characters outside the BMP are not split.
 *
 * Where the spec is silent: an empty username shows 會員, and a one-character username (nothing
 * left from the second character on) shows that character.
 */
export function greetingName(username: string | null | undefined): string {
  const chars = Array.from((username ?? '').trim());
  if (chars.length === 0) return GREETING_FALLBACK;
  if (chars.length === 1) return chars[0];
  return chars.length > 3 ? `${chars.slice(1, 3).join('')}…` : chars.slice(1).join('');
}

/** The greeting line of the member menu. */
export const greeting = (username: string | null | undefined) => `您好，${greetingName(username)}`;

/** The social-login state (spec 1 §4): 20 random bytes as 40 lowercase hex characters. */
export function createSocialState(random: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array<ArrayBuffer> = (b) => crypto.getRandomValues(b)): string {
  return Array.from(random(new Uint8Array(20)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** What went wrong with an RTK Query call, for choosing the spec's message. */
export interface Failure {
  /** The server's own message, if it sent one. */
  message?: string;
  /** HTTP status, or undefined when the request never got an HTTP answer (network, parse). */
  status?: number;
  /** The resend cooldown the server answered with a refused send (seconds). */
  outtime?: number;
}

export function describeFailure(error: unknown): Failure {
  if (!error || typeof error !== 'object') return {};
  const e = error as { status?: unknown; data?: unknown };
  const status = typeof e.status === 'number' ? e.status : undefined;
  const data = e.data && typeof e.data === 'object' ? (e.data as { message?: unknown; outtime?: unknown }) : {};
  const message = typeof data.message === 'string' && data.message ? data.message : undefined;
  const outtime = typeof data.outtime === 'number' && data.outtime > 0 ? Math.ceil(data.outtime) : undefined;
  return { message, status, outtime };
}

/** A transport failure or a server error without its own message. */
export const isServerTrouble = (f: Failure) => f.message === undefined && (f.status === undefined || f.status >= 500);
