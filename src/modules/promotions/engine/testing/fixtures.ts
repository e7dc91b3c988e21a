import type { EngineCustomer, EngineInput, EngineLine, EnginePromotion, EngineVariant } from '../engine-types';

/** Builders for the engine's tests: a promotion, a line, a variant, a customer and an input with defaults. */

export const NOW = new Date('2026-12-10T12:00:00+08:00');

export function promo(over: Partial<EnginePromotion> & { id: number; kind: EnginePromotion['kind'] }): EnginePromotion {
  return {
    name: `活動${over.id}`,
    description: '',
    startsAt: null,
    endsAt: null,
    isActive: true,
    stackable: false,
    priority: 0,
    memberOnly: false,
    firstOrderOnly: false,
    tierIds: [],
    scope: 'all',
    productIds: [],
    categoryIds: [],
    excludeProductIds: [],
    minSubtotal: null,
    minQuantity: null,
    tiers: [],
    percent: null,
    maxDiscount: null,
    bundleQuantity: null,
    bundlePrice: null,
    gift: null,
    giftStock: 0,
    addonItems: [],
    couponMode: 'none',
    usageLimit: null,
    usedCount: 0,
    perMemberLimit: null,
    ...over,
  };
}

export function line(productId: number, unitPrice: number, quantity = 1, over: Partial<EngineLine> = {}): EngineLine {
  return { productId, variantId: productId * 10, categoryId: null, title: `商品${productId}`, variantName: '預設', imageUrl: `/img/${productId}.jpg`, unitPrice, quantity, ...over };
}

export function variant(variantId: number, over: Partial<EngineVariant> = {}): EngineVariant {
  return { productId: Math.floor(variantId / 10), variantId, title: `贈品${variantId}`, variantName: '小', imageUrl: `/img/v${variantId}.jpg`, price: 300, stock: 10, ...over };
}

export const visitor: EngineCustomer = { userId: null, isFirstOrder: true, tierId: null, usesByPromotion: new Map() };

export function member(over: Partial<EngineCustomer> = {}): EngineCustomer {
  return { userId: 7, isFirstOrder: false, tierId: null, usesByPromotion: new Map(), ...over };
}

/** Shipping NT$ 60, free from NT$ 99,999 (out of the way unless a test sets it). */
export const NO_FREE_SHIPPING = { shipping_cost: 60, free_shipping_threshold: 99_999 };

export function input(over: Partial<EngineInput> = {}): EngineInput {
  return {
    lines: [],
    promotions: [],
    now: NOW,
    customer: member(),
    coupon: null,
    addons: [],
    shipping: NO_FREE_SHIPPING,
    points: 0,
    pointsBalance: 0,
    pointsMaxPercent: 30,
    ...over,
  };
}

export function code(promotionId: number | null, c = 'WELCOME100', over: Partial<NonNullable<EngineInput['coupon']>> = {}): NonNullable<EngineInput['coupon']> {
  return { code: c, promotionId, codeId: null, codeUsed: false, ...over };
}
