import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import type { AdminConfigAnswer, AdminOrderDetails, AdminOrderView, ShippingTicketView } from '@api/admin';
import { orderItem, orderView } from '../../../shop/features/orders/testOrders';

/** Test data of the admin orders screen (as src/modules/orders/admin-orders.service.ts answers). */
export function adminOrder(extra: Partial<AdminOrderView> = {}): AdminOrderView {
  const { cancellable: _c, ...base } = orderView();
  return {
    ...base,
    invoice_status: '',
    refunded_amount: 0,
    ticket_status: '',
    can: { editReceiver: true, createTicket: false, markShipped: false, queryStatus: false, refund: false },
    ...extra,
  };
}

export const PAID_ORDER: Partial<AdminOrderView> = {
  payment_status: 1,
  payment_status_label: '已付款',
  payment_status_color: '#52c41a',
  status_name: 'paid',
  status_label: '已付款',
  status_color: '#1677ff',
  paid_at: '2025-01-01T05:00:00.000Z',
};

export const HOME_ORDER: Partial<AdminOrderView> = {
  shipping: 4,
  shippingname: '宅配',
  zip: '106',
  city: '臺北市',
  district: '大安區',
  street: '復興南路一段 1 號',
  store_id: '',
  store_name: '',
  store_addr: '',
};

export function details(order: AdminOrderView, extra: Partial<AdminOrderDetails> = {}): AdminOrderDetails {
  return { order, items: [orderItem({ title: '玻尿酸精華' })], tickets: [], refunds: [], returnRequests: [], history: [], ...extra };
}

export function ticket(extra: Partial<ShippingTicketView> = {}): ShippingTicketView {
  return {
    id: 9,
    order_id: 101,
    ship_trade_no: 'SHIP0001',
    ship_type: '2',
    lgs_type: 'HOME',
    goods_type: '1',
    ship_date: '2025-01-02',
    delivery_date: '2025-01-04',
    spec: '1',
    memo: '',
    status: 'created',
    message: '',
    carrier: '',
    label_url: '/api/admin/shippingLabel/9',
    ship_status: '',
    ship_status_desc: '',
    ship_status_time: null,
    created_by: 'admin',
    created_at: '2025-01-01T06:00:00.000Z',
    ...extra,
  };
}

export const CONFIG: AdminConfigAnswer = {
  success: true,
  payment_status_methods: [
    { status_code: 0, status_label: '未付款', color: '#fa8c16' },
    { status_code: 1, status_label: '已付款', color: '#52c41a' },
    { status_code: 2, status_label: '付款失敗', color: '#f5222d' },
    { status_code: 3, status_label: '已退款', color: '#8c8c8c' },
  ],
  payment_methods: [
    { method_code: 'atm', method_label: 'ATM 轉帳' },
    { method_code: 'credit', method_label: '信用卡' },
  ],
  shipping_methods: [
    { id: 1, name: '7-11', icon_url: '' },
    { id: 4, name: '宅配', icon_url: '' },
  ],
  order_status_codes: [
    { status_name: 'pending', status_label: '處理中', color: '#fa8c16' },
    { status_name: 'paid', status_label: '已付款', color: '#1677ff' },
    { status_name: 'shipped', status_label: '已出貨', color: '#13c2c2' },
  ],
};

/** The open antd dialog titled `title` (antd's test ids make every dialog's aria-labelledby alike, so by its title text). */
export const dialog = (title: string | RegExp) =>
  waitFor(() => {
    const found = screen.getAllByRole('dialog').filter((d) => {
      const t = d.querySelector('.ant-modal-title')?.textContent ?? '';
      return !d.classList.contains('ant-zoom-leave') && (typeof title === 'string' ? t === title : title.test(t));
    });
    expect(found).toHaveLength(1);
    return found[0];
  });
