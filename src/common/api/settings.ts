import type { Envelope } from './envelope';

/** Shapes of the shop's settings answers (spec 1 §3, spec 2 §3). Server: src/modules/settings. */

export interface ShippingMethodView {
  id: number;
  name: string;
  icon_url: string;
  shipping_cost: number;
  free_shipping_threshold: number;
}

export interface PaymentMethodView {
  method_code: string;
  method_label: string;
}

/** A general setting the browser may see (company name, tax id, contact details, …). */
export interface PublicSetting {
  s_key: string;
  s_value: string;
}

/** `GET /api/load/shipping`: active methods in display order. */
export type ShippingAnswer = Envelope<{ shippingMethods: ShippingMethodView[] }>;

/** `GET /api/load/payment`: active methods in display order. */
export type PaymentAnswer = Envelope<{ paymentMethods: PaymentMethodView[] }>;
