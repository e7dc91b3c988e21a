import { Inject, Injectable } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { In, IsNull, MoreThan } from 'typeorm';
import type { PublicPromotion } from '../../common/api/promotions';
import { ReadCache } from '../../common/cache/read-cache.service';
import type { DomainEventMap } from '../../common/events/domain-events';
import { Transactions } from '../../common/transactions/transactions';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { COUPON_CODE_PATTERN, normalizeCode, promotionStatus, promotionTimeText } from '../../common/validation/promotion-rules';
import { VariantLookup, type VariantRef } from '../catalog/variant-lookup.service';
import { promotionBadge } from './badge';
import type { EngineCoupon, EnginePromotion, EngineVariant } from './engine/engine-types';
import { CouponCode } from './entities/coupon-code.entity';
import { PromotionMemberUse } from './entities/promotion-member-use.entity';
import { Promotion, type CouponMode, type PromotionKind, type PromotionScope } from './entities/promotion.entity';

/** How long the live promotions are kept in process (an admin write drops them at once); CATALOG_CACHE_SECONDS=0 turns it off too. */
export const PROMOTIONS_CACHE_SECONDS = 5;
/** ReadCache keys (everything under `promotions:`). */
export const PROMOTIONS_CACHE = { root: 'promotions:', live: 'promotions:live' } as const;

/**
 * The promotions as the quote reads them (issue 20). The quote service and checkout (helper C) call:
 *
 * - `live(): Promise<EnginePromotion[]>` — every promotion with is_active 1 that has not ended
 *   (upcoming ones included: the engine judges the window with its own `now`), with its gift and
 *   add-on variants as stored now. Cached PROMOTIONS_CACHE_SECONDS in process; dropped at once
 *   (here and, through ReadCache's Redis broadcast, in every process) when staff change a promotion
 *   (`promotions.changed`), when a gift / add-on product changes (`product.changed`) and on
 *   `catalog.changed`. The objects are shared between callers: never mutate them. used_count and
 *   gift_stock may be a few seconds old: the conditional UPDATEs in the order's transaction decide.
 * - `load(ids): Promise<EnginePromotion[]>` — these promotions whatever their state, uncached: a
 *   typed code's promotion that is disabled or ended (so the engine can say 折扣碼已停用 / 已過期).
 *   Quote: `promotions = live()` plus `load([coupon.promotionId])` when it is not among them.
 * - `usesOf(userId): Promise<Map<promotionId, used>>` — the member's counted uses
 *   (promotion_member_uses); an empty map for a visitor (null).
 * - `findCode(code): Promise<EngineCoupon>` — a typed code (trimmed, upper-cased) matched against
 *   the shared codes, then the unique codes; an unknown or ill-formed code has promotionId null.
 * - `publicList(now)` — GET /api/load/promotions: running now, no codes (rule 16).
 */
@Injectable()
export class PromotionsCatalog {
  /** Products whose variants the cached promotions hold (gifts, add-ons): their changes drop the cache. */
  private variantProducts = new Set<number>();

  constructor(
    private readonly tx: Transactions,
    private readonly cache: ReadCache,
    private readonly variants: VariantLookup,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  live(): Promise<EnginePromotion[]> {
    return this.cache.getOrLoad(
      PROMOTIONS_CACHE.live,
      async () => {
        const rows = await this.tx.repo(Promotion).find({
          where: [
            { is_active: 1, ends_at: IsNull() },
            { is_active: 1, ends_at: MoreThan(new Date()) },
          ],
          order: { priority: 'DESC', id: 'ASC' },
        });
        const promotions = await this.toEngine(rows);
        for (const p of promotions) {
          if (p.gift) this.variantProducts.add(p.gift.productId);
          for (const a of p.addonItems) this.variantProducts.add(a.productId);
        }
        return promotions;
      },
      Math.min(PROMOTIONS_CACHE_SECONDS, this.config.catalogCacheSeconds),
    );
  }

  /**
   * The limited counters as stored now (used_count, gift_stock) of these promotions, uncached: the
   * quote reads them for the live promotions that have a limit, so a code used up or a gift given
   * out a moment ago is said at once (折扣碼已使用完畢, 贈品已送完), not after the cache's seconds.
   */
  async counters(ids: readonly number[]): Promise<Map<number, { usedCount: number; giftStock: number }>> {
    if (ids.length === 0) return new Map();
    const rows = await this.tx.repo(Promotion).find({ select: { id: true, used_count: true, gift_stock: true }, where: { id: In([...ids]) } });
    return new Map(rows.map((r) => [r.id, { usedCount: r.used_count, giftStock: r.gift_stock }]));
  }

  async load(ids: readonly number[]): Promise<EnginePromotion[]> {
    const wanted = [...new Set(ids)].filter((id) => Number.isSafeInteger(id) && id > 0);
    if (wanted.length === 0) return [];
    return this.toEngine(await this.tx.repo(Promotion).find({ where: { id: In(wanted) }, order: { priority: 'DESC', id: 'ASC' } }));
  }

  async usesOf(userId: number | null): Promise<Map<number, number>> {
    if (userId === null) return new Map();
    const rows = await this.tx.repo(PromotionMemberUse).find({ where: { user_id: userId } });
    return new Map(rows.map((r) => [r.promotion_id, Number(r.used)]));
  }

  async findCode(typed: string): Promise<EngineCoupon> {
    const code = normalizeCode(typed);
    const unknown: EngineCoupon = { code, promotionId: null, codeId: null, codeUsed: false };
    if (!COUPON_CODE_PATTERN.test(code)) return unknown;
    const shared = await this.tx.repo(Promotion).findOne({ where: { shared_code: code }, select: { id: true } });
    if (shared) return { code, promotionId: shared.id, codeId: null, codeUsed: false };
    const row = await this.tx.repo(CouponCode).findOne({ where: { code } });
    if (!row) return unknown;
    return { code, promotionId: row.promotion_id, codeId: row.id, codeUsed: row.used_by_order_id !== null };
  }

  async publicList(now: Date = new Date()): Promise<PublicPromotion[]> {
    return (await this.live())
      .filter((p) => promotionStatus({ is_active: p.isActive ? 1 : 0, starts_at: p.startsAt, ends_at: p.endsAt }, now) === 'running')
      .map((p) => ({
        id: p.id,
        name: p.name,
        description: p.description,
        kind: p.kind,
        badge: promotionBadge({ kind: p.kind, tiers: p.tiers, percent: p.percent, bundle_quantity: p.bundleQuantity, bundle_price: p.bundlePrice }),
        starts_at: promotionTimeText(p.startsAt),
        ends_at: promotionTimeText(p.endsAt),
        scope: p.scope,
        product_ids: p.productIds,
        category_ids: p.categoryIds,
        exclude_product_ids: p.excludeProductIds,
        needs_code: p.couponMode !== 'none',
      }));
  }

  /** Drops the cached promotions here and in every other process. */
  invalidate(): Promise<void> {
    return this.cache.invalidate(PROMOTIONS_CACHE.root);
  }

  @OnEvent('promotions.changed')
  promotionsChanged(): Promise<void> {
    return this.invalidate();
  }

  /** A gift or add-on product edited, sold or restocked: what the quote shows of it (stock, price) follows. */
  @OnEvent('product.changed')
  async productChanged({ productIds }: DomainEventMap['product.changed']): Promise<void> {
    if (productIds.some((id) => this.variantProducts.has(id))) await this.invalidate();
  }

  @OnEvent('catalog.changed')
  catalogChanged(): Promise<void> {
    return this.invalidate();
  }

  private async toEngine(rows: Promotion[]): Promise<EnginePromotion[]> {
    const variantIds = rows.flatMap((p) => [...(p.gift_variant_id ? [p.gift_variant_id] : []), ...(p.addon_items ?? []).map((a) => a.variant_id)]);
    const found = new Map((await this.variants.byIds(variantIds)).map((v) => [v.variant_id, v]));
    return rows.map((p) => toEnginePromotion(p, found));
  }
}

/** A variant as the engine reads it: stock 0 unless its product is listed and the variant switched on. */
export function toEngineVariant(v: VariantRef): EngineVariant {
  return {
    productId: v.product_id,
    variantId: v.variant_id,
    title: v.title,
    variantName: v.variant_name,
    imageUrl: v.image_url,
    price: v.discount_price,
    stock: v.listed && v.active ? v.stock : 0,
  };
}

const list = <T>(v: T[] | null | undefined): T[] => (Array.isArray(v) ? v : []);
const int = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** The entity as the engine reads it (lists never null); variants missing from `variants` are left out. */
export function toEnginePromotion(p: Promotion, variants: ReadonlyMap<number, VariantRef>): EnginePromotion {
  const gift = p.gift_variant_id ? variants.get(p.gift_variant_id) : undefined;
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    kind: p.kind as PromotionKind,
    startsAt: p.starts_at ? new Date(p.starts_at) : null,
    endsAt: p.ends_at ? new Date(p.ends_at) : null,
    isActive: Number(p.is_active) === 1,
    stackable: Number(p.stackable) === 1,
    priority: Number(p.priority),
    memberOnly: Number(p.member_only) === 1,
    firstOrderOnly: Number(p.first_order_only) === 1,
    tierIds: list(p.tier_ids),
    scope: p.scope as PromotionScope,
    productIds: list(p.product_ids),
    categoryIds: list(p.category_ids),
    excludeProductIds: list(p.exclude_product_ids),
    minSubtotal: int(p.min_subtotal),
    minQuantity: int(p.min_quantity),
    tiers: list(p.tiers),
    percent: int(p.percent),
    maxDiscount: int(p.max_discount),
    bundleQuantity: int(p.bundle_quantity),
    bundlePrice: int(p.bundle_price),
    gift: gift ? toEngineVariant(gift) : null,
    giftStock: Number(p.gift_stock),
    addonItems: list(p.addon_items).flatMap((a) => {
      const v = variants.get(a.variant_id);
      return v ? [{ ...toEngineVariant(v), addonPrice: a.addon_price, maxPerOrder: a.max_per_order }] : [];
    }),
    couponMode: p.coupon_mode as CouponMode,
    usageLimit: int(p.usage_limit),
    usedCount: Number(p.used_count),
    perMemberLimit: int(p.per_member_limit),
  };
}
