import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderRoutes } from '../../../test/render';
import { loggedInAs, member } from '../account/testMember';
import OrdersPage from './OrdersPage';
import { orderView, PAID } from './testOrders';

// Screens that wait on several answers in a row: on a loaded CI machine that passes the 1 s default (as testQuote.ts).
configure({ asyncUtilTimeout: 5000 });

const routes = [
  { path: '/orders', element: <OrdersPage /> },
  { path: '/reviews', element: <p>reviews page</p> },
  { path: '/login', element: <p>login page</p> },
];

describe('/orders 評價 (issue 21, spec 4 §4)', () => {
  it('delivered and completed orders show 評價, which opens /reviews for that order; others do not', async () => {
    const orders = [
      orderView({ order_id: 4, ...PAID, status_name: 'completed', status_label: '已完成' }),
      orderView({ order_id: 3, ...PAID, status_name: 'delivered', status_label: '已送達' }),
      orderView({ order_id: 2, ...PAID, status_name: 'shipped', status_label: '已出貨' }),
      orderView({ order_id: 1 }),
    ];
    mockApi({
      'GET /api/login/getuser': () => ({ json: { success: true, user: member() } }),
      'GET /api/order/getUserOrdersByPage': () => ({ json: { success: true, orders, total: orders.length } }),
    });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, { path: '/orders', preloaded: loggedInAs(member()) });
    await screen.findByTestId('order-4');
    expect(within(screen.getByTestId('order-4')).getByRole('link', { name: '評價' })).toHaveAttribute('href', '/reviews?order=4');
    expect(within(screen.getByTestId('order-3')).getByRole('link', { name: '評價' })).toHaveAttribute('href', '/reviews?order=3');
    expect(within(screen.getByTestId('order-2')).queryByRole('link', { name: '評價' })).toBeNull();
    expect(within(screen.getByTestId('order-1')).queryByRole('link', { name: '評價' })).toBeNull();
    await user.click(within(screen.getByTestId('order-3')).getByRole('link', { name: '評價' }));
    expect(await screen.findByText('reviews page')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?order=3');
  });
});
