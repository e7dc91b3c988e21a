import { createSlice, isAnyOf, type PayloadAction, type UnknownAction } from '@reduxjs/toolkit';
import { baseApi } from '../../../shared/api/baseApi';
import { clampQuantity, quantityLimit } from '../../../shared/lib/quantity';
import type { LoadProductsAnswer, ProductDetailsAnswer, ProductPageAnswer } from '@api/catalog';
import type { ServerCartItem } from '@api/member-cart';
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
  /** ISO time of the shopper's last change to this line (server cart: the later change of a line wins). */
  updated_at?: string;
}

/** A line the shopper removed, sent once to the server cart as quantity 0 (issue 22 §3). */
export interface CartRemoval {
  product_id: number;
  variant_id: number;
  updated_at: string;
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
  /** Removed lines not yet told to the server cart. */
  removed?: CartRemoval[];
  /** A change of the lines the server cart has not confirmed yet (kept across reloads: never lose a change). */
  pendingSync?: boolean;
  /** Counts the shopper's changes of the lines (a server answer tells which it covered). */
  rev?: number;
  /** The member whose server cart this is (null: a visitor's cart). Logging out forgets such a cart. */
  owner?: number | null;
}

export const initialCartState: CartState = { items: [], shippingMethodId: null, couponCode: '', addons: [] };

/** The shopper changed the lines at `at` (ISO): prepared with the time, so the reducers stay pure. */
type Stamped<P> = PayloadAction<P, string, { at: string }>;
const stamped = <P,>(payload: P) => ({ payload, meta: { at: new Date().toISOString() } });

/** Marks a change for the server cart (cartSync.ts sends it). */
function touch(state: CartState) {
  state.pendingSync = true;
  state.rev = (state.rev ?? 0) + 1;
}

function forgetRemoval(state: CartState, key: ItemKey) {
  if (state.removed?.length) state.removed = state.removed.filter((r) => !sameLine(key)(r));
}

function recordRemoval(state: CartState, key: ItemKey, at: string) {
  forgetRemoval(state, key);
  (state.removed ??= []).push({ product_id: key.product_id, variant_id: key.variant_id || 0, updated_at: at });
}

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
    addItem: {
      reducer(state, { payload, meta }: Stamped<CartItem>) {
        const item = { ...payload, variant_id: payload.variant_id || 0, updated_at: meta.at };
        item.quantity = clampQuantity(item.quantity, lineLimit(item));
        const line = state.items.find(sameLine(item));
        if (line) {
          if (item.stock !== undefined) line.stock = item.stock;
          line.quantity = clampQuantity(line.quantity + item.quantity, lineLimit(line));
          line.discount_price = item.discount_price;
          line.variant_name = item.variant_name;
          line.title = item.title;
          line.image_url = item.image_url;
          line.updated_at = meta.at;
        } else state.items.push(item);
        forgetRemoval(state, item);
        touch(state);
      },
      prepare: (item: CartItem) => stamped(item),
    },
    setQuantity: {
      reducer(state, { payload, meta }: Stamped<ItemKey & { quantity: number }>) {
        const line = state.items.find(sameLine(payload));
        if (!line) return;
        line.quantity = clampQuantity(payload.quantity, lineLimit(line));
        line.updated_at = meta.at;
        touch(state);
      },
      prepare: (change: ItemKey & { quantity: number }) => stamped(change),
    },
    removeItem: {
      reducer(state, { payload, meta }: Stamped<ItemKey>) {
        if (!state.items.some(sameLine(payload))) return;
        state.items = state.items.filter((i) => !sameLine(payload)(i));
        recordRemoval(state, payload, meta.at);
        touch(state);
        // Add-ons go with the last line (they are offered on what the cart holds); the typed code stays.
        if (state.items.length === 0) state.addons = [];
      },
      prepare: (key: ItemKey) => stamped(key),
    },
    /** An order was made: its lines, code and add-ons go (the shipping choice stays). */
    clearCart: {
      reducer(state, { meta }: Stamped<undefined>) {
        for (const line of state.items) recordRemoval(state, line, meta.at);
        if (state.items.length) touch(state);
        state.items = [];
        state.couponCode = '';
        state.addons = [];
      },
      prepare: () => stamped(undefined),
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
    /**
     * The server cart answered (GET, PUT or the merge at login) for `owner`: its lines replace the local
     * ones except what the shopper changed after the request left (cartSync.ts, mergeServerCart).
     */
    serverCartApplied(state, { payload }: PayloadAction<ServerCartApplied>) {
      const merged = mergeServerCart(state, payload.lines, payload.sentAt, payload.sent);
      state.items = merged.items;
      state.removed = merged.removed;
      state.owner = payload.owner;
      state.pendingSync = (state.rev ?? 0) !== payload.sentRev;
      if (state.items.length === 0) state.addons = [];
    },
    /** Logged out (or another member logged in): nothing of the member's cart stays in the browser. */
    memberCartForgotten(state) {
      state.items = [];
      state.removed = [];
      state.couponCode = '';
      state.addons = [];
      state.pendingSync = false;
      state.owner = null;
    },
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
          if (!line.title) describeLine(line, payload);
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

export const { addItem, setQuantity, removeItem, clearCart, setShippingMethod, setCouponCode, setAddon, removeAddon, serverCartApplied, memberCartForgotten } =
  cartSlice.actions;
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
          const updated_at = typeof i.updated_at === 'string' ? i.updated_at : undefined;
          return { ...i, variant_id: i.variant_id || 0, stock, updated_at, quantity: clampQuantity(i.quantity, quantityLimit(stock)) };
        })
    : [];
  return {
    items,
    shippingMethodId: typeof s.shippingMethodId === 'number' ? s.shippingMethodId : null,
    couponCode: typeof s.couponCode === 'string' ? normalizeCouponCode(s.couponCode) : '',
    addons: Array.isArray(s.addons) ? s.addons.filter(isAddon).map((a) => ({ promotion_id: a.promotion_id, variant_id: a.variant_id, quantity: clampQuantity(a.quantity) })) : [],
    removed: Array.isArray(s.removed)
      ? s.removed
          .filter((r): r is CartRemoval => !!r && Number.isInteger(r.product_id) && typeof r.updated_at === 'string')
          .map((r) => ({ product_id: r.product_id, variant_id: r.variant_id || 0, updated_at: r.updated_at }))
      : [],
    pendingSync: s.pendingSync === true,
    rev: Number.isInteger(s.rev) ? s.rev : 0,
    owner: Number.isInteger(s.owner) ? s.owner : null,
  };
}

export const cartLineKey = (i: ItemKey): string => `${i.product_id}:${i.variant_id || 0}`;

/** What serverCartApplied carries: the server's lines, the change count and time when the request left, whose cart. */
export interface ServerCartApplied {
  lines: ServerCartItem[];
  /** What the request carried (none for a GET). */
  sent: ServerCartItem[];
  sentRev: number;
  sentAt: string;
  owner: number;
}

/** An ISO time as milliseconds (0 when absent or unreadable): the server may write times differently. */
const at = (iso: string | undefined): number => (iso ? Date.parse(iso) || 0 : 0);

/** A line the server knows and this browser does not (another device added it): described once its product's data arrives. */
function placeholderLine(s: ServerCartItem): CartItem {
  return { product_id: s.product_id, variant_id: s.variant_id || 0, quantity: s.quantity, updated_at: s.updated_at, title: '', description: '', image_url: '', variant_name: '', discount_price: 0 };
}

/** Fills a placeholder line from its product's details (title, picture, variant name). */
function describeLine(line: CartItem, details: ProductDetailsAnswer | ProductPageAnswer) {
  const p = 'pDetails' in details ? details.pDetails : details;
  line.title = p.title;
  line.description = p.description;
  line.image_url = p.image_url;
  line.variant_name = p.Variants.find((v) => v.variant_id === line.variant_id)?.variant_name ?? '';
}

/**
 * The server cart's answer merged into the local cart (issue 22 §3; pure, unit-tested). The answer
 * covers every change made before `sentAt` (a change in that same millisecond only if it was among
 * the `sent` lines: else it is sent again rather than lost); per line the later change wins:
 * - a server line replaces the local one, unless the shopper changed or removed it locally later;
 * - a local line the server does not have was removed elsewhere, unless changed here after `sentAt`;
 * - a removal is forgotten once sent (older than `sentAt`), kept while newer than the server's line.
 */
export function mergeServerCart(
  local: Pick<CartState, 'items' | 'removed'>,
  server: readonly ServerCartItem[],
  sentAt: string,
  sent: readonly ServerCartItem[] = [],
): { items: CartItem[]; removed: CartRemoval[] } {
  const key = cartLineKey;
  const before = at(sentAt);
  const sentStamps = new Set(sent.map((l) => `${key(l)}@${l.updated_at ?? ''}`));
  /** The change at `updated_at` of this line reached the server with the request. */
  const covered = (k: string, updatedAt: string | undefined) => at(updatedAt) < before || sentStamps.has(`${k}@${updatedAt ?? ''}`);
  const localLines = new Map(local.items.map((i) => [key(i), i]));
  const removals = new Map((local.removed ?? []).map((r) => [key(r), r]));
  const items: CartItem[] = [];
  const seen = new Set<string>();
  for (const s of server) {
    if (!Number.isInteger(s.product_id) || !(s.quantity > 0)) continue;
    const k = key(s);
    seen.add(k);
    const mine = localLines.get(k);
    const removal = removals.get(k);
    const theirs = at(s.updated_at);
    if (removal && at(removal.updated_at) > theirs && !covered(k, removal.updated_at)) continue;
    if (mine && at(mine.updated_at) > theirs && !covered(k, mine.updated_at)) {
      items.push(mine);
      continue;
    }
    const base = mine ?? placeholderLine(s);
    items.push({ ...base, quantity: clampQuantity(s.quantity, lineLimit(base)), updated_at: s.updated_at ?? base.updated_at });
  }
  for (const mine of local.items) {
    if (!seen.has(key(mine)) && !covered(key(mine), mine.updated_at)) items.push(mine);
  }
  const removed = [...removals.values()].filter((r) => !covered(key(r), r.updated_at) && !items.some(sameLine(r)));
  return { items, removed };
}
