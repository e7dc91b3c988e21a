import type { Envelope } from './envelope';

/**
 * Shapes of the promotion answers (spec 4 §7): the price quote (`POST /api/cart/quote`), the
 * public badges (`GET /api/load/promotions`) and the back-office 行銷活動 (`/api/admin/promotions…`).
 * Server: src/modules/promotions. Money in integer NT$; times ISO 8601 with the Taipei offset.
 */

export type PromotionKind = 'amount_off' | 'percent_off' | 'bundle_price' | 'free_shipping' | 'gift' | 'addon';
export type PromotionScope = 'all' | 'products' | 'categories';
export type CouponMode = 'none' | 'shared' | 'unique';
/** The list's status filter (spec 4 §7): 未開始, 進行中, 已結束, 已停用. */
export type PromotionStatus = 'upcoming' | 'running' | 'ended' | 'disabled';

/** A cart line sent to the quote and to submitOrder. */
export interface QuoteCartItem {
  product_id: number;
  variant_id: number;
  quantity: number;
}

/** A 加價購 the shopper added (variant at its addon price, ≤ max_per_order). */
export interface QuoteAddonRequest {
  promotion_id: number;
  variant_id: number;
  quantity: number;
}

/** `POST /api/cart/quote` body. */
export interface QuoteRequest {
  cartItems: QuoteCartItem[];
  /** The shipping method id (spec 2: 1–4); absent → the first active method. */
  shipping?: number;
  couponCode?: string;
  /** Points to use (issue 21); 0 or absent = none. */
  usePoints?: number;
  addons?: QuoteAddonRequest[];
}

/** A priced line: bought items, then gifts (NT$ 0), then add-ons. */
export interface QuoteLine {
  product_id: number;
  variant_id: number;
  title: string;
  variant_name: string;
  image_url: string;
  quantity: number;
  unit_price: number;
  /** Positive NT$: this line's share of every discount (and points). */
  discount: number;
  /** unit_price × quantity − discount. */
  amount: number;
  line_kind: 'item' | 'gift' | 'addon';
  /** The promotion of a gift or add-on line. */
  promotion_id?: number;
}

/** A discount as the shopper, the order and the e-invoice see it (amount < 0). */
export interface QuoteAdjustment {
  kind: 'promotion' | 'coupon' | 'points' | 'tier' | 'shipping' | 'manual';
  label: string;
  amount: number;
  promotion_id?: number;
}

/** A gift the order gets, or one left out (`available: false`, message 贈品已送完). */
export interface QuoteGift {
  promotion_id: number;
  product_id: number;
  variant_id: number;
  title: string;
  variant_name: string;
  image_url: string;
  quantity: number;
  available: boolean;
  message?: string;
}

/** A 加價購 offer whose condition holds. */
export interface QuoteAddonOffer {
  promotion_id: number;
  promotion_name: string;
  product_id: number;
  variant_id: number;
  title: string;
  variant_name: string;
  image_url: string;
  /** The variant's usual price. */
  price: number;
  addon_price: number;
  max_per_order: number;
  /** How many the shopper added (0 = not yet). */
  quantity: number;
  /** Units in stock (the add button is off at 0). */
  stock: number;
}

/** A promotion not yet reached, and what is missing (還差 NT$ 120 享免運). */
export interface QuoteHint {
  /** null for the shipping method's own free threshold. */
  promotion_id: number | null;
  kind: PromotionKind | 'shipping';
  text: string;
  /** NT$ still missing (0 for quantity hints). */
  missing: number;
  /** Free-shipping progress: the threshold it counts towards (NT$), when it has one. */
  threshold?: number;
}

/** The code box's state: applied, or refused with the spec's message (the quote is then without it). */
export interface QuoteCoupon {
  code: string;
  applied: boolean;
  message?: string;
  promotion_id?: number;
}

export type QuoteAnswer = Envelope<{
  lines: QuoteLine[];
  adjustments: QuoteAdjustment[];
  gifts: QuoteGift[];
  addonOffers: QuoteAddonOffer[];
  hints: QuoteHint[];
  coupon: QuoteCoupon | null;
  subtotal: number;
  discountTotal: number;
  pointsUsed: number;
  /** The member's available points now (0 for visitors; issue 21). */
  pointsBalance: number;
  pointsMax: number;
  shipping_fee: number;
  /** True when a free_shipping promotion (or the method's threshold) made shipping 0. */
  freeShipping: boolean;
  totalAmount: number;
  pointsToEarn: number;
}>;

/** `GET /api/load/promotions`: active, public, no codes. */
export interface PublicPromotion {
  id: number;
  name: string;
  description: string;
  kind: PromotionKind;
  /** Short badge text for cards (e.g. 滿千折百, 9 折, 任選 3 件 NT$999, 免運, 滿額贈, 加價購). */
  badge: string;
  starts_at: string | null;
  ends_at: string | null;
  /** Where it applies: all products, or these product / category ids (minus the exclusions). */
  scope: PromotionScope;
  product_ids: number[];
  category_ids: number[];
  exclude_product_ids: number[];
  /** True when it needs a code (not shown as a badge on products then). */
  needs_code: boolean;
}
export type PublicPromotionsAnswer = Envelope<{ promotions: PublicPromotion[] }>;

export interface PromotionTierInput {
  threshold: number;
  value: number;
}
export interface PromotionAddonItemInput {
  variant_id: number;
  addon_price: number;
  max_per_order: number;
}

/** A promotion as staff edit it (POST/PUT body and the admin list/detail rows). */
export interface PromotionInput {
  name: string;
  description: string;
  kind: PromotionKind;
  starts_at: string | null;
  ends_at: string | null;
  is_active: 0 | 1;
  stackable: 0 | 1;
  priority: number;
  member_only: 0 | 1;
  first_order_only: 0 | 1;
  tier_ids: number[];
  scope: PromotionScope;
  product_ids: number[];
  category_ids: number[];
  exclude_product_ids: number[];
  min_subtotal: number | null;
  min_quantity: number | null;
  tiers: PromotionTierInput[];
  percent: number | null;
  max_discount: number | null;
  bundle_quantity: number | null;
  bundle_price: number | null;
  gift_variant_id: number | null;
  gift_stock: number | null;
  addon_items: PromotionAddonItemInput[];
  coupon_mode: CouponMode;
  shared_code: string | null;
  usage_limit: number | null;
  per_member_limit: number | null;
}

export interface AdminPromotion extends PromotionInput {
  id: number;
  used_count: number;
  status: PromotionStatus;
  /** Orders (not cancelled) that used it: a promotion with orders can't be deleted. */
  orders: number;
  /** Unique codes generated / used (coupon_mode unique). */
  codes_total: number;
  codes_used: number;
  created_at: string;
  updated_at: string;
}

export type AdminPromotionsAnswer = Envelope<{ promotions: AdminPromotion[]; total: number }>;
export type AdminPromotionAnswer = Envelope<{ promotion: AdminPromotion }>;
/** Save: success + id, or 400 with the banner 請檢查表單欄位 and each field's message. */
export type AdminPromotionSaveAnswer = Envelope<{ id?: number; errors?: { field: string; message: string }[] }>;

export interface AdminCouponCode {
  id: number;
  code: string;
  used: boolean;
  order_id: number | null;
  mer_trade_no: string | null;
  used_at: string | null;
}
export type AdminCouponCodesAnswer = Envelope<{ codes: AdminCouponCode[]; total: number }>;
export type AdminGenerateCodesAnswer = Envelope<{ created: number }>;

export interface PromotionReportDay {
  /** YYYY-MM-DD in Taipei time. */
  date: string;
  orders: number;
  discountTotal: number;
  revenue: number;
}
export type PromotionReportAnswer = Envelope<{
  orders: number;
  discountTotal: number;
  /** Paid goods after discounts, less refunds, without shipping. */
  revenue: number;
  codesUsed: number;
  byDay: PromotionReportDay[];
}>;
