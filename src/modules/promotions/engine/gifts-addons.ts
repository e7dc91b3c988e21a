import type { QuoteAddonOffer, QuoteGift } from '../../../common/api/promotions';
import type { EngineInput, EngineLine, EnginePromotion, EngineVariant } from './engine-types';
import { GIFT_SOLD_OUT } from './messages';

/**
 * 免運, 滿額贈 and 加價購 once their conditions hold on the goods after discounts (issue 20 rules 10–11).
 * Stock is shared: a gift or an add-on of a variant also bought (or given by another promotion) only
 * takes what the bought lines and the earlier gifts/add-ons left of it.
 */

/** A non-discount promotion whose conditions hold. */
export interface ExtraCandidate {
  p: EnginePromotion;
  viaCode: boolean;
}

export interface GiftLine {
  p: EnginePromotion;
  viaCode: boolean;
  variant: EngineVariant;
}

export interface AddonLine {
  p: EnginePromotion;
  viaCode: boolean;
  variant: EngineVariant;
  addonPrice: number;
  quantity: number;
}

export interface Extras {
  /** The free_shipping promotions that apply. */
  freeShipping: ExtraCandidate[];
  gifts: QuoteGift[];
  giftLines: GiftLine[];
  addonOffers: QuoteAddonOffer[];
  addonLines: AddonLine[];
}

/** `candidates` in priority order; `requested` as the shopper sent them. */
export function applyExtras(lines: readonly EngineLine[], candidates: readonly ExtraCandidate[], requested: EngineInput['addons']): Extras {
  const reserved = new Map<number, number>();
  const reserve = (variantId: number, n: number) => reserved.set(variantId, (reserved.get(variantId) ?? 0) + n);
  const stockLeft = (v: EngineVariant) => Math.max(0, v.stock - (reserved.get(v.variantId) ?? 0));
  for (const l of lines) reserve(l.variantId, Math.max(0, l.quantity));

  const out: Extras = { freeShipping: [], gifts: [], giftLines: [], addonOffers: [], addonLines: [] };
  // Gifts before add-ons: a gift is given, an add-on is bought (the shopper sees its stock).
  for (const c of candidates) {
    if (c.p.kind === 'free_shipping') out.freeShipping.push(c);
    if (c.p.kind !== 'gift' || !c.p.gift) continue;
    const v = c.p.gift;
    const available = c.p.giftStock > 0 && stockLeft(v) >= 1;
    out.gifts.push({
      promotion_id: c.p.id,
      product_id: v.productId,
      variant_id: v.variantId,
      title: v.title,
      variant_name: v.variantName,
      image_url: v.imageUrl,
      quantity: available ? 1 : 0,
      available,
      ...(available ? {} : { message: GIFT_SOLD_OUT }),
    });
    if (!available) continue;
    reserve(v.variantId, 1);
    out.giftLines.push({ p: c.p, viaCode: c.viaCode, variant: v });
  }
  for (const c of candidates) {
    if (c.p.kind !== 'addon') continue;
    const seen = new Set<number>();
    for (const item of c.p.addonItems) {
      // One offer per variant (the first listed wins when staff listed one twice).
      if (seen.has(item.variantId)) continue;
      seen.add(item.variantId);
      const stock = stockLeft(item);
      const asked = requested.filter((r) => r.promotionId === c.p.id && r.variantId === item.variantId).reduce((s, r) => s + (Number.isSafeInteger(r.quantity) && r.quantity > 0 ? r.quantity : 0), 0);
      const quantity = Math.min(asked, Math.max(0, item.maxPerOrder), stock);
      out.addonOffers.push({
        promotion_id: c.p.id,
        promotion_name: c.p.name,
        product_id: item.productId,
        variant_id: item.variantId,
        title: item.title,
        variant_name: item.variantName,
        image_url: item.imageUrl,
        price: item.price,
        addon_price: item.addonPrice,
        max_per_order: item.maxPerOrder,
        quantity,
        stock,
      });
      if (quantity <= 0) continue;
      reserve(item.variantId, quantity);
      out.addonLines.push({ p: c.p, viaCode: c.viaCode, variant: item, addonPrice: Math.max(0, item.addonPrice), quantity });
    }
  }
  return out;
}
