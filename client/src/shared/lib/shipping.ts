/**
 * Shipping fee rules (spec 1 §2 cart, spec 2 §9): the server's own file (`@rules/checkout-rules`),
 * so the cart, the checkout and submitOrder charge the same fee. The fee is waived when the
 * subtotal reaches the method's free threshold; a threshold of 0 means always free (issue 10).
 */
import { amountToFreeShipping, shippingFeeFor, type ShippingFeeRule } from '@rules/checkout-rules';

export { amountToFreeShipping, shippingFeeFor };
export type ShippingRule = ShippingFeeRule;

/** The fee of `m` for this subtotal (same as `shippingFeeFor`). */
export const shippingFee = shippingFeeFor;

/** Whether the method has a free-shipping offer worth describing ("滿 NT$ 1,000 免運"): a positive threshold. */
export function hasFreeThreshold(m: ShippingRule): boolean {
  return m.free_shipping_threshold > 0;
}
