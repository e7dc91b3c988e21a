import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { QuoteRequest } from '@api/promotions';
import { CHECKOUT_MSG } from '@rules/checkout-rules';
import { initialCartState } from '../cart/cartSlice';
import { fakeQuote } from '../cart/testQuote';
import { cream, fillValid, me, ready, renderCheckout, resetShop, serum, server, shop, submitCalls, withCart, type Answer } from './testCheckout';

const quoteBodies = (calls: { path: string; body: unknown }[]) => calls.filter((c) => c.path === '/api/cart/quote').map((c) => c.body as QuoteRequest);
const slip = () => ({ json: { success: true, resData: { order_id: 9, MerTradeNo: 'SS0009' } } });

beforeEach(() => {
  resetShop();
  sessionStorage.clear();
  shop.discounts = [{ label: '滿千折百', amount: 100, promotion_id: 1 }];
  shop.codes = {
    SAVE200: { label: '新客折 200', amount: 200, promotion_id: 2 },
    WELCOME100: { message: '此折扣碼僅限首次購物' },
  };
});
afterEach(() => sessionStorage.clear());

describe('Checkout: the quote in the order summary', { timeout: 30_000 }, () => {
  it('lists the quote’s lines with their discount, gifts and add-ons, every discount, shipping and total', async () => {
    shop.gifts = [{ promotion_id: 4, product_id: 9, variant_id: 91, title: '旅行組', variant_name: '', image_url: '', quantity: 1, available: true }];
    shop.offers = [{ promotion_id: 6, promotion_name: '加價購', product_id: 7, variant_id: 71, title: '保濕面膜', variant_name: '', image_url: '', price: 390, addon_price: 99, max_per_order: 2, stock: 5 }];
    server(me());
    renderCheckout({ ...withCart(me()), cart: { ...initialCartState, items: [serum, cream], addons: [{ promotion_id: 6, variant_id: 71, quantity: 1 }] } });
    await ready();
    const lines = screen.getAllByTestId('checkout-item');
    expect(lines.map((l) => l.textContent)).toEqual([
      expect.stringMatching(/商品 1.*NT\$ 1,280 × 1.*折扣 −NT\$ 100.*NT\$ 1,180/),
      expect.stringMatching(/商品 2.*NT\$ 450 × 2.*NT\$ 900/),
      expect.stringMatching(/加價購保濕面膜.*NT\$ 99 × 1.*NT\$ 99/),
      expect.stringMatching(/贈品旅行組.*× 1.*贈品$/),
    ]);
    expect(screen.getByTestId('checkout-subtotal')).toHaveTextContent('NT$ 2,279');
    expect(screen.getByTestId('checkout-adjustment')).toHaveTextContent(/滿千折百\s*−NT\$ 100/);
    expect(screen.getByTestId('checkout-fee')).toHaveTextContent('NT$ 100');
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('NT$ 2,279');
  });

  it('a failed quote shows its message and no total, and 送出訂單 sends nothing', async () => {
    const api = server(me(), { 'POST /api/cart/quote': () => ({ status: 503, json: { success: false } }) });
    const user = userEvent.setup();
    renderCheckout(withCart(me()));
    await screen.findByRole('radio', { name: /ATM 轉帳/ });
    expect(await screen.findByTestId('checkout-quote-error')).toHaveTextContent('無法計算金額，請稍後再試');
    expect(screen.queryByTestId('checkout-total')).toBeNull();
    await fillValid(user, /ATM 轉帳/, { quoted: false });
    await user.click(screen.getByRole('button', { name: /送出訂單/ }));
    expect(await screen.findByTestId('checkout-failure')).toHaveTextContent('無法計算金額，請稍後再試');
    expect(submitCalls(api.calls)).toHaveLength(0);
  });
});

describe('Checkout: the return policy before 送出訂單 (issue 22 §5)', { timeout: 30_000 }, () => {
  it('states the 7-day 鑑賞期 with a link to 退換貨須知, above the submit button', async () => {
    server(me());
    renderCheckout(withCart(me()));
    await ready();
    const policy = screen.getByTestId('return-policy');
    expect(policy).toHaveTextContent('商品享有 7 天鑑賞期（非試用期），退貨須保持商品全新且包裝完整。');
    expect(within(policy).getByRole('link', { name: '退換貨須知' })).toHaveAttribute('href', '/productreturns');
    const submit = screen.getByRole('button', { name: /送出訂單/ });
    expect(policy.compareDocumentPosition(submit) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});

describe('Checkout: the coupon code', { timeout: 30_000 }, () => {
  it('a refused code keeps what was typed, says why under the box, and the quote stays the one without it', async () => {
    const api = server(me());
    const user = userEvent.setup();
    const { store } = renderCheckout(withCart(me()));
    await ready();
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('NT$ 2,180');
    const box = screen.getByTestId('coupon-box');
    await user.type(within(box).getByLabelText('折扣碼'), 'welcome100');
    await user.click(within(box).getByRole('button', { name: '套用' }));
    expect(await screen.findByTestId('coupon-message')).toHaveTextContent('此折扣碼僅限首次購物');
    expect(within(box).getByLabelText('折扣碼')).toHaveValue('WELCOME100');
    expect(within(box).getByLabelText('折扣碼')).toHaveAttribute('aria-invalid', 'true');
    expect(store.getState().cart.couponCode).toBe('WELCOME100');
    expect(quoteBodies(api.calls).at(-1)).toMatchObject({ couponCode: 'WELCOME100' });
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('NT$ 2,180');
    expect(screen.getAllByTestId('checkout-adjustment')).toHaveLength(1);
  });

  it('an applied code shows its discount; 移除 takes it off; Enter applies without sending the order', async () => {
    const api = server(me());
    const user = userEvent.setup();
    const { store } = renderCheckout(withCart(me()));
    await ready();
    const input = within(screen.getByTestId('coupon-box')).getByLabelText('折扣碼');
    await user.type(input, 'save200{Enter}');
    expect(await screen.findByTestId('coupon-applied')).toHaveTextContent('已套用折扣碼 SAVE200，折抵 −NT$ 200');
    expect(screen.getAllByTestId('checkout-adjustment').map((a) => a.textContent)).toEqual(['滿千折百−NT$ 100', '新客折 200−NT$ 200']);
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('NT$ 1,980');
    expect(submitCalls(api.calls)).toHaveLength(0);
    expect(screen.queryByText(CHECKOUT_MSG.generalInvalid)).toBeNull();

    await user.click(within(screen.getByTestId('coupon-box')).getByRole('button', { name: '移除' }));
    expect(store.getState().cart.couponCode).toBe('');
    await waitFor(() => expect(screen.getByTestId('checkout-total')).toHaveTextContent('NT$ 2,180'));
    expect(screen.queryByTestId('coupon-applied')).toBeNull();
    expect(input).toHaveValue('');
  });

  it('submits the quoted total with the applied code and the add-ons', async () => {
    shop.offers = [{ promotion_id: 6, promotion_name: '加價購', product_id: 7, variant_id: 71, title: '保濕面膜', variant_name: '', image_url: '', price: 390, addon_price: 99, max_per_order: 2, stock: 5 }];
    const api = server(me(), { 'POST /api/order/submitOrder': slip });
    const user = userEvent.setup();
    const { router } = renderCheckout({ ...withCart(me()), cart: { ...initialCartState, items: [serum, cream], couponCode: 'SAVE200', addons: [{ promotion_id: 6, variant_id: 71, quantity: 3 }] } });
    await ready();
    expect(await screen.findByTestId('coupon-applied')).toBeInTheDocument();
    await fillValid(user, /ATM 轉帳/);
    await user.click(screen.getByRole('button', { name: /送出訂單/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/paymentSlip'));
    const [body] = submitCalls(api.calls);
    // 1,280 + 900 + 2 × 99 (the offer's limit) − 100 − 200 + 100 shipping
    expect(body).toMatchObject({ totalAmount: 2178, couponCode: 'SAVE200', addons: [{ promotion_id: 6, variant_id: 71, quantity: 2 }] });
    expect(body.cartItems).toEqual([{ product_id: 1, variant_id: 11, quantity: 1 }, { product_id: 2, variant_id: 0, quantity: 2 }]);
  });

  it('a refused code is not sent with the order (the order is the one shown)', async () => {
    const api = server(me(), { 'POST /api/order/submitOrder': slip });
    const user = userEvent.setup();
    const { router } = renderCheckout({ ...withCart(me()), cart: { ...initialCartState, items: [serum, cream], couponCode: 'WELCOME100' } });
    await ready();
    expect(await screen.findByTestId('coupon-message')).toHaveTextContent('此折扣碼僅限首次購物');
    await fillValid(user, /ATM 轉帳/);
    await user.click(screen.getByRole('button', { name: /送出訂單/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/paymentSlip'));
    const [body] = submitCalls(api.calls);
    expect(body.totalAmount).toBe(2180);
    expect(body).not.toHaveProperty('couponCode');
    expect(body).not.toHaveProperty('addons');
  });

  it('a code refused at submit (used up meanwhile) shows the server’s message and asks the quote again', async () => {
    let used = false;
    const api = server(me(), {
      'POST /api/order/submitOrder': () => {
        used = true;
        return { status: 400, json: { success: false, message: '折扣碼已使用完畢' } };
      },
      'POST /api/cart/quote': (body) => {
        if (used) shop.codes = { SAVE200: { message: '折扣碼已使用完畢' } };
        return { json: fakeQuote(body as QuoteRequest, shop) } as Answer;
      },
    });
    const user = userEvent.setup();
    renderCheckout({ ...withCart(me()), cart: { ...initialCartState, items: [serum, cream], couponCode: 'SAVE200' } });
    await ready();
    await fillValid(user, /ATM 轉帳/);
    await user.click(screen.getByRole('button', { name: /送出訂單/ }));
    expect(await screen.findByTestId('checkout-failure')).toHaveTextContent('折扣碼已使用完畢');
    expect(await screen.findByTestId('coupon-message')).toHaveTextContent('折扣碼已使用完畢');
    await waitFor(() => expect(screen.getByTestId('checkout-total')).toHaveTextContent('NT$ 2,180'));
    expect(quoteBodies(api.calls).length).toBeGreaterThanOrEqual(2);
  });
});

describe('Checkout: the first error shows below the sticky header (phones)', { timeout: 30_000 }, () => {
  it('focuses the first error and scrolls its field box to the top, where its scroll-margin keeps it clear of the header', async () => {
    const scrolled = vi.fn();
    // jsdom lays nothing out and has no scrollIntoView: record the call.
    Element.prototype.scrollIntoView = scrolled;
    onTestFinished(() => {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    });
    server(me());
    const user = userEvent.setup();
    renderCheckout(withCart(me()));
    await ready();
    await user.clear(screen.getByLabelText('訂購人姓名'));
    await user.click(screen.getByRole('button', { name: /送出訂單/ }));
    const name = screen.getByLabelText('訂購人姓名');
    await waitFor(() => expect(name).toHaveFocus());
    expect(scrolled).toHaveBeenCalledWith(expect.objectContaining({ block: 'start' }));
    expect(scrolled.mock.contexts.at(-1)).toBe(name.closest('.ss-co-field'));
  });
});

describe('Checkout: LINE Pay and the invoice', { timeout: 30_000 }, () => {
  it('says where LINE Pay’s invoice goes, and that a chosen company invoice does not apply', async () => {
    server(me());
    const user = userEvent.setup();
    renderCheckout(withCart(me()));
    await ready();
    await user.click(screen.getByRole('radio', { name: '公司（統編）' }));
    await user.click(screen.getByRole('radio', { name: /LINE Pay/ }));
    const section = screen.getByRole('region', { name: '發票' });
    expect(within(section).getByTestId('linepay-invoice-note')).toHaveTextContent('LINE Pay 訂單的發票開立於會員載具');
    expect(section).toHaveTextContent('已選擇的公司發票（統編）不適用於 LINE Pay');
  });
});
