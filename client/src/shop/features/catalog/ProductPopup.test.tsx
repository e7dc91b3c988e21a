import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp } from '../../../test/render';
import { selectCartItems } from '../cart/cartSlice';
import { selectCartDropdownPinnedAt } from '../cart/cartDropdownSlice';
import type { ProductListItem, Variant } from './catalogTypes';
import ProductPopup from './ProductPopup';

const base: ProductListItem = {
  product_id: 7, title: '玻尿酸保濕精華', description: '深層保濕一整天', image_url: '/media/p7.webp', unit: '瓶', product_type: 1,
  type_name: '精華液', price: 1200, discount_price: 980, highest_price: 1800, highest_discount: 1480, stock: 9, sold_quantity: 5,
  sales: 5, views: 10, manager_rank: 1, is_new: 1, is_hot: 0, is_manager: 0,
};

const variant = (id: number, name: string, stock: number, discount = 980): Variant => ({
  variant_id: id, variant_name: name, original_price: 1200, discount_price: discount, stock,
});

function setup(variants: Variant[], productStock = variants.reduce((s, v) => s + v.stock, 0)) {
  const api = mockApi({
    'POST /api/load/productDetails': () => ({
      json: { success: true, ...base, stock: productStock, seo_description: '', Variants: variants, pMedias: [{ media_url: '/media/p7.webp' }] },
    }),
  });
  let closed = 0;
  const view = renderApp(<ProductPopup product={{ ...base, stock: productStock }} onClose={() => (closed += 1)} />);
  return { ...view, api, closedCount: () => closed };
}

/** Radio inputs are visually hidden; shoppers click the variant's label. */
const chooseVariant = async (name: string) => userEvent.click(await screen.findByText(name, { selector: '.ss-variant-name' }));
const addButton = () => screen.findByRole('button', { name: /加入購物車|已售完/ });

beforeEach(() => {
  // jsdom lays nothing out; the panel scrolls the 規格 group into view.
  Element.prototype.scrollIntoView = vi.fn();
});


describe('ProductPopup', () => {
  it('loads the details and preselects the only variant', async () => {
    const { api } = setup([variant(70, '30ml', 5)]);
    const radio = await screen.findByRole('radio', { name: /30ml/ });
    expect(radio).toBeChecked();
    expect(api.calls).toContainEqual({ method: 'POST', path: '/api/load/productDetails', body: { product_id: 7 } });
  });

  it('asks for a variant when there are several and none is chosen', async () => {
    const { store, closedCount } = setup([variant(70, '30ml', 5), variant(71, '50ml', 5, 1480)]);
    const radios = await screen.findAllByRole('radio');
    expect(radios.every((r) => !(r as HTMLInputElement).checked)).toBe(true);
    await userEvent.click(await addButton());
    expect(await screen.findByText('請先選擇規格！', { selector: '.ant-message *' })).toBeInTheDocument();
    expect(screen.getByRole('radiogroup', { name: '規格' })).toHaveAttribute('aria-invalid', 'true');
    expect(selectCartItems(store.getState())).toEqual([]);
    expect(closedCount()).toBe(0);
  });

  it('adds the chosen variant, closes, toasts and opens the cart dropdown', async () => {
    const { store, closedCount } = setup([variant(70, '30ml', 5), variant(71, '50ml', 5, 1480)]);
    await chooseVariant('50ml');
    await userEvent.click(screen.getByRole('button', { name: '增加數量' }));
    await userEvent.click(await addButton());
    expect(selectCartItems(store.getState())).toEqual([
      {
        product_id: 7, variant_id: 71, variant_name: '50ml', title: '玻尿酸保濕精華', description: '深層保濕一整天',
        image_url: '/media/p7.webp', discount_price: 1480, quantity: 2, stock: 5, updated_at: expect.any(String),
      },
    ]);
    expect(closedCount()).toBe(1);
    expect(selectCartDropdownPinnedAt(store.getState())).toBeGreaterThan(0);
    expect(await screen.findByText(/加入購物車/, { selector: '.ant-message *' })).toBeInTheDocument();
  });

  it('clamps the quantity to 1–99 and disables the buttons at the limits', async () => {
    setup([variant(70, '30ml', 150)]);
    const input = await screen.findByRole('textbox', { name: '數量' });
    const minus = screen.getByRole('button', { name: '減少數量' });
    const plus = screen.getByRole('button', { name: '增加數量' });
    expect(minus).toBeDisabled();
    expect(screen.getByText('最多可選 99 件')).toBeInTheDocument();

    fireEvent.change(input, { target: { value: '250' } });
    expect(input).toHaveValue('99');
    expect(plus).toBeDisabled();
    expect(minus).toBeEnabled();

    fireEvent.change(input, { target: { value: '0' } });
    expect(input).toHaveValue('1');

    fireEvent.change(input, { target: { value: '' } });
    fireEvent.blur(input);
    expect(input).toHaveValue('1');
    expect(minus).toBeDisabled();
  });

  it('caps the quantity at the chosen variant stock (庫存僅剩 N 件)', async () => {
    const { store } = setup([variant(70, '30ml', 22)]);
    const input = await screen.findByRole('textbox', { name: '數量' });
    expect(input).toHaveAccessibleDescription('庫存僅剩 22 件');
    fireEvent.change(input, { target: { value: '99' } });
    expect(input).toHaveValue('22');
    expect(screen.getByRole('button', { name: '增加數量' })).toBeDisabled();
    await userEvent.click(await addButton());
    expect(selectCartItems(store.getState())).toMatchObject([{ variant_id: 70, quantity: 22, stock: 22 }]);
  });

  it('shows 已售完 and disables adding when the chosen variant has no stock', async () => {
    setup([variant(70, '30ml', 0), variant(71, '50ml', 4)]);
    await chooseVariant('30ml');
    const button = await addButton();
    expect(button).toHaveTextContent('已售完');
    expect(button).toBeDisabled();
    await chooseVariant('50ml');
    expect(await addButton()).toHaveTextContent('加入購物車');
    expect(await addButton()).toBeEnabled();
  });

  it('shows 已售完 when the product has no stock at all', async () => {
    setup([variant(70, '30ml', 0)], 0);
    await waitFor(async () => expect(await addButton()).toHaveTextContent('已售完'));
    expect(await addButton()).toBeDisabled();
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('link', { name: /查看完整商品介紹/ })).toHaveAttribute('href', '/product/7');
  });
});
