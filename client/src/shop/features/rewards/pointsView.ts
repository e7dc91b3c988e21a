import type { PointsEntryView } from '@api/rewards';
import { formatNumber } from '../../../shared/lib/format';

/** +120 / −50 (U+2212), with thousands separators. */
export const signedPoints = (n: number): string => (n > 0 ? `+${formatNumber(n)}` : n < 0 ? `−${formatNumber(-n)}` : '0');

/** An entry is pending (待入帳) until its points become available. */
export const isPending = (e: Pick<PointsEntryView, 'available_at' | 'amount'>): boolean => e.available_at === null && e.amount > 0;

const TAIPEI_OFFSET_MS = 8 * 3600_000;

/** An ISO time as its Taipei date `YYYY-MM-DD` ('' when missing); a plain date stays as it is. */
export function taipeiDate(iso: string | null | undefined): string {
  if (!iso) return '';
  if (/^\d{4}-\d{2}-\d{2}$/.test(iso)) return iso;
  const t = Date.parse(iso);
  return Number.isNaN(t) ? '' : new Date(t + TAIPEI_OFFSET_MS).toISOString().slice(0, 10);
}

/** How far along the way to the next tier (0–100); 100 at the top tier. */
export function tierPercent(spend: number, next: { threshold: number } | null): number {
  if (!next) return 100;
  if (next.threshold <= 0) return 100;
  return Math.max(0, Math.min(100, Math.floor((spend / next.threshold) * 100)));
}

/** The order's page from an entry (its MerTradeNo): the payment slip shows the order. */
export const orderLink = (orderNo: string): string => `/paymentSlip?MerTradeNo=${encodeURIComponent(orderNo)}`;

/** A tier discount as Taiwanese shops say it: 5% off → 95 折, 10% off → 9 折. */
export function discountText(percent: number): string {
  const d = 100 - percent;
  return d % 10 === 0 ? `${d / 10} 折` : `${d} 折`;
}
