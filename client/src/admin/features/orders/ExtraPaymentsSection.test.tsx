import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { beforeEach, describe, expect, it } from 'vitest';
import { viewport } from '../../testAdmin';
import type { AdminOrderDetails, AdminOrderView, ExtraPaymentView } from '@api/admin';
import { REFUND_MSG } from '@rules/admin';
import { mockApi, renderApp } from '../../../test/render';
import { OrdersScreen } from './OrdersScreen';
import { adminOrder, CONFIG, details, PAID_ORDER, dialog } from './testAdminOrders';

type Reply = { status?: number; json: unknown };

const extra = (over: Partial<ExtraPaymentView> = {}): ExtraPaymentView => ({
  id: 5,
  order_id: 101,
  source: 'after-refund',
  source_label: '訂單全額退款後收到的付款',
  method: 'atm',
  mer_trade_no: 'SS2503010000001',
  trade_no: 'LATE-101',
  amount: 1260,
  status: 'open',
  status_label: '待退款',
  manual: true,
  refund_method: '',
  refund_ref: '',
  message: '',
  refunded_by: '',
  refunded_at: null,
  created_at: '2025-03-01T08:00:00.000Z',
  ...over,
});

function server(order: AdminOrderView, detailsOf: () => AdminOrderDetails, refund: (body: unknown) => Reply) {
  return mockApi({
    'GET /api/csrf-token': () => ({ json: { success: true, csrfToken: 'tok' } }),
    'GET /api/admin/loadconifg': () => ({ json: CONFIG }),
    'GET /api/admin/invoiceAllowances': () => ({ json: { success: true, allowances: [] } }),
    'POST /api/admin/getOrdersByPage': () => ({ json: { success: true, orders: [order], total: 1, totalPaidAmount: 0 } }),
    'POST /api/admin/getAdminOrderDetails': () => ({ json: { success: true, orderDetails: detailsOf() } }),
    'POST /api/admin/refundExtraPayment': (body) => refund(body),
  });
}

const show = () =>
  renderApp(
    <App>
      <OrdersScreen now={() => new Date('2025-03-01T16:30:00Z')} />
    </App>,
    { path: '/admin/orders' },
  );
async function openDetail(user: ReturnType<typeof userEvent.setup>) {
  show();
  await user.click(within(await screen.findByTestId('aorder-101')).getByRole('button', { name: '明細' }));
  return dialog('訂單 #101');
}

// A desktop window: the list is a table (phones get cards, ResponsiveList).
beforeEach(() => viewport(1280));

describe('admin order detail: 待退款的額外付款 (issue 19 §8)', () => {
  it('lists the extra payments with NT$, why and state; an ATM one asks for the account (checked), then refunds it and the detail shows it refunded', async () => {
    const sent: unknown[] = [];
    let rows = [extra(), extra({ id: 6, source: 'paid-twice', source_label: '訂單已付款後另一筆付款（重複付款）', method: 'credit', manual: false, amount: 300, status: 'refunded', status_label: '已退款', refund_method: 'credit-void', refunded_by: 'staff1', refunded_at: '2025-03-01T09:00:00.000Z' })];
    const order = adminOrder({ ...PAID_ORDER, payment_status: 3, payment_status_label: '已退款' });
    server(
      order,
      () => details(order, { extraPayments: rows }),
      (body) => {
        sent.push(body);
        rows = [{ ...rows[0], status: 'refunded', status_label: '已退款', refund_method: 'bank-transfer', refund_ref: '013-******78901', refunded_by: 'staff1', refunded_at: '2025-03-01T10:00:00.000Z' }, rows[1]];
        return { json: { success: true, message: '已記錄銀行轉帳退款', extraPayment: rows[0] } };
      },
    );
    const user = userEvent.setup();
    const detail = await openDetail(user);
    const items = await within(detail).findAllByTestId('detail-extra-payment');
    expect(within(detail).getByText('待退款的額外付款')).toBeInTheDocument();
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('NT$ 1,260');
    expect(items[0]).toHaveTextContent('待退款');
    expect(items[0]).toHaveTextContent('訂單全額退款後收到的付款');
    expect(items[0]).toHaveTextContent('LATE-101');
    expect(items[1]).toHaveTextContent('NT$ 300');
    expect(items[1]).toHaveTextContent('已退款');
    // A refunded one has no button.
    expect(within(items[1]).queryByRole('button', { name: '退款' })).toBeNull();

    await user.click(within(items[0]).getByRole('button', { name: '退款' }));
    const modal = await dialog('退還額外付款');
    expect(within(modal).getByTestId('extra-refund-confirm')).toHaveTextContent('將退還 NT$ 1,260');
    await user.click(within(modal).getByRole('button', { name: '確定退款' }));
    expect(await within(modal).findByText(REFUND_MSG.bankCodeInvalid)).toBeInTheDocument();
    expect(sent).toEqual([]);
    await user.type(within(modal).getByLabelText('銀行代碼'), '013');
    await user.type(within(modal).getByLabelText('帳號'), '12345678901');
    await user.type(within(modal).getByLabelText('戶名'), '王小明');
    await user.click(within(modal).getByRole('button', { name: '確定退款' }));
    await waitFor(() => expect(sent).toEqual([{ extra_payment_id: 5, bank: { bank_code: '013', account: '12345678901', name: '王小明' } }]));
    expect(await screen.findByText('已記錄銀行轉帳退款', { selector: '.ant-message-notice *' })).toBeInTheDocument();
    // The detail reloads: both refunded, no 退款 button left.
    await waitFor(() => expect(within(detail).getAllByTestId('detail-extra-payment')[0]).toHaveTextContent('已退款'));
    expect(within(within(detail).getByTestId('detail-extra-payments')).queryByRole('button', { name: '退款' })).toBeNull();
  });

  it('a card one is refunded at the gateway after a confirm (no account asked); a refusal is shown in the dialog', async () => {
    const sent: unknown[] = [];
    const order = adminOrder(PAID_ORDER);
    server(
      order,
      () => details(order, { extraPayments: [extra({ source: 'paid-twice', source_label: '訂單已付款後另一筆付款（重複付款）', method: 'credit', manual: false })] }),
      (body) => {
        sent.push(body);
        return { status: 409, json: { success: false, message: '退款失敗：查無已付款的信用卡交易' } };
      },
    );
    const user = userEvent.setup();
    const detail = await openDetail(user);
    const [item] = await within(detail).findAllByTestId('detail-extra-payment');
    await user.click(within(item).getByRole('button', { name: '退款' }));
    const modal = await dialog('退還額外付款');
    expect(within(modal).queryByLabelText('銀行代碼')).toBeNull();
    await user.click(within(modal).getByRole('button', { name: '確定退款' }));
    expect(await within(modal).findByText('退款失敗：查無已付款的信用卡交易')).toBeInTheDocument();
    expect(sent).toEqual([{ extra_payment_id: 5 }]);
  });

  it('shows no section for an order without extra payments', async () => {
    const order = adminOrder(PAID_ORDER);
    server(order, () => details(order), () => ({ json: {} }));
    const user = userEvent.setup();
    const detail = await openDetail(user);
    await within(detail).findByText('操作紀錄');
    expect(within(detail).queryByText('待退款的額外付款')).toBeNull();
  });
});
