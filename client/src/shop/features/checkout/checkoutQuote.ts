import type { QuoteAddonRequest, QuoteAnswer } from '@api/promotions';
import { PAYMENT_CODES, codAllowedFor, paymentAllowed } from '@rules/checkout-rules';

/**
 * What submitOrder adds from the quote (spec 4 §7): the code only when the quote applied it (a refused
 * code stays in the box, the order goes without it, as shown), the add-ons as the quote priced them,
 * and the points it used.
 */
export function promotionFields(quote: Pick<QuoteAnswer, 'coupon' | 'addonOffers'> & Partial<Pick<QuoteAnswer, 'pointsUsed'>>): {
  couponCode?: string;
  addons?: QuoteAddonRequest[];
  usePoints?: number;
} {
  const out: { couponCode?: string; addons?: QuoteAddonRequest[]; usePoints?: number } = {};
  if (quote.coupon?.applied && quote.coupon.code) out.couponCode = quote.coupon.code;
  // The points the quote used (issue 21): the order spends exactly what the summary showed.
  if (quote.pointsUsed && quote.pointsUsed > 0) out.usePoints = quote.pointsUsed;
  const addons = quote.addonOffers.filter((o) => o.quantity > 0).map((o) => ({ promotion_id: o.promotion_id, variant_id: o.variant_id, quantity: o.quantity }));
  if (addons.length > 0) out.addons = addons;
  return out;
}

/**
 * Whether a payment method is offered: by the shipping, and by the amount once a quote has said it
 * (before the first quote only the shipping rule hides a method, so the list does not flicker).
 */
export function paymentOffered(payment: string, shipping: number, total: number | undefined): boolean {
  if (total !== undefined) return paymentAllowed(payment, shipping, total);
  if (!(PAYMENT_CODES as readonly string[]).includes(payment)) return false;
  return payment !== 'cod' || codAllowedFor(shipping);
}
