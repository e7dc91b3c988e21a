import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ProductPageAnswer } from '@api/catalog';
import { EMPTY_COSMETICS } from '@rules/cosmetics-rules';
import { mockApi, renderRoutes } from '../../../test/render';
import { loggedInAs, member } from '../account/testMember';
import { reviewsAnswer } from '../reviews/testReviews';
import type { ProductListItem } from './catalogTypes';
import ProductPage from './ProductPage';
import ProductsPage from './ProductsPage';

const product: ProductPageAnswer = {
  success: true,
  pDetails: {
    product_id: 7, title: '玻尿酸保濕原液', description: '深層補水', image_url: '/media/7.webp', price: 780, highest_price: 1280, discount_price: 620,
    highest_discount: 990, sold_quantity: 0, unit: '瓶', stock: 5, seo_description: '', detail_html: '<p>詳情</p>', spec_html: '', product_type: 3,
    type_name: '精華液', is_new: 0, is_hot: 0, cosmetics: EMPTY_COSMETICS,
    Variants: [{ variant_id: 1, variant_name: '15ml', original_price: 780, discount_price: 620, stock: 5 }, { variant_id: 2, variant_name: '30ml', original_price: 1280, discount_price: 990, stock: 0 }],
  },
  pMedias: [],
};

const card = (id: number, title: string): ProductListItem => ({
  product_id: id, title, description: '', image_url: `/media/${id}.webp`, unit: '瓶', product_type: 1, type_name: '精華液',
  price: 1000, discount_price: 1000, highest_price: 1000, highest_discount: 1000, stock: 5, sold_quantity: 0, sales: 0, views: 0,
  manager_rank: id, is_new: 0, is_hot: 0, is_manager: 0,
});

const routes = [
  { path: '/product/:id', element: <ProductPage /> },
  { path: '/products', element: <ProductsPage /> },
  { path: '/login', element: <p>login page</p> },
  { path: '/cart', element: <p>cart page</p> },
];
const asMember = loggedInAs(member());

/** The shop's answers for these screens (the real ones: test/api/wishlist*, reviews* api specs). */
function server(state: { wished: number[]; restock: number[] }) {
  return mockApi({
    'GET /api/csrf-token': () => ({ json: { success: true, csrfToken: 'tok' } }),
    'GET /api/load/productD/7': () => ({ json: product }),
    'GET /api/load/ratings': () => ({ json: { success: true, ratings: { '7': { average: 4.6, count: 23 }, '8': { average: 3.95, count: 2 } } } }),
    'GET /api/load/productReviews/7': () => ({ json: reviewsAnswer() }),
    'GET /api/load/loadProducts': () => ({ json: { success: true, productsTypes: [], products: [card(7, '玻尿酸保濕原液'), card(8, '修護霜'), card(9, '潔顏乳')] } }),
    'GET /api/member/wishlist': () => ({ json: { success: true, items: [], productIds: state.wished } }),
    'POST /api/member/wishlist': (body) => {
      const id = (body as { product_id: number }).product_id;
      const wished = !state.wished.includes(id);
      state.wished = wished ? [...state.wished, id] : state.wished.filter((x) => x !== id);
      return { json: { success: true, wished, message: wished ? '已加入收藏' : '已取消收藏' } };
    },
    'GET /api/member/restock': () => ({ json: { success: true, variantIds: state.restock } }),
    'POST /api/member/restock': (body) => {
      state.restock = [...state.restock, (body as { variant_id: number }).variant_id];
      return { json: { success: true, message: '貨到時將通知您', variantIds: state.restock } };
    },
    'DELETE /api/member/restock/2': () => {
      state.restock = state.restock.filter((x) => x !== 2);
      return { json: { success: true, message: '已取消貨到通知', variantIds: state.restock } };
    },
  });
}

describe('ProductPage: rating, 收藏 and 貨到通知我 (spec 4 §2, §8)', { timeout: 30_000 }, () => {
  it('shows the rating by the title and the reviews below (loaded lazily)', async () => {
    server({ wished: [], restock: [] });
    renderRoutes(routes, { path: '/product/7' });
    expect(await screen.findByTestId('product-rating')).toHaveTextContent('4.6（23 則評價）');
    expect(await screen.findByTestId('reviews-summary')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '商品評價' })).toBeInTheDocument();
  });

  it('a member’s heart shows the wishlist and toggles it with 已加入收藏 / 已取消收藏', async () => {
    const state = { wished: [] as number[], restock: [] as number[] };
    const { calls } = server(state);
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/product/7', preloaded: asMember });
    const heart = await screen.findByRole('button', { name: '收藏：玻尿酸保濕原液' });
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    await user.click(heart);
    expect(await screen.findByText('已加入收藏')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: '取消收藏：玻尿酸保濕原液' })).toHaveAttribute('aria-pressed', 'true'));
    await user.click(screen.getByRole('button', { name: '取消收藏：玻尿酸保濕原液' }));
    expect(await screen.findByText('已取消收藏')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: '收藏：玻尿酸保濕原液' })).toHaveAttribute('aria-pressed', 'false'));
    expect(calls.filter((c) => c.path === '/api/member/wishlist' && c.method === 'POST').map((c) => c.body)).toEqual([{ product_id: 7 }, { product_id: 7 }]);
  });

  it('a visitor’s heart goes to /login and back; nothing of the member is asked', async () => {
    const { calls } = server({ wished: [], restock: [] });
    const user = userEvent.setup();
    const { router, store } = renderRoutes(routes, { path: '/product/7' });
    await user.click(await screen.findByRole('button', { name: '收藏：玻尿酸保濕原液' }));
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(store.getState().session.redirectPath).toBe('/product/7');
    expect(calls.some((c) => c.path.startsWith('/api/member/'))).toBe(false);
  });

  it('on a sold-out variant: 貨到通知我, then 取消貨到通知, each with its toast; none on a variant in stock', async () => {
    const state = { wished: [] as number[], restock: [] as number[] };
    const { calls } = server(state);
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/product/7', preloaded: asMember });
    await user.click(await screen.findByRole('radio', { name: /15ml/ }));
    expect(screen.queryByTestId('restock-button')).toBeNull();
    await user.click(screen.getByRole('radio', { name: /30ml/ }));
    await user.click(screen.getByRole('button', { name: '貨到通知我' }));
    expect(await screen.findByText('貨到時將通知您')).toBeInTheDocument();
    const cancel = await screen.findByRole('button', { name: '取消貨到通知' });
    expect(calls.find((c) => c.path === '/api/member/restock' && c.method === 'POST')?.body).toEqual({ variant_id: 2 });
    await user.click(cancel);
    expect(await screen.findByText('已取消貨到通知')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: '貨到通知我' })).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/member/restock/2')).toBe(true);
  });

  it('a visitor’s 貨到通知我 goes to /login and back', async () => {
    server({ wished: [], restock: [] });
    const user = userEvent.setup();
    const { store } = renderRoutes(routes, { path: '/product/7' });
    await user.click(await screen.findByRole('radio', { name: /30ml/ }));
    await user.click(screen.getByRole('button', { name: '貨到通知我' }));
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(store.getState().session.redirectPath).toBe('/product/7');
  });
});

const cardOf = (id: number) => screen.getAllByTestId('product-card').find((c) => c.dataset.productId === String(id))!;

describe('ProductsPage cards: rating and 收藏 (spec 4 §2)', { timeout: 30_000 }, () => {
  it('shows each product’s average and count from one read, and the member’s hearts', async () => {
    const { calls } = server({ wished: [8], restock: [] });
    renderRoutes(routes, { path: '/products', preloaded: asMember });
    await screen.findAllByTestId('product-card');
    const cards = [7, 8, 9].map(cardOf);
    await waitFor(() => expect(within(cards[0]).getByTestId('card-rating')).toHaveTextContent('4.6(23)'));
    expect(within(cards[1]).getByTestId('card-rating')).toHaveTextContent('4.0(2)');
    expect(within(cards[2]).queryByTestId('card-rating')).toBeNull();
    await waitFor(() => expect(within(cards[1]).getByRole('button', { name: '取消收藏：修護霜' })).toHaveAttribute('aria-pressed', 'true'));
    expect(within(cards[0]).getByRole('button', { name: '收藏：玻尿酸保濕原液' })).toHaveAttribute('aria-pressed', 'false');
    expect(calls.filter((c) => c.path === '/api/load/ratings')).toHaveLength(1);
  });

  it('a visitor sees the hearts without asking for a wishlist', async () => {
    const { calls } = server({ wished: [], restock: [] });
    renderRoutes(routes, { path: '/products' });
    await screen.findAllByTestId('product-card');
    expect(within(cardOf(7)).getByRole('button', { name: '收藏：玻尿酸保濕原液' })).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/member/wishlist')).toBe(false);
  });
});
