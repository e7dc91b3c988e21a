import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { beforeEach, describe, expect, it } from 'vitest';
import { viewport } from '../../testAdmin';
import type { AdminOrderDetails, AdminOrderView } from '@api/admin';
import { ORDER_DISCOUNT_MSG } from '@rules/order-discount-rules';
import { mockApi, renderApp } from '../../../test/render';
import { discountable } from './OrderDiscountModal';
import { OrdersScreen } from './OrdersScreen';
import { adminOrder, CONFIG, details, PAID_ORDER, dialog } from './testAdminOrders';
import { orderItem } from '../../../shop/features/orders/testOrders';

type Reply = { status?: number; json: unknown };

const NOW = () => new Date('2025-03-01T16:30:00Z');

function server(orders: AdminOrderView[], discount: (body: unknown) => Reply, detailsOf: (o: AdminOrderView) => AdminOrderDetails = (o) => details(o)) {
  return mockApi({
    'GET /api/csrf-token': () => ({ json: { success: true, csrfToken: 'tok' } }),
    'GET /api/admin/loadconifg': () => ({ json: CONFIG }),
    'POST /api/admin/getOrdersByPage': () => ({ json: { success: true, orders, total: orders.length, totalPaidAmount: 0 } }),
    'POST /api/admin/getAdminOrderDetails': (body) => ({ json: { success: true, orderDetails: detailsOf(orders.find((x) => x.order_id === (body as { order_id: number }).order_id)!) } }),
    'POST /api/admin/addOrderDiscount': (body) => discount(body),
  });
}

const show = () =>
  renderApp(
    <App>
      <OrdersScreen now={NOW} />
    </App>,
    { path: '/admin/orders' },
  );
const toast = (text: string) => screen.findByText(text, { selector: '.ant-message-notice *' }, { timeout: 2000 });
// A desktop window: the list is a table (phones get cards, ResponsiveList).
beforeEach(() => viewport(1280));

describe('admin 訂單折扣 (issue 19)', () => {
  it('checks amount and reason with the server’s texts, confirms, sends the amount as typed, and the detail shows the adjustment', async () => {
    const sent: unknown[] = [];
    // An unpaid ATM order: NT$ 1,200 of goods + NT$ 60 shipping.
    let order = adminOrder();
    server(
      [order],
      (body) => {
        sent.push(body);
        order = { ...order, total_amount: 1160, discount_total: 100, adjustments: [{ kind: 'manual', label: '訂單折扣', amount: -100 }] };
        return { json: { success: true, message: ORDER_DISCOUNT_MSG.done, order_id: 101, subtotal: 1200, discount_total: 100, shipping_fee: 60, total_amount: 1160, payment_code: '013-1', repriced: true, adjustments: order.adjustments } };
      },
      () => details(order, { items: [orderItem({ title: '玻尿酸精華', discount: order.discount_total, amount: 1200 - order.discount_total })] }),
    );
    const user = userEvent.setup();
    show();
    await user.click(within(await screen.findByTestId('aorder-101')).getByRole('button', { name: '明細' }));
    await user.click(await within(await dialog('訂單 #101')).findByRole('button', { name: '訂單折扣' }));
    const form = await dialog(/訂單折扣 — 訂單 #101/);
    expect(within(form).getByTestId('discount-goods')).toHaveTextContent('NT$ 1,200');

    // Not coerced: "-5", "abc", "1.5" are refused; the whole goods too; a reason is required.
    const amount = within(form).getByLabelText('折扣金額（NT$）');
    for (const bad of ['-5', 'abc', '1.5']) {
      await user.clear(amount);
      await user.type(amount, bad);
      await user.click(within(form).getByRole('button', { name: '下一步' }));
      expect(await within(form).findByText(ORDER_DISCOUNT_MSG.amountInvalid)).toBeInTheDocument();
    }
    await user.clear(amount);
    await user.type(amount, '1200');
    await user.click(within(form).getByRole('button', { name: '下一步' }));
    expect(await within(form).findByText(ORDER_DISCOUNT_MSG.amountTooLarge(1200))).toBeInTheDocument();
    expect(await within(form).findByText(ORDER_DISCOUNT_MSG.reasonRequired)).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.clear(amount);
    await user.type(amount, '100');
    await user.type(within(form).getByLabelText('折扣原因'), '客訴補償');
    await user.click(within(form).getByRole('button', { name: '下一步' }));
    const confirm = await dialog(ORDER_DISCOUNT_MSG.confirmTitle(100));
    expect(within(confirm).getByTestId('discount-confirm')).toHaveTextContent('訂單 #101 金額將由 NT$ 1,260 降為 NT$ 1,160');
    await user.click(within(confirm).getByRole('button', { name: '確定折扣' }));
    await toast(ORDER_DISCOUNT_MSG.done);
    expect(sent).toEqual([{ order_id: 101, amount: '100', reason: '客訴補償' }]);

    // The detail reloads: the adjustment line, the line's discount and amount, the new total.
    const detail = await dialog('訂單 #101');
    await waitFor(() => expect(within(detail).getByTestId('detail-adjustment')).toHaveTextContent('訂單折扣−NT$ 100'));
    expect(within(detail).getByTestId('detail-total')).toHaveTextContent('NT$ 1,160');
    expect(within(within(detail).getByTestId('detail-items')).getByText('NT$ 1,100')).toBeInTheDocument();
  });

  it('shows the server’s refusal (訂單狀態已變更，請重新整理) in the form', async () => {
    server([adminOrder()], () => ({ status: 409, json: { success: false, message: ORDER_DISCOUNT_MSG.changed } }));
    const user = userEvent.setup();
    show();
    await user.click(within(await screen.findByTestId('aorder-101')).getByRole('button', { name: '明細' }));
    await user.click(await within(await dialog('訂單 #101')).findByRole('button', { name: '訂單折扣' }));
    const form = await dialog(/訂單折扣 — 訂單 #101/);
    await user.type(within(form).getByLabelText('折扣金額（NT$）'), '50');
    await user.type(within(form).getByLabelText('折扣原因'), '補償');
    await user.click(within(form).getByRole('button', { name: '下一步' }));
    await user.click(within(await dialog(ORDER_DISCOUNT_MSG.confirmTitle(50))).getByRole('button', { name: '確定折扣' }));
    expect(await within(await dialog(/訂單折扣 — 訂單 #101/)).findByRole('alert')).toHaveTextContent(ORDER_DISCOUNT_MSG.changed);
  });

  it('is offered on unpaid orders, but not while a card / LINE Pay page may be open', () => {
    expect(discountable({ status_name: 'pending', payment_status: 0, payment: 'atm' })).toBe(true);
    expect(discountable({ status_name: 'pending', payment_status: 0, payment: 'cod' })).toBe(true);
    expect(discountable({ status_name: 'pending', payment_status: 2, payment: 'credit' })).toBe(true);
    expect(discountable({ status_name: 'pending', payment_status: 0, payment: 'credit' })).toBe(false);
    expect(discountable({ status_name: 'pending', payment_status: 0, payment: 'linepay' })).toBe(false);
    expect(discountable({ status_name: 'paid', payment_status: 1, payment: 'atm' })).toBe(false);
    expect(discountable({ status_name: 'cancelled', payment_status: 0, payment: 'atm' })).toBe(false);
  });

  it('is not offered on a paid order', async () => {
    server([adminOrder({ ...PAID_ORDER, order_id: 102 })], () => ({ status: 500, json: { success: false } }));
    const user = userEvent.setup();
    show();
    await user.click(within(await screen.findByTestId('aorder-102')).getByRole('button', { name: '明細' }));
    const paid = await dialog('訂單 #102');
    await within(paid).findByTestId('detail-items');
    expect(within(paid).queryByRole('button', { name: '訂單折扣' })).toBeNull();
  });
});
