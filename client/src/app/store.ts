import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { baseApi } from '../shared/api/baseApi';
import { readSiteBoot, withBootNames } from '../shared/lib/siteBoot';
import { loadJson, saveJson } from '../shared/lib/storage';
import { cartDropdownSlice } from '../shop/features/cart/cartDropdownSlice';
import { cartSlice, restoreCart } from '../shop/features/cart/cartSlice';
import { restoreSession, sessionSlice } from '../shop/features/auth/sessionSlice';
import { restoreSite, siteSlice } from './site/siteSlice';

const rootReducer = combineReducers({
  [baseApi.reducerPath]: baseApi.reducer,
  cart: cartSlice.reducer,
  cartDropdown: cartDropdownSlice.reducer,
  site: siteSlice.reducer,
  session: sessionSlice.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/** localStorage keys of the persisted client state (spec 3 §3 client store). */
export const STORAGE_KEYS = { cart: 'skinshop.cart', site: 'skinshop.site', session: 'skinshop.session' } as const;

export function makeStore(preloaded?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState: preloaded,
    middleware: (getDefault) => getDefault().concat(baseApi.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];

/** The browser store: restored from localStorage and written back when its slices change. */
export function createPersistedStore(): AppStore {
  const store = makeStore({
    cart: restoreCart(loadJson(STORAGE_KEYS.cart)),
    // A first visit shows the company name the server wrote into the page (no placeholder).
    site: withBootNames(restoreSite(loadJson(STORAGE_KEYS.site)), readSiteBoot()),
    session: restoreSession(loadJson(STORAGE_KEYS.session)),
  });
  let { cart, site, session } = store.getState();
  store.subscribe(() => {
    const next = store.getState();
    if (next.cart !== cart) saveJson(STORAGE_KEYS.cart, (cart = next.cart));
    if (next.site !== site) saveJson(STORAGE_KEYS.site, (site = next.site));
    if (next.session !== session) saveJson(STORAGE_KEYS.session, (session = next.session));
  });
  // Another tab changed the cart: follow it.
  globalThis.addEventListener?.('storage', (e: StorageEvent) => {
    if (e.key === STORAGE_KEYS.cart) store.dispatch(cartSlice.actions.replaceCart(restoreCart(loadJson(STORAGE_KEYS.cart))));
  });
  return store;
}
