import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { OrderView } from '@api/orders';
import { mockApi, renderRoutes } from '../../../test/render';
import { loggedInAs, member } from '../account/testMember';
import { browser } from '../checkout/browser';
import PaymentSlipPage from './PaymentSlipPage';
import { canRetryPayment, switchableMethods } from './PaymentRetry';
import { orderItem, orderView } from './testOrders';

const MER = 'SS20250101000101';
const routes = [
  { path: '/paymentSlip', element: <PaymentSlipPage /> },
  { path: '/login', element: <p>login page</p> },
];
const METHODS = [
  { method_code: 'atm', method_label: 'ATM 轉帳' },
  { method_code: 'credit', method_label: '信用卡' },
  { method_code: 'linepay', method_label: 'LINE Pay' },
  { method_code: 'cvs', method_label: '超商代碼' },
  { method_code: 'cod', method_label: '貨到付款' },
];
const soon = () => new Date(Date.now() + 20 * 60_000).toISOString();

/** A card payment that failed, inside its window (home delivery, member carrier). */
const failedCard = (o: Partial<OrderView> = {}): OrderView =>
  orderView({
    payment: 'credit',
    paymentname: '信用卡',
    payment_label: '信用卡',
    payment_code: '',
    expiredate: null,
    payment_status: 2,
    payment_status_label: '付款失敗',
    status_label: '待付款',
    shipping: 4,
    carrier_type: 'amego',
    created_at: new Date().toISOString(),
    payment_retry_until: soon(),
    ...o,
  });

describe('重新付款 / 更換付款方式 (issue 19 §6)', () => {
  it('offers them only for a pending unpaid order inside its window; lists the other methods this order may use', () => {
    expect(canRetryPayment(failedCard())).toBe(true);
    expect(canRetryPayment(failedCard({ payment_retry_until: null }))).toBe(false);
    expect(canRetryPayment(failedCard({ payment_retry_until: new Date(Date.now() - 1000).toISOString() }))).toBe(false);
    expect(canRetryPayment(failedCard({ status_name: 'cancelled' }))).toBe(false);
    expect(switchableMethods(failedCard(), METHODS).map((m) => m.method_code)).toEqual(['atm', 'linepay', 'cvs', 'cod']);
    // A company invoice cannot go to LINE Pay; a store without cash on delivery (全家) has none.
    expect(switchableMethods(failedCard({ invoice_type: 'Company' }), METHODS).map((m) => m.method_code)).toEqual(['atm', 'cvs', 'cod']);
    expect(switchableMethods(failedCard({ shipping: 2 }), METHODS).map((m) => m.method_code)).not.toContain('cod');
  });

  it('on the slip: 重新付款 asks the server for a new attempt and posts its card form (the card page opens)', async () => {
    const order = failedCard();
    const { calls } = mockApi({
      'GET /api/login/getuser': () => ({ json: { success: true, user: member() } }),
      [`GET /api/order/getOrderAndDetails/${MER}`]: () => ({ json: { success: true, order, orderItems: [orderItem()] } }),
      'GET /api/load/payment': () => ({ json: { success: true, paymentMethods: METHODS } }),
      'POST /api/orders/retryPayment': () => ({ json: { success: true, message: '請於付款頁完成付款', resData: { order_id: 101, MerTradeNo: MER }, result: { go_url: 'https://sandbox-api.payuni.com.tw/api/upp', body: { MerID: 'S1', Version: '2.0', EncryptInfo: 'x', HashInfo: 'y' } } } }),
    });
    const post = vi.spyOn(browser, 'postForm').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderRoutes(routes, { path: `/paymentSlip?MerTradeNo=${MER}`, preloaded: loggedInAs(member()) });

    const retry = await screen.findByTestId('payment-retry');
    expect(retry).toHaveTextContent('付款失敗或尚未完成，訂單仍保留中。');
    await user.click(within(retry).getByRole('button', { name: '重新付款' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('https://sandbox-api.payuni.com.tw/api/upp', { MerID: 'S1', Version: '2.0', EncryptInfo: 'x', HashInfo: 'y' }));
    expect(calls.find((c) => c.path === '/api/orders/retryPayment')?.body).toEqual({ order_id: 101 });
    post.mockRestore();
  });

  it('更換付款方式: the dialog refuses with the server message, then 貨到付款 updates the order', async () => {
    let order = failedCard();
    const { calls } = mockApi({
      'GET /api/login/getuser': () => ({ json: { success: true, user: member() } }),
      [`GET /api/order/getOrderAndDetails/${MER}`]: () => ({ json: { success: true, order, orderItems: [orderItem()] } }),
      'GET /api/load/payment': () => ({ json: { success: true, paymentMethods: METHODS } }),
      'POST /api/orders/changePayment': (body) => {
        if ((body as { payment: string }).payment === 'cvs') return { status: 400, json: { success: false, message: '此付款方式目前無法使用，請重新選擇' } };
        order = { ...order, payment: 'cod', paymentname: '貨到付款', payment_label: '貨到付款', payment_status: 0, payment_status_label: '未付款', payment_retry_until: null, status_label: '處理中' };
        return { json: { success: true, message: '付款方式已更新', resData: { order_id: 101, MerTradeNo: MER } } };
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, { path: `/paymentSlip?MerTradeNo=${MER}`, preloaded: loggedInAs(member()) });

    await user.click(within(await screen.findByTestId('payment-retry')).getByRole('button', { name: '更換付款方式' }));
    const dialog = await screen.findByRole('dialog');
    const group = await within(dialog).findByRole('radiogroup', { name: '付款方式' });
    expect(within(group).getAllByRole('radio').map((r) => r.closest('label')?.textContent)).toEqual(['ATM 轉帳', 'LINE Pay', '超商代碼', '貨到付款']);
    const confirm = within(dialog).getByRole('button', { name: /確認更換/ });
    expect(confirm).toBeDisabled();

    await user.click(within(group).getByText('超商代碼'));
    await user.click(confirm);
    expect(await within(dialog).findByTestId('change-payment-error')).toHaveTextContent('此付款方式目前無法使用，請重新選擇');

    await user.click(within(group).getByText('貨到付款'));
    await user.click(confirm);
    await waitFor(() => expect(screen.getByTestId('slip-payment')).toHaveTextContent('貨到付款'));
    expect(screen.queryByTestId('payment-retry')).toBeNull();
    expect(calls.filter((c) => c.path === '/api/orders/changePayment').map((c) => c.body)).toEqual([
      { order_id: 101, payment: 'cvs' },
      { order_id: 101, payment: 'cod' },
    ]);
  });
});
