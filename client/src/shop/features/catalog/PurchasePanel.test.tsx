import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render';
import { selectCartItems } from '../cart/cartSlice';
import type { Variant } from './catalogTypes';
import { PurchasePanel } from './PurchasePanel';
import type { SellableProduct } from './purchase';

const variant = (id: number, name: string, stock: number, discount = 980): Variant => ({
  variant_id: id, variant_name: name, original_price: 1200, discount_price: discount, stock,
});

const product = (variants: Variant[]): SellableProduct => ({
  product_id: 7, title: '玻尿酸保濕精華', description: '深層保濕一整天', image_url: '/media/p7.webp', price: 1200,
  discount_price: 980, highest_price: 1800, highest_discount: 1480, stock: variants.reduce((s, v) => s + v.stock, 0), Variants: variants,
});

const setup = (variants: Variant[]) => renderApp(<PurchasePanel product={product(variants)} buyNow />, { path: '/product/7', route: '/product/:id' });
const picker = () => screen.getByRole('radiogroup', { name: '規格' });
const addButton = () => screen.getByRole('button', { name: /加入購物車|已售完/ });
const toastText = (text: string | RegExp) => screen.findByText(text, { selector: '.ant-message *' });
const quantity = () => screen.getByRole('textbox', { name: '數量' });

// jsdom lays nothing out: record the scroll that brings the 規格 group into view.
const scrolled = vi.fn();
beforeEach(() => {
  scrolled.mockReset();
  Element.prototype.scrollIntoView = scrolled;
});


describe('PurchasePanel', () => {
  it('offers the variants as native radios named by size and price (or 已售完), none chosen among several', () => {
    setup([variant(70, '30ml', 5), variant(71, '50ml', 0, 1480)]);
    const radios = within(picker()).getAllByRole('radio');
    expect(radios).toHaveLength(2);
    expect(radios.map((r) => r.tagName)).toEqual(['INPUT', 'INPUT']);
    expect(within(picker()).getByRole('radio', { name: /30ml\s*NT\$ 980/ })).not.toBeChecked();
    expect(within(picker()).getByRole('radio', { name: /50ml\s*已售完/ })).not.toBeChecked();
    // Before a variant is chosen the cap is the most any variant has (not a blanket 99).
    expect(screen.getByRole('textbox', { name: '數量' })).toHaveAccessibleDescription('庫存僅剩 5 件');
  });

  it('a sold-out product says 已售完 under the quantity, never 最多可選 99 件 (none of several variants left)', () => {
    setup([variant(70, '30ml', 0), variant(71, '50ml', 0, 1480)]);
    expect(quantity()).toHaveAccessibleDescription('已售完');
    expect(screen.queryByText('最多可選 99 件')).toBeNull();
    expect(quantity()).toBeDisabled();
    expect(addButton()).toHaveTextContent('已售完');
    expect(addButton()).toBeDisabled();
  });

  it('a sold-out product whose variants still show stock (stale) is sold out too: the product’s stock decides', () => {
    renderApp(<PurchasePanel product={{ ...product([variant(70, '30ml', 3)]), stock: 0 }} buyNow />, { path: '/product/7', route: '/product/:id' });
    expect(quantity()).toHaveAccessibleDescription('已售完');
    expect(addButton()).toBeDisabled();
  });

  it('with plenty in stock it still says 最多可選 99 件', () => {
    setup([variant(70, '30ml', 150), variant(71, '50ml', 120, 1480)]);
    expect(quantity()).toHaveAccessibleDescription('最多可選 99 件');
  });

  it('selects a variant by clicking its label, and a sold-out one too (then nothing can be added)', async () => {
    setup([variant(70, '30ml', 5), variant(71, '50ml', 0, 1480)]);
    await userEvent.click(screen.getByText('50ml'));
    expect(screen.getByRole('radio', { name: /50ml/ })).toBeChecked();
    expect(addButton()).toHaveTextContent('已售完');
    expect(addButton()).toBeDisabled();
    expect(screen.getByRole('button', { name: '立即購買' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: '數量' })).toBeDisabled();

    await userEvent.click(screen.getByText('30ml'));
    expect(screen.getByRole('radio', { name: /30ml/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /50ml/ })).not.toBeChecked();
    expect(addButton()).toHaveTextContent('加入購物車');
    expect(addButton()).toBeEnabled();
    expect(screen.getByRole('button', { name: '立即購買' })).toBeEnabled();
  });

  it('moves the choice with the arrow keys (one tab stop for the group)', async () => {
    setup([variant(70, '30ml', 5), variant(71, '50ml', 5, 1480), variant(72, '100ml', 5, 2380)]);
    await userEvent.click(screen.getByText('30ml'));
    const [first, second, third] = screen.getAllByRole('radio');
    expect(first).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(second).toBeChecked();
    expect(second).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(third).toBeChecked();
    await userEvent.keyboard('{ArrowLeft}');
    expect(second).toBeChecked();
    expect(first).not.toBeChecked();
    await userEvent.tab();
    expect(screen.getByRole('textbox', { name: '數量' })).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(second).toHaveFocus();
  });

  it('warns 請先選擇規格！ when adding without a variant: toast, outlined group in view, focus on it; adds nothing', async () => {
    const { store } = setup([variant(70, '30ml', 5), variant(71, '50ml', 5, 1480)]);
    expect(picker()).not.toHaveAttribute('aria-invalid');
    await userEvent.click(addButton());
    expect(await toastText('請先選擇規格！')).toBeInTheDocument();
    expect(selectCartItems(store.getState())).toEqual([]);
    expect(picker()).toHaveAttribute('aria-invalid', 'true');
    expect(picker()).toHaveAccessibleDescription('請先選擇規格！');
    expect(picker().closest('.ss-purchase-row')).toHaveClass('is-invalid');
    expect(scrolled).toHaveBeenCalledWith(expect.objectContaining({ block: 'center' }));
    expect(scrolled.mock.contexts[0]).toBe(picker());
    expect(within(picker()).getAllByRole('radio')[0]).toHaveFocus();
  });

  it('clears the error, the outline and the toast as soon as a variant is chosen', async () => {
    setup([variant(70, '30ml', 5), variant(71, '50ml', 5, 1480)]);
    await userEvent.click(screen.getByRole('button', { name: '立即購買' }));
    expect(await toastText('請先選擇規格！')).toBeInTheDocument();
    expect(screen.getByTestId('variant-error')).toHaveTextContent('請先選擇規格！');
    await userEvent.click(screen.getByText('50ml'));
    expect(screen.queryByTestId('variant-error')).toBeNull();
    expect(picker()).not.toHaveAttribute('aria-invalid');
    expect(picker().closest('.ss-purchase-row')).not.toHaveClass('is-invalid');
    // The warning leaves at once (jsdom runs no transitions, so it stays in its leave state here).
    await waitFor(() =>
      expect(screen.getByText('請先選擇規格！', { selector: '.ant-message *' }).closest('.ant-message-notice')).toHaveClass('ant-message-fade-leave'),
    );
  });

  it('caps the quantity at the chosen variant stock with 庫存僅剩 N 件, also when switching to a smaller stock', async () => {
    const { store } = setup([variant(70, '30ml', 22), variant(71, '50ml', 3, 1480)]);
    expect(quantity()).toHaveAccessibleDescription('庫存僅剩 22 件');
    fireEvent.change(quantity(), { target: { value: '40' } });
    expect(quantity()).toHaveValue('22');
    await userEvent.click(screen.getByText('30ml'));
    expect(quantity()).toHaveValue('22');
    expect(quantity()).toHaveAccessibleDescription('庫存僅剩 22 件');
    fireEvent.change(quantity(), { target: { value: '99' } });
    expect(quantity()).toHaveValue('22');
    expect(screen.getByRole('button', { name: '增加數量' })).toBeDisabled();
    await userEvent.click(screen.getByText('50ml'));
    expect(quantity()).toHaveValue('3');
    expect(quantity()).toHaveAccessibleDescription('庫存僅剩 3 件');
    await userEvent.click(addButton());
    expect(selectCartItems(store.getState())).toMatchObject([{ variant_id: 71, quantity: 3, stock: 3 }]);
  });

  it('adds only what the stock leaves beside the cart line, and adds nothing once the cart holds it all', async () => {
    const { store } = setup([variant(70, '30ml', 5)]);
    fireEvent.change(quantity(), { target: { value: '4' } });
    await userEvent.click(addButton());
    expect(await toastText(/× 4 加入購物車$/)).toBeInTheDocument();
    await userEvent.click(addButton());
    expect(await toastText('已將「玻尿酸保濕精華（30ml）」× 1 加入購物車（庫存僅剩 5 件）')).toBeInTheDocument();
    await userEvent.click(addButton());
    expect(await toastText('購物車已有 5 件「玻尿酸保濕精華（30ml）」，庫存僅剩 5 件')).toBeInTheDocument();
    expect(selectCartItems(store.getState())).toMatchObject([{ variant_id: 70, quantity: 5 }]);
  });

  it('buys now: adds the chosen quantity and goes to the cart', async () => {
    const { store, router } = setup([variant(70, '30ml', 5)]);
    expect(screen.getByRole('radio', { name: /30ml/ })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: '增加數量' }));
    await userEvent.click(screen.getByRole('button', { name: '立即購買' }));
    expect(router.state.location.pathname).toBe('/cart');
    expect(selectCartItems(store.getState())).toMatchObject([{ product_id: 7, variant_id: 70, variant_name: '30ml', quantity: 2 }]);
    expect(await toastText(/已將「玻尿酸保濕精華（30ml）」× 2 加入購物車/)).toBeInTheDocument();
  });
});
