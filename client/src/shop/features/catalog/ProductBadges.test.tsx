import { configure, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ProductPageAnswer } from '@api/catalog';
import { EMPTY_COSMETICS } from '@rules/cosmetics-rules';
import type { PublicPromotion } from '@api/promotions';
import { mockApi, renderApp } from '../../../test/render';
import { FeaturedProducts } from '../content/home/HomeSections';
import type { ProductListItem } from './catalogTypes';
import ProductPage from './ProductPage';
import ProductsPage from './ProductsPage';

// The cards render a frame after the list, the badges after their own request (a loaded machine passes 1 s).
configure({ asyncUtilTimeout: 5000 });

const item = (id: number, type: number, title: string): ProductListItem => ({
  product_id: id, title, description: '', image_url: `/media/${id}.webp`, unit: '瓶', product_type: type, type_name: type === 1 ? '精華液' : '乳霜',
  price: 1000, discount_price: 1000, highest_price: 1000, highest_discount: 1000, stock: 5, sold_quantity: 0, sales: 0, views: 0,
  manager_rank: 10 - id, is_new: 0, is_hot: 0, is_manager: 0,
});
const products = [item(1, 1, '玻尿酸精華'), item(2, 2, '修護霜'), item(3, 1, '亮白精華')];

const promo = (id: number, over: Partial<PublicPromotion>): PublicPromotion => ({
  id, name: `活動${id}`, description: '', kind: 'amount_off', badge: '', starts_at: null, ends_at: null, scope: 'all',
  product_ids: [], category_ids: [], exclude_product_ids: [], needs_code: false, ...over,
});
const PROMOTIONS: PublicPromotion[] = [
  // 精華液 (type 1) but not 亮白精華
  promo(1, { kind: 'percent_off', badge: '9 折', scope: 'categories', category_ids: [1], exclude_product_ids: [3] }),
  // 修護霜 only
  promo(2, { kind: 'bundle_price', badge: '任選 3 件 NT$ 999', scope: 'products', product_ids: [2] }),
  // with a code: never a badge
  promo(3, { kind: 'amount_off', badge: '滿千折百', needs_code: true }),
];

function server() {
  return mockApi({
    'GET /api/load/loadProducts': () => ({ json: { success: true, productsTypes: [], products } }),
    'GET /api/load/promotions': () => ({ json: { success: true, promotions: PROMOTIONS } }),
  });
}

const badgesOn = (title: string) =>
  within(screen.getByRole('button', { name: `查看 ${title}` }).closest('[data-testid="product-card"]') as HTMLElement)
    .queryAllByTestId('promotion-badge')
    .map((b) => b.textContent);

describe('promotion badges', () => {
  it('/products: each card shows the badges of the promotions covering it only, from one request', async () => {
    const { calls } = server();
    renderApp(<ProductsPage />, { path: '/products' });
    expect(await screen.findAllByTestId('product-card')).toHaveLength(3);
    await screen.findAllByTestId('promotion-badge');
    expect(badgesOn('玻尿酸精華')).toEqual(['9 折']);
    expect(badgesOn('修護霜')).toEqual(['任選 3 件 NT$ 999']);
    expect(badgesOn('亮白精華')).toEqual([]);
    expect(screen.queryByText('滿千折百')).toBeNull();
    expect(calls.filter((c) => c.path === '/api/load/promotions')).toHaveLength(1);
  });

  it('/products: a failed read shows the cards without badges', async () => {
    mockApi({ 'GET /api/load/loadProducts': () => ({ json: { success: true, productsTypes: [], products } }) });
    renderApp(<ProductsPage />, { path: '/products' });
    expect(await screen.findAllByTestId('product-card')).toHaveLength(3);
    expect(screen.queryAllByTestId('promotion-badge')).toEqual([]);
  });

  it('home: the featured cards carry their badges', async () => {
    server();
    renderApp(<FeaturedProducts products={products.slice(0, 2)} loading={false} onOpen={vi.fn()} />);
    expect(await screen.findByText('9 折')).toBeInTheDocument();
    expect(badgesOn('玻尿酸精華')).toEqual(['9 折']);
    expect(badgesOn('修護霜')).toEqual(['任選 3 件 NT$ 999']);
  });

  it('the product page shows its badges beside its tags', async () => {
    const page: ProductPageAnswer = {
      success: true,
      pDetails: {
        product_id: 1, title: '玻尿酸精華', description: '', image_url: '/media/1.webp', price: 1000, highest_price: 1000, discount_price: 1000,
        highest_discount: 1000, sold_quantity: 0, unit: '瓶', stock: 5, seo_description: '', detail_html: '', spec_html: '', product_type: 1,
        type_name: '精華液', is_new: 0, is_hot: 0, cosmetics: EMPTY_COSMETICS, Variants: [],
      },
      pMedias: [],
    };
    mockApi({
      'GET /api/load/productD/1': () => ({ json: page }),
      'GET /api/load/promotions': () => ({ json: { success: true, promotions: PROMOTIONS } }),
    });
    renderApp(<ProductPage />, { path: '/product/1', route: '/product/:id' });
    await screen.findByRole('heading', { name: '玻尿酸精華' });
    expect((await screen.findAllByTestId('promotion-badge')).map((b) => b.textContent)).toEqual(['9 折']);
  });
});
