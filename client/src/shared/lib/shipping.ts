/** Shipping fee rule (spec 1 §2 cart): a method's fee is waived when the subtotal reaches its free threshold. */
export interface ShippingRule {
  shipping_cost: number;
  free_shipping_threshold: number;
}

/** A threshold of 0 (or less) means the method has no free-shipping offer. */
export function hasFreeThreshold(m: ShippingRule): boolean {
  return m.free_shipping_threshold > 0;
}

export function shippingFee(m: ShippingRule, subtotal: number): number {
  if (subtotal <= 0) return 0;
  return hasFreeThreshold(m) && subtotal >= m.free_shipping_threshold ? 0 : Math.max(0, m.shipping_cost);
}

/** How much more to spend for free shipping; 0 when already free or no offer. */
export function amountToFreeShipping(m: ShippingRule, subtotal: number): number {
  if (!hasFreeThreshold(m)) return 0;
  return Math.max(0, m.free_shipping_threshold - subtotal);
}
