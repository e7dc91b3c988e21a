import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/render';
import { addItem, selectCartCount } from '../../shop/features/cart/cartSlice';
import { makeStore } from '../store';
import { initialSiteState, selectCompanyName, selectCompanyShortName, selectCompanyTaxId, selectPosterTitles } from './siteSlice';
import { runStartupCheck } from './startup';

const answer = (isClearCart: boolean) => ({
  json: {
    success: true, isClearCart, cartVersion: 'c2', settingsVersion: 's2', postersVersion: 'p2', message: '',
    Settings: [
      { s_key: 'COMPANY_NAME', s_value: '肌膚小舖股份有限公司' },
      { s_key: 'COMPANY_NAMEN', s_value: '肌膚小舖' },
      { s_key: 'COMPANY_TAXID', s_value: '24536806' },
    ],
    PosterTitles: [{ id: 3, title: '換季保養' }],
  },
});

const item = { product_id: 1, variant_id: 0, variant_name: '', title: 'x', description: '', image_url: '', discount_price: 100, quantity: 2 };

describe('start-up version check', () => {
  it('sends the stored versions and stores settings, poster titles and versions', async () => {
    const { calls } = mockApi({ 'POST /api/load/versions': () => answer(false) });
    const store = makeStore({ site: { ...initialSiteState, cartVersion: 'c1', settingsVersion: 's1', postersVersion: 'p1' } });
    store.dispatch(addItem(item));
    await runStartupCheck(store.dispatch, store.getState);
    expect(calls[0]).toEqual({
      method: 'POST', path: '/api/load/versions', body: { cartVersion: 'c1', settionsVersion: 's1', localPostersVersion: 'p1' },
    });
    const s = store.getState();
    expect(selectCompanyName(s)).toBe('肌膚小舖股份有限公司');
    expect(selectCompanyShortName(s)).toBe('肌膚小舖');
    expect(selectCompanyTaxId(s)).toBe('24536806');
    expect(selectPosterTitles(s)).toEqual([{ id: 3, title: '換季保養' }]);
    expect(s.site).toMatchObject({ cartVersion: 'c2', settingsVersion: 's2', postersVersion: 'p2' });
    expect(selectCartCount(s)).toBe(2);
  });

  it('sends nothing it never stored, and clears the cart when told', async () => {
    const { calls } = mockApi({ 'POST /api/load/versions': () => answer(true) });
    const store = makeStore();
    store.dispatch(addItem(item));
    await runStartupCheck(store.dispatch, store.getState);
    expect(calls[0].body).toEqual({});
    expect(selectCartCount(store.getState())).toBe(0);
    expect(store.getState().site.cartVersion).toBe('c2');
  });

  it('only logs a failure and keeps the defaults', async () => {
    mockApi({});
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const store = makeStore();
    await runStartupCheck(store.dispatch, store.getState);
    expect(log).toHaveBeenCalled();
    expect(selectCompanyName(store.getState())).toBe('肌膚小舖');
  });
});
