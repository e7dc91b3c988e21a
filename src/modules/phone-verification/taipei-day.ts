const TAIPEI_OFFSET_MS = 8 * 3600_000;
const DAY_MS = 24 * 3600_000;

/** The Asia/Taipei calendar day (UTC+8, no DST) and the milliseconds left until its midnight. */
export function taipeiDay(now: Date = new Date()): { day: string; msToMidnight: number } {
  const local = now.getTime() + TAIPEI_OFFSET_MS;
  const day = new Date(local).toISOString().slice(0, 10);
  const msToMidnight = DAY_MS - (local % DAY_MS);
  return { day, msToMidnight };
}
