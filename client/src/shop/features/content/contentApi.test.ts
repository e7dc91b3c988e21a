import { describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../../app/store';
import { initialSiteState } from '../../../app/site/siteSlice';
import { CONTENT_STORAGE_PREFIX } from '../../../shared/lib/versionCache';
import { mockApi } from '../../../test/render';
import { addItem, selectCartCount } from '../cart/cartSlice';
import { contentApi } from './contentApi';

const PAGE = { page_type: 'privacypolicy', versionStr: 'privacypolicyVersion' };
const stored = (key: string) => JSON.parse(localStorage.getItem(CONTENT_STORAGE_PREFIX + key) ?? 'null');

/** A new tab: fresh store, same localStorage. */
const loadPage = (store = makeStore()) => store.dispatch(contentApi.endpoints.htmlPage.initiate(PAGE, { forceRefetch: true })).unwrap();

describe('html page version cache', () => {
  it('stores the first answer, sends its version next time and reuses the copy while unchanged', async () => {
    let serverVersion = 'v1';
    let html = '<p>first</p>';
    const { calls } = mockApi({
      'POST /api/load/loadhtmlpage': (body) => {
        const updated = (body as { pageVersion?: string }).pageVersion !== serverVersion;
        return { json: updated ? { success: true, isUpdated: true, detail_html: html, serverVersion } : { success: true, isUpdated: false, serverVersion } };
      },
    });

    expect(await loadPage()).toBe('<p>first</p>');
    expect(calls[0].body).toEqual(PAGE);
    expect(stored('page.privacypolicy')).toEqual({ version: 'v1', data: '<p>first</p>' });

    expect(await loadPage()).toBe('<p>first</p>');
    expect(calls[1].body).toEqual({ ...PAGE, pageVersion: 'v1' });

    // The admin edits the page: the version moves on, every client refreshes once.
    serverVersion = 'v2';
    html = '<p>second</p>';
    expect(await loadPage()).toBe('<p>second</p>');
    expect(calls[2].body).toEqual({ ...PAGE, pageVersion: 'v1' });
    expect(stored('page.privacypolicy')).toEqual({ version: 'v2', data: '<p>second</p>' });
  });

  it('asks again without a version when the server says unchanged but nothing usable is stored', async () => {
    localStorage.setItem(`${CONTENT_STORAGE_PREFIX}page.privacypolicy`, JSON.stringify({ version: 'v1', data: 7 }));
    const { calls } = mockApi({
      'POST /api/load/loadhtmlpage': () => ({ json: { success: true, isUpdated: true, detail_html: '<p>x</p>', serverVersion: 'v1' } }),
    });
    expect(await loadPage()).toBe('<p>x</p>');
    expect(calls[0].body).toEqual(PAGE);
  });

  it('only logs a failure, showing the stored copy when there is one', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockApi({ 'POST /api/load/loadhtmlpage': () => ({ status: 500, json: { success: false, message: '系統忙碌' } }) });
    await expect(loadPage()).rejects.toBeTruthy();
    expect(log).toHaveBeenCalled();

    localStorage.setItem(`${CONTENT_STORAGE_PREFIX}page.privacypolicy`, JSON.stringify({ version: 'v1', data: '<p>kept</p>' }));
    expect(await loadPage()).toBe('<p>kept</p>');
  });
});

describe('about and page image version cache', () => {
  it('keeps the about html and image with aboutVersion', async () => {
    const { calls } = mockApi({
      'POST /api/load/aboutpage': (body) =>
        (body as { aboutVersion?: string }).aboutVersion === 'a1'
          ? { json: { success: true, isUpdated: false, serverVersion: 'a1' } }
          : { json: { success: true, isUpdated: true, txthtml001: '<h2>關於</h2>', aboutImg000: '/media/a.webp', serverVersion: 'a1' } },
    });
    const load = () => makeStore().dispatch(contentApi.endpoints.aboutPage.initiate()).unwrap();
    expect(await load()).toEqual({ html: '<h2>關於</h2>', image: '/media/a.webp' });
    expect(await load()).toEqual({ html: '<h2>關於</h2>', image: '/media/a.webp' });
    expect(calls.map((c) => c.body)).toEqual([{}, { aboutVersion: 'a1' }]);
  });

  it('keeps a page image with its page version', async () => {
    const { calls } = mockApi({
      'POST /api/load/loadpageimage': (body) =>
        (body as { pageVersion?: string }).pageVersion === 'c1'
          ? { json: { success: true, isUpdated: false, serverVersion: 'c1' } }
          : { json: { success: true, isUpdated: true, image_url: '/media/c.webp', serverVersion: 'c1' } },
    });
    const arg = { image_type: 'contactImg000', versionStr: 'contactVersion' };
    const load = () => makeStore().dispatch(contentApi.endpoints.pageImage.initiate(arg)).unwrap();
    expect(await load()).toBe('/media/c.webp');
    expect(await load()).toBe('/media/c.webp');
    expect(calls[1].body).toEqual({ ...arg, pageVersion: 'c1' });
  });
});

const product = (id: number) => ({
  product_id: id, title: `商品${id}`, description: '', image_url: '', unit: '瓶', product_type: 1, type_name: '精華液', price: 1000,
  discount_price: 900, highest_price: 1000, highest_discount: 900, stock: 5, sold_quantity: 0, sales: 0, views: 0, manager_rank: 0,
  is_new: 0, is_hot: 1,
});
const page = (title: string) => ({
  banners: [{ id: 1, ctitle: title, description: '', link_url: '/products', image_url: '/b.webp', phone_url: '/b-m.webp' }],
  usersTestimonials: [{ id: 1, image_url: '/t.webp', review: '好用' }],
  usersBEs: [{ id: 1, image_url: '/e.webp' }],
  certificates: [{ id: 1, image_url: '/c.webp', title: 'GMP', description: '認證' }],
  home_001: '<p>認證</p>',
  home_002: '<p>故事</p>',
});

describe('home version cache', () => {
  it('versions the page content and the featured products separately', async () => {
    let answer: Record<string, unknown> = {
      success: true, isPageUpdated: true, isProductUpdated: true, ...page('春季'), homeProducts: [product(1)],
      serverHomeVersion: 'h1', serverHomeProductsVersion: 'p1', serverCartVersion: 'c1',
    };
    const { calls } = mockApi({ 'POST /api/load/homepage': () => ({ json: answer }) });
    const load = () => makeStore().dispatch(contentApi.endpoints.homepage.initiate()).unwrap();

    const first = await load();
    expect(calls[0].body).toEqual({});
    expect(first.banners[0].ctitle).toBe('春季');
    expect(first.homeProducts.map((p) => p.product_id)).toEqual([1]);

    // Only the products changed: the page comes from the stored copy.
    answer = { success: true, isPageUpdated: false, isProductUpdated: true, homeProducts: [product(2)], serverHomeVersion: 'h1', serverHomeProductsVersion: 'p2' };
    const second = await load();
    expect(calls[1].body).toEqual({ homeVersion: 'h1', homeProductsVersion: 'p1' });
    expect(second.banners[0].ctitle).toBe('春季');
    expect(second.home_002).toBe('<p>故事</p>');
    expect(second.homeProducts.map((p) => p.product_id)).toEqual([2]);
    expect(stored('homeProducts').version).toBe('p2');

    answer = { success: true, isPageUpdated: false, isProductUpdated: false, serverHomeVersion: 'h1', serverHomeProductsVersion: 'p2' };
    expect(await load()).toEqual(second);
    expect(calls[2].body).toEqual({ homeVersion: 'h1', homeProductsVersion: 'p2' });
  });

  it('empties a stale cart when the home answer carries a newer cart version', async () => {
    mockApi({
      'POST /api/load/homepage': () => ({
        json: {
          success: true, isPageUpdated: true, isProductUpdated: true, ...page('x'), homeProducts: [],
          serverHomeVersion: 'h1', serverHomeProductsVersion: 'p1', serverCartVersion: 'c2',
        },
      }),
    });
    const store = makeStore({ site: { ...initialSiteState, cartVersion: 'c1' } });
    store.dispatch(addItem({ ...product(1), variant_id: 0, variant_name: '', quantity: 2 }));
    await store.dispatch(contentApi.endpoints.homepage.initiate()).unwrap();
    expect(selectCartCount(store.getState())).toBe(0);
    expect(store.getState().site.cartVersion).toBe('c2');

    // A visitor who never stored a cart version keeps the cart.
    const fresh = makeStore();
    fresh.dispatch(addItem({ ...product(1), variant_id: 0, variant_name: '', quantity: 1 }));
    await fresh.dispatch(contentApi.endpoints.homepage.initiate()).unwrap();
    expect(selectCartCount(fresh.getState())).toBe(1);
  });
});
