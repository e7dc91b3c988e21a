import { TAIPEI_OFFSET_MS } from './taipei-time';

/**
 * A PAYUNi `YYYY-MM-DD HH:II:SS` (or `YYYY-MM-DD`, read as 23:59:59) Asia/Taipei wall-clock time
 * as an instant; undefined when it does not read as one.
 */
export function parseTaipeiTimestamp(s: string | undefined): Date | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec((s ?? '').trim());
  if (!m) return undefined;
  const [, y, mo, d, h = '23', mi = '59', sec = m[4] === undefined ? '59' : '00'] = m;
  const utc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(sec));
  const date = new Date(utc - TAIPEI_OFFSET_MS);
  // Refuse 2025-02-30 and the like (Date.UTC rolls them over).
  if (new Date(utc).getUTCDate() !== Number(d) || new Date(utc).getUTCMonth() !== Number(mo) - 1) return undefined;
  return Number.isNaN(date.getTime()) ? undefined : date;
}
