import { clampQuantity, quantityLimit } from '../../../shared/lib/quantity';
import type { CartItem } from '../cart/cartSlice';
import type { Variant } from './catalogTypes';

/** What the popup and the product page need of a product to sell it. */
export interface SellableProduct {
  product_id: number;
  title: string;
  description: string;
  image_url: string;
  price: number;
  discount_price: number;
  highest_price: number;
  highest_discount: number;
  stock: number;
  Variants: Variant[];
}

export const CHOOSE_VARIANT_MESSAGE = '請先選擇規格！';
export const SOLD_OUT_LABEL = '已售完';

/** Exactly one variant is chosen for the shopper; with several they must pick (spec 1 §4). */
export function preselectVariant(variants: readonly Variant[]): number | null {
  return variants.length === 1 ? variants[0].variant_id : null;
}

export function findVariant(p: SellableProduct, variantId: number | null): Variant | undefined {
  return variantId == null ? undefined : p.Variants.find((v) => v.variant_id === variantId);
}

/** Sold out: the product has no stock, none of its variants has any, or the chosen variant has none. */
export function isSoldOut(p: SellableProduct, variantId: number | null): boolean {
  if (p.stock <= 0) return true;
  if (p.Variants.length > 0 && p.Variants.every((v) => v.stock <= 0)) return true;
  const v = findVariant(p, variantId);
  return v ? v.stock <= 0 : false;
}

/**
 * The stock that caps the quantity: the chosen variant's (the product's own without variants);
 * undefined while a variant is still to be chosen.
 */
export function chosenStock(p: SellableProduct, variantId: number | null): number | undefined {
  if (p.Variants.length === 0) return p.stock;
  return findVariant(p, variantId)?.stock;
}

/**
 * The stock the quantity stepper shows and caps at: 0 when sold out (it says 已售完, never 最多可選 99 件);
 * the chosen variant's; the product's own without variants; before a variant is chosen, the most any
 * variant has (no variant could take more).
 */
export function stepperStock(p: SellableProduct, variantId: number | null): number {
  if (isSoldOut(p, variantId)) return 0;
  const chosen = chosenStock(p, variantId);
  if (chosen !== undefined) return Math.max(0, chosen);
  return Math.max(0, ...p.Variants.map((v) => v.stock));
}

/** Price shown: the chosen variant's, else the product's range. */
export function shownPrice(p: SellableProduct, variantId: number | null) {
  const v = findVariant(p, variantId);
  if (v) return { low: v.discount_price, high: v.discount_price, originalLow: v.original_price, originalHigh: v.original_price };
  return { low: p.discount_price, high: p.highest_discount, originalLow: p.price, originalHigh: p.highest_price };
}

export type PurchaseCheck = { ok: true; item: CartItem } | { ok: false; reason: 'chooseVariant' | 'soldOut' };

/** Turns a choice into a cart line, or says why it cannot be added. */
export function preparePurchase(p: SellableProduct, variantId: number | null, quantity: number): PurchaseCheck {
  const v = findVariant(p, variantId);
  if (p.Variants.length > 0 && !v) return { ok: false, reason: 'chooseVariant' };
  if (isSoldOut(p, variantId)) return { ok: false, reason: 'soldOut' };
  const stock = chosenStock(p, variantId);
  return {
    ok: true,
    item: {
      product_id: p.product_id,
      variant_id: v?.variant_id ?? 0,
      variant_name: v?.variant_name ?? '',
      title: p.title,
      description: p.description,
      image_url: p.image_url,
      discount_price: v?.discount_price ?? p.discount_price,
      quantity: clampQuantity(quantity, quantityLimit(stock)),
      stock,
    },
  };
}
