import type { QuoteHint } from '../../../common/api/promotions';
import type { ShippingFeeRule } from '../../../common/validation/checkout-rules';
import { isDiscountKind, shortfall } from './conditions';
import type { EngineLine, EnginePromotion } from './engine-types';
import { HINT_TEXT } from './messages';

/**
 * What is missing for the promotions not yet reached (spec 4 §4 step 7, issue 20 rule 12). Only
 * promotions the shopper could reach: automatic ones (or the typed code's) whose window, customer and
 * limits hold and that have a line in their scope in the cart. Free shipping: one hint, the smaller
 * of what the method's threshold and the free_shipping promotions miss, only while shipping costs.
 */

export interface HintCandidate {
  p: EnginePromotion;
  /** Its eligible lines (at least one in the cart). */
  idx: number[];
}

export interface HintInput {
  lines: readonly EngineLine[];
  /** Reachable promotions, in priority order, not already applied. */
  candidates: readonly HintCandidate[];
  gross: readonly number[];
  /** The bought lines' amounts after discounts. */
  left: readonly number[];
  /** Σ line amounts after discounts (all goods: what the method's threshold counts). */
  goods: number;
  shipping: ShippingFeeRule;
  shippingFee: number;
  /** The typed code's promotion (its hint is never left out). */
  codePromotionId?: number | null;
}

/**
 * At most this many hints besides free shipping: the nearest ones (a missing unit first, then the
 * smallest NT$ missing; ties in priority order, the typed code's first). A cart listing every
 * campaign it has not reached says nothing; with 50 live promotions it said 16 things at once.
 */
export const MAX_HINTS = 3;

export function buildHints(input: HintInput): QuoteHint[] {
  const { lines, gross, left } = input;
  const freeShipping: QuoteHint[] = [];
  const others: QuoteHint[] = [];
  if (input.shippingFee > 0 && input.shipping.free_shipping_threshold > input.goods) {
    const missing = input.shipping.free_shipping_threshold - input.goods;
    freeShipping.push({ promotion_id: null, kind: 'shipping', text: HINT_TEXT.freeShipping(missing), missing, threshold: input.shipping.free_shipping_threshold });
  }
  for (const { p, idx } of input.candidates) {
    if (isDiscountKind(p.kind)) {
      const s = shortfall(p, lines, idx, gross);
      const units = idx.reduce((n, i) => n + lines[i].quantity, 0);
      const n = p.bundleQuantity ?? 0;
      if (p.kind === 'bundle_price' && units < n) others.push({ promotion_id: p.id, kind: p.kind, text: HINT_TEXT.bundle(n - units, n, p.bundlePrice ?? 0), missing: 0 });
      else if (s.money > 0) others.push({ promotion_id: p.id, kind: p.kind, text: HINT_TEXT.bySubtotal(s.money, p.name), missing: s.money });
      else if (s.units > 0) others.push({ promotion_id: p.id, kind: p.kind, text: HINT_TEXT.byQuantity(s.units, p.name), missing: 0 });
      continue;
    }
    // Gift and free shipping count NT$ after discounts; no words exist for their quantity thresholds.
    const s = shortfall(p, lines, idx, left);
    if (s.money === 0 || s.units > 0) continue;
    if (p.kind === 'gift' && p.gift && p.giftStock > 0 && p.gift.stock > 0) {
      others.push({ promotion_id: p.id, kind: 'gift', text: HINT_TEXT.gift(s.money, p.gift.title), missing: s.money });
    }
    if (p.kind === 'free_shipping' && input.shippingFee > 0) {
      freeShipping.push({ promotion_id: p.id, kind: 'free_shipping', text: HINT_TEXT.freeShipping(s.money), missing: s.money, threshold: s.threshold });
    }
  }
  // The smaller missing amount; on a tie the method's own threshold (listed first).
  const nearest = freeShipping.reduce<QuoteHint | null>((best, h) => (!best || h.missing < best.missing ? h : best), null);
  const first = input.codePromotionId ?? null;
  const ranked = others
    .map((h, order) => ({ h, order }))
    .sort((a, b) => Number(b.h.promotion_id === first) - Number(a.h.promotion_id === first) || a.h.missing - b.h.missing || a.order - b.order)
    .slice(0, MAX_HINTS)
    .map(({ h }) => h);
  return nearest ? [nearest, ...ranked] : ranked;
}
