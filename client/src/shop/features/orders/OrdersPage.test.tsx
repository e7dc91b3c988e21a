import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { OrderView } from '@api/orders';
import { mockApi, renderRoutes } from '../../../test/render';
import { loggedInAs, member } from '../account/testMember';
import OrdersPage from './OrdersPage';
import { CANCELLED, orderItem, orderView, PAID } from './testOrders';

const routes = [
  { path: '/orders', element: <OrdersPage /> },
  { path: '/login', element: <p>login page</p> },
  { path: '/paymentSlip', element: <p>slip page</p> },
];

type Reply = { status?: number; json: unknown };

/** `count` orders, newest (highest id) first, as the server pages them. */
function ordersOf(count: number, extra: (id: number) => Partial<OrderView> = () => ({})): OrderView[] {
  return Array.from({ length: count }, (_, i) => {
    const id = 200 + count - i;
    return orderView({ order_id: id, mer_trade_no: `SS${id}`, ...extra(id) });
  });
}

interface ServerOptions {
  orders?: OrderView[];
  list?: (page: number, limit: number) => Reply | undefined;
  cancel?: (orderId: number) => Reply;
}

/** The member's orders server (the real one: test/api/orders*.api-spec.ts). */
function server({ orders = [], list, cancel }: ServerOptions) {
  return mockApi({
    'GET /api/csrf-token': () => ({ json: { success: true, csrfToken: 'tok' } }),
    'GET /api/login/getuser': () => ({ json: { success: true, user: member() } }),
    'GET /api/order/getUserOrdersByPage': (_b, url) => {
      const page = Number(url.searchParams.get('page'));
      const limit = Number(url.searchParams.get('limit'));
      return list?.(page, limit) ?? { json: { success: true, orders: orders.slice((page - 1) * limit, page * limit), total: orders.length } };
    },
    ...Object.fromEntries(
      orders.map((o) => [`GET /api/order/getOrderDetails/${o.order_id}`, () => ({ json: { success: true, orderItems: [orderItem({ title: `商品 ${o.order_id}` })] } })]),
    ),
    'POST /api/order/cancelOrder': (body) => cancel?.((body as { order_id: number }).order_id) ?? { status: 500, json: {} },
  });
}

const listCalls = (calls: { path: string }[]) => calls.filter((c) => c.path === '/api/order/getUserOrdersByPage');
const rowIds = () => screen.queryAllByTestId(/^order-\d+$/).map((el) => Number(el.dataset.testid!.slice(6)));
const row = (id: number) => screen.getByTestId(`order-${id}`);
const asMember = { preloaded: loggedInAs(member()) };

/** antd's dialogs being shown (jsdom never ends the leave animation: a closed one stays, marked leaving). */
const openDialogs = () => screen.queryAllByRole('dialog').filter((d) => !d.classList.contains('ant-zoom-leave'));
const confirmDialog = () =>
  waitFor(() => {
    const open = openDialogs();
    expect(open).toHaveLength(1);
    return open[0];
  });

describe('OrdersPage (spec 1 §2, §4, §7, §8)', () => {
  it('sends a visitor to /login with the way back saved', async () => {
    const { calls } = mockApi({ 'GET /api/login/getuser': () => ({ status: 401, json: { success: false } }) });
    const { router, store } = renderRoutes(routes, { path: '/orders' });
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(store.getState().session.redirectPath).toBe('/orders');
    expect(listCalls(calls)).toHaveLength(0);
  });

  it('loads 5 orders at a time, newest first, and 載入更多 appends until all are loaded', async () => {
    const { calls, fetchMock } = server({ orders: ordersOf(7) });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/orders', ...asMember });
    await screen.findByTestId('order-207');
    expect(rowIds()).toEqual([207, 206, 205, 204, 203]);
    expect(screen.getByTestId('orders-count')).toHaveTextContent('共 7 筆訂單');
    expect(screen.getByText('已顯示 5 / 7 筆')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '載入更多' }));
    await waitFor(() => expect(rowIds()).toEqual([207, 206, 205, 204, 203, 202, 201]));
    expect(screen.queryByRole('button', { name: '載入更多' })).toBeNull();
    const urls = fetchMock.mock.calls.map(([input]) => new URL(String(input instanceof Request ? input.url : input), 'http://localhost')).filter((u) => u.pathname === '/api/order/getUserOrdersByPage');
    expect(urls.map((u) => [u.searchParams.get('page'), u.searchParams.get('limit')])).toEqual([
      ['1', '5'],
      ['2', '5'],
    ]);
    expect(listCalls(calls)).toHaveLength(2);
  });

  it('shows each order: number, Taipei date, total, status and payment status with colours, method, and the code to pay while unpaid', async () => {
    server({
      orders: [
        orderView({ order_id: 3, created_at: '2025-03-01T16:10:00.000Z' }),
        orderView({ order_id: 2, payment: 'cvs', paymentname: '超商代碼', payment_code: 'LLL24123456789', cancellable: true }),
        orderView({ order_id: 1, ...PAID, status_name: 'paid', status_label: '已付款', status_color: '#1677ff', invoice_no: 'AB12345678' }),
      ],
    });
    renderRoutes(routes, { path: '/orders', ...asMember });
    const atm = await screen.findByTestId('order-3');
    expect(within(atm).getByRole('heading')).toHaveTextContent('訂單 #3');
    expect(within(atm).getByText('2025-03-02 00:10')).toBeInTheDocument();
    expect(within(atm).getByTestId('order-total')).toHaveTextContent('NT$ 1,260');
    expect(within(atm).getByTestId('order-status')).toHaveTextContent('處理中');
    expect(within(atm).getByTestId('payment-status')).toHaveTextContent('未付款');
    expect(within(atm).getByTestId('payment-status')).toHaveAttribute('data-color', '#fa8c16');
    expect(within(atm).getByTestId('order-payment')).toHaveTextContent('ATM 轉帳');
    expect(within(atm).getByTestId('atm-bank')).toHaveTextContent('013');
    expect(within(atm).getByTestId('atm-account')).toHaveTextContent('98765432101234');
    expect(within(atm).getByRole('link', { name: '付款資訊' })).toHaveAttribute('href', '/paymentSlip?MerTradeNo=SS20250101000101');

    expect(within(row(2)).getByTestId('cvs-code')).toHaveTextContent('LLL24123456789');

    const paid = row(1);
    expect(within(paid).getByTestId('payment-status')).toHaveTextContent('已付款');
    expect(within(paid).queryByTestId('pay-instructions')).toBeNull();
    expect(within(paid).queryByRole('button', { name: '取消訂單' })).toBeNull();
    expect(paid).toHaveTextContent('發票號碼AB12345678');
  });

  it('opens the details of an order and loads them only once', async () => {
    const { calls } = server({ orders: ordersOf(2) });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/orders', ...asMember });
    const order = await screen.findByTestId('order-202');
    const toggle = within(order).getByRole('button', { name: /訂單明細/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(await within(order).findByText('商品 202')).toBeVisible();
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(within(order).getByTestId('order-totals')).toHaveTextContent('訂單總計NT$ 1,260');

    await user.click(within(order).getByRole('button', { name: /收合明細/ }));
    expect(within(order).getByText('商品 202')).not.toBeVisible();
    await user.click(within(order).getByRole('button', { name: /訂單明細/ }));
    expect(within(order).getByText('商品 202')).toBeVisible();
    expect(calls.filter((c) => c.path === '/api/order/getOrderDetails/202')).toHaveLength(1);
    expect(calls.filter((c) => c.path === '/api/order/getOrderDetails/201')).toHaveLength(0);
  });

  it('cancels after the confirm dialog (Escape keeps the order), then shows the returned status', async () => {
    const { calls } = server({
      orders: ordersOf(2),
      cancel: () => ({ json: { success: true, message: '訂單已取消', status_name: 'cancelled', status_label: '已取消', status_color: '#8c8c8c' } }),
    });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/orders', ...asMember });
    const order = await screen.findByTestId('order-202');

    await user.click(within(order).getByRole('button', { name: '取消訂單' }));
    const dialog = await confirmDialog();
    expect(dialog).toHaveTextContent('確定要取消訂單 #202 嗎？');
    expect(dialog).toHaveTextContent('訂單取消後將無法恢復！');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(openDialogs()).toHaveLength(0));
    expect(calls.filter((c) => c.path === '/api/order/cancelOrder')).toHaveLength(0);

    await user.click(within(order).getByRole('button', { name: '取消訂單' }));
    await user.click(within(await confirmDialog()).getByRole('button', { name: /確定取消/ }));
    expect(await screen.findByText('訂單已取消！')).toBeInTheDocument();
    await waitFor(() => expect(within(order).getByTestId('order-status')).toHaveTextContent('已取消'));
    expect(within(order).getByTestId('order-status')).toHaveAttribute('data-color', '#8c8c8c');
    expect(within(order).queryByRole('button', { name: '取消訂單' })).toBeNull();
    expect(within(order).queryByTestId('pay-instructions')).toBeNull();
    expect(calls.filter((c) => c.path === '/api/order/cancelOrder').map((c) => c.body)).toEqual([{ order_id: 202 }]);
    // The other order is untouched.
    expect(within(row(201)).getByTestId('order-status')).toHaveTextContent('處理中');
  });

  it('when the server says it is paid, the order shows paid and the message is shown', async () => {
    server({
      orders: ordersOf(1),
      cancel: () => ({
        status: 409,
        json: { success: false, message: '付款已完成，無法取消訂單', payment_status: 1, payment_status_label: '已付款', payment_status_color: '#52c41a' },
      }),
    });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/orders', ...asMember });
    const order = await screen.findByTestId('order-201');
    await user.click(within(order).getByRole('button', { name: '取消訂單' }));
    await user.click(within(await confirmDialog()).getByRole('button', { name: /確定取消/ }));
    expect(await screen.findByText('付款已完成，無法取消訂單')).toBeInTheDocument();
    await waitFor(() => expect(within(order).getByTestId('payment-status')).toHaveTextContent('已付款'));
    expect(within(order).getByTestId('payment-status')).toHaveAttribute('data-color', '#52c41a');
    expect(within(order).queryByRole('button', { name: '取消訂單' })).toBeNull();
    expect(within(order).queryByTestId('pay-instructions')).toBeNull();
  });

  it('a failed cancel says 取消訂單失敗, or the server message, and keeps the order', async () => {
    let reply: Reply = { status: 500, json: {} };
    server({ orders: ordersOf(1), cancel: () => reply });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/orders', ...asMember });
    const order = await screen.findByTestId('order-201');
    await user.click(within(order).getByRole('button', { name: '取消訂單' }));
    await user.click(within(await confirmDialog()).getByRole('button', { name: /確定取消/ }));
    expect(await screen.findByText('取消訂單失敗')).toBeInTheDocument();
    expect(within(order).getByTestId('order-status')).toHaveTextContent('處理中');

    reply = { status: 409, json: { success: false, message: '此訂單目前無法取消', ...CANCELLED } };
    await user.click(within(order).getByRole('button', { name: '取消訂單' }));
    await user.click(within(await confirmDialog()).getByRole('button', { name: /確定取消/ }));
    expect(await screen.findByText('此訂單目前無法取消')).toBeInTheDocument();
    await waitFor(() => expect(within(order).getByTestId('order-status')).toHaveTextContent('已取消'));
    expect(within(order).queryByRole('button', { name: '取消訂單' })).toBeNull();
  });

  it('offers 取消訂單 only for cancellable orders', async () => {
    server({ orders: [orderView({ order_id: 2 }), orderView({ order_id: 1, ...CANCELLED })] });
    renderRoutes(routes, { path: '/orders', ...asMember });
    await screen.findByTestId('order-2');
    expect(within(row(2)).getByRole('button', { name: '取消訂單' })).toBeInTheDocument();
    expect(within(row(1)).queryByRole('button', { name: '取消訂單' })).toBeNull();
    // A cancelled order's code was withdrawn: not shown.
    expect(within(row(1)).queryByTestId('pay-instructions')).toBeNull();
  });

  it('asks again when the tab is shown again while an order awaits an online payment, and shows it paid', async () => {
    let orders = ordersOf(1);
    const { calls } = mockApi({
      'GET /api/login/getuser': () => ({ json: { success: true, user: member() } }),
      'GET /api/order/getUserOrdersByPage': () => ({ json: { success: true, orders, total: orders.length } }),
    });
    renderRoutes(routes, { path: '/orders', ...asMember });
    const order = await screen.findByTestId('order-201');
    expect(within(order).getByTestId('payment-status')).toHaveTextContent('未付款');
    orders = ordersOf(1, () => ({ ...PAID, status_name: 'paid', status_label: '已付款' }));
    document.dispatchEvent(new Event('visibilitychange'));
    await waitFor(() => expect(within(screen.getByTestId('order-201')).getByTestId('payment-status')).toHaveTextContent('已付款'));
    expect(listCalls(calls)).toHaveLength(2);
    // Nothing awaited any more: showing the tab again asks nothing.
    document.dispatchEvent(new Event('visibilitychange'));
    await new Promise((r) => setTimeout(r, 50));
    expect(listCalls(calls)).toHaveLength(2);
  });

  it('says 目前沒有任何訂單。 when there are none', async () => {
    server({ orders: [] });
    renderRoutes(routes, { path: '/orders', ...asMember });
    expect(await screen.findByText('目前沒有任何訂單。')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '載入更多' })).toBeNull();
  });

  it('shows skeletons while loading, then an error with a retry that loads the list', async () => {
    let fail = true;
    server({ orders: ordersOf(1), list: () => (fail ? { status: 500, json: { success: false } } : undefined) });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/orders', ...asMember });
    expect(screen.getByTestId('orders-loading')).toBeInTheDocument();
    expect(await screen.findByTestId('load-error')).toHaveTextContent('訂單載入失敗，請稍後再試。');
    fail = false;
    await user.click(screen.getByRole('button', { name: '重新載入' }));
    expect(await screen.findByTestId('order-201')).toBeInTheDocument();
  });

  it('an expired session while listing goes to /login with the way back saved', async () => {
    mockApi({
      'GET /api/login/getuser': () => ({ status: 401, json: { success: false } }),
      'GET /api/order/getUserOrdersByPage': () => ({ status: 401, json: { success: false, message: '請先登入' } }),
    });
    const { router, store } = renderRoutes(routes, { path: '/orders', ...asMember });
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(store.getState().session).toMatchObject({ isLoggedIn: false, redirectPath: '/orders' });
  });
});
