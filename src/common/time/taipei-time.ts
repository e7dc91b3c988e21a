/**
 * Asia/Taipei dates and times. Taiwan keeps UTC+8 all year (no daylight saving), so a fixed
 * offset is exact and needs no time-zone database. Shared with the client through
 * `src/common/validation/taiwan.ts` (`taipeiToday`), so keep this file free of Node APIs.
 */

export const TAIPEI_OFFSET_MS = 8 * 3600_000;
const DAY_MS = 24 * 3600_000;

/** `now` shifted so that its UTC fields read as Taipei wall-clock time. */
function taipeiWallClock(now: Date): Date {
  return new Date(now.getTime() + TAIPEI_OFFSET_MS);
}

/** Today's date in Taipei, YYYY-MM-DD. */
export function taipeiToday(now: Date = new Date()): string {
  return taipeiWallClock(now).toISOString().slice(0, 10);
}

/** `YYYY-MM-DD HH:mm` in Taipei (e-mails to the shop, logs read by staff). */
export function taipeiDateTime(at: Date): string {
  return taipeiWallClock(at).toISOString().slice(0, 16).replace('T', ' ');
}

/** `YYYY-MM-DD HH:mm:ss` in Taipei (provider protocols such as PAYUNi's ExpireDate and PayTime). */
export function taipeiTimestamp(at: Date): string {
  return taipeiWallClock(at).toISOString().slice(0, 19).replace('T', ' ');
}

/** ISO 8601 with the Taipei offset, to the second: `2026-12-01T00:00:00+08:00` (promotion windows). */
export function taipeiIso(at: Date): string {
  return `${taipeiWallClock(at).toISOString().slice(0, 19)}+08:00`;
}

/** Taipei wall-clock year and month (0–11), e.g. for e-invoice periods. */
export function taipeiYearMonth(at: Date): { year: number; month: number } {
  const t = taipeiWallClock(at);
  return { year: t.getUTCFullYear(), month: t.getUTCMonth() };
}

/** The Taipei calendar day and the milliseconds left until its midnight (daily caps). */
export function taipeiDay(now: Date = new Date()): { day: string; msToMidnight: number } {
  const local = now.getTime() + TAIPEI_OFFSET_MS;
  return { day: taipeiToday(now), msToMidnight: DAY_MS - (local % DAY_MS) };
}
