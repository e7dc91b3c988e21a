import { createSlice, isAnyOf, type PayloadAction, type UnknownAction } from '@reduxjs/toolkit';
import { baseApi } from '../../../shared/api/baseApi';
import { clampQuantity, quantityLimit } from '../../../shared/lib/quantity';
import type { LoadProductsAnswer, ProductDetailsAnswer, ProductPageAnswer } from '@api/catalog';
import type { QuoteAddonRequest } from '@api/promotions';

/**
 * Cart item (spec 1 §3): variant_id is 0 when the product has no variant. `stock` is the
 * variant's stock as last seen (when added, or when the product's data was loaded since);
 * absent in carts stored before it was kept, until the product's data is seen again.
 */
export interface CartItem {
  product_id: number;
  variant_id: number;
  variant_name: string;
  title: string;
  description: string;
  image_url: string;
  discount_price: number;
  quantity: number;
  stock?: number;
}

export interface CartState {
  items: CartItem[];
  /** The shipping method chosen on the cart page (checkout starts from it). */
  shippingMethodId: number | null;
  /**
   * The coupon code as typed and applied (spec 4 §5): kept when the quote refuses it, so it applies once
   * the cart reaches its conditions; every quote is asked with it. '' = none.
   */
  couponCode: string;
  /** The 加價購 the shopper added; the quote clamps each to its offer (max_per_order, stock) or drops it. */
  addons: QuoteAddonRequest[];
}

export const initialCartState: CartState = { items: [], shippingMethodId: null, couponCode: '', addons: [] };

/** Longest code the shop issues (spec 4 §9: 6–20 characters); longer input is cut. */
export const COUPON_CODE_MAX = 20;
/** A typed code as sent: trimmed, upper case (codes are A–Z, 0–9 and -). */
export const normalizeCouponCode = (code: string): string => code.trim().toUpperCase().slice(0, COUPON_CODE_MAX);

type AddonKey = Pick<QuoteAddonRequest, 'promotion_id' | 'variant_id'>;
const sameAddon = (a: AddonKey) => (b: AddonKey) => a.promotion_id === b.promotion_id && a.variant_id === b.variant_id;
const isAddon = (a: unknown): a is QuoteAddonRequest => {
  const x = a as Partial<QuoteAddonRequest> | null;
  return !!x && Number.isInteger(x.promotion_id) && Number.isInteger(x.variant_id) && Number.isInteger(x.quantity) && (x.quantity ?? 0) >= 1;
};

type ItemKey = Pick<CartItem, 'product_id' | 'variant_id'>;
const sameLine = (a: ItemKey) => (b: ItemKey) => a.product_id === b.product_id && (a.variant_id || 0) === (b.variant_id || 0);

/** The most a line may hold: 99, or its stock when known and lower. */
export const lineLimit = (line: Pick<CartItem, 'stock'>): number => quantityLimit(line.stock);

/** Learns a line's stock and brings its quantity down to it (a sold-out line keeps its quantity: it shows 已售完). */
function applyStock(line: CartItem, stock: number) {
  line.stock = Math.max(0, Math.floor(stock));
  if (line.stock > 0) line.quantity = Math.min(line.quantity, lineLimit(line));
}

/**
 * A catalogue query's answer arriving, matched by endpoint name: importing catalogApi here would
 * pull it into the entry chunk (app/prefetch.ts loads it with the first screen instead).
 */
function queryFulfilled<T>(endpointName: string) {
  const type = `${baseApi.reducerPath}/executeQuery/fulfilled`;
  return (action: UnknownAction): action is PayloadAction<T, string, { arg: { endpointName: string } }> =>
    action.type === type && (action as { meta?: { arg?: { endpointName?: string } } }).meta?.arg?.endpointName === endpointName;
}

/** What a product's details say about stock and price: its variants', or its own for a product without variants. */
interface StockNews {
  product_id: number;
  stock: number;
  discount_price: number;
  Variants: readonly { variant_id: number; stock: number; discount_price: number }[];
}

/** The line follows the catalogue's current price (the checkout's total must match the server's). */
function applyPrice(line: CartItem, price: number) {
  if (Number.isInteger(price) && price >= 0) line.discount_price = price;
}

export const cartSlice = createSlice({
  name: 'cart',
  initialState: initialCartState,
  reducers: {
    /** Adds a line, or merges into the same product + variant (capped at 99 and at the stock). */
    addItem(state, { payload }: PayloadAction<CartItem>) {
      const item = { ...payload, variant_id: payload.variant_id || 0 };
      item.quantity = clampQuantity(item.quantity, lineLimit(item));
      const line = state.items.find(sameLine(item));
      if (line) {
        if (item.stock !== undefined) line.stock = item.stock;
        line.quantity = clampQuantity(line.quantity + item.quantity, lineLimit(line));
        line.discount_price = item.discount_price;
        line.variant_name = item.variant_name;
        line.title = item.title;
        line.image_url = item.image_url;
      } else state.items.push(item);
    },
    setQuantity(state, { payload }: PayloadAction<ItemKey & { quantity: number }>) {
      const line = state.items.find(sameLine(payload));
      if (line) line.quantity = clampQuantity(payload.quantity, lineLimit(line));
    },
    removeItem(state, { payload }: PayloadAction<ItemKey>) {
      state.items = state.items.filter((i) => !sameLine(payload)(i));
      // Add-ons go with the last line (they are offered on what the cart holds); the typed code stays.
      if (state.items.length === 0) state.addons = [];
    },
    /** An order was made: its lines, code and add-ons go (the shipping choice stays). */
    clearCart(state) {
      state.items = [];
      state.couponCode = '';
      state.addons = [];
    },
    setCouponCode(state, { payload }: PayloadAction<string>) {
      state.couponCode = normalizeCouponCode(payload);
    },
    /** Adds a 加價購 or sets its quantity (the offer's limit is applied by the page and again by the server). */
    setAddon(state, { payload }: PayloadAction<QuoteAddonRequest>) {
      const quantity = clampQuantity(payload.quantity);
      const line = state.addons.find(sameAddon(payload));
      if (line) line.quantity = quantity;
      else state.addons.push({ promotion_id: payload.promotion_id, variant_id: payload.variant_id, quantity });
    },
    removeAddon(state, { payload }: PayloadAction<AddonKey>) {
      state.addons = state.addons.filter((a) => !sameAddon(payload)(a));
    },
    setShippingMethod(state, { payload }: PayloadAction<number>) {
      state.shippingMethodId = payload;
    },
    /** Replaces the whole cart (another tab changed it). */
    replaceCart: (_state, { payload }: PayloadAction<CartState>) => payload,
  },
  extraReducers: (builder) => {
    // Whenever a product's details arrive (popup, product page, checkout after a changed total), its lines
    // learn their variant's stock and current price.
    builder.addMatcher(
      isAnyOf(queryFulfilled<ProductDetailsAnswer>('productDetails'), queryFulfilled<ProductPageAnswer>('productPage')),
      (state, { payload }) => {
        const news: StockNews = 'pDetails' in payload ? payload.pDetails : payload;
        for (const line of state.items) {
          if (line.product_id !== news.product_id) continue;
          const variant = news.Variants.find((v) => v.variant_id === line.variant_id);
          if (variant) {
            applyStock(line, variant.stock);
            applyPrice(line, variant.discount_price);
          } else if (news.Variants.length === 0 && line.variant_id === 0) {
            applyStock(line, news.stock);
            applyPrice(line, news.discount_price);
          }
          // A variant the product no longer has cannot be bought.
          else applyStock(line, 0);
        }
      },
    );
    // The list gives each product's total stock: no variant can have more than that.
    builder.addMatcher(queryFulfilled<LoadProductsAnswer>('loadProducts'), (state, { payload }) => {
      const totals = new Map(payload.products.map((p) => [p.product_id, p.stock]));
      for (const line of state.items) {
        const total = totals.get(line.product_id);
        if (total !== undefined && (line.stock === undefined || total < line.stock)) applyStock(line, total);
      }
    });
  },
  selectors: {
    selectCartItems: (s) => s.items,
    selectCartCount: (s) => s.items.reduce((n, i) => n + i.quantity, 0),
    selectCartSubtotal: (s) => s.items.reduce((sum, i) => sum + i.discount_price * i.quantity, 0),
    selectShippingMethodId: (s) => s.shippingMethodId,
    selectCouponCode: (s) => s.couponCode,
    selectCartAddons: (s) => s.addons,
  },
});

export const { addItem, setQuantity, removeItem, clearCart, setShippingMethod, setCouponCode, setAddon, removeAddon } = cartSlice.actions;
export const { selectCartItems, selectCartCount, selectCartSubtotal, selectShippingMethodId, selectCouponCode, selectCartAddons } = cartSlice.selectors;

/** Restores a stored cart, dropping malformed lines. */
export function restoreCart(stored: unknown): CartState {
  if (!stored || typeof stored !== 'object') return initialCartState;
  const s = stored as Partial<CartState>;
  const items = Array.isArray(s.items)
    ? s.items.filter(
        (i): i is CartItem =>
          !!i && Number.isInteger(i.product_id) && Number.isInteger(i.discount_price ?? NaN) && typeof i.title === 'string',
      ).map((i) => {
          const stock = typeof i.stock === 'number' && Number.isFinite(i.stock) ? Math.max(0, Math.floor(i.stock)) : undefined;
          return { ...i, variant_id: i.variant_id || 0, stock, quantity: clampQuantity(i.quantity, quantityLimit(stock)) };
        })
    : [];
  return {
    items,
    shippingMethodId: typeof s.shippingMethodId === 'number' ? s.shippingMethodId : null,
    couponCode: typeof s.couponCode === 'string' ? normalizeCouponCode(s.couponCode) : '',
    addons: Array.isArray(s.addons) ? s.addons.filter(isAddon).map((a) => ({ promotion_id: a.promotion_id, variant_id: a.variant_id, quantity: clampQuantity(a.quantity) })) : [],
  };
}

export const cartLineKey = (i: ItemKey): string => `${i.product_id}:${i.variant_id || 0}`;
