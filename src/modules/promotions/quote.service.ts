import { HttpStatus, Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { OnEvent } from '@nestjs/event-emitter';
import { createHash } from 'node:crypto';
import type { QuoteAnswer } from '../../common/api/promotions';
import { ReadCache } from '../../common/cache/read-cache.service';
import { AppError } from '../../common/errors/app-error';
import { ok } from '../../common/http/envelope';
import { MemberOrderFacts } from '../../common/orders/member-order-facts';
import { CHECKOUT_MSG, type ShippingFeeRule } from '../../common/validation/checkout-rules';
import { CatalogService, type PurchasableProduct } from '../catalog/catalog.service';
import { PointsService, type MemberQuoteFacts } from '../rewards/points.service';
import { SettingsService, type ShopMethods } from '../settings/settings.service';
import { cartLinesOf, type CartItemInput, type CartLine } from './cart-lines';
import type { EngineCoupon, EngineCustomer, EngineLine, EnginePromotion, EngineResult } from './engine/engine-types';
import { quoteCart } from './engine/quote-cart';
import { PromotionsCatalog } from './promotions-catalog.service';
import { typedCodeOf } from './quote-fields';
import { REWARDS_MSG, tierDiscountLabel } from '../rewards/rewards-rules';

/** ReadCache prefix of the quotes (`quote:<member id or 0>:<hash of the request>`). */
export const QUOTE_CACHE = 'quote:';
/** A quote is about now (stock, a code's uses): kept this long at most. */
export const QUOTE_CACHE_SECONDS = 3;
/** The quote page's own reads (products, a code's lookup, limited counters, a member's facts): kept this long at most. */
export const READS_CACHE_SECONDS = 3;
/** ReadCache prefixes of those reads (under QUOTE_CACHE: a change of promotions, settings or catalogue drops them all). */
const READS = { products: `${QUOTE_CACHE}p:`, code: `${QUOTE_CACHE}code:`, counters: `${QUOTE_CACHE}counters:` } as const;

/** A cart request as the quote and submitOrder read it (spec 4 §7). */
export interface QuoteInput {
  cartItems: readonly CartItemInput[];
  shipping?: number;
  couponCode?: string;
  couponCodes?: string[];
  usePoints?: number;
  addons?: readonly { promotion_id: number; variant_id: number; quantity: number }[];
}

/** What the caller already read (checkout reads products and methods with the profile, at once). */
export interface QuoteLoaded {
  products?: readonly PurchasableProduct[];
  methods?: ShopMethods;
}

/** The cart priced: the bought lines as stored now, the engine's result, the code typed. */
export interface PricedQuote {
  lines: CartLine[];
  result: EngineResult;
  /** The code typed (upper-case), null when none. */
  code: string | null;
  shipping: ShippingFeeRule & { id: number };
  /** The member's available points now (0 for visitors; issue 21). */
  pointsBalance: number;
  /** floor(the tier's earn_rate % × the goods after discounts and points). */
  pointsToEarn: number;
}

/**
 * The one server quote (spec 4 §4): the cart page, the checkout page and submitOrder all price
 * with `price`, so the shopper pays exactly what was shown. It reads the lines as stored now (the
 * same refusals as checkout: cart-lines.ts), the live promotions, the member's facts (first order,
 * uses per promotion) and the typed code, then calls the pure engine (engine/quote-cart.ts).
 * `POST /api/cart/quote` answers through a per-member cache of a few seconds.
 */
@Injectable()
export class QuoteService {
  private facts?: MemberOrderFacts;

  constructor(
    private readonly catalog: CatalogService,
    private readonly settings: SettingsService,
    private readonly promotions: PromotionsCatalog,
    private readonly cache: ReadCache,
    private readonly moduleRef: ModuleRef,
    private readonly points: PointsService,
  ) {}

  /**
   * `POST /api/cart/quote`: visitors (userId null) and members. A refused code is not an error
   * (the answer says why under `coupon`); two codes are (400 一筆訂單限用一組折扣碼). Cached per
   * member (or visitors together) and request for QUOTE_CACHE_SECONDS: never another member's.
   */
  async quote(userId: number | null, input: QuoteInput): Promise<QuoteAnswer> {
    const code = typedCodeOf(input);
    const key = `${QUOTE_CACHE}${userId ?? 0}:${requestHash(input, code)}`;
    return this.cache.getOrLoad(key, async () => answerOf(await this.price(userId, input, {}, { cached: true })), QUOTE_CACHE_SECONDS);
  }

  /**
   * The cart priced: the quote's and submitOrder's one path. Throws the cart's refusals.
   * `cached` (the quote page only): the products, the code's lookup, the limited counters and the
   * member's facts may come from caches of a few seconds (READS_CACHE_SECONDS), dropped when staff
   * change them, when an order is made or cancelled, and when this member submits.
   * `cachedLimits` (submitOrder's first try): only the code's lookup and the counters may; prices,
   * stock and the member's facts are read as stored now. The order's conditional UPDATEs decide
   * the limits either way.
   */
  async price(userId: number | null, input: QuoteInput, loaded: QuoteLoaded = {}, opts: { cached?: boolean; cachedLimits?: boolean } = {}): Promise<PricedQuote> {
    const cached = opts.cached === true;
    const cachedLimits = cached || opts.cachedLimits === true;
    const code = typedCodeOf(input);
    const items = input.cartItems;
    const typed = code ? (cachedLimits ? this.cache.getOrLoad(`${READS.code}${code}`, () => this.promotions.findCode(code), READS_CACHE_SECONDS) : this.promotions.findCode(code)) : Promise.resolve(null);
    const productIds = items.map((i) => i.product_id);
    const candidates = this.promotionsFor(typed, cachedLimits);
    const [products, methods, promotions, customer, coupon, member] = await Promise.all([
      loaded.products ?? (cached ? this.cachedProducts(productIds) : this.catalog.purchasable(productIds)),
      loaded.methods ?? this.settings.allMethods(),
      candidates,
      candidates.then((list) => this.customerOf(userId, list, cached)),
      typed,
      this.points.quoteFacts(userId),
    ]);
    const lines = cartLinesOf(items, products);
    const shipping = shippingOf(methods, input.shipping);
    const engineLines: EngineLine[] = lines.map((l) => ({
      productId: l.product.product_id,
      variantId: l.variant.variant_id,
      categoryId: l.product.product_type ?? null,
      title: l.product.title,
      variantName: l.variant.variant_name,
      imageUrl: l.product.image_url,
      unitPrice: l.variant.discount_price,
      quantity: l.quantity,
    }));
    const tier = member.tier;
    const result = quoteCart({
      lines: engineLines,
      promotions,
      now: new Date(),
      customer: { ...customer, tierId: tier?.id ?? null },
      coupon,
      addons: (input.addons ?? []).map((a) => ({ promotionId: a.promotion_id, variantId: a.variant_id, quantity: a.quantity })),
      shipping,
      // Visitors have no points: what they ask for is not used (checkout needs a member anyway).
      points: userId === null ? 0 : (input.usePoints ?? 0),
      pointsBalance: member.balance,
      pointsMaxPercent: member.maxPercent,
      tierDiscount: tier && tier.discount_percent > 0 ? { tierId: tier.id, label: tierDiscountLabel(tier.name, tier.discount_percent), percent: tier.discount_percent } : null,
    });
    if (userId !== null) refusePoints(input.usePoints, member, result);
    // Members earn at their tier's rate; visitors earn nothing.
    const goods = result.priced.total - result.priced.shippingFee;
    return { lines, result, code, shipping, pointsBalance: member.balance, pointsToEarn: tier ? Math.floor((tier.earn_rate * goods) / 100) : 0 };
  }

  /**
   * The live promotions, and the typed code's promotion when it is not among them (disabled or
   * ended: the engine says 折扣碼已停用 / 折扣碼已過期).
   */
  private async promotionsFor(typed: Promise<EngineCoupon | null>, cachedReads: boolean): Promise<EnginePromotion[]> {
    const [cached, coupon] = await Promise.all([this.promotions.live(), typed]);
    // The counters of the limited ones as stored now (the cached list may be seconds old), or, for
    // the quote page, as of the last order made or cancelled.
    const limited = cached.filter((p) => p.usageLimit !== null || p.kind === 'gift').map((p) => p.id);
    const counters =
      limited.length === 0
        ? new Map<number, { usedCount: number; giftStock: number }>()
        : cachedReads
          ? new Map(await this.cache.getOrLoad(`${READS.counters}${limited.join(',')}`, async () => [...(await this.promotions.counters(limited))], READS_CACHE_SECONDS))
          : await this.promotions.counters(limited);
    const live = counters.size === 0 ? cached : cached.map((p) => (counters.has(p.id) ? { ...p, ...counters.get(p.id)! } : p));
    const id = coupon?.promotionId ?? null;
    if (id === null || live.some((p) => p.id === id)) return live;
    return [...live, ...(await this.promotions.load([id]))];
  }

  /**
   * Promotions, shipping methods or the catalogue changed: no quote of before is served (a sale's
   * stock is not waited for: the order's own checks decide, and a quote lives 3 seconds).
   */
  @OnEvent('promotions.changed')
  @OnEvent('settings.changed')
  @OnEvent('catalog.changed')
  @OnEvent('product.changed')
  dropQuotes(): Promise<void> {
    return this.cache.invalidate(QUOTE_CACHE);
  }

  /** An order made or cancelled moves counters, codes and stock: the quote page's reads of them go. */
  @OnEvent('order.created')
  @OnEvent('order.cancelled')
  async dropOrderReads(): Promise<void> {
    await Promise.all([this.cache.invalidate(READS.counters), this.cache.invalidate(READS.code), this.cache.invalidate(READS.products)]);
  }

  /** Products as stored, each cached a few seconds for the quote page (prices drop on product.changed). */
  private async cachedProducts(ids: readonly number[]): Promise<PurchasableProduct[]> {
    const unique = [...new Set(ids)].filter((id) => Number.isSafeInteger(id) && id > 0);
    const found = await Promise.all(unique.map((id) => this.cache.getOrLoad(`${READS.products}${id}`, () => this.catalog.purchasable([id]), READS_CACHE_SECONDS)));
    return found.flat();
  }

  /** Drops one member's cached quotes (after a submit: what they showed may have changed). */
  forget(userId: number): Promise<void> {
    return this.cache.invalidate(`${QUOTE_CACHE}${userId}:`);
  }

  /**
   * Who is buying: a visitor, or the member from the session with their first-order fact and uses,
   * each read only when a candidate promotion asks for it (first_order_only, per_member_limit).
   * The quote page keeps them a few seconds per member (dropped when this member submits).
   */
  private async customerOf(userId: number | null, candidates: readonly EnginePromotion[], cached: boolean): Promise<EngineCustomer> {
    if (userId === null) return { userId: null, isFirstOrder: true, tierId: null, usesByPromotion: new Map() };
    const needsFirst = candidates.some((p) => p.firstOrderOnly);
    const needsUses = candidates.some((p) => p.perMemberLimit !== null);
    const read = async () => {
      const [hasOrders, uses] = await Promise.all([
        needsFirst ? this.orderFacts().hasOrders(userId) : Promise.resolve(false),
        needsUses ? this.promotions.usesOf(userId) : Promise.resolve(new Map<number, number>()),
      ]);
      return { hasOrders, uses: [...uses] };
    };
    const facts = cached ? await this.cache.getOrLoad(`${QUOTE_CACHE}${userId}:facts:${Number(needsFirst)}${Number(needsUses)}`, read, READS_CACHE_SECONDS) : await read();
    // The tier is the points service's (price() sets it).
    return { userId, isFirstOrder: !facts.hasOrders, tierId: null, usesByPromotion: new Map(facts.uses) };
  }

  /** The orders module's facts, found at run time (it imports this module: see MemberOrderFacts). */
  private orderFacts(): MemberOrderFacts {
    this.facts ??= this.moduleRef.get(MemberOrderFacts, { strict: false });
    return this.facts;
  }
}

/** The chosen method if it is offered now (else 請選擇配送方式！), or the first one offered. */
function shippingOf(methods: ShopMethods, id: number | undefined): ShippingFeeRule & { id: number } {
  const active = methods.shipping.filter((m) => m.active);
  const method = id === undefined ? active[0] : active.find((m) => m.id === id);
  if (!method) throw new AppError(CHECKOUT_MSG.shippingRequired, HttpStatus.BAD_REQUEST);
  return { id: method.id, shipping_cost: method.shipping_cost, free_shipping_threshold: method.free_shipping_threshold };
}

/** The request as the cache tells quotes apart (line order kept: it is the lines' order). */
function requestHash(input: QuoteInput, code: string | null): string {
  const key = JSON.stringify([
    input.cartItems.map((i) => [i.product_id, i.variant_id, i.quantity]),
    input.shipping ?? null,
    code,
    input.usePoints ?? 0,
    (input.addons ?? []).map((a) => [a.promotion_id, a.variant_id, a.quantity]),
  ]);
  return createHash('sha1').update(key).digest('base64url');
}

/**
 * The points box (spec 4 §5), refused with 400 and the field's message: more than the balance
 * 購物金餘額不足, above the cap 最多可折抵 NT$ {n} (POINTS_MAX_PERCENT of the goods after discounts),
 * not a whole number ≥ 0 請輸入正確的購物金點數 (the DTO refuses it first).
 */
function refusePoints(asked: number | undefined, member: MemberQuoteFacts, result: EngineResult): void {
  if (asked === undefined || asked === 0) return;
  const refuse = (message: string) => new AppError(message, HttpStatus.BAD_REQUEST, { errors: [{ field: 'usePoints', message }] });
  if (!Number.isSafeInteger(asked) || asked < 0) throw refuse(REWARDS_MSG.pointsInvalid);
  if (asked > member.balance) throw refuse(REWARDS_MSG.balanceShort);
  const cap = Math.floor((result.priced.goods * Math.max(0, member.maxPercent)) / 100);
  if (asked > cap) throw refuse(REWARDS_MSG.pointsCap(cap));
}

/** The answer of `POST /api/cart/quote` (src/common/api/promotions.ts QuoteAnswer). */
export function answerOf({ result, pointsBalance, pointsToEarn }: PricedQuote): QuoteAnswer {
  const { priced } = result;
  return ok({
    lines: result.lines,
    adjustments: result.adjustments.map(({ sourceId: _sourceId, ...a }) => a),
    gifts: result.gifts,
    addonOffers: result.addonOffers,
    hints: result.hints,
    coupon: result.coupon,
    subtotal: priced.subtotal,
    discountTotal: priced.discountTotal,
    pointsUsed: priced.pointsUsed,
    pointsBalance,
    pointsMax: result.pointsMax,
    shipping_fee: priced.shippingFee,
    freeShipping: result.freeShipping,
    totalAmount: priced.total,
    pointsToEarn,
  });
}
