import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { clampQuantity, MAX_QUANTITY } from '../../../shared/lib/quantity';

/** Cart item (spec 1 §3): variant_id is 0 when the product has no variant. */
export interface CartItem {
  product_id: number;
  variant_id: number;
  variant_name: string;
  title: string;
  description: string;
  image_url: string;
  discount_price: number;
  quantity: number;
}

export interface CartState {
  items: CartItem[];
  /** The shipping method chosen on the cart page (checkout starts from it). */
  shippingMethodId: number | null;
}

export const initialCartState: CartState = { items: [], shippingMethodId: null };

type ItemKey = Pick<CartItem, 'product_id' | 'variant_id'>;
const sameLine = (a: ItemKey) => (b: ItemKey) => a.product_id === b.product_id && (a.variant_id || 0) === (b.variant_id || 0);

export const cartSlice = createSlice({
  name: 'cart',
  initialState: initialCartState,
  reducers: {
    /** Adds a line, or merges into the same product + variant (capped at 99). */
    addItem(state, { payload }: PayloadAction<CartItem>) {
      const item = { ...payload, variant_id: payload.variant_id || 0, quantity: clampQuantity(payload.quantity) };
      const line = state.items.find(sameLine(item));
      if (line) {
        line.quantity = Math.min(MAX_QUANTITY, line.quantity + item.quantity);
        line.discount_price = item.discount_price;
        line.variant_name = item.variant_name;
        line.title = item.title;
        line.image_url = item.image_url;
      } else state.items.push(item);
    },
    setQuantity(state, { payload }: PayloadAction<ItemKey & { quantity: number }>) {
      const line = state.items.find(sameLine(payload));
      if (line) line.quantity = clampQuantity(payload.quantity);
    },
    removeItem(state, { payload }: PayloadAction<ItemKey>) {
      state.items = state.items.filter((i) => !sameLine(payload)(i));
    },
    clearCart(state) {
      state.items = [];
    },
    setShippingMethod(state, { payload }: PayloadAction<number>) {
      state.shippingMethodId = payload;
    },
    /** Replaces the whole cart (another tab changed it). */
    replaceCart: (_state, { payload }: PayloadAction<CartState>) => payload,
  },
  selectors: {
    selectCartItems: (s) => s.items,
    selectCartCount: (s) => s.items.reduce((n, i) => n + i.quantity, 0),
    selectCartSubtotal: (s) => s.items.reduce((sum, i) => sum + i.discount_price * i.quantity, 0),
    selectShippingMethodId: (s) => s.shippingMethodId,
  },
});

export const { addItem, setQuantity, removeItem, clearCart, setShippingMethod } = cartSlice.actions;
export const { selectCartItems, selectCartCount, selectCartSubtotal, selectShippingMethodId } = cartSlice.selectors;

/** Restores a stored cart, dropping malformed lines. */
export function restoreCart(stored: unknown): CartState {
  if (!stored || typeof stored !== 'object') return initialCartState;
  const s = stored as Partial<CartState>;
  const items = Array.isArray(s.items)
    ? s.items.filter(
        (i): i is CartItem =>
          !!i && Number.isInteger(i.product_id) && Number.isInteger(i.discount_price ?? NaN) && typeof i.title === 'string',
      ).map((i) => ({ ...i, variant_id: i.variant_id || 0, quantity: clampQuantity(i.quantity) }))
    : [];
  return { items, shippingMethodId: typeof s.shippingMethodId === 'number' ? s.shippingMethodId : null };
}

export const cartLineKey = (i: ItemKey): string => `${i.product_id}:${i.variant_id || 0}`;
