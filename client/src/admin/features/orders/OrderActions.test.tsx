import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { beforeEach, describe, expect, it } from 'vitest';
import { viewport } from '../../testAdmin';
import type { AdminOrderDetails, AdminOrderView } from '@api/admin';
import { mockApi, renderApp } from '../../../test/render';
import { OrdersScreen } from './OrdersScreen';
import { adminOrder, CONFIG, details, dialog } from './testAdminOrders';

type Reply = { status?: number; json: unknown };
const NOW = () => new Date('2025-03-01T16:30:00Z');

function server(orders: AdminOrderView[], routes: Record<string, (body: unknown) => Reply>, detailsOf: (o: AdminOrderView) => AdminOrderDetails = (o) => details(o)) {
  return mockApi({
    'GET /api/csrf-token': () => ({ json: { success: true, csrfToken: 'tok' } }),
    'GET /api/admin/loadconifg': () => ({ json: CONFIG }),
    'POST /api/admin/getOrdersByPage': () => ({ json: { success: true, orders, total: orders.length, totalPaidAmount: 0 } }),
    'POST /api/admin/getAdminOrderDetails': (body) => ({ json: { success: true, orderDetails: detailsOf(orders.find((x) => x.order_id === (body as { order_id: number }).order_id)!) } }),
    ...routes,
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
const openDetail = async (user: ReturnType<typeof userEvent.setup>, id: number) => {
  await user.click(within(await screen.findByTestId(`aorder-${id}`)).getByRole('button', { name: '明細' }));
  return dialog(`訂單 #${id}`);
};

// A desktop window: the list is a table (phones get cards, ResponsiveList).
beforeEach(() => viewport(1280));

describe('admin order actions (issue 19: 開始備貨, staff cancel of unpaid cash on delivery)', () => {
  it('開始備貨 is offered when the server allows it, sends the order and shows the server’s answer', async () => {
    const sent: unknown[] = [];
    let order = adminOrder({ can: { editReceiver: true, createTicket: false, markShipped: false, queryStatus: false, refund: false, startProcessing: true, cancel: false } });
    server([order], {
      'POST /api/admin/startProcessing': (body) => {
        sent.push(body);
        order = { ...order, status_name: 'processing', status_label: '備貨中', can: { ...order.can, startProcessing: false } };
        return { json: { success: true, message: '已開始備貨' } };
      },
    }, () => details(order));
    const user = userEvent.setup();
    show();
    const d = await openDetail(user, 101);
    // The dialog's title shows before the order's details (and what staff may do) have come.
    const start = await within(d).findByRole('button', { name: '開始備貨' });
    expect(within(d).queryByRole('button', { name: '取消訂單' })).toBeNull();
    await user.click(start);
    expect(await toast('已開始備貨')).toBeInTheDocument();
    expect(sent).toEqual([{ order_id: 101 }]);
    await waitFor(() => expect(within(d).queryByRole('button', { name: '開始備貨' })).toBeNull());
  });

  it('取消訂單 asks first, sends the reason, and shows the server’s refusal (訂單狀態已變更，請重新整理)', async () => {
    const sent: unknown[] = [];
    const order = adminOrder({ payment: 'cod', can: { editReceiver: true, createTicket: false, markShipped: false, queryStatus: false, refund: false, startProcessing: true, cancel: true } });
    server([order], {
      'POST /api/admin/cancelOrder': (body) => {
        sent.push(body);
        return { status: 409, json: { success: false, message: '訂單狀態已變更，請重新整理' } };
      },
    });
    const user = userEvent.setup();
    show();
    const d = await openDetail(user, 101);
    await user.click(await within(d).findByRole('button', { name: '取消訂單' }));
    const confirm = await dialog('確定要取消訂單 #101 嗎？');
    await user.type(within(confirm).getByLabelText('取消原因'), '客人電話取消');
    await user.click(within(confirm).getByRole('button', { name: '取消訂單' }));
    expect(await toast('訂單狀態已變更，請重新整理')).toBeInTheDocument();
    expect(sent).toEqual([{ order_id: 101, reason: '客人電話取消' }]);
  });

  it('the history shows the server’s sentences, not codes or JSON', async () => {
    const order = adminOrder();
    server([order], {}, () =>
      details(order, {
        history: [
          { id: 1, created_at: '2025-03-01T08:00:00Z', admin_id: 1, admin_username: 'amy', action: 'shipping.create-ticket', entity: 'order', entity_id: '101', changes: { ticket: [null, { id: 12, lgsType: 'HOME' }] }, lines: ['出貨單：黑貓宅配 #12'], summary: '建立出貨單 黑貓宅配' },
        ],
      }),
    );
    const user = userEvent.setup();
    show();
    const d = await openDetail(user, 101);
    // The dialog opens on a skeleton; the history is there once the details are in.
    const history = await within(d).findByTestId('detail-history');
    expect(history).toHaveTextContent('出貨單：黑貓宅配 #12');
    expect(history).not.toHaveTextContent('lgsType');
  });
});
