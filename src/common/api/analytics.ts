import type { Envelope } from './envelope';

/**
 * The analytics purchase event (issue 22 §7), in GA4's e-commerce shape (Meta Pixel's Purchase takes
 * value / currency / contents from it). Server: src/modules/analytics.
 */

export interface PurchaseEventItem {
  /** The product id (as text). */
  item_id: string;
  item_name: string;
  /** The variant's name ('' when none). */
  item_variant: string;
  /** Unit price before discounts (NT$). */
  price: number;
  quantity: number;
  /** GA4 semantics: the discount per unit (the line's discounts ÷ quantity, NT$, may have 2 decimals). */
  discount: number;
}

export interface PurchaseEvent {
  /** The order's MerTradeNo. */
  transaction_id: string;
  /** The order's total (what the shopper pays: goods after discounts and points, plus shipping). */
  value: number;
  currency: 'TWD';
  /** The shipping fee (its own figure; included in value). */
  shipping: number;
  /** The coupon code the shopper entered (else the coupon promotion's name); absent without one. */
  coupon?: string;
  items: PurchaseEventItem[];
}

/**
 * `POST /api/member/orders/{MerTradeNo}/purchase-event` (the member's own order; paid, or cash on
 * delivery once placed): the event the first time it is asked, `null` ever after (and while the order
 * is not paid yet), so the purchase is sent once per order even when the slip is reloaded.
 */
export type PurchaseEventAnswer = Envelope<{ event: PurchaseEvent | null }>;
