import type { ShippingFeeRule } from '../../../common/validation/checkout-rules';
import type { QuoteAddonOffer, QuoteAdjustment, QuoteCoupon, QuoteGift, QuoteHint, QuoteLine } from '../../../common/api/promotions';
import type { PricedCart } from '../../orders/pricing/price-cart';
import type { CouponMode, PromotionKind, PromotionScope, PromotionTier } from '../entities/promotion.entity';

/**
 * The contract of the pure promotion engine (spec 4 §4): no Nest, no database, no clock of its own.
 * The quote service loads what it needs (lines as stored now, the live promotions, the member, the
 * code the shopper typed) and calls `quoteCart(input)`; checkout calls the same function inside its
 * submit, so the shopper pays exactly what was quoted.
 */

/** A promotion as the engine reads it (from the entity; lists never null). */
export interface EnginePromotion {
  id: number;
  name: string;
  description: string;
  kind: PromotionKind;
  startsAt: Date | null;
  endsAt: Date | null;
  isActive: boolean;
  stackable: boolean;
  priority: number;
  memberOnly: boolean;
  firstOrderOnly: boolean;
  /** Empty = any tier. */
  tierIds: number[];
  scope: PromotionScope;
  productIds: number[];
  categoryIds: number[];
  excludeProductIds: number[];
  minSubtotal: number | null;
  minQuantity: number | null;
  tiers: PromotionTier[];
  percent: number | null;
  maxDiscount: number | null;
  bundleQuantity: number | null;
  bundlePrice: number | null;
  /** gift: the gift variant as stored now (null when it no longer exists). */
  gift: EngineVariant | null;
  /** Gifts left (promotions.gift_stock). */
  giftStock: number;
  addonItems: (EngineVariant & { addonPrice: number; maxPerOrder: number })[];
  couponMode: CouponMode;
  usageLimit: number | null;
  usedCount: number;
  perMemberLimit: number | null;
}

/** A variant as stored now (for gifts and add-ons). */
export interface EngineVariant {
  productId: number;
  variantId: number;
  title: string;
  variantName: string;
  imageUrl: string;
  /** Its regular price (discount_price). */
  price: number;
  /** Units in stock now; a listed product and an active variant, else 0. */
  stock: number;
}

/** A bought line: prices from the database. */
export interface EngineLine {
  productId: number;
  variantId: number;
  /** The product's type (category) id, null when none. */
  categoryId: number | null;
  title: string;
  variantName: string;
  imageUrl: string;
  unitPrice: number;
  quantity: number;
}

/** Who is buying (from the session; a visitor has userId null). */
export interface EngineCustomer {
  userId: number | null;
  /** True when the member has no order that is not cancelled. Visitors: true. */
  isFirstOrder: boolean;
  /** The member's tier id (issue 21), null when none / visitor. */
  tierId: number | null;
  /** This member's counted uses per promotion id (promotion_member_uses.used). */
  usesByPromotion: ReadonlyMap<number, number>;
}

/** The code the shopper typed, as looked up by the quote service. */
export interface EngineCoupon {
  /** Upper-case, trimmed. */
  code: string;
  /** The promotion it belongs to (a shared code or a unique code's promotion); null = unknown code. */
  promotionId: number | null;
  /** Unique codes: the coupon_codes row id, and whether it was already used by an order. */
  codeId: number | null;
  codeUsed: boolean;
}

export interface EngineInput {
  lines: readonly EngineLine[];
  /** Every promotion that may apply (active or not: the engine judges windows and flags with `now`). */
  promotions: readonly EnginePromotion[];
  now: Date;
  customer: EngineCustomer;
  /** null when no code was typed. More than one code is refused before the engine (一筆訂單限用一組折扣碼). */
  coupon: EngineCoupon | null;
  addons: readonly { promotionId: number; variantId: number; quantity: number }[];
  shipping: ShippingFeeRule;
  /** Points the shopper asks to use (issue 21); the engine caps them. */
  points: number;
  /** The member's points balance (issue 21). */
  pointsBalance: number;
  pointsMaxPercent: number;
  /**
   * The member's tier discount (issue 21): a stackable promotion of its own, applied after the
   * others on what they left of the bought lines (adjustment kind 'tier'). Absent/null = none.
   */
  tierDiscount?: { tierId: number; label: string; percent: number } | null;
}

/** What one order takes of one promotion (the checkout writes promotion_uses from it). */
export interface EngineUse {
  promotionId: number;
  /** True when it counts a use (a coupon's promotion, or any promotion with a usage or per-member limit). */
  counts: boolean;
  /** The promotion's per-member limit: a member's use is counted (promotion_member_uses) only when there is one. */
  perMemberLimit: number | null;
  /** The unique code row taken. */
  codeId: number | null;
  /** The code typed ('' for automatic). */
  code: string;
  /** True when it gives a gift (takes gift_stock and the gift variant's stock). */
  gift: boolean;
  /** Positive NT$ this promotion took off. */
  discount: number;
}

export interface EngineResult {
  /** The money (lines: bought items in input order, then gifts, then add-ons). */
  priced: PricedCart;
  lines: QuoteLine[];
  adjustments: (QuoteAdjustment & { sourceId: string })[];
  gifts: QuoteGift[];
  addonOffers: QuoteAddonOffer[];
  hints: QuoteHint[];
  coupon: QuoteCoupon | null;
  freeShipping: boolean;
  uses: EngineUse[];
  pointsMax: number;
}
