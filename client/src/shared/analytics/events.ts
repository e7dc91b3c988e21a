import type { PurchaseEvent } from '@api/analytics';
import type { QuoteAnswer } from '@api/promotions';

/**
 * The standard e-commerce events (GA4 names; Meta Pixel's are mapped in analytics.ts), built from
 * what the shop already has: the product, a cart line, the quote, the server's purchase event.
 * Pure: unit-tested. Money in integer NT$, currency TWD.
 */
export interface EventItem {
  item_id: string;
  item_name: string;
  item_variant?: string;
  price: number;
  quantity: number;
  discount?: number;
  coupon?: string;
  promotion_id?: string;
  promotion_name?: string;
}

export type CommerceEventName = 'view_item' | 'add_to_cart' | 'begin_checkout' | 'add_payment_info' | 'purchase';

export interface CommerceEvent {
  name: CommerceEventName;
  params: {
    currency: 'TWD';
    value: number;
    items: EventItem[];
    coupon?: string;
    promotion_id?: string;
    promotion_name?: string;
    payment_type?: string;
    transaction_id?: string;
    shipping?: number;
  };
}

/** A product as the product page and the purchase panel know it. */
export interface ProductLike {
  product_id: number;
  title: string;
  discount_price: number;
  type_name?: string;
}

/** A cart line (or what is being added). */
export interface LineLike {
  product_id: number;
  variant_id?: number;
  variant_name?: string;
  title: string;
  discount_price: number;
  quantity: number;
}

/** The item id: the product, and its variant when it has one (`12` or `12-3`). */
export const itemId = (productId: number, variantId?: number): string => (variantId ? `${productId}-${variantId}` : String(productId));

const lineItem = (l: LineLike): EventItem => ({
  item_id: itemId(l.product_id, l.variant_id),
  item_name: l.title,
  ...(l.variant_name ? { item_variant: l.variant_name } : {}),
  price: l.discount_price,
  quantity: l.quantity,
});

export function viewItemEvent(p: ProductLike, variant?: { variant_id: number; variant_name: string; discount_price: number }): CommerceEvent {
  const price = variant?.discount_price ?? p.discount_price;
  return {
    name: 'view_item',
    params: {
      currency: 'TWD',
      value: price,
      items: [{ item_id: itemId(p.product_id, variant?.variant_id), item_name: p.title, ...(variant?.variant_name ? { item_variant: variant.variant_name } : {}), price, quantity: 1 }],
    },
  };
}

export function addToCartEvent(line: LineLike): CommerceEvent {
  return { name: 'add_to_cart', params: { currency: 'TWD', value: line.discount_price * line.quantity, items: [lineItem(line)] } };
}

/** The coupon and the first promotion that changed the price, from the quote. */
function promotionFields(quote: Pick<QuoteAnswer, 'coupon' | 'adjustments'> | undefined): Pick<CommerceEvent['params'], 'coupon' | 'promotion_id' | 'promotion_name'> {
  if (!quote) return {};
  const coupon = quote.coupon?.applied ? quote.coupon.code : undefined;
  const promo = quote.adjustments.find((a) => a.kind === 'promotion' && a.promotion_id !== undefined);
  return {
    ...(coupon ? { coupon } : {}),
    ...(promo ? { promotion_id: String(promo.promotion_id), promotion_name: promo.label } : {}),
  };
}

/** Items and value from the quote (discounts per line; gifts at 0), else from the cart lines. */
function checkoutParams(lines: readonly LineLike[], quote: QuoteAnswer | undefined): CommerceEvent['params'] {
  const promo = promotionFields(quote);
  if (quote?.success && quote.lines.length) {
    return {
      currency: 'TWD',
      value: quote.totalAmount,
      items: quote.lines.map((l) => ({
        item_id: itemId(l.product_id, l.variant_id),
        item_name: l.title,
        ...(l.variant_name ? { item_variant: l.variant_name } : {}),
        price: l.unit_price,
        quantity: l.quantity,
        // GA4: the discount per unit.
        ...(l.discount ? { discount: Math.round((l.discount / Math.max(1, l.quantity)) * 100) / 100 } : {}),
        ...(promo.coupon ? { coupon: promo.coupon } : {}),
      })),
      ...promo,
    };
  }
  return { currency: 'TWD', value: lines.reduce((s, l) => s + l.discount_price * l.quantity, 0), items: lines.map(lineItem), ...promo };
}

export function beginCheckoutEvent(lines: readonly LineLike[], quote?: QuoteAnswer): CommerceEvent {
  return { name: 'begin_checkout', params: checkoutParams(lines, quote) };
}

export function addPaymentInfoEvent(lines: readonly LineLike[], quote: QuoteAnswer | undefined, paymentType: string): CommerceEvent {
  return { name: 'add_payment_info', params: { ...checkoutParams(lines, quote), payment_type: paymentType } };
}

/** The server's purchase event (`POST /api/member/orders/:no/purchase-event`), as sent. */
export function purchaseEvent(e: PurchaseEvent): CommerceEvent {
  return {
    name: 'purchase',
    params: {
      currency: 'TWD',
      value: e.value,
      transaction_id: e.transaction_id,
      shipping: e.shipping,
      ...(e.coupon ? { coupon: e.coupon } : {}),
      items: e.items.map((i) => ({
        item_id: String(i.item_id),
        item_name: i.item_name,
        ...(i.item_variant ? { item_variant: i.item_variant } : {}),
        price: i.price,
        quantity: i.quantity,
        ...(i.discount ? { discount: i.discount } : {}),
      })),
    },
  };
}

const META_NAME: Record<CommerceEventName, string> = {
  view_item: 'ViewContent',
  add_to_cart: 'AddToCart',
  begin_checkout: 'InitiateCheckout',
  add_payment_info: 'AddPaymentInfo',
  purchase: 'Purchase',
};

/** The same event as Meta Pixel's standard event and parameters. */
export function toMetaPixel(e: CommerceEvent): { name: string; params: Record<string, unknown> } {
  return {
    name: META_NAME[e.name],
    params: {
      currency: e.params.currency,
      value: e.params.value,
      content_type: 'product',
      content_ids: e.params.items.map((i) => i.item_id),
      contents: e.params.items.map((i) => ({ id: i.item_id, quantity: i.quantity, item_price: i.price })),
      num_items: e.params.items.reduce((n, i) => n + i.quantity, 0),
      ...(e.params.transaction_id ? { order_id: e.params.transaction_id } : {}),
    },
  };
}
