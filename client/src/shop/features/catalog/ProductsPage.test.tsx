import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderApp } from '../../../test/render';
import type { ProductListItem } from './catalogTypes';
import ProductsPage from './ProductsPage';

const p = (id: number, over: Partial<ProductListItem>): ProductListItem => ({
  product_id: id, title: `商品${id}`, description: '', image_url: `/media/${id}.webp`, unit: '瓶', product_type: 1, type_name: '精華液',
  price: 1000, discount_price: 1000, highest_price: 1000, highest_discount: 1000, stock: 5, sold_quantity: 0, sales: 0, views: 0,
  manager_rank: 0, is_new: 0, is_hot: 0, is_manager: 0, ...over,
});

function setup(path = '/products') {
  mockApi({
    'POST /api/load/productDetails': (body) => {
      const id = (body as { product_id: number }).product_id;
      return {
        json: {
          success: true, ...p(id, { title: id === 1 ? '玻尿酸精華' : `商品${id}` }), seo_description: '', pMedias: [],
          Variants: [{ variant_id: id * 10, variant_name: '30ml', original_price: 1200, discount_price: 980, stock: 5 }],
        },
      };
    },
    'GET /api/load/loadProducts': () => ({
      json: {
        success: true,
        productsTypes: [{ id: 1, type_name: '精華液' }, { id: 2, type_name: '乳霜' }],
        products: [
          p(1, { title: '玻尿酸精華', manager_rank: 5, discount_price: 980, highest_discount: 1280, price: 1200, highest_price: 1500, is_new: 1 }),
          p(2, { title: '修護霜', description: 'Hyaluronic 保濕', product_type: 2, type_name: '乳霜', manager_rank: 9, discount_price: 1580 }),
          p(3, { title: '亮白精華', manager_rank: 1, discount_price: 450, stock: 0, is_hot: 1 }),
        ],
      },
    }),
  });
  return renderApp(<ProductsPage />, { path });
}

const titles = () => screen.getAllByTestId('product-card').map((c) => within(c).getByRole('heading').textContent);

describe('ProductsPage', () => {
  it('lists products by manager recommendation with prices, tags and sold-out state', async () => {
    setup();
    expect(await screen.findAllByTestId('product-card')).toHaveLength(3);
    expect(titles()).toEqual(['修護霜', '玻尿酸精華', '亮白精華']);
    const serum = screen.getAllByTestId('product-card')[1];
    expect(serum).toHaveTextContent('NT$ 980 ~ 1,280');
    expect(serum).toHaveTextContent('NT$ 1,200 ~ 1,500');
    expect(serum).toHaveTextContent('新品');
    expect(screen.getAllByTestId('product-card')[2]).toHaveTextContent('已售完');
    expect(document.title).toBe('全部商品 | 肌膚小舖');
  });

  it('searches case-insensitively, filters by type and sorts, keeping it all in the URL', async () => {
    const { router } = setup();
    await screen.findAllByTestId('product-card');
    fireEvent.change(screen.getByRole('searchbox', { name: '搜尋商品' }), { target: { value: 'hyaluronic' } });
    expect(titles()).toEqual(['修護霜']);
    expect(router.state.location.search).toBe('?q=hyaluronic');

    fireEvent.change(screen.getByRole('searchbox', { name: '搜尋商品' }), { target: { value: '精華' } });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: '排序' }), '價格低到高');
    expect(titles()).toEqual(['亮白精華', '玻尿酸精華']);
    await userEvent.click(screen.getByRole('button', { name: '乳霜' }));
    expect(screen.getByText('沒有符合條件的商品')).toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.search).get('type')).toBe('2');
  });

  it('finds Traditional text with a Simplified query and needs every word', async () => {
    setup();
    await screen.findAllByTestId('product-card');
    fireEvent.change(screen.getByRole('searchbox', { name: '搜尋商品' }), { target: { value: '保湿' } });
    // The Chinese tables load with the first search (their own chunk).
    await waitFor(() => expect(titles()).toEqual(['修護霜']));
    fireEvent.change(screen.getByRole('searchbox', { name: '搜尋商品' }), { target: { value: '玻尿酸 精華' } });
    expect(titles()).toEqual(['玻尿酸精華']);
    fireEvent.change(screen.getByRole('searchbox', { name: '搜尋商品' }), { target: { value: '玻尿酸 乳霜' } });
    expect(screen.getByText('沒有符合條件的商品')).toBeInTheDocument();
  });

  it('reads its state from the URL', async () => {
    setup('/products?type=1&sort=priceDesc');
    await screen.findAllByTestId('product-card');
    expect(titles()).toEqual(['玻尿酸精華', '亮白精華']);
    expect(screen.getByRole('button', { name: '精華液' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('combobox', { name: '排序' })).toHaveValue('priceDesc');
  });

  describe('the product popup in the URL (Back closes it and keeps the list)', () => {
    const dialog = () => screen.findByRole('dialog');
    const search = (router: { state: { location: { search: string } } }) => new URLSearchParams(router.state.location.search);

    it('opens with ?product= pushed beside the search, and Back closes it keeping the search', async () => {
      const { router } = setup('/products?q=精華');
      await userEvent.click(await screen.findByRole('button', { name: '查看 玻尿酸精華' }));
      expect(await dialog()).toBeInTheDocument();
      expect(router.state.historyAction).toBe('PUSH');
      expect(search(router).get('product')).toBe('1');
      expect(search(router).get('q')).toBe('精華');

      await act(() => router.navigate(-1));
      expect(search(router).get('product')).toBeNull();
      expect(search(router).get('q')).toBe('精華');
      expect(titles()).toEqual(['玻尿酸精華', '亮白精華']);
    });

    it('closing with Escape goes back over its own entry instead of adding one', async () => {
      const { router } = setup('/products?q=精華');
      await userEvent.click(await screen.findByRole('button', { name: '查看 玻尿酸精華' }));
      await screen.findByRole('radio', { name: /30ml/ });
      await userEvent.keyboard('{Escape}');
      await waitFor(() => expect(search(router).get('product')).toBeNull());
      expect(router.state.historyAction).toBe('POP');
      expect(search(router).get('q')).toBe('精華');
    });

    it('a popup opened from the address (shared or reloaded) closes by replacing the URL', async () => {
      const { router } = setup('/products?type=1&product=1');
      expect(await dialog()).toBeInTheDocument();
      await userEvent.click(await screen.findByRole('button', { name: /^(Close|關閉)$/ }));
      await waitFor(() => expect(search(router).get('product')).toBeNull());
      expect(router.state.historyAction).toBe('REPLACE');
      expect(search(router).get('type')).toBe('1');
    });

    it('its full-page link replaces the popup entry (Back from the product page returns to the list)', async () => {
      const { router } = setup('/products?q=精華');
      await userEvent.click(await screen.findByRole('button', { name: '查看 玻尿酸精華' }));
      await userEvent.click(await screen.findByRole('link', { name: /查看完整商品介紹/ }));
      expect(router.state.location.pathname).toBe('/product/1');
      expect(router.state.historyAction).toBe('REPLACE');
    });
  });
});
