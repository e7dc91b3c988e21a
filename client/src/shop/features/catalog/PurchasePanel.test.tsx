import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
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

describe('PurchasePanel', () => {
  it('offers the variants as native radios named by size and price (or 已售完), none chosen among several', () => {
    setup([variant(70, '30ml', 5), variant(71, '50ml', 0, 1480)]);
    const radios = within(picker()).getAllByRole('radio');
    expect(radios).toHaveLength(2);
    expect(radios.map((r) => r.tagName)).toEqual(['INPUT', 'INPUT']);
    expect(within(picker()).getByRole('radio', { name: /30ml\s*NT\$ 980/ })).not.toBeChecked();
    expect(within(picker()).getByRole('radio', { name: /50ml\s*已售完/ })).not.toBeChecked();
    expect(screen.getByRole('textbox', { name: '數量' })).toHaveAccessibleDescription('最多可選 99 件');
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

  it('warns 請先選擇規格！ when adding without a variant, and adds nothing', async () => {
    const { store } = setup([variant(70, '30ml', 5), variant(71, '50ml', 5, 1480)]);
    await userEvent.click(addButton());
    expect(await screen.findByText('請先選擇規格！')).toBeInTheDocument();
    expect(selectCartItems(store.getState())).toEqual([]);
  });

  it('buys now: adds the chosen quantity and goes to the cart', async () => {
    const { store, router } = setup([variant(70, '30ml', 5)]);
    expect(screen.getByRole('radio', { name: /30ml/ })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: '增加數量' }));
    await userEvent.click(screen.getByRole('button', { name: '立即購買' }));
    expect(router.state.location.pathname).toBe('/cart');
    expect(selectCartItems(store.getState())).toMatchObject([{ product_id: 7, variant_id: 70, variant_name: '30ml', quantity: 2 }]);
    expect(await screen.findByText(/已將「玻尿酸保濕精華（30ml）」× 2 加入購物車/)).toBeInTheDocument();
  });
});
