import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { OrderView } from '@api/orders';
import { mockApi, renderRoutes } from '../../../test/render';
import { loggedInAs, member } from '../account/testMember';
import OrdersPage from './OrdersPage';
import { orderView, PAID } from './testOrders';

const routes = [
  { path: '/orders', element: <OrdersPage /> },
  { path: '/login', element: <p>login page</p> },
];
const asMember = { preloaded: loggedInAs(member()) };
const DELIVERED: Partial<OrderView> = { ...PAID, status_name: 'delivered', status_label: '已取貨', cancellable: false };

function server(orders: OrderView[], answer: (body: { order_id: number; reason: string }) => { status?: number; json: unknown }) {
  const sent: unknown[] = [];
  mockApi({
    'GET /api/csrf-token': () => ({ json: { success: true, csrfToken: 'tok' } }),
    'GET /api/login/getuser': () => ({ json: { success: true, user: member() } }),
    'GET /api/order/getUserOrdersByPage': () => ({ json: { success: true, orders, total: orders.length } }),
    'POST /api/order/requestReturn': (body) => {
      sent.push(body);
      return answer(body as { order_id: number; reason: string });
    },
  });
  return sent;
}

const dialogOpen = () => waitFor(() => screen.getAllByRole('dialog').find((d) => !d.classList.contains('ant-zoom-leave'))!);

describe('/orders 申請退貨 (issue 11: 7-day 鑑賞期, staff approve or refuse)', () => {
  it('is offered only for returnable orders; asks for a reason, sends it, then shows the request under review', async () => {
    const sent = server([orderView({ order_id: 2, ...DELIVERED, returnable: true }), orderView({ order_id: 1, ...DELIVERED })], () => ({
      json: { success: true, message: '已送出退貨申請，我們會盡快與您聯繫', order_id: 2, return_status: 'requested', returnable: false },
    }));
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/orders', ...asMember });
    const row = await screen.findByTestId('order-2');
    expect(within(screen.getByTestId('order-1')).queryByRole('button', { name: '申請退貨' })).toBeNull();

    await user.click(within(row).getByRole('button', { name: '申請退貨' }));
    const dialog = await dialogOpen();
    await user.click(within(dialog).getByRole('button', { name: '送出申請' }));
    expect(await within(dialog).findByText('請填寫退貨原因')).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('退貨原因'), ' 不適合我的膚質 ');
    await user.click(within(dialog).getByRole('button', { name: '送出申請' }));
    expect(await screen.findByText('已送出退貨申請，我們會盡快與您聯繫')).toBeInTheDocument();
    expect(sent).toEqual([{ order_id: 2, reason: '不適合我的膚質' }]);
    await waitFor(() => expect(within(row).queryByRole('button', { name: '申請退貨' })).toBeNull());
    expect(within(row).getByTestId('return-status')).toHaveTextContent('退貨申請審核中');
  });

  it('a refusal shows the server message', async () => {
    server([orderView({ order_id: 2, ...DELIVERED, returnable: true })], () => ({ status: 400, json: { success: false, message: '已超過 7 天鑑賞期，無法申請退貨' } }));
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/orders', ...asMember });
    await user.click(within(await screen.findByTestId('order-2')).getByRole('button', { name: '申請退貨' }));
    const dialog = await dialogOpen();
    await user.type(within(dialog).getByLabelText('退貨原因'), '太晚了');
    await user.click(within(dialog).getByRole('button', { name: '送出申請' }));
    expect(await screen.findByText('已超過 7 天鑑賞期，無法申請退貨')).toBeInTheDocument();
  });
});
