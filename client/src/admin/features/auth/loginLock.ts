import { loadJson, saveJson } from '../../../shared/lib/storage';

/** localStorage key: username → until when (epoch ms) this browser makes no more attempts. */
export const LOGIN_LOCK_KEY = 'skinshop.adminLoginLock';

const TAIPEI_OFFSET_MS = 8 * 3600_000;
const DAY_MS = 86_400_000;

/** The next 00:00 in Asia/Taipei (UTC+8 all year) after `now`: when the server's lockout ends. */
export function nextTaipeiMidnight(now: number): number {
  const day = Math.floor((now + TAIPEI_OFFSET_MS) / DAY_MS);
  return (day + 1) * DAY_MS - TAIPEI_OFFSET_MS;
}

const key = (username: string) => username.trim().toLowerCase();

/**
 * Spec 3 §4: the server's out-of-attempts flag (isOut) blocks further attempts locally. The
 * server locks the account for this address until 24:00 Taipei time, so this browser does the
 * same for that account (another account may still sign in here).
 */
export function lockLocally(username: string, now = Date.now()): void {
  const locks = loadJson<Record<string, number>>(LOGIN_LOCK_KEY) ?? {};
  const live = Object.fromEntries(Object.entries(locks).filter(([, until]) => until > now));
  saveJson(LOGIN_LOCK_KEY, { ...live, [key(username)]: nextTaipeiMidnight(now) });
}

export function isLockedLocally(username: string, now = Date.now()): boolean {
  const until = loadJson<Record<string, number>>(LOGIN_LOCK_KEY)?.[key(username)];
  return typeof until === 'number' && until > now;
}
