import type { PublicPromotion } from '@api/promotions';

/** What a product needs for its badges: its id and its type (the promotion's categories are product types). */
export interface BadgeTarget {
  product_id: number;
  product_type: number | null;
}

export interface ProductBadge {
  id: number;
  text: string;
}

/** Cards show at most this many (the image stays visible on a phone's two columns); the product page shows them all. */
export const CARD_BADGES = 2;

/** Whether a promotion runs at `now` (the list may have been read a while ago). */
function running(p: Pick<PublicPromotion, 'starts_at' | 'ends_at'>, now: number): boolean {
  const starts = p.starts_at ? Date.parse(p.starts_at) : NaN;
  const ends = p.ends_at ? Date.parse(p.ends_at) : NaN;
  return !(starts > now) && !(ends <= now);
}

/** Whether the promotion's scope covers the product (spec 4 §3: all / products / categories, minus the exclusions). */
export function covers(p: Pick<PublicPromotion, 'scope' | 'product_ids' | 'category_ids' | 'exclude_product_ids'>, product: BadgeTarget): boolean {
  if (p.exclude_product_ids?.includes(product.product_id)) return false;
  if (p.scope === 'all') return true;
  if (p.scope === 'products') return p.product_ids?.includes(product.product_id) ?? false;
  if (p.scope === 'categories') return product.product_type !== null && (p.category_ids?.includes(product.product_type) ?? false);
  return false;
}

/**
 * The badges of a product: the running promotions without a code whose scope covers it, in the
 * server's order, one per text (two 免運 promotions show one 免運).
 */
export function badgesFor(product: BadgeTarget, promotions: readonly PublicPromotion[], now = Date.now()): ProductBadge[] {
  const out: ProductBadge[] = [];
  for (const p of promotions) {
    if (p.needs_code || !p.badge || !running(p, now) || !covers(p, product)) continue;
    if (!out.some((b) => b.text === p.badge)) out.push({ id: p.id, text: p.badge });
  }
  return out;
}
