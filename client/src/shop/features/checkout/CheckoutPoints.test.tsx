import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { QuoteRequest } from '@api/promotions';
import { fakeQuote, pointsRefusal } from '../cart/testQuote';
import { pointsProblem } from './pointsChoice';
import { fillValid, me, ready, renderCheckout, resetShop, server, shop, submitCalls, withCart, type Answer } from './testCheckout';

const quoteBodies = (calls: { path: string; body: unknown }[]) => calls.filter((c) => c.path === '/api/cart/quote').map((c) => c.body as QuoteRequest);
const slip = () => ({ json: { success: true, resData: { order_id: 9, MerTradeNo: 'SS0009' } } });
/** The quote as the server answers it: a refused `usePoints` is a 400 with spec 4 §5's message. */
const quoteRoute = {
  'POST /api/cart/quote': (body: unknown): Answer => {
    const refusal = pointsRefusal(body as QuoteRequest, shop);
    return refusal ? { status: 400, json: { success: false, message: refusal } } : { json: fakeQuote(body as QuoteRequest, shop) };
  },
};
const box = () => screen.getByTestId('points-box');
const input = () => within(box()).getByLabelText('使用購物金');

beforeEach(() => {
  resetShop();
  sessionStorage.clear();
  // 1,280 + 2 × 450 − 100 = 2,080 of goods: at most 30% = 624 points; shipping NT$ 100 (宅配 below 3,000).
  shop.discounts = [{ label: '滿千折百', amount: 100, promotion_id: 1 }];
  shop.points = { balance: 500, earnRate: 1 };
});

describe('Checkout: 使用購物金 (issue 21, spec 4 §2, §5)', { timeout: 30_000 }, () => {
  it('shows the balance and the most allowed; 套用 asks the quote with the points, which show as 購物金折抵', async () => {
    const api = server(me(), quoteRoute);
    const user = userEvent.setup();
    renderCheckout(withCart(me()));
    await ready();
    expect(within(box()).getByTestId('points-balance')).toHaveTextContent('500');
    expect(within(box()).getByTestId('points-max')).toHaveTextContent('NT$ 500');
    expect(screen.getByTestId('checkout-points-earn')).toHaveTextContent('本次可獲得 20 點購物金');

    await user.type(input(), '200');
    await user.click(within(box()).getByRole('button', { name: '套用' }));
    expect(await screen.findByTestId('points-applied')).toHaveTextContent('已使用 200 點，折抵 NT$ 200');
    expect(screen.getAllByTestId('checkout-adjustment').map((a) => a.textContent)).toEqual(['滿千折百−NT$ 100', '購物金折抵−NT$ 200']);
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('NT$ 1,980');
    expect(screen.getByTestId('checkout-points-earn')).toHaveTextContent('本次可獲得 18 點購物金');
    expect(quoteBodies(api.calls).at(-1)).toMatchObject({ usePoints: 200 });

    await user.click(within(box()).getByRole('button', { name: '取消使用' }));
    // The quote without points again (the one shown before, still fresh: not asked twice).
    await waitFor(() => expect(screen.getByTestId('checkout-total')).toHaveTextContent('NT$ 2,180'));
    expect(screen.queryByTestId('points-applied')).toBeNull();
    expect(screen.getAllByTestId('checkout-adjustment')).toHaveLength(1);
  });

  it('refuses a wrong amount with spec 4 §5’s message under the box and leaves the quote unchanged', async () => {
    shop.points = { balance: 1000 };
    const api = server(me(), quoteRoute);
    const user = userEvent.setup();
    renderCheckout(withCart(me()));
    await ready();
    expect(within(box()).getByTestId('points-max')).toHaveTextContent('NT$ 624');
    const asked = quoteBodies(api.calls).length;

    await user.type(input(), '1.5{Enter}');
    expect(await screen.findByTestId('points-message')).toHaveTextContent('請輸入正確的購物金點數');
    expect(input()).toHaveAttribute('aria-invalid', 'true');
    await user.clear(input());
    await user.type(input(), '1200{Enter}');
    expect(screen.getByTestId('points-message')).toHaveTextContent('購物金餘額不足');
    await user.clear(input());
    await user.type(input(), '700{Enter}');
    expect(screen.getByTestId('points-message')).toHaveTextContent('最多可折抵 NT$ 624');

    expect(input()).toHaveValue('700');
    expect(quoteBodies(api.calls)).toHaveLength(asked);
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('NT$ 2,180');
    expect(screen.getAllByTestId('checkout-adjustment')).toHaveLength(1);
  });

  it('the server’s refusal (points spent meanwhile) shows its message and the quote goes back to the one without them', async () => {
    const api = server(me(), quoteRoute);
    const user = userEvent.setup();
    renderCheckout(withCart(me()));
    await ready();
    // Spent on another device after this page was quoted: the server now has 100.
    shop.points = { balance: 100 };
    await user.type(input(), '300{Enter}');
    expect(await screen.findByTestId('points-message')).toHaveTextContent('購物金餘額不足');
    await waitFor(() => expect(screen.getByTestId('checkout-total')).toHaveTextContent('NT$ 2,180'));
    // Back to the quote shown before (still fresh, so not asked again).
    expect(quoteBodies(api.calls).map((b) => b.usePoints ?? 0)).toEqual([0, 300]);
    expect(screen.getAllByTestId('checkout-adjustment')).toHaveLength(1);
    expect(screen.queryByTestId('points-applied')).toBeNull();
  });

  it('全部折抵 uses the most allowed, and the order is sent with the points the quote used', async () => {
    shop.points = { balance: 1000 };
    const api = server(me(), { ...quoteRoute, 'POST /api/order/submitOrder': slip });
    const user = userEvent.setup();
    const { router } = renderCheckout(withCart(me()));
    await ready();
    await user.click(within(box()).getByRole('button', { name: '全部折抵' }));
    expect(await screen.findByTestId('points-applied')).toHaveTextContent('已使用 624 點，折抵 NT$ 624');
    expect(input()).toHaveValue('624');
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('NT$ 1,556');
    await fillValid(user, /ATM 轉帳/);
    await user.click(screen.getByRole('button', { name: /送出訂單/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/paymentSlip'));
    expect(submitCalls(api.calls)[0]).toMatchObject({ totalAmount: 1556, usePoints: 624 });
  });

  it('without points the box is not shown and the order carries no usePoints', async () => {
    shop.points = { balance: 0 };
    const api = server(me(), { ...quoteRoute, 'POST /api/order/submitOrder': slip });
    const user = userEvent.setup();
    const { router } = renderCheckout(withCart(me()));
    await ready();
    expect(screen.queryByTestId('points-box')).toBeNull();
    await fillValid(user, /ATM 轉帳/);
    await user.click(screen.getByRole('button', { name: /送出訂單/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/paymentSlip'));
    expect(submitCalls(api.calls)[0]).not.toHaveProperty('usePoints');
  });
});

describe('pointsProblem (spec 4 §5)', () => {
  it('a whole number ≥ 0, not above the balance, not above the cap', () => {
    expect(pointsProblem('100', 500, 300)).toBeUndefined();
    expect(pointsProblem(' 300 ', 500, 300)).toBeUndefined();
    expect(pointsProblem('-1', 500, 300)).toBe('請輸入正確的購物金點數');
    expect(pointsProblem('1e3', 5000, 3000)).toBe('請輸入正確的購物金點數');
    expect(pointsProblem('', 500, 300)).toBe('請輸入正確的購物金點數');
    expect(pointsProblem('600', 500, 300)).toBe('購物金餘額不足');
    expect(pointsProblem('400', 500, 300)).toBe('最多可折抵 NT$ 300');
    expect(pointsProblem('1200', 5000, 1000)).toBe('最多可折抵 NT$ 1,000');
  });
});
