import type { Envelope } from './envelope';

/** Back-office settings answers (spec 3 §3, §7, issue 12). Types only. */

/** A general setting as the settings screen shows it (public rows only). */
export interface AdminSettingView {
  id: number;
  title: string;
  s_key: string;
  s_value: string;
}
export interface AdminPaymentMethodView {
  payment_method_id: number;
  method_code: string;
  method_label: string;
  status: number;
}
export interface AdminShippingMethodView {
  id: number;
  name: string;
  icon_url: string;
  shipping_cost: number;
  free_shipping_threshold: number;
  is_active: number;
}

/** `GET /api/admin/loadsettings`. */
export type AdminSettingsAnswer = Envelope<{
  settings: AdminSettingView[];
  payment_methods: AdminPaymentMethodView[];
  shipping_methods: AdminShippingMethodView[];
}>;
/** `POST /api/admin/updatesettings {s_id, s_value}`. */
export type AdminSettingUpdateAnswer = Envelope<{ setting: AdminSettingView }>;
/** `POST /api/admin/updatepayment {payment_method_id, status}`. */
export type AdminPaymentUpdateAnswer = Envelope<{ payment_method: AdminPaymentMethodView }>;
/** `POST /api/admin/updateshipping_active {id, is_active}`. */
export type AdminShippingActiveAnswer = Envelope<{ shipping_method: AdminShippingMethodView }>;
/** `POST /api/admin/updateshipping {shipping_methods}`. */
export type AdminShippingSaveAnswer = Envelope<{ shipping_methods: AdminShippingMethodView[] }>;

/** One row of updateshipping's list (the name is read-only and ignored). */
export interface ShippingMethodInput {
  id: number;
  icon_url: string;
  shipping_cost: number;
  free_shipping_threshold: number;
  is_active: number;
}
