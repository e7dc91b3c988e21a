import type { AdminPromotion, CouponMode, PromotionInput, PromotionKind, PromotionScope } from '../../common/api/promotions';
import { parsePromotionTime, promotionStatus, promotionTimeText } from '../../common/validation/promotion-rules';
import type { Promotion } from './entities/promotion.entity';

/** What the list and the form show beside a promotion's own fields. */
export interface PromotionCounts {
  /** promotion_uses not released (orders not cancelled). */
  orders: number;
  codes_total: number;
  codes_used: number;
}

export const NO_COUNTS: PromotionCounts = { orders: 0, codes_total: 0, codes_used: 0 };

/** The columns a normalised form (normalizePromotion) writes; used_count, created_at are the database's. */
export function promotionColumns(input: PromotionInput): Partial<Promotion> {
  return {
    name: input.name,
    description: input.description,
    kind: input.kind,
    starts_at: parsePromotionTime(input.starts_at) ?? null,
    ends_at: parsePromotionTime(input.ends_at) ?? null,
    is_active: input.is_active,
    stackable: input.stackable,
    priority: input.priority,
    member_only: input.member_only,
    first_order_only: input.first_order_only,
    tier_ids: input.tier_ids,
    scope: input.scope,
    product_ids: input.product_ids,
    category_ids: input.category_ids,
    exclude_product_ids: input.exclude_product_ids,
    min_subtotal: input.min_subtotal,
    min_quantity: input.min_quantity,
    tiers: input.tiers,
    percent: input.percent,
    max_discount: input.max_discount,
    bundle_quantity: input.bundle_quantity,
    bundle_price: input.bundle_price,
    gift_variant_id: input.gift_variant_id,
    gift_stock: input.gift_stock ?? 0,
    addon_items: input.addon_items,
    coupon_mode: input.coupon_mode,
    shared_code: input.shared_code,
    usage_limit: input.usage_limit,
    per_member_limit: input.per_member_limit,
  };
}

const flag = (v: unknown): 0 | 1 => (Number(v) === 1 ? 1 : 0);
const int = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const list = <T>(v: T[] | null | undefined): T[] => (Array.isArray(v) ? v : []);
const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : '');

/** The stored promotion as staff edit it (times with the Taipei offset). */
export function promotionInputOf(p: Promotion): PromotionInput {
  return {
    name: p.name,
    description: p.description,
    kind: p.kind as PromotionKind,
    starts_at: promotionTimeText(p.starts_at),
    ends_at: promotionTimeText(p.ends_at),
    is_active: flag(p.is_active),
    stackable: flag(p.stackable),
    priority: Number(p.priority),
    member_only: flag(p.member_only),
    first_order_only: flag(p.first_order_only),
    tier_ids: list(p.tier_ids),
    scope: p.scope as PromotionScope,
    product_ids: list(p.product_ids),
    category_ids: list(p.category_ids),
    exclude_product_ids: list(p.exclude_product_ids),
    min_subtotal: int(p.min_subtotal),
    min_quantity: int(p.min_quantity),
    tiers: list(p.tiers),
    percent: int(p.percent),
    max_discount: int(p.max_discount),
    bundle_quantity: int(p.bundle_quantity),
    bundle_price: int(p.bundle_price),
    gift_variant_id: int(p.gift_variant_id),
    gift_stock: p.kind === 'gift' ? Number(p.gift_stock) : null,
    addon_items: list(p.addon_items),
    coupon_mode: p.coupon_mode as CouponMode,
    shared_code: p.shared_code,
    usage_limit: int(p.usage_limit),
    per_member_limit: int(p.per_member_limit),
  };
}

/** A row of the admin list and the form's promotion. */
export function toAdminPromotion(p: Promotion, counts: PromotionCounts, now: Date): AdminPromotion {
  return {
    id: p.id,
    ...promotionInputOf(p),
    used_count: Number(p.used_count),
    status: promotionStatus({ is_active: Number(p.is_active), starts_at: p.starts_at, ends_at: p.ends_at }, now),
    ...counts,
    created_at: iso(p.created_at),
    updated_at: iso(p.updated_at),
  };
}
