import { HttpStatus } from '@nestjs/common';
import { AppError, NotFoundError } from '../../common/errors/app-error';
import { CHECKOUT_MSG } from '../../common/validation/checkout-rules';
import { PRODUCT_NOT_FOUND, type PurchasableProduct } from '../catalog/catalog.service';
import { INVALID_QUANTITY, MAX_LINE_QUANTITY, OutOfStockError, VariantUnavailableError } from '../catalog/stock.service';

/** Spec 2 §5 "variant required when there are several". */
export const VARIANT_REQUIRED = '請先選擇規格！';

/** A cart line as sent (the quote's and submitOrder's `cartItems`). */
export interface CartItemInput {
  product_id: number;
  variant_id: number;
  quantity: number;
}

/** A cart line as charged: its product and variant as stored now. */
export interface CartLine {
  product: PurchasableProduct;
  variant: PurchasableProduct['variants'][number];
  quantity: number;
}

/**
 * The cart lines with their products and variants as stored now, the one check the quote and
 * submitOrder both make (so both refuse a cart the same way); refusals name the item. The same
 * variant on two lines is one line (1–99 in all); a product without variants has no price and
 * no stock; a delisted product or switched-off variant is refused; stock must cover the line.
 */
export function cartLinesOf(items: readonly CartItemInput[], found: readonly PurchasableProduct[]): CartLine[] {
  if (items.length === 0) throw new AppError(CHECKOUT_MSG.cartEmpty, HttpStatus.BAD_REQUEST);
  const products = new Map(found.map((p) => [p.product_id, p]));
  const byVariant = new Map<number, CartLine>();
  for (const item of items) {
    const product = products.get(item.product_id);
    if (!product) throw new NotFoundError(PRODUCT_NOT_FOUND, { product_id: item.product_id });
    if (!item.variant_id) {
      // A product without variants has no price and no stock (spec 1 §3: variant_id 0 or empty).
      if (product.variants.some((v) => v.active)) throw new AppError(VARIANT_REQUIRED, HttpStatus.BAD_REQUEST, { product_id: product.product_id });
      throw new OutOfStockError(product.title, 0, product.product_id, 0);
    }
    const variant = product.variants.find((v) => v.variant_id === item.variant_id);
    if (!variant) throw new NotFoundError(PRODUCT_NOT_FOUND, { product_id: item.product_id, variant_id: item.variant_id });
    const line = byVariant.get(variant.variant_id);
    const quantity = (line?.quantity ?? 0) + item.quantity;
    if (quantity > MAX_LINE_QUANTITY) throw new AppError(INVALID_QUANTITY, HttpStatus.BAD_REQUEST);
    byVariant.set(variant.variant_id, { product, variant, quantity });
  }
  for (const { product, variant, quantity } of byVariant.values()) {
    const name = lineName(product.title, variant.variant_name);
    if (!product.listed || !variant.active) throw new VariantUnavailableError(name, variant.variant_id, product.product_id);
    if (quantity > variant.stock) throw new OutOfStockError(name, variant.variant_id, product.product_id, variant.stock);
  }
  return [...byVariant.values()];
}

/** `商品（規格）` as the shopper reads a line. */
export function lineName(title: string, variantName: string): string {
  return variantName ? `${title}（${variantName}）` : title;
}
