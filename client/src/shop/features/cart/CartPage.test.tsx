import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderApp } from '../../../test/render';
import CartPage from './CartPage';
import { initialCartState, selectCartItems, selectShippingMethodId, type CartItem } from './cartSlice';
import type { QuoteRequest } from '@api/promotions';
import { fakeQuote } from './testQuote';

const serum: CartItem = {
  product_id: 1, variant_id: 11, variant_name: '30ml', title: '玻尿酸精華', description: '', image_url: '/media/1.webp',
  discount_price: 1280, quantity: 1,
};
const cream: CartItem = { ...serum, product_id: 2, variant_id: 0, variant_name: '', title: '修護霜', discount_price: 450, quantity: 2 };

const shipping = (products: { product_id: number; stock: number }[] = []) =>
  mockApi({
    'GET /api/load/loadProducts': () => ({ json: { success: true, productsTypes: [], products } }),
    'GET /api/load/shipping': () => ({
      json: {
        success: true,
        shippingMethods: [
          { id: 1, name: '7-11', icon_url: '/media/711.png', shipping_cost: 60, free_shipping_threshold: 2000 },
          { id: 4, name: '宅配', icon_url: '/media/home.png', shipping_cost: 100, free_shipping_threshold: 3000 },
        ],
      },
    }),
    'POST /api/cart/quote': (body) => ({
      json: fakeQuote(body as QuoteRequest, {
        prices: { '1:11': 1280, '2:0': 450 },
        shipping: [{ id: 1, cost: 60, threshold: 2000 }, { id: 4, cost: 100, threshold: 3000 }],
      }),
    }),
  });

describe('CartPage', () => {
  it('shows the empty state with a way back to the products', () => {
    renderApp(<CartPage />);
    expect(screen.getByText('你的購物車沒有任何商品。')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '去逛逛' })).toHaveAttribute('href', '/products');
    expect(document.title).toBe('購物車 | 肌膚小舖');
  });

  it('lists lines with thousands separators, and the quote of home delivery by default: subtotal, fee, total', async () => {
    const { calls } = shipping();
    renderApp(<CartPage />, { preloaded: { cart: { ...initialCartState, items: [serum, cream] } } });
    expect(screen.getAllByTestId('cart-line')).toHaveLength(2);
    expect(screen.getByText('規格：30ml')).toBeInTheDocument();
    expect(await screen.findByRole('radio', { name: /宅配/ })).toBeChecked();
    expect(await screen.findByTestId('cart-subtotal')).toHaveTextContent('NT$ 2,180');
    expect(screen.getByTestId('cart-fee')).toHaveTextContent('NT$ 100');
    expect(screen.getByTestId('cart-total')).toHaveTextContent('NT$ 2,280');
    expect(calls.filter((c) => c.path === '/api/cart/quote').map((c) => c.body)).toEqual([
      { cartItems: [{ product_id: 1, variant_id: 11, quantity: 1 }, { product_id: 2, variant_id: 0, quantity: 2 }], shipping: 4 },
    ]);
    expect(screen.getByRole('link', { name: '前往結帳' })).toHaveAttribute('href', '/checkout');
  });

  it('waives the fee once the subtotal reaches the chosen method threshold and keeps the choice', async () => {
    shipping();
    const { store } = renderApp(<CartPage />, { preloaded: { cart: { ...initialCartState, items: [serum, cream] } } });
    await userEvent.click(await screen.findByText('7-11'));
    expect(selectShippingMethodId(store.getState())).toBe(1);
    expect(await screen.findByTestId('cart-fee')).toHaveTextContent('免運');
    expect(screen.getByTestId('cart-total')).toHaveTextContent('NT$ 2,180');
  });

  it('updates a line with the stepper and removes it after confirmation', async () => {
    shipping();
    const { store } = renderApp(<CartPage />, { preloaded: { cart: { ...initialCartState, items: [serum, cream] } } });
    const first = screen.getAllByTestId('cart-line')[0];
    const input = within(first).getByRole('textbox', { name: '玻尿酸精華 數量' });
    fireEvent.change(input, { target: { value: '3' } });
    expect(within(first).getByTestId('cart-line-total')).toHaveTextContent('NT$ 3,840');
    // The quote follows once the typing settles.
    await waitFor(() => expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('NT$ 4,740'));

    await userEvent.click(screen.getByRole('button', { name: '移除 修護霜' }));
    await userEvent.click(await screen.findByRole('button', { name: '移除' }));
    expect(selectCartItems(store.getState()).map((i) => i.product_id)).toEqual([1]);
  });

  it('caps a line at its stock with 庫存僅剩 N 件 at the cap', async () => {
    shipping();
    renderApp(<CartPage />, { preloaded: { cart: { ...initialCartState, items: [{ ...serum, quantity: 20, stock: 22 }] } } });
    const line = screen.getByTestId('cart-line');
    const input = within(line).getByRole('textbox', { name: '玻尿酸精華 數量' });
    expect(within(line).queryByText('庫存僅剩 22 件')).toBeNull();
    fireEvent.change(input, { target: { value: '99' } });
    expect(input).toHaveValue('22');
    expect(input).toHaveAccessibleDescription('庫存僅剩 22 件');
    expect(within(line).getByRole('button', { name: '增加數量' })).toBeDisabled();
    expect(within(line).getByTestId('cart-line-total')).toHaveTextContent('NT$ 28,160');
  });

  it('caps a stored cart without stock once the product list arrives, and shows a sold-out line as such', async () => {
    shipping([{ product_id: 1, stock: 6 }, { product_id: 2, stock: 0 }]);
    const { store } = renderApp(<CartPage />, { preloaded: { cart: { ...initialCartState, items: [{ ...serum, quantity: 40 }, cream] } } });
    const [first, second] = screen.getAllByTestId('cart-line');
    await waitFor(() => expect(within(first).getByRole('textbox', { name: '玻尿酸精華 數量' })).toHaveValue('6'));
    expect(within(first).getByRole('textbox', { name: '玻尿酸精華 數量' })).toHaveAccessibleDescription('庫存僅剩 6 件');
    expect(selectCartItems(store.getState())[0]).toMatchObject({ quantity: 6, stock: 6 });
    expect(within(second).getByRole('textbox', { name: '修護霜 數量' })).toBeDisabled();
    expect(within(second).getByRole('textbox', { name: '修護霜 數量' })).toHaveAccessibleDescription('已售完');
  });
});
