import type { VariantView } from './catalog.types';

export interface PriceRange {
  price: number;
  discount_price: number;
  highest_price: number;
  highest_discount: number;
  stock: number;
}

/**
 * Lowest and highest original / discount prices across a product's variants, and
 * its total stock. A product without variants has no price (0) and no stock.
 */
export function priceRange(variants: readonly Pick<VariantView, 'original_price' | 'discount_price' | 'stock'>[]): PriceRange {
  if (variants.length === 0) return { price: 0, discount_price: 0, highest_price: 0, highest_discount: 0, stock: 0 };
  let price = Infinity;
  let discount = Infinity;
  let highPrice = -Infinity;
  let highDiscount = -Infinity;
  let stock = 0;
  for (const v of variants) {
    price = Math.min(price, v.original_price);
    discount = Math.min(discount, v.discount_price);
    highPrice = Math.max(highPrice, v.original_price);
    highDiscount = Math.max(highDiscount, v.discount_price);
    stock += Math.max(0, v.stock);
  }
  return { price, discount_price: discount, highest_price: highPrice, highest_discount: highDiscount, stock };
}
