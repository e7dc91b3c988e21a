import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { QuoteRequest } from '@api/promotions';
import { mockApi, renderApp } from '../../../test/render';
import CartPage from './CartPage';
import { initialCartState, selectCartAddons, type CartItem } from './cartSlice';
import { fakeQuote, type FakeShop } from './testQuote';

const serum: CartItem = {
  product_id: 1, variant_id: 11, variant_name: '30ml', title: '玻尿酸精華', description: '', image_url: '/media/1.webp', discount_price: 1280, quantity: 1,
};

const SHOP: FakeShop = {
  prices: { '1:11': 1280 },
  discounts: [{ label: '滿千折百', amount: 100, promotion_id: 1 }],
  gifts: [
    { promotion_id: 4, product_id: 9, variant_id: 91, title: '旅行組', variant_name: '', image_url: '', quantity: 1, available: true },
    { promotion_id: 5, product_id: 8, variant_id: 81, title: '化妝包', variant_name: '', image_url: '', quantity: 1, available: false, message: '贈品已送完' },
  ],
  offers: [{ promotion_id: 6, promotion_name: '加價購', product_id: 7, variant_id: 71, title: '保濕面膜', variant_name: '5 片', image_url: '', price: 390, addon_price: 99, max_per_order: 2, stock: 10 }],
  hints: [
    { promotion_id: null, kind: 'shipping', text: '還差 NT$ 1,820 享免運', missing: 1820, threshold: 3000 },
    { promotion_id: 3, kind: 'bundle_price', text: '再買 2 件享任選 3 件 NT$ 999', missing: 0 },
  ],
};

type Answer = { status?: number; json: unknown };

function server(quote: (body: QuoteRequest) => Answer = (body) => ({ json: fakeQuote(body, SHOP) })) {
  return mockApi({
    'GET /api/load/loadProducts': () => ({ json: { success: true, productsTypes: [], products: [] } }),
    'GET /api/load/shipping': () => ({
      json: { success: true, shippingMethods: [{ id: 4, name: '宅配', icon_url: '', shipping_cost: 100, free_shipping_threshold: 3000 }] },
    }),
    'POST /api/cart/quote': (body) => quote(body as QuoteRequest),
  });
}

const open = (items: CartItem[] = [serum]) => renderApp(<CartPage />, { preloaded: { cart: { ...initialCartState, items } } });
const quoteBodies = (calls: { path: string; body: unknown }[]) => calls.filter((c) => c.path === '/api/cart/quote').map((c) => c.body as QuoteRequest);

describe('CartPage: the points to earn (issue 21)', () => {
  it('says how many points the order earns (the quote’s pointsToEarn), and nothing when none', async () => {
    server((body) => ({ json: fakeQuote(body, { ...SHOP, points: { balance: 0, earnRate: 2 } }) }));
    open();
    // (1,280 − 100) × 2 % = 23
    expect(await screen.findByTestId('cart-points-earn')).toHaveTextContent('本次可獲得 23 點購物金');
  });

  it('shows no points line when the order earns none', async () => {
    server();
    open();
    await screen.findByTestId('cart-total');
    expect(screen.queryByTestId('cart-points-earn')).toBeNull();
  });
});

describe('CartPage: the quote', () => {
  it('shows each line’s discount, every discount, gifts, hints with the free-shipping bar, and the quoted total', async () => {
    server();
    open();
    expect(await screen.findByTestId('cart-total')).toHaveTextContent('NT$ 1,280');
    expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('NT$ 1,280');
    const [adjustment] = screen.getAllByTestId('cart-adjustment');
    expect(adjustment).toHaveTextContent('滿千折百');
    expect(adjustment).toHaveTextContent('−NT$ 100');
    expect(screen.getByTestId('cart-fee')).toHaveTextContent('NT$ 100');
    const line = screen.getByTestId('cart-line');
    expect(within(line).getByTestId('cart-line-discount')).toHaveTextContent('折扣 −NT$ 100');
    expect(within(line).getByTestId('cart-line-amount')).toHaveTextContent('NT$ 1,180');

    const hints = screen.getAllByTestId('quote-hint').map((h) => h.textContent);
    expect(hints).toEqual(['還差 NT$ 1,820 享免運', '再買 2 件享任選 3 件 NT$ 999']);
    // (3,000 − 1,820) / 3,000 = 39 %
    expect(screen.getByRole('progressbar', { name: '免運進度' })).toHaveAttribute('aria-valuenow', '39');

    const gifts = screen.getAllByTestId('quote-gift');
    expect(gifts[0]).toHaveTextContent('贈品旅行組');
    expect(gifts[0]).not.toHaveTextContent('贈品已送完');
    expect(gifts[1]).toHaveTextContent('化妝包');
    expect(gifts[1]).toHaveTextContent('贈品已送完');
  });

  it('shows a placeholder, not a figure, while the quote is asked', async () => {
    let answer: (a: Answer) => void = () => undefined;
    const pending = new Promise<Answer>((resolve) => (answer = resolve));
    const api = mockApi({
      'GET /api/load/loadProducts': () => ({ json: { success: true, productsTypes: [], products: [] } }),
      'GET /api/load/shipping': () => ({ json: { success: true, shippingMethods: [{ id: 4, name: '宅配', icon_url: '', shipping_cost: 100, free_shipping_threshold: 3000 }] } }),
    });
    // The quote answers when the test says so.
    const plain = api.fetchMock.getMockImplementation()!;
    api.fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : String(input);
      if (!url.endsWith('/api/cart/quote')) return plain(input, init);
      const a = await pending;
      return new Response(JSON.stringify(a.json), { status: a.status ?? 200, headers: { 'Content-Type': 'application/json' } });
    });
    open();
    expect(await screen.findByRole('status', { name: '金額計算中' })).toBeInTheDocument();
    expect(screen.queryByTestId('cart-total')).toBeNull();
    expect(screen.queryByText(/NT\$ 1,380/)).toBeNull();
    answer({ json: fakeQuote({ cartItems: [{ product_id: 1, variant_id: 11, quantity: 1 }], shipping: 4 }, { prices: { '1:11': 1280 } }) });
    expect(await screen.findByTestId('cart-total')).toHaveTextContent('NT$ 1,380');
    expect(screen.queryByRole('status', { name: '金額計算中' })).toBeNull();
  });

  it('a failed quote shows the server’s message and no total; without a message 無法計算金額，請稍後再試', async () => {
    let fail: Answer = { status: 409, json: { success: false, message: '庫存不足：玻尿酸精華' } };
    server(() => fail);
    open();
    const alert = await screen.findByTestId('cart-quote-error');
    expect(alert).toHaveTextContent('庫存不足：玻尿酸精華');
    expect(screen.queryByTestId('cart-total')).toBeNull();
    expect(screen.queryByTestId('cart-fee')).toBeNull();
    expect(screen.queryByTestId('cart-subtotal')).toBeNull();

    fail = { status: 500, json: {} };
    await userEvent.click(within(alert).getByRole('button', { name: '重新計算' }));
    await waitFor(() => expect(screen.getByTestId('cart-quote-error')).toHaveTextContent('無法計算金額，請稍後再試'));
    expect(screen.queryByTestId('cart-total')).toBeNull();
  });

  it('a 200 answer with success false is a failure too', async () => {
    server(() => ({ json: { success: false } }));
    open();
    expect(await screen.findByTestId('cart-quote-error')).toHaveTextContent('無法計算金額，請稍後再試');
  });

  it('adds an add-on, changes its quantity up to its limit, removes it; each change asks the quote again', async () => {
    const { calls } = server();
    const { store } = open();
    const offer = await screen.findByTestId('addon-offer');
    expect(offer).toHaveTextContent('保濕面膜');
    expect(offer).toHaveTextContent('NT$ 99');
    expect(offer).toHaveTextContent('限購 2 件');
    await userEvent.click(within(offer).getByRole('button', { name: '加入加價購：保濕面膜' }));
    expect(selectCartAddons(store.getState())).toEqual([{ promotion_id: 6, variant_id: 71, quantity: 1 }]);
    await waitFor(() => expect(screen.getByTestId('cart-total')).toHaveTextContent('NT$ 1,379'));
    const select = within(screen.getByTestId('addon-offer')).getByRole('combobox', { name: '保濕面膜 加價購數量' });
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['1', '2']);
    await userEvent.selectOptions(select, '2');
    await waitFor(() => expect(screen.getByTestId('cart-total')).toHaveTextContent('NT$ 1,478'));
    expect(quoteBodies(calls).at(-1)?.addons).toEqual([{ promotion_id: 6, variant_id: 71, quantity: 2 }]);

    await userEvent.click(screen.getByRole('button', { name: '移除加價購：保濕面膜' }));
    expect(selectCartAddons(store.getState())).toEqual([]);
    await waitFor(() => expect(screen.getByTestId('cart-total')).toHaveTextContent('NT$ 1,280'));
    // (the cart without add-ons was quoted before: that answer is reused)
    expect(screen.getByRole('button', { name: '加入加價購：保濕面膜' })).toBeEnabled();
  });

  it('an add-on out of stock cannot be added', async () => {
    server((body) => ({ json: fakeQuote(body, { ...SHOP, offers: [{ ...SHOP.offers![0], stock: 0 }] }) }));
    open();
    expect(await screen.findByRole('button', { name: '保濕面膜 已售完' })).toBeDisabled();
  });

  it('quantity typing is priced once it settles (one quote for the final quantity)', async () => {
    const { calls } = server();
    open();
    await screen.findByTestId('cart-total');
    const input = screen.getByRole('textbox', { name: '玻尿酸精華 數量' });
    fireEvent.change(input, { target: { value: '1' } });
    fireEvent.change(input, { target: { value: '12' } });
    expect(screen.getByRole('status', { name: '金額計算中' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('cart-total')).toHaveTextContent('NT$ 15,260'));
    expect(quoteBodies(calls).map((b) => b.cartItems[0].quantity)).toEqual([1, 12]);
  });

  it('says 已享免運 when the quote made shipping free', async () => {
    server((body) => ({ json: fakeQuote(body, { prices: { '1:11': 1280 }, shipping: [{ id: 4, cost: 100, threshold: 1000 }] }) }));
    open();
    expect(await screen.findByText('已享免運')).toBeInTheDocument();
    expect(screen.getByTestId('cart-fee')).toHaveTextContent('免運');
    expect(screen.getByRole('radio', { name: /宅配/ })).toHaveAccessibleName(/宅配\s*免運/);
  });
});
