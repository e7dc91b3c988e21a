import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderItemView, OrderView } from '@api/orders';
import { initialCartState } from '../cart/cartSlice';
import { mockApi, renderRoutes } from '../../../test/render';
import { loggedInAs, member } from '../account/testMember';
import PaymentSlipPage, { SLIP_POLL_MS, SLIP_POLL_WINDOW_MS } from './PaymentSlipPage';
import { orderItem, orderView, PAID } from './testOrders';

const MER = 'SS20250101000101';
const SLIP_PATH = `/api/order/getOrderAndDetails/${MER}`;

const routes = [
  { path: '/paymentSlip', element: <PaymentSlipPage /> },
  { path: '/login', element: <p>login page</p> },
  { path: '/orders', element: <p>orders page</p> },
  { path: '/products', element: <p>products page</p> },
];

type Reply = { status?: number; json: unknown };

/** The server: getuser for the logged-in member, the slip answered by `slip` (called on every request). */
function server(slip: () => Reply, user = member()) {
  return mockApi({
    'GET /api/login/getuser': () => ({ json: { success: true, user } }),
    [`GET ${SLIP_PATH}`]: slip,
  });
}

const found = (order: OrderView, items: OrderItemView[] = [orderItem()]): Reply => ({ json: { success: true, order, orderItems: items } });

const slipCalls = (calls: { path: string }[]) => calls.filter((c) => c.path === SLIP_PATH).length;

const cartWithOneLine = {
  ...initialCartState,
  items: [{ product_id: 3, variant_id: 5, variant_name: '30ml', title: '玫瑰保濕精華', description: '', image_url: '', discount_price: 600, quantity: 2 }],
};

afterEach(() => {
  vi.useRealTimers();
});

describe('PaymentSlipPage (spec 2 §2, §4, §8)', () => {
  it('says the URL lacks MerTradeNo and asks the server nothing', async () => {
    const { calls } = server(() => found(orderView()));
    renderRoutes(routes, { path: '/paymentSlip', preloaded: loggedInAs(member()) });
    expect(await screen.findByTestId('slip-error')).toHaveTextContent('無法取得 MerTradeNo，請確認 URL 是否正確');
    expect(screen.getByRole('link', { name: '查看我的訂單' })).toHaveAttribute('href', '/orders');
    expect(screen.getByRole('link', { name: '繼續購物' })).toHaveAttribute('href', '/products');
    expect(calls.some((c) => c.path.startsWith('/api/order/'))).toBe(false);
  });

  it('shows an ATM order: number, amount, status, the bank code and virtual account split from payment_code, deadline, order info and items', async () => {
    server(() => found(orderView(), [orderItem(), orderItem({ order_detail_id: 2, title: '舒緩面膜', variant_name: '', quantity: 1, price: 1200 })]));
    renderRoutes(routes, { path: `/paymentSlip?MerTradeNo=${MER}`, preloaded: loggedInAs(member()) });

    expect(await screen.findByTestId('slip-order-id')).toHaveTextContent('#101');
    expect(screen.getByTestId('slip-mer-trade-no')).toHaveTextContent(MER);
    expect(screen.getByTestId('slip-amount')).toHaveTextContent('NT$ 1,260');
    expect(screen.getByTestId('slip-payment')).toHaveTextContent('ATM 轉帳');
    const paymentStatus = screen.getByTestId('slip-payment-status');
    expect(paymentStatus).toHaveTextContent('未付款');
    expect(paymentStatus).toHaveAttribute('data-color', '#fa8c16');
    expect(screen.getByTestId('slip-order-status')).toHaveTextContent('處理中');

    expect(screen.getByTestId('atm-bank')).toHaveTextContent('013（國泰世華）');
    const account = screen.getByTestId('atm-account');
    expect(account).toHaveTextContent('98765432101234');
    expect(within(account).getByRole('button', { name: '複製虛擬帳號' })).toBeInTheDocument();
    expect(screen.getByTestId('pay-deadline')).toHaveTextContent('2025-01-04 23:59');

    const info = screen.getByTestId('slip-info');
    expect(info).toHaveTextContent('王小明');
    expect(info).toHaveTextContent('ming@example.com');
    expect(screen.getByTestId('slip-shipping')).toHaveTextContent('7-11');
    expect(screen.getByTestId('slip-store')).toHaveTextContent('敦南門市（123456）');
    expect(screen.getByTestId('slip-invoice')).toHaveTextContent('個人電子發票（手機條碼 /ABC1234）');
    expect(screen.queryByTestId('slip-invoice-no')).toBeNull();

    const rows = within(screen.getByTestId('order-items')).getAllByRole('row').slice(1);
    expect(rows.map((r) => Array.from(r.querySelectorAll('td')).map((td) => td.textContent))).toEqual([
      ['玫瑰保濕精華', '30ml', '2', 'NT$ 600', 'NT$ 1,200'],
      ['舒緩面膜', '—', '1', 'NT$ 1,200', 'NT$ 1,200'],
    ]);
    const totals = screen.getByTestId('order-totals');
    expect(totals).toHaveTextContent('商品小計NT$ 1,200');
    expect(totals).toHaveTextContent('運費NT$ 60');
    expect(totals).toHaveTextContent('訂單總計NT$ 1,260');
    expect(screen.getByRole('link', { name: '查看我的訂單' })).toHaveAttribute('href', '/orders');
  });

  it('shows a CVS code with its deadline, a home delivery address, and the invoice number once issued', async () => {
    server(() =>
      found(
        orderView({
          payment: 'cvs',
          paymentname: '超商代碼',
          payment_code: 'LLL24123456789',
          shipping: 4,
          shippingname: '宅配',
          zip: '106',
          city: '臺北市',
          district: '大安區',
          street: '敦化南路二段 76 號',
          delivery_time_slot: '01',
          invoice_no: 'AB12345678',
        }),
      ),
    );
    renderRoutes(routes, { path: `/paymentSlip?MerTradeNo=${MER}`, preloaded: loggedInAs(member()) });
    expect(await screen.findByTestId('cvs-code')).toHaveTextContent('LLL24123456789');
    expect(screen.getByTestId('pay-deadline')).toHaveTextContent('2025-01-04 23:59');
    expect(screen.getByTestId('slip-address')).toHaveTextContent('106 臺北市大安區敦化南路二段 76 號');
    expect(screen.getByText('13:00 前')).toBeInTheDocument();
    expect(screen.getByTestId('slip-invoice-no')).toHaveTextContent('AB12345678');
  });

  it('shows cash on delivery without asking again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = server(() => found(orderView({ payment: 'cod', paymentname: '貨到付款', payment_code: '', expiredate: null })));
    renderRoutes(routes, { path: `/paymentSlip?MerTradeNo=${MER}`, preloaded: loggedInAs(member()) });
    expect(await screen.findByTestId('slip-note')).toHaveTextContent('貨到付款 — 請於取貨或收件時付款。');
    expect(screen.queryByTestId('pay-instructions')).toBeNull();
    expect(screen.queryByRole('button', { name: /重新整理/ })).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(SLIP_POLL_MS * 3));
    expect(slipCalls(calls)).toBe(1);
  });

  it('sends a visitor to /login and back here afterwards', async () => {
    const { calls } = mockApi({ 'GET /api/login/getuser': () => ({ status: 401, json: { success: false, message: '請先登入' } }) });
    const { router, store } = renderRoutes(routes, { path: `/paymentSlip?MerTradeNo=${MER}` });
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(store.getState().session.redirectPath).toBe(`/paymentSlip?MerTradeNo=${MER}`);
    expect(slipCalls(calls)).toBe(0);
  });

  it('an expired session (401 from the slip) logs the client out and goes to /login with the way back saved', async () => {
    mockApi({
      'GET /api/login/getuser': () => ({ status: 401, json: { success: false, message: '請先登入' } }),
      [`GET ${SLIP_PATH}`]: () => ({ status: 401, json: { success: false, message: '請先登入' } }),
    });
    const { router, store } = renderRoutes(routes, { path: `/paymentSlip?MerTradeNo=${MER}`, preloaded: loggedInAs(member()) });
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(store.getState().session).toMatchObject({ isLoggedIn: false, redirectPath: `/paymentSlip?MerTradeNo=${MER}` });
  });

  it("another member's order (404) goes to /login and shows nothing of it", async () => {
    server(() => ({ status: 404, json: { success: false, message: '找不到訂單' } }));
    const { router, store } = renderRoutes(routes, { path: `/paymentSlip?MerTradeNo=${MER}`, preloaded: loggedInAs(member()) });
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(store.getState().session.redirectPath).toBe(`/paymentSlip?MerTradeNo=${MER}`);
    expect(screen.queryByText('找不到訂單')).toBeNull();
  });

  it('a backend failure shows the server message, or 後端回傳錯誤, with a retry', async () => {
    let reply: Reply = { status: 500, json: { success: false, message: '資料庫忙碌中' } };
    server(() => reply);
    const user = userEvent.setup();
    renderRoutes(routes, { path: `/paymentSlip?MerTradeNo=${MER}`, preloaded: loggedInAs(member()) });
    expect(await screen.findByTestId('slip-error')).toHaveTextContent('資料庫忙碌中');
    reply = { status: 502, json: {} };
    await user.click(screen.getByRole('button', { name: /重新載入/ }));
    await waitFor(() => expect(screen.getByTestId('slip-error')).toHaveTextContent('後端回傳錯誤'));
    reply = found(orderView());
    await user.click(screen.getByRole('button', { name: /重新載入/ }));
    expect(await screen.findByTestId('slip-order-id')).toHaveTextContent('#101');
  });

  it('clears the cart when back from LINE Pay or the card page paid (spec 2 §4), not for other methods nor a failed card payment', async () => {
    const justNow = new Date(Date.now() - 5 * 60_000).toISOString();
    for (const [payment, payment_status, clears] of [
      ['linepay', 1, true],
      ['credit', 1, true],
      ['credit', 2, false],
      ['atm', 1, false],
      ['cod', 0, false],
    ] as const) {
      server(() => found(orderView({ payment, payment_status, paymentname: payment, payment_code: '', expiredate: null, created_at: justNow })));
      const { store, unmount } = renderRoutes(routes, { path: `/paymentSlip?MerTradeNo=${MER}`, preloaded: { ...loggedInAs(member()), cart: cartWithOneLine } });
      await screen.findByTestId('slip-order-id');
      if (clears) await waitFor(() => expect(store.getState().cart.items).toEqual([]));
      else expect(store.getState().cart.items).toHaveLength(1);
      unmount();
    }
  });

  it('keeps the cart when an older LINE Pay slip is opened, or the slip is opened from inside the app', async () => {
    server(() => found(orderView({ payment: 'linepay', payment_code: '', expiredate: null, created_at: '2025-01-01T04:05:00.000Z' })));
    const old = renderRoutes(routes, { path: `/paymentSlip?MerTradeNo=${MER}`, preloaded: { ...loggedInAs(member()), cart: cartWithOneLine } });
    await screen.findByTestId('slip-order-id');
    expect(old.store.getState().cart.items).toHaveLength(1);
    old.unmount();

    server(() => found(orderView({ payment: 'linepay', payment_code: '', expiredate: null, created_at: new Date().toISOString() })));
    const inApp = renderRoutes(routes, { path: '/orders', preloaded: { ...loggedInAs(member()), cart: cartWithOneLine } });
    await act(() => inApp.router.navigate(`/paymentSlip?MerTradeNo=${MER}`));
    await screen.findByTestId('slip-order-id');
    expect(inApp.store.getState().cart.items).toHaveLength(1);
  });

  it('while an online payment is awaited it asks again every few seconds and shows it paid, then stops', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let order = orderView();
    const { calls } = server(() => found(order));
    renderRoutes(routes, { path: `/paymentSlip?MerTradeNo=${MER}`, preloaded: loggedInAs(member()) });
    expect(await screen.findByTestId('slip-payment-status')).toHaveTextContent('未付款');
    expect(screen.getByText('完成付款後，本頁會自動更新付款狀態。')).toBeInTheDocument();
    const first = slipCalls(calls);

    await act(() => vi.advanceTimersByTimeAsync(SLIP_POLL_MS + 100));
    await waitFor(() => expect(slipCalls(calls)).toBe(first + 1));

    order = orderView({ ...PAID, status_name: 'paid', status_label: '已付款', status_color: '#1677ff', paid_at: '2025-01-01T05:00:00.000Z' });
    await act(() => vi.advanceTimersByTimeAsync(SLIP_POLL_MS + 100));
    await waitFor(() => expect(screen.getByTestId('slip-payment-status')).toHaveTextContent('已付款'));
    expect(screen.getByTestId('slip-note')).toHaveTextContent('付款完成，感謝您的訂購！（2025-01-01 13:00）');
    expect(screen.queryByTestId('pay-instructions')).toBeNull();
    const paidCalls = slipCalls(calls);
    await act(() => vi.advanceTimersByTimeAsync(SLIP_POLL_MS * 3));
    expect(slipCalls(calls)).toBe(paidCalls);
  });

  it('stops polling after the window and offers 重新整理', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let order = orderView({ payment: 'credit', paymentname: '信用卡', payment_code: '', expiredate: null });
    const { calls } = server(() => found(order));
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderRoutes(routes, { path: `/paymentSlip?MerTradeNo=${MER}`, preloaded: loggedInAs(member()) });
    expect(await screen.findByTestId('slip-note')).toHaveTextContent('尚未收到付款結果。');
    // Step by step: each answer arrives before the next poll is due.
    for (let t = 0; t <= SLIP_POLL_WINDOW_MS; t += SLIP_POLL_MS) {
      await act(() => vi.advanceTimersByTimeAsync(SLIP_POLL_MS));
      await waitFor(() => expect(slipCalls(calls)).toBeGreaterThan(Math.min(t / SLIP_POLL_MS, 29)));
    }
    expect(await screen.findByText('已完成付款？請按重新整理查看最新狀態。')).toBeInTheDocument();
    const after = slipCalls(calls);
    expect(after).toBeGreaterThanOrEqual(SLIP_POLL_WINDOW_MS / SLIP_POLL_MS - 1);
    expect(after).toBeLessThanOrEqual(SLIP_POLL_WINDOW_MS / SLIP_POLL_MS + 2);
    await act(() => vi.advanceTimersByTimeAsync(SLIP_POLL_MS * 3));
    expect(slipCalls(calls)).toBe(after);

    order = orderView({ payment: 'credit', paymentname: '信用卡', payment_code: '', ...PAID, status_name: 'paid', status_label: '已付款' });
    await user.click(screen.getByRole('button', { name: /重新整理/ }));
    await waitFor(() => expect(screen.getByTestId('slip-payment-status')).toHaveTextContent('已付款'));
  });
});

describe('PaymentSlipPage: the analytics purchase event (issue 22 §7)', () => {
  const PURCHASE_PATH = `/api/member/orders/${MER}/purchase-event`;
  const event = {
    transaction_id: MER, value: 1260, currency: 'TWD', shipping: 60,
    items: [{ item_id: '3', item_name: '玫瑰保濕精華', item_variant: '30ml', price: 600, quantity: 2, discount: 0 }],
  };
  const purchases = () => ((window as unknown as { dataLayer?: unknown[][] }).dataLayer ?? []).map((a) => [...a]).filter((a) => a[0] === 'event' && a[1] === 'purchase');

  afterEach(async () => {
    const { resetAnalyticsForTests } = await import('../../../shared/analytics/analytics');
    resetAnalyticsForTests();
  });

  async function serverWithPurchase(order: OrderView) {
    let handed = false;
    const api = mockApi({
      'GET /api/login/getuser': () => ({ json: { success: true, user: member() } }),
      [`GET ${SLIP_PATH}`]: () => found(order),
      'GET /api/csrf-token': () => ({ json: { success: true, csrfToken: 'tok' } }),
      [`POST ${PURCHASE_PATH}`]: () => {
        const answer = { success: true, event: handed ? null : event };
        handed = true;
        return { json: answer };
      },
    });
    const { configureAnalytics } = await import('../../../shared/analytics/analytics');
    configureAnalytics('G-TEST123', '');
    return api;
  }

  it('with consent, a paid order sends purchase once, even when the slip is opened again', async () => {
    localStorage.setItem('ss_consent', JSON.stringify({ analytics: true, at: '2026-11-28T00:00:00.000Z' }));
    const { calls } = await serverWithPurchase(orderView(PAID));
    const first = renderRoutes(routes, { path: `/paymentSlip?MerTradeNo=${MER}`, preloaded: loggedInAs(member()) });
    await screen.findByTestId('slip-order-id');
    await waitFor(() => expect(purchases()).toHaveLength(1));
    expect(purchases()[0][2]).toMatchObject({ transaction_id: MER, value: 1260, currency: 'TWD', shipping: 60 });
    first.unmount();
    renderRoutes(routes, { path: `/paymentSlip?MerTradeNo=${MER}`, preloaded: loggedInAs(member()) });
    await screen.findByTestId('slip-order-id');
    await waitFor(() => expect(calls.filter((c) => c.path === PURCHASE_PATH)).toHaveLength(2));
    expect(purchases()).toHaveLength(1);
  });

  it('without consent the server is not asked', async () => {
    const { calls } = await serverWithPurchase(orderView(PAID));
    renderRoutes(routes, { path: `/paymentSlip?MerTradeNo=${MER}`, preloaded: loggedInAs(member()) });
    expect(await screen.findByTestId('slip-order-id')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === PURCHASE_PATH)).toHaveLength(0);
    expect(purchases()).toHaveLength(0);
  });

  it('an unpaid ATM order is not a purchase yet', async () => {
    localStorage.setItem('ss_consent', JSON.stringify({ analytics: true, at: '2026-11-28T00:00:00.000Z' }));
    const { calls } = await serverWithPurchase(orderView());
    renderRoutes(routes, { path: `/paymentSlip?MerTradeNo=${MER}`, preloaded: loggedInAs(member()) });
    expect(await screen.findByTestId('slip-order-id')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === PURCHASE_PATH)).toHaveLength(0);
  });
});
