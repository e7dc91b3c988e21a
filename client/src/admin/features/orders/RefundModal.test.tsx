import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { beforeEach, describe, expect, it } from 'vitest';
import { viewport } from '../../testAdmin';
import type { AdminOrderView, RefundableView } from '@api/admin';
import { ADMIN_MSG } from '@rules/admin';
import { mockApi, renderApp } from '../../../test/render';
import { OrdersScreen } from './OrdersScreen';
import { refundLinesText } from './orderRules';
import { adminOrder, CONFIG, details, PAID_ORDER, dialog } from './testAdminOrders';

type Reply = { status?: number; json: unknown };

const NOW = () => new Date('2025-03-01T16:30:00Z');

/** Two lines (3 × NT$ 300, 1 × NT$ 300) and NT$ 60 shipping: NT$ 1,260 refundable, as GET /api/admin/refundable answers. */
const LINES: RefundableView = {
  order_id: 101,
  lines: [
    { order_item_id: 11, line_kind: 'item', title: '玻尿酸精華', variant_name: '30ml', price: 300, quantity: 3, amount: 900, refunded_quantity: 0, refunded_amount: 0, left_quantity: 3, left_amount: 900 },
    { order_item_id: 12, line_kind: 'addon', title: '保濕乳液', variant_name: '', price: 300, quantity: 1, amount: 300, refunded_quantity: 0, refunded_amount: 0, left_quantity: 1, left_amount: 300 },
  ],
  shipping_fee: 60,
  shipping_left: 60,
  refundable: 1260,
};

function server(o: AdminOrderView, refundOrder: (body: unknown) => Reply) {
  return mockApi({
    'GET /api/csrf-token': () => ({ json: { success: true, csrfToken: 'tok' } }),
    'GET /api/admin/loadconifg': () => ({ json: CONFIG }),
    'POST /api/admin/getOrdersByPage': () => ({ json: { success: true, orders: [o], total: 1, totalPaidAmount: 0 } }),
    'POST /api/admin/getAdminOrderDetails': (body) =>
      (body as { order_id: number }).order_id === o.order_id ? { json: { success: true, orderDetails: details(o) } } : { status: 404, json: { success: false, message: ADMIN_MSG.orderDetailFailed } },
    'GET /api/admin/refundable': () => ({ json: { success: true, refundable: LINES } }),
    'POST /api/admin/refundOrder': refundOrder,
  });
}

async function openRefund(user: ReturnType<typeof userEvent.setup>) {
  renderApp(
    <App>
      <OrdersScreen now={NOW} />
    </App>,
    { path: '/admin/orders' },
  );
  await user.click(within(await screen.findByTestId('aorder-101')).getByRole('button', { name: '明細' }));
  await user.click(await within(await dialog('訂單 #101')).findByRole('button', { name: '退款' }));
  const form = await dialog(/退款 — 訂單 #101/);
  // The server's refundable maximum.
  await waitFor(() => expect(within(form).getByTestId('refundable')).toHaveTextContent('NT$ 1,260'));
  return form;
}

async function fillReasonAndBank(user: ReturnType<typeof userEvent.setup>, form: HTMLElement) {
  await user.type(within(form).getByLabelText('退款原因'), '部分商品瑕疵');
  await user.type(within(form).getByLabelText('銀行代碼'), '013');
  await user.type(within(form).getByLabelText('帳號'), '1234567890');
  await user.type(within(form).getByLabelText('戶名'), '王小明');
}

// A desktop window: the list is a table (phones get cards, ResponsiveList).
beforeEach(() => viewport(1280));

describe('admin RefundModal: refunds by line (issue 19 §5)', () => {
  it('ticks lines and units and the shipping fee, shows what they give back, and sends items', async () => {
    const sent: unknown[] = [];
    server(adminOrder({ ...PAID_ORDER, can: { editReceiver: true, createTicket: false, markShipped: false, queryStatus: false, refund: true } }), (body) => {
      sent.push(body);
      return { json: { success: true, refund: { id: 1, status: 'manual' } } };
    });
    const user = userEvent.setup();
    const form = await openRefund(user);
    await user.click(await within(form).findByLabelText('依品項退款'));
    const lines = await within(form).findByTestId('refund-lines');
    expect(within(lines).getByTestId('refund-line-11')).toHaveTextContent('玻尿酸精華（30ml）：可退 3 件，NT$ 900');
    // An add-on line says so (a gift line says 【贈品】).
    expect(within(lines).getByTestId('refund-line-12')).toHaveTextContent('【加價購】保濕乳液：可退 1 件，NT$ 300');
    await user.click(within(lines).getByRole('checkbox', { name: /玻尿酸精華/ }));
    const qty = within(lines).getByLabelText('玻尿酸精華 退款數量');
    await user.clear(qty);
    await user.type(qty, '2');
    expect(within(lines).getByTestId('refund-items-total')).toHaveTextContent('NT$ 600');
    await user.click(within(lines).getByRole('checkbox', { name: '退還運費（NT$ 60）' }));
    expect(within(lines).getByTestId('refund-items-total')).toHaveTextContent('NT$ 660');
    await fillReasonAndBank(user, form);
    await user.click(within(form).getByRole('button', { name: '退款' }));
    const confirm = await dialog('確定要退款嗎？');
    expect(within(confirm).getByTestId('refund-confirm')).toHaveTextContent('訂單 #101 將退款 NT$ 660');
    await user.click(within(confirm).getByRole('button', { name: '確定退款' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ order_id: 101, items: [{ order_item_id: 11, quantity: 2 }], shipping: true, reason: '部分商品瑕疵', restock: false, bank: { bank_code: '013', account: '1234567890', name: '王小明' } });
  });

  it('the amount is checked, not coerced: -5, 1.5, abc refused; a typed 99999 is refused on the field with the maximum (not clamped); nothing is sent', async () => {
    const sent: unknown[] = [];
    server(adminOrder({ ...PAID_ORDER, can: { editReceiver: true, createTicket: false, markShipped: false, queryStatus: false, refund: true } }), (body) => {
      sent.push(body);
      return { json: { success: true, refund: { id: 1, status: 'manual' } } };
    });
    const user = userEvent.setup();
    const form = await openRefund(user);
    await user.click(within(form).getByLabelText('部分退款'));
    const amount = within(form).getByLabelText('退款金額（NT$）');
    await fillReasonAndBank(user, form);
    // Checked, never coerced: a negative, a fraction or text is refused as typed.
    for (const typed of ['-5', '1.5', 'abc']) {
      await user.clear(amount);
      await user.type(amount, typed);
      await user.click(within(form).getByRole('button', { name: '退款' }));
      expect(await within(form).findByText('退款金額須為 1 以上的整數金額（NT$），不可為負數、小數或文字')).toBeInTheDocument();
    }
    await user.clear(amount);
    await user.type(amount, '99999');
    await user.click(within(form).getByRole('button', { name: '退款' }));
    expect(await within(form).findByText('超過可退金額（最多 NT$ 1,260）')).toBeInTheDocument();
    expect(amount).toHaveValue('99999');
    expect(sent).toHaveLength(0);
  });

  it("shows the server's refusal under the line it names", async () => {
    server(adminOrder({ ...PAID_ORDER, can: { editReceiver: true, createTicket: false, markShipped: false, queryStatus: false, refund: true } }), () => ({
      status: 409,
      json: { success: false, message: '超過可退數量（最多 1 件）', errors: [{ field: 'items.0.quantity', message: '超過可退數量（最多 1 件）' }], refundable_quantity: 1 },
    }));
    const user = userEvent.setup();
    const form = await openRefund(user);
    await user.click(await within(form).findByLabelText('依品項退款'));
    const lines = await within(form).findByTestId('refund-lines');
    await user.click(within(lines).getByRole('checkbox', { name: /玻尿酸精華/ }));
    await fillReasonAndBank(user, form);
    await user.click(within(form).getByRole('button', { name: '退款' }));
    await user.click(within(await dialog('確定要退款嗎？')).getByRole('button', { name: '確定退款' }));
    const line = within(form).getByTestId('refund-line-11');
    expect(await within(line).findByText('超過可退數量（最多 1 件）')).toBeInTheDocument();
    expect(within(form).getByRole('alert')).toHaveTextContent('超過可退數量（最多 1 件）');
  });

  it('the order detail names what each refund took: lines and units, an amount spread, the shipping fee', () => {
    const items = [
      { order_detail_id: 11, title: '玻尿酸精華' },
      { order_detail_id: 12, title: '保濕乳液' },
    ];
    expect(refundLinesText({ items: [{ order_item_id: 11, quantity: 2, amount: 600 }], shipping_amount: 60 }, items)).toBe('玻尿酸精華 ×2 NT$ 600、運費 NT$ 60');
    expect(refundLinesText({ items: [{ order_item_id: 11, quantity: 0, amount: 23 }, { order_item_id: 12, quantity: 0, amount: 7 }], shipping_amount: 0 }, items)).toBe('玻尿酸精華 NT$ 23、保濕乳液 NT$ 7');
    expect(refundLinesText({ items: [], shipping_amount: 0 }, items)).toBe('');
  });
});
