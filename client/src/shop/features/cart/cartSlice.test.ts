import { configureStore } from '@reduxjs/toolkit';
import { describe, expect, it } from 'vitest';
import {
  addItem, cartSlice, clearCart, removeItem, restoreCart, selectCartCount, selectCartItems, selectCartSubtotal, setQuantity,
  type CartItem,
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
});
