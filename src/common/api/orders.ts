import type { Envelope } from './envelope';

/**
 * Shapes of the checkout and order answers (spec 1 §3 "Order", §7; spec 2 §3 "Order as shown",
 * §7). Server: src/modules/orders (checkout, slip, my orders, cancel), src/modules/logistics
 * (store map). Where the two specs name the same thing differently both names are sent
 * (`paymentname` / `payment_label`, `shippingname`, `shippingicon_url` / `shipping_icon_url`).
 */

/** An order as the member sees it (payment slip, /orders). Money in integer NT$. */
export interface OrderView {
  order_id: number;
  /** Our order number at the gateways (the slip's `?MerTradeNo=`). */
  mer_trade_no: string;
  user_id: number;
  /** ISO 8601 (UTC). */
  created_at: string;
  subtotal: number;
  shipping_fee: number;
  total_amount: number;
  /** atm | cvs | credit | linepay | cod */
  payment: string;
  /** The payment method's label (payment_methods.method_label). */
  paymentname: string;
  payment_label: string;
  /** ATM: `<bank code>-<virtual account>`; CVS: the payment code; else ''. */
  payment_code: string;
  bank_code: string;
  /** Payment deadline of an ATM account / CVS code, `YYYY-MM-DD HH:mm:ss` Asia/Taipei; null when none. */
  expiredate: string | null;
  /** 0 unpaid, 1 paid, 2 failed, 3 refunded (payment_status_codes). */
  payment_status: number;
  payment_status_label: string;
  payment_status_color: string;
  /** pending | paid | processing | shipped | delivered | completed | cancelled | returned */
  status_name: string;
  status_label: string;
  status_color: string;
  /** True when the member may cancel it now (pending and not paid). */
  cancellable: boolean;
  /** True when the member may ask for a return now (delivered / picked up within 7 days, paid, no request yet). */
  returnable: boolean;
  /** The member's return request: '' none, 'requested', 'approved', 'refused'. */
  return_status: string;
  buy_name: string;
  buy_phone: string;
  buy_email: string;
  /** Receiver. */
  name: string;
  phone: string;
  /** Shipping method id: 1 7-11, 2 全家, 3 萊爾富, 4 宅配, 5 離島宅配. */
  shipping: number;
  shippingname: string;
  shippingicon_url: string;
  shipping_icon_url: string;
  /** 01 before 13:00, 02 14–18, 04 unspecified. */
  delivery_time_slot: string;
  zip: string;
  city: string;
  district: string;
  street: string;
  store_id: string;
  store_name: string;
  store_addr: string;
  /** personal | Company | Donate | '' */
  invoice_type: string;
  carrier_type: string;
  mobile_barcode: string;
  citizen_barcode: string;
  company_name: string;
  tax_id: string;
  donate_code: string;
  /** The e-invoice number once issued, else ''. */
  invoice_no: string;
  /** The gateway's trade number, once known. */
  trade_no: string;
  ship_trade_no: string;
  order_status_msg: string;
  /** ISO 8601 (UTC) or null. */
  paid_at: string | null;
  /**
   * Until when (ISO 8601) the member may 重新付款 / 更換付款方式 (an unpaid card / LINE Pay order inside its
   * payment window, issue 19 §6); null (or absent) when not.
   */
  payment_retry_until?: string | null;
  /** −Σ of the adjustments other than points (positive NT$); total_amount = subtotal − discount_total − points_used + shipping_fee. */
  discount_total: number;
  /** Points used (positive NT$). */
  points_used: number;
  /** The order's discounts as stored (訂單折扣 −NT$ 100 …), oldest first. */
  adjustments: AdjustmentView[];
}

/** An order adjustment as shown: `amount` is negative NT$. */
export interface AdjustmentView {
  kind: string;
  label: string;
  amount: number;
}

/** A line of an order (prices as charged; title and image as they were at checkout). */
export interface OrderItemView {
  order_detail_id: number;
  product_id: number;
  variant_id: number | null;
  title: string;
  image_url: string;
  variant_name: string;
  quantity: number;
  price: number;
  /** This line's share of the order's adjustments (positive NT$). */
  discount: number;
  /** price × quantity − discount (what the line costs). */
  amount: number;
  /** 'item' (bought), 'gift' (贈品, NT$ 0) or 'addon' (加價購 at its add-on price). */
  line_kind: 'item' | 'gift' | 'addon';
  /** The promotion a gift or add-on line came from; null for bought items. */
  promotion_id: number | null;
}

/** An auto-submitted form: POST `body` to `go_url` (an empty body: just go to `go_url`). */
export interface GatewayForm {
  go_url: string;
  body: Record<string, string>;
}

/**
 * `POST /api/order/submitOrder`. `resData` always; `result` for credit (the hosted 3-D Secure
 * page, POST the form) and linepay (`body` empty: go to `go_url`); `Credit_Url` when a plain
 * redirect is used. ATM, CVS and cash on delivery: open the payment slip of `resData.MerTradeNo`.
 * A refused submit whose total changed carries the server's `totalAmount`.
 */
export type SubmitOrderAnswer = Envelope<{
  resData: { order_id: number; MerTradeNo: string };
  result?: GatewayForm;
  Credit_Url?: string;
}>;

/** `GET /api/order/getOrderAndDetails/{MerTradeNo}` (payment slip). */
export type OrderAndDetailsAnswer = Envelope<{ order: OrderView; orderItems: OrderItemView[] }>;

/** `GET /api/order/getUserOrdersByPage?page=&limit=`: newest first, `total` of all the member's orders. */
export type UserOrdersAnswer = Envelope<{ orders: OrderView[]; total: number }>;

/** `POST /api/order/requestReturn {order_id, reason}`: the order's return state after the request. */
export type RequestReturnAnswer = Envelope<{ order_id: number; return_status: string; returnable: boolean }>;

/** `GET /api/order/getOrderDetails/{order_id}`. */
export type OrderDetailsAnswer = Envelope<{ orderItems: OrderItemView[] }>;

/**
 * `POST /api/order/cancelOrder`: the order's new status. A refusal because it is paid carries the
 * payment status too (spec 1 §7), so the list can show it paid.
 */
export type CancelOrderAnswer = Envelope<{
  status_name: string;
  status_label: string;
  status_color: string;
  payment_status?: number;
  payment_status_label?: string;
  payment_status_color?: string;
}>;

/**
 * `POST /api/order/getCvsMapUrl`: the PAYUNi 7-11 store map. `formHtml` is the auto-submit form
 * (spec 2 §7); `go_url` + `body` are the same form as data, which the client submits itself
 * (into the 800×600 window on desktop, the page itself on phones). `payuniMsg` on failure.
 */
export type CvsMapAnswer = Envelope<{ formHtml?: string; go_url?: string; body?: Record<string, string>; payuniMsg?: string }>;

/** A store picked on the map (posted to the opener on desktop, query of /checkoutCvsResult on phones). */
export interface PickedStore {
  store_id: string;
  store_name: string;
  store_addr: string;
}
