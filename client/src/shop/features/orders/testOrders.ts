import type { OrderItemView, OrderView } from '@api/orders';

/** An order as the server shows it to its owner (test data for the orders screens' tests). */
export function orderView(extra: Partial<OrderView> = {}): OrderView {
  return {
    order_id: 101,
    mer_trade_no: 'SS20250101000101',
    user_id: 7,
    created_at: '2025-01-01T04:05:00.000Z',
    subtotal: 1200,
    shipping_fee: 60,
    total_amount: 1260,
    payment: 'atm',
    paymentname: 'ATM 轉帳',
    payment_label: 'ATM 轉帳',
    payment_code: '013-98765432101234',
    bank_code: '013',
    expiredate: '2025-01-04 23:59:59',
    payment_status: 0,
    payment_status_label: '未付款',
    payment_status_color: '#fa8c16',
    status_name: 'pending',
    status_label: '處理中',
    status_color: '#fa8c16',
    cancellable: true,
    returnable: false,
    return_status: '',
    buy_name: '王小明',
    buy_phone: '0912345678',
    buy_email: 'ming@example.com',
    name: '王小明',
    phone: '0912345678',
    shipping: 1,
    shippingname: '7-11',
    shippingicon_url: '/media/demo/ship-711.svg',
    shipping_icon_url: '/media/demo/ship-711.svg',
    delivery_time_slot: '04',
    zip: '',
    city: '',
    district: '',
    street: '',
    store_id: '123456',
    store_name: '敦南門市',
    store_addr: '臺北市大安區敦化南路二段 76 號',
    invoice_type: 'personal',
    carrier_type: '3J0002',
    mobile_barcode: '/ABC1234',
    citizen_barcode: '',
    company_name: '',
    tax_id: '',
    donate_code: '',
    invoice_no: '',
    trade_no: '',
    ship_trade_no: '',
    order_status_msg: '',
    paid_at: null,
    discount_total: 0,
    points_used: 0,
    adjustments: [],
    ...extra,
  };
}

export function orderItem(extra: Partial<OrderItemView> = {}): OrderItemView {
  const price = extra.price ?? 600;
  const quantity = extra.quantity ?? 2;
  const discount = extra.discount ?? 0;
  return {
    order_detail_id: 1,
    product_id: 3,
    variant_id: 5,
    title: '玫瑰保濕精華',
    image_url: '/media/p3.jpg',
    variant_name: '30ml',
    quantity: 2,
    price: 600,
    discount,
    amount: price * quantity - discount,
    line_kind: 'item',
    promotion_id: null,
    ...extra,
  };
}

/** The fields of a paid order (as the seeded payment status 1 shows). */
export const PAID = { payment_status: 1, payment_status_label: '已付款', payment_status_color: '#52c41a', cancellable: false } as const;

/** The fields of a cancelled order (as the seeded status shows). */
export const CANCELLED = { status_name: 'cancelled', status_label: '已取消', status_color: '#8c8c8c', cancellable: false } as const;
