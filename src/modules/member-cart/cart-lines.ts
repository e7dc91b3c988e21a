import type { ServerCartItem } from '../../common/api/member-cart';
import { MAX_LINE_QUANTITY } from '../catalog/stock.service';

/** A request line that passed the shape checks: ids, a quantity 0–99 (0 = removed) and its time. */
export interface CartLineIn {
  product_id: number;
  variant_id: number;
  quantity: number;
  /** The line's last change as the writing tab saw it (ms), never later than the server's now. */
  at: number;
}

const id = (v: unknown): number | null => (typeof v === 'number' && Number.isSafeInteger(v) && v > 0 && v <= 2_147_483_647 ? v : null);

/**
 * The well-formed lines of a request, the last one of each variant winning within the request.
 * Dropped: not an object, ids that are not positive integers (variant 0 = a product without
 * variants, which can't be bought), a quantity that is not an integer 0–99 (`allowZero` false: 1–99).
 * `updated_at` is an ISO time; missing or unreadable = now; later than now (a tab's clock ahead) =
 * now, so one wrong clock can't freeze a line against every later write.
 */
export function wellFormedLines(raw: readonly unknown[], now: number, allowZero: boolean): CartLineIn[] {
  const byVariant = new Map<number, CartLineIn>();
  for (const item of raw) {
    if (!item || typeof item !== 'object' || Array.isArray(item)) continue;
    const r = item as Record<string, unknown>;
    const productId = id(r.product_id);
    const variantId = id(r.variant_id);
    const q = r.quantity;
    if (productId === null || variantId === null) continue;
    if (typeof q !== 'number' || !Number.isInteger(q) || q < (allowZero ? 0 : 1) || q > MAX_LINE_QUANTITY) continue;
    const parsed = typeof r.updated_at === 'string' ? Date.parse(r.updated_at) : NaN;
    const at = Number.isFinite(parsed) ? Math.min(parsed, now) : now;
    byVariant.set(variantId, { product_id: productId, variant_id: variantId, quantity: q, at });
  }
  return [...byVariant.values()];
}

/** The answer's shape of a stored line. */
export function toServerItem(line: { product_id: number; variant_id: number; quantity: number; updated_at: Date | string }): ServerCartItem {
  return { product_id: line.product_id, variant_id: line.variant_id, quantity: line.quantity, updated_at: new Date(line.updated_at).toISOString() };
}

/** `「A」、「B」 等 n 件`: the reminder's list of items (the first two names, and how many lines). */
export function reminderItemsText(titles: readonly string[]): string {
  return `${titles
    .slice(0, 2)
    .map((t) => `「${t}」`)
    .join('、')} 等 ${titles.length} 件`;
}
