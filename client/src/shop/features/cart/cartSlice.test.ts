import { configureStore } from '@reduxjs/toolkit';
import { describe, expect, it } from 'vitest';
import { makeStore } from '../../../app/store';
import { mockApi } from '../../../test/render';
import { catalogApi } from '../catalog/catalogApi';
import {
  addItem, cartSlice, clearCart, initialCartState, removeAddon, removeItem, restoreCart, selectCartAddons, selectCartCount, selectCartItems, selectCartSubtotal,
  selectCouponCode, setAddon, setCouponCode, setQuantity, type CartItem,
} from './cartSlice';

const serum: CartItem = {
  product_id: 1, variant_id: 11, variant_name: '30ml', title: '玻尿酸精華', description: '保濕', image_url: '/media/a.webp',
  discount_price: 1280, quantity: 1,
};
const cream: CartItem = { ...serum, product_id: 2, variant_id: 0, variant_name: '', title: '修護霜', discount_price: 980, quantity: 2 };

function setup() {
  const store = configureStore({ reducer: { cart: cartSlice.reducer } });
  const state = () => store.getState();
  return { store, state };
}

describe('cart slice', () => {
  it('adds lines keyed by product and variant and merges quantities', () => {
    const { store, state } = setup();
    store.dispatch(addItem(serum));
    store.dispatch(addItem({ ...serum, quantity: 3 }));
    store.dispatch(addItem({ ...serum, variant_id: 12, variant_name: '50ml', discount_price: 1880 }));
    store.dispatch(addItem(cream));
    expect(selectCartItems(state()).map((i) => [i.product_id, i.variant_id, i.quantity])).toEqual([
      [1, 11, 4], [1, 12, 1], [2, 0, 2],
    ]);
  });

  it('caps a merged quantity at 99', () => {
    const { store, state } = setup();
    store.dispatch(addItem({ ...serum, quantity: 60 }));
    store.dispatch(addItem({ ...serum, quantity: 60 }));
    expect(selectCartItems(state())[0].quantity).toBe(99);
  });

  it('counts quantities and sums discount_price × quantity', () => {
    const { store, state } = setup();
    store.dispatch(addItem({ ...serum, quantity: 2 }));
    store.dispatch(addItem(cream));
    expect(selectCartCount(state())).toBe(4);
    expect(selectCartSubtotal(state())).toBe(2 * 1280 + 2 * 980);
  });

  it('sets a clamped quantity, removes a line and clears', () => {
    const { store, state } = setup();
    store.dispatch(addItem(serum));
    store.dispatch(addItem(cream));
    store.dispatch(setQuantity({ product_id: 1, variant_id: 11, quantity: 500 }));
    expect(selectCartItems(state())[0].quantity).toBe(99);
    store.dispatch(setQuantity({ product_id: 1, variant_id: 11, quantity: 0 }));
    expect(selectCartItems(state())[0].quantity).toBe(1);
    store.dispatch(removeItem({ product_id: 2, variant_id: 0 }));
    expect(selectCartItems(state()).map((i) => i.product_id)).toEqual([1]);
    store.dispatch(clearCart());
    expect(selectCartCount(state())).toBe(0);
  });

  it('restores a stored cart and drops malformed lines', () => {
    const restored = restoreCart({ items: [serum, { title: 'x' }, null, { ...cream, quantity: 400 }], shippingMethodId: 4 });
    expect(restored.items.map((i) => [i.product_id, i.quantity])).toEqual([[1, 1], [2, 99]]);
    expect(restored.shippingMethodId).toBe(4);
    expect(restoreCart('garbage').items).toEqual([]);
  });

  it('caps an added or merged quantity at the stock, and a set quantity too', () => {
    const { store, state } = setup();
    store.dispatch(addItem({ ...serum, quantity: 99, stock: 22 }));
    expect(selectCartItems(state())[0]).toMatchObject({ quantity: 22, stock: 22 });
    store.dispatch(setQuantity({ product_id: 1, variant_id: 11, quantity: 10 }));
    store.dispatch(addItem({ ...serum, quantity: 30, stock: 22 }));
    expect(selectCartItems(state())[0].quantity).toBe(22);
    store.dispatch(setQuantity({ product_id: 1, variant_id: 11, quantity: 50 }));
    expect(selectCartItems(state())[0].quantity).toBe(22);
    // A later add brings the newest stock figure.
    store.dispatch(addItem({ ...serum, quantity: 1, stock: 12 }));
    expect(selectCartItems(state())[0]).toMatchObject({ quantity: 12, stock: 12 });
  });

  it('keeps a stored stock and caps a stored quantity by it; old carts without stock restore as before', () => {
    const restored = restoreCart({ items: [{ ...serum, quantity: 30, stock: 22 }, { ...cream, quantity: 40 }] });
    expect(restored.items.map((i) => [i.quantity, i.stock])).toEqual([[22, 22], [40, undefined]]);
  });
});

describe('cart lines learn their stock from the catalogue', () => {
  const details = (variants: { variant_id: number; stock: number }[]) => ({
    success: true, product_id: 1, title: '玻尿酸精華', description: '保濕', image_url: '/media/a.webp', stock: variants.reduce((n, v) => n + v.stock, 0),
    Variants: variants.map((v) => ({ ...v, variant_name: `${v.variant_id}`, original_price: 1500, discount_price: 1280 })), pMedias: [],
  });
  const stale = (items: CartItem[]) => makeStore({ cart: { ...initialCartState, items } });

  it('caps a stale line (no stock stored) once the product details arrive', async () => {
    mockApi({ 'POST /api/load/productDetails': () => ({ json: details([{ variant_id: 11, stock: 22 }, { variant_id: 12, stock: 0 }]) }) });
    const store = stale([{ ...serum, quantity: 99 }, { ...serum, variant_id: 12, quantity: 2 }, { ...cream, quantity: 3 }]);
    await store.dispatch(catalogApi.endpoints.productDetails.initiate(1));
    expect(selectCartItems(store.getState()).map((i) => [i.product_id, i.variant_id, i.quantity, i.stock])).toEqual([
      [1, 11, 22, 22],
      // Sold out since: kept (the line says 已售完), not silently changed.
      [1, 12, 2, 0],
      [2, 0, 3, undefined],
    ]);
  });

  it('learns from the product page too, and marks a variant the product no longer has as sold out', async () => {
    mockApi({ 'GET /api/load/productD/1': () => ({ json: { success: true, pDetails: details([{ variant_id: 11, stock: 5 }]), pMedias: [] } }) });
    const store = stale([{ ...serum, quantity: 8, stock: 40 }, { ...serum, variant_id: 13, quantity: 1 }]);
    await store.dispatch(catalogApi.endpoints.productPage.initiate(1));
    expect(selectCartItems(store.getState()).map((i) => [i.variant_id, i.quantity, i.stock])).toEqual([[11, 5, 5], [13, 1, 0]]);
  });

  it('follows the current price from the product details (the checkout refreshes them after a changed total)', async () => {
    mockApi({
      'POST /api/load/productDetails': (body) =>
        (body as { product_id: number }).product_id === 1
          ? { json: { ...details([{ variant_id: 11, stock: 5 }]), Variants: [{ variant_id: 11, variant_name: '30ml', original_price: 1500, discount_price: 1180, stock: 5 }] } }
          : { json: { ...details([]), product_id: 2, stock: 8, discount_price: 990 } },
    });
    const store = stale([{ ...serum, quantity: 1 }, { ...cream, quantity: 2 }]);
    await store.dispatch(catalogApi.endpoints.productDetails.initiate(1));
    await store.dispatch(catalogApi.endpoints.productDetails.initiate(2));
    expect(selectCartItems(store.getState()).map((i) => [i.product_id, i.discount_price])).toEqual([[1, 1180], [2, 990]]);
    expect(selectCartSubtotal(store.getState())).toBe(1180 + 2 * 990);
  });

  it('caps at the product total from the list, which never raises a known variant stock', async () => {
    mockApi({
      'GET /api/load/loadProducts': () => ({
        json: { success: true, productsTypes: [], products: [{ ...details([]), product_id: 1, stock: 9 }, { ...details([]), product_id: 2, stock: 50 }] },
      }),
    });
    const store = stale([{ ...serum, quantity: 30 }, { ...cream, quantity: 4, stock: 6 }]);
    await store.dispatch(catalogApi.endpoints.loadProducts.initiate());
    expect(selectCartItems(store.getState()).map((i) => [i.product_id, i.quantity, i.stock])).toEqual([[1, 9, 9], [2, 4, 6]]);
  });
});

describe('cart slice: coupon code and add-ons (spec 4)', () => {
  it('keeps the code trimmed and in upper case, up to 20 characters', () => {
    const { store, state } = setup();
    store.dispatch(setCouponCode('  welcome100 '));
    expect(selectCouponCode(state())).toBe('WELCOME100');
    store.dispatch(setCouponCode('x'.repeat(30)));
    expect(selectCouponCode(state())).toHaveLength(20);
    store.dispatch(setCouponCode(''));
    expect(selectCouponCode(state())).toBe('');
  });

  it('adds an add-on once, sets its quantity (1–99), removes it', () => {
    const { store, state } = setup();
    store.dispatch(setAddon({ promotion_id: 6, variant_id: 71, quantity: 1 }));
    store.dispatch(setAddon({ promotion_id: 6, variant_id: 71, quantity: 3 }));
    store.dispatch(setAddon({ promotion_id: 6, variant_id: 72, quantity: 0 }));
    expect(selectCartAddons(state())).toEqual([{ promotion_id: 6, variant_id: 71, quantity: 3 }, { promotion_id: 6, variant_id: 72, quantity: 1 }]);
    store.dispatch(removeAddon({ promotion_id: 6, variant_id: 71 }));
    expect(selectCartAddons(state())).toEqual([{ promotion_id: 6, variant_id: 72, quantity: 1 }]);
  });

  it('removing the last line drops the add-ons and keeps the code', () => {
    const store = configureStore({ reducer: { cart: cartSlice.reducer }, preloadedState: { cart: { ...initialCartState, items: [serum, cream], couponCode: 'WELCOME100', addons: [{ promotion_id: 6, variant_id: 71, quantity: 1 }] } } });
    store.dispatch(removeItem(serum));
    expect(selectCartAddons(store.getState())).toHaveLength(1);
    store.dispatch(removeItem(cream));
    expect(selectCartAddons(store.getState())).toEqual([]);
    expect(selectCouponCode(store.getState())).toBe('WELCOME100');
  });

  it('clearing the cart after an order drops the code and the add-ons, not the shipping choice', () => {
    const store = configureStore({ reducer: { cart: cartSlice.reducer }, preloadedState: { cart: { ...initialCartState, items: [serum], shippingMethodId: 1, couponCode: 'WELCOME100', addons: [{ promotion_id: 6, variant_id: 71, quantity: 1 }] } } });
    store.dispatch(clearCart());
    expect(store.getState().cart).toMatchObject({ items: [], shippingMethodId: 1, couponCode: '', addons: [], pendingSync: true });
    // The server cart hears of it: the line goes as a removal (issue 22 §3).
    expect(store.getState().cart.removed).toEqual([{ product_id: 1, variant_id: 11, updated_at: expect.any(String) }]);
  });

  it('restores the code and well-formed add-ons (stored before they existed: none)', () => {
    expect(restoreCart({ items: [serum] })).toMatchObject({ couponCode: '', addons: [] });
    const restored = restoreCart({
      items: [serum], couponCode: ' code-1 ', addons: [{ promotion_id: 6, variant_id: 71, quantity: 2 }, { promotion_id: 'x', variant_id: 1, quantity: 1 }, null, { promotion_id: 6, variant_id: 72, quantity: 0 }],
    });
    expect(restored.couponCode).toBe('CODE-1');
    expect(restored.addons).toEqual([{ promotion_id: 6, variant_id: 71, quantity: 2 }]);
  });
});
