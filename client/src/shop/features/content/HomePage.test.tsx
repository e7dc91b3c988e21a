import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CONTENT_STORAGE_PREFIX } from '../../../shared/lib/versionCache';
import { mockApi, renderApp } from '../../../test/render';
import HomePage from './HomePage';

const product = (id: number, title: string) => ({
  product_id: id, title, description: '保濕', image_url: `/media/p${id}.svg`, unit: '瓶', product_type: 1, type_name: '精華液', price: 1200,
  discount_price: 980, highest_price: 1200, highest_discount: 980, stock: 5, sold_quantity: 3, sales: 3, views: 9, manager_rank: 5,
  is_new: 0, is_hot: 1,
});

const content = {
  banners: [
    { id: 1, ctitle: '玻尿酸保濕系列', description: '一整天水潤', link_url: '/products', image_url: '/media/b1.svg', phone_url: '/media/b1-m.svg' },
    { id: 2, ctitle: '防曬季開跑', description: '', link_url: '/products', image_url: '/media/b2.svg', phone_url: '' },
  ],
  usersBEs: [{ id: 1, image_url: '/media/e1.svg' }, { id: 2, image_url: '/media/e2.svg' }],
  usersTestimonials: [{ id: 1, image_url: '/media/t1.svg', review: '用了一週明顯穩定<b>很多</b>' }],
  certificates: [{ id: 1, image_url: '/media/c1.svg', title: 'GMP 優良製造', description: '全系列產品皆於 GMP 認證工廠生產。' }],
  home_001: '<h2>專業認證，安心保養</h2><p>ISO 22716</p>',
  home_002: '<h2>品牌故事</h2><p>少即是多</p>',
};

describe('HomePage', () => {
  it('shows the carousel, both marquees, featured products, certificates and the brand story', async () => {
    mockApi({
      'POST /api/load/homepage': () => ({
        json: {
          success: true, isPageUpdated: true, isProductUpdated: true, ...content, homeProducts: [product(7, '玻尿酸精華')],
          serverHomeVersion: 'h1', serverHomeProductsVersion: 'p1', serverCartVersion: 'c1',
        },
      }),
    });
    renderApp(<HomePage />);
    expect(await screen.findByRole('region', { name: '主打活動' })).toBeInTheDocument();
    expect(screen.getAllByTestId('carousel-slide')).toHaveLength(2);
    // The sections below the banner follow a frame later.
    expect((await screen.findByRole('list', { name: '美容師推薦' })).querySelectorAll('li:not(.is-copy)')).toHaveLength(2);
    const reviews = screen.getByRole('list', { name: '顧客心得' });
    // Reviews are plain text: markup shows as typed, never as html.
    expect(reviews.querySelectorAll('li:not(.is-copy)')).toHaveLength(1);
    expect(within(reviews).getAllByText('用了一週明顯穩定<b>很多</b>')[0]).toBeVisible();
    expect(reviews.querySelector('b')).toBeNull();
    expect(screen.getByTestId('home-featured')).toHaveTextContent('玻尿酸精華');
    expect(screen.getByRole('button', { name: '查看 玻尿酸精華' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '專業認證，安心保養' })).toBeInTheDocument();
    expect(screen.getByTestId('home-certificates')).toHaveTextContent('GMP 優良製造');
    expect(screen.getByRole('heading', { name: '品牌故事' })).toBeInTheDocument();
    expect(document.title).toBe('肌膚小舖');
  });

  it('shows at most 10 entries in a marquee', async () => {
    const many = Array.from({ length: 12 }, (_, i) => ({ id: i + 1, image_url: `/media/e${i}.svg` }));
    mockApi({
      'POST /api/load/homepage': () => ({
        json: {
          success: true, isPageUpdated: true, isProductUpdated: true, ...content, usersBEs: many, homeProducts: [],
          serverHomeVersion: 'h1', serverHomeProductsVersion: 'p1',
        },
      }),
    });
    renderApp(<HomePage />);
    const list = await screen.findByRole('list', { name: '美容師推薦' });
    expect(list.querySelectorAll('li:not(.is-copy)')).toHaveLength(10);
    expect(screen.queryByTestId('home-featured')).toBeNull();
  });

  it('paints the stored copy at once and keeps it when the server cannot be reached', async () => {
    localStorage.setItem(`${CONTENT_STORAGE_PREFIX}home`, JSON.stringify({ version: 'h1', data: content }));
    localStorage.setItem(`${CONTENT_STORAGE_PREFIX}homeProducts`, JSON.stringify({ version: 'p1', data: [product(7, '玻尿酸精華')] }));
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockApi({});
    renderApp(<HomePage />);
    expect(screen.getByRole('region', { name: '主打活動' })).toBeInTheDocument();
    expect(await screen.findByTestId('home-featured')).toHaveTextContent('玻尿酸精華');
    await vi.waitFor(() => expect(log).toHaveBeenCalled());
    expect(screen.getByTestId('home-story')).toHaveTextContent('少即是多');
  });

  it('falls back to a welcome banner and the catalogue when home content fails with nothing stored', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockApi({
      'GET /api/load/loadProducts': () => ({ json: { success: true, productsTypes: [], products: [product(3, '修護霜')] } }),
    });
    renderApp(<HomePage />);
    expect(await screen.findByRole('link', { name: '逛逛全部商品' })).toHaveAttribute('href', '/products');
    expect(await screen.findByText('修護霜')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: '主打活動' })).toBeNull();
  });
});
