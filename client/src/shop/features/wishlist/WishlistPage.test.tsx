import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { WishlistItemView } from '@api/wishlist';
import { mockApi, renderRoutes } from '../../../test/render';
import { loggedInAs, member } from '../account/testMember';
import WishlistPage from './WishlistPage';

// Screens that wait on several answers in a row: on a loaded CI machine that passes the 1 s default (as testQuote.ts).
configure({ asyncUtilTimeout: 5000 });

const item = (extra: Partial<WishlistItemView>): WishlistItemView => ({
  product_id: 7, title: '玻尿酸保濕原液', image_url: '/media/7.webp', price: 620, list_price: 780, stock: 5, available: true,
  variant_id: 1, variant_name: '15ml', created_at: '2026-11-20T03:00:00.000Z', ...extra,
});

const routes = [
  { path: '/wishlist', element: <WishlistPage /> },
  { path: '/login', element: <p>login page</p> },
  { path: '/products', element: <p>products page</p> },
  { path: '/product/:id', element: <p>product page</p> },
];
const asMember = { preloaded: loggedInAs(member()) };

function server(items: WishlistItemView[], fail = () => false) {
  let list = items;
  return mockApi({
    'GET /api/csrf-token': () => ({ json: { success: true, csrfToken: 'tok' } }),
    'GET /api/login/getuser': () => ({ json: { success: true, user: member() } }),
    'GET /api/member/wishlist': () => (fail() ? { status: 500, json: { success: false } } : { json: { success: true, items: list, productIds: list.map((i) => i.product_id) } }),
    'POST /api/member/wishlist': (body) => {
      const id = (body as { product_id: number }).product_id;
      list = list.filter((i) => i.product_id !== id);
      return { json: { success: true, wished: false, message: '已取消收藏' } };
    },
  });
}

describe('WishlistPage /wishlist (spec 4 §2)', { timeout: 30_000 }, () => {
  it('sends a visitor to /login with the way back saved', async () => {
    mockApi({ 'GET /api/login/getuser': () => ({ status: 401, json: { success: false } }) });
    const { store } = renderRoutes(routes, { path: '/wishlist' });
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(store.getState().session.redirectPath).toBe('/wishlist');
  });

  it('lists the products with their price now, 已售完 and 已下架; only those in stock can go to the cart', async () => {
    server([
      item({}),
      item({ product_id: 8, title: '修護霜', stock: 0, variant_name: '50ml' }),
      item({ product_id: 9, title: '舊款精華', available: false, stock: 0 }),
    ]);
    const user = userEvent.setup();
    const { store } = renderRoutes(routes, { path: '/wishlist', ...asMember });
    const rows = await screen.findAllByTestId('wishlist-item');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('NT$ 620');
    expect(rows[0]).toHaveTextContent('NT$ 780');
    expect(within(rows[1]).getByTestId('wishlist-state')).toHaveTextContent('已售完');
    expect(within(rows[2]).getByTestId('wishlist-state')).toHaveTextContent('已下架');
    expect(within(rows[1]).getByRole('button', { name: '加入購物車：修護霜' })).toBeDisabled();
    expect(within(rows[2]).getByRole('button', { name: '加入購物車：舊款精華' })).toBeDisabled();
    expect(within(rows[2]).queryByRole('link', { name: '舊款精華' })).toBeNull();
    expect(within(rows[0]).getByRole('link', { name: '玻尿酸保濕原液' })).toHaveAttribute('href', '/product/7');

    await user.click(within(rows[0]).getByRole('button', { name: '加入購物車：玻尿酸保濕原液' }));
    expect(store.getState().cart.items).toEqual([expect.objectContaining({ product_id: 7, variant_id: 1, variant_name: '15ml', discount_price: 620, quantity: 1 })]);
    expect(await screen.findByText('已將「玻尿酸保濕原液（15ml）」× 1 加入購物車')).toBeInTheDocument();
  });

  it('移除 takes the product off with 已取消收藏', async () => {
    const { calls } = server([item({}), item({ product_id: 8, title: '修護霜' })]);
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/wishlist', ...asMember });
    await screen.findAllByTestId('wishlist-item');
    await user.click(screen.getByRole('button', { name: '移除收藏：修護霜' }));
    expect(await screen.findByText('已取消收藏')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('wishlist-item')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/member/wishlist')?.body).toEqual({ product_id: 8 });
  });

  it('an empty wishlist says so and links to /products', async () => {
    server([]);
    renderRoutes(routes, { path: '/wishlist', ...asMember });
    expect(await screen.findByText('還沒有收藏的商品')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '去逛逛' })).toHaveAttribute('href', '/products');
  });

  it('a failed read offers 重新載入', async () => {
    let fail = true;
    server([item({})], () => fail);
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/wishlist', ...asMember });
    expect(await screen.findByTestId('load-error')).toHaveTextContent('收藏載入失敗，請稍後再試。');
    fail = false;
    await user.click(screen.getByRole('button', { name: '重新載入' }));
    expect(await screen.findAllByTestId('wishlist-item')).toHaveLength(1);
  });
});
