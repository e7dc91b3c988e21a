import type { AdjustmentView, OrderItemView, OrderView } from '../../common/api/orders';
import { RETURN_WINDOW_DAYS } from '../../common/validation/admin';
import { taipeiTimestamp } from '../../common/time/taipei-time';
import type { ShopMethods } from '../settings/settings.service';
import type { OrderAdjustment } from './entities/order-adjustment.entity';
import type { OrderItem } from './entities/order-item.entity';
import type { Order } from './entities/order.entity';
import { canMove, orderStatusLabel } from './order-lifecycle';

/** Labels and colours an order view is built with (order_status_codes, payment_status_codes, the settings' methods). */
export interface OrderLabels {
  status: Map<string, { label: string; color: string }>;
  payment: Map<number, { label: string; color: string }>;
  methods: ShopMethods;
}

/** Whether the member may cancel it now (spec 1 §4: pending and not paid): the lifecycle's `cancel` by the shopper. */
export function isCancellable(o: Pick<Order, 'status_name' | 'payment_status'> & { payment?: string; return_status?: string }): boolean {
  return canMove('cancel', { status_name: o.status_name, payment_status: o.payment_status, payment: o.payment ?? '', return_status: o.return_status ?? '' }, SHOPPER);
}

/**
 * Statuses in which the goods reached the shopper and a return may still be asked: delivered.
 * A completed order (ORDER_COMPLETION_DAYS after delivery) has closed its return window.
 */
export const RETURNABLE_STATUSES: readonly string[] = ['delivered'];

/**
 * Whether the member may ask for a return now (鑑賞期): the lifecycle's `requestReturn` (delivered,
 * not completed; paid; no request yet) at most RETURN_WINDOW_DAYS days after delivery.
 */
export function isReturnable(o: Pick<Order, 'status_name' | 'payment_status' | 'return_status' | 'delivered_at'> & { payment?: string }, now = new Date()): boolean {
  const row = { status_name: o.status_name, payment_status: o.payment_status, payment: o.payment ?? '', return_status: o.return_status ?? '' };
  if (!canMove('requestReturn', row, SHOPPER) || !o.delivered_at) return false;
  return now.getTime() - new Date(o.delivered_at).getTime() <= RETURN_WINDOW_DAYS * 86400_000;
}

const SHOPPER = { kind: 'shopper' } as const;

const iso = (d: Date | string | null): string | null => (d ? new Date(d).toISOString() : null);

/** An order as the member sees it (payment slip, /orders): spec 1 §3 "Order", spec 2 §3 "Order as shown". */
export function toOrderView(o: Order, labels: OrderLabels, adjustments: readonly OrderAdjustment[] = []): OrderView {
  const status = labels.status.get(o.status_name);
  const payStatus = labels.payment.get(o.payment_status);
  const payment = labels.methods.payment.find((m) => m.method_code === o.payment);
  const shipping = labels.methods.shipping.find((m) => m.id === o.shipping);
  return {
    order_id: o.id,
    mer_trade_no: o.mer_trade_no,
    user_id: o.user_id ?? 0,
    created_at: iso(o.created_at)!,
    subtotal: o.subtotal,
    shipping_fee: o.shipping_fee,
    total_amount: o.total_amount,
    payment: o.payment,
    paymentname: payment?.method_label ?? o.payment,
    payment_label: payment?.method_label ?? o.payment,
    payment_code: o.payment_code,
    bank_code: o.bank_code,
    expiredate: o.expire_date ? taipeiTimestamp(new Date(o.expire_date)) : null,
    payment_status: o.payment_status,
    payment_status_label: payStatus?.label ?? '',
    payment_status_color: payStatus?.color ?? '',
    status_name: o.status_name,
    // An unpaid online order reads 待付款 (the shopper still pays), cash on delivery 處理中 (order-lifecycle.ts).
    status_label: orderStatusLabel(o, status?.label),
    status_color: status?.color ?? '',
    cancellable: isCancellable(o),
    returnable: isReturnable(o),
    return_status: o.return_status ?? '',
    buy_name: o.buy_name,
    buy_phone: o.buy_phone,
    buy_email: o.buy_email,
    name: o.name,
    phone: o.phone,
    shipping: o.shipping,
    shippingname: shipping?.name ?? '',
    shippingicon_url: shipping?.icon_url ?? '',
    shipping_icon_url: shipping?.icon_url ?? '',
    delivery_time_slot: o.delivery_time_slot,
    zip: o.zip,
    city: o.city,
    district: o.district,
    street: o.street,
    store_id: o.store_id,
    store_name: o.store_name,
    store_addr: o.store_addr,
    invoice_type: o.invoice_type,
    carrier_type: o.carrier_type,
    mobile_barcode: o.mobile_barcode,
    citizen_barcode: o.citizen_barcode,
    company_name: o.company_name,
    tax_id: o.tax_id,
    donate_code: o.donate_code,
    invoice_no: o.invoice_no,
    trade_no: o.trade_no,
    ship_trade_no: o.ship_trade_no,
    order_status_msg: o.order_status_msg,
    paid_at: iso(o.paid_at),
    discount_total: o.discount_total ?? 0,
    points_used: o.points_used ?? 0,
    adjustments: adjustments.map(toAdjustmentView),
  };
}

/** An adjustment as shown (訂單折扣 −NT$ 100): the stored label and negative amount. */
export function toAdjustmentView(a: Pick<OrderAdjustment, 'kind' | 'label' | 'amount'>): AdjustmentView {
  return { kind: a.kind, label: a.label, amount: a.amount };
}

/** A line of an order as charged. */
export function toOrderItemView(i: OrderItem): OrderItemView {
  return {
    order_detail_id: i.id,
    product_id: i.product_id,
    variant_id: i.variant_id,
    title: i.title,
    image_url: i.image_url,
    variant_name: i.variant_name,
    quantity: i.quantity,
    price: i.price,
    discount: i.discount ?? 0,
    amount: i.amount,
    line_kind: i.line_kind === 'gift' || i.line_kind === 'addon' ? i.line_kind : 'item',
    promotion_id: i.promotion_id ?? null,
  };
}
