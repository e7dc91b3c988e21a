import type { ServerCartAnswer, ServerCartItem } from '@api/member-cart';
import type { AppDispatch, RootState } from '../../../app/store';
import { peekCsrfToken } from '../../../shared/api/csrf';
import { catalogApi } from '../catalog/catalogApi';
import { memberCartForgotten, serverCartApplied, type CartState } from './cartSlice';
import { cartSyncHandle } from './cartSyncHandle';
import { memberCartApi } from './memberCartApi';

/** The store the sync drives (the app's, or a test's). */
export interface SyncStore {
  getState: () => RootState;
  dispatch: AppDispatch;
  subscribe: (listener: () => void) => () => void;
}

export interface CartSync {
  stop: () => void;
  /** Sends a pending change now (logout, the page hidden) and resolves when the server answered. */
  flush: () => Promise<void>;
  /** Resolves when no request is under way or queued. */
  idle: () => Promise<void>;
}

/** The request body: every line with its updated_at, and (PUT only) each removed line once as quantity 0. */
export function cartRequestLines(cart: Pick<CartState, 'items' | 'removed'>, withRemovals = true): ServerCartItem[] {
  const lines: ServerCartItem[] = cart.items.map((i) => ({
    product_id: i.product_id,
    variant_id: i.variant_id || 0,
    quantity: i.quantity,
    ...(i.updated_at ? { updated_at: i.updated_at } : {}),
  }));
  if (withRemovals) for (const r of cart.removed ?? []) lines.push({ product_id: r.product_id, variant_id: r.variant_id, quantity: 0, updated_at: r.updated_at });
  return lines;
}

/** Worth asking again: no answer, a server failure, or too many requests (a refusal is not). */
function retryable(error: unknown): boolean {
  const status = error && typeof error === 'object' && 'status' in error ? (error as { status?: unknown }).status : undefined;
  return typeof status !== 'number' || status >= 500 || status === 429 || status === 408;
}

type Kind = 'load' | 'put' | 'merge';

/**
 * The member's cart lives on the server while logged in; the store's cart is its cache (issue 22 §3):
 * - a login in this tab (a cart that is not yet the member's) → POST /member/cart/merge with the
 *   browser's lines, and the answer replaces them;
 * - a start while logged in → GET /member/cart (or PUT, when a change was still pending);
 * - each change → one PUT of the whole cart ~500 ms after the last change (each line's updated_at,
 *   removals as quantity 0 once), queued one at a time; a failure to reach the server retries; the
 *   page going away sends the pending change with a keepalive request;
 * - logout (or another member) → nothing of the member's cart stays in the browser.
 */
export function startCartSync(store: SyncStore, { debounceMs = 500, retryMs = 5000 }: { debounceMs?: number; retryMs?: number } = {}): CartSync {
  // undefined until the first look at the session (then the member's id, or null for a visitor).
  let member: number | null | undefined;
  let ready = false;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let queue: Promise<void> = Promise.resolve();
  let seenRev = store.getState().cart.rev ?? 0;
  const cart = () => store.getState().cart;
  const { dispatch } = store;

  const clear = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  const schedule = (kind: Kind, ms: number) => {
    clear();
    timer = setTimeout(() => {
      timer = undefined;
      void enqueue(kind);
    }, ms);
  };
  const enqueue = (kind: Kind): Promise<void> => {
    queue = queue.then(() => send(kind)).catch((err: unknown) => console.error('cart sync failed', err));
    return queue;
  };

  /** Asks for the descriptions of lines another device added (the cart shows their title and picture). */
  const describe = () => {
    const unknown = new Set(cart().items.filter((i) => !i.title).map((i) => i.product_id));
    for (const id of unknown) void dispatch(catalogApi.endpoints.productDetails.initiate(id, { subscribe: false }));
  };

  async function send(kind: Kind): Promise<void> {
    const uid = member;
    if (stopped || uid === null || uid === undefined) return;
    const c = cart();
    if (kind === 'put' && !c.pendingSync) return;
    const sentRev = c.rev ?? 0;
    const sentAt = new Date().toISOString();
    const sent = kind === 'merge' ? cartRequestLines(c, false) : kind === 'put' || c.pendingSync ? cartRequestLines(c) : [];
    const res: { data?: ServerCartAnswer; error?: unknown } =
      kind === 'merge'
        ? await dispatch(memberCartApi.endpoints.mergeMemberCart.initiate(sent))
        : kind === 'put' || c.pendingSync
          ? await dispatch(memberCartApi.endpoints.putMemberCart.initiate(sent))
          : await dispatch(memberCartApi.endpoints.getMemberCart.initiate());
    if (stopped || member !== uid) return; // logged out meanwhile: the answer belongs to nobody here
    if (res.error !== undefined || !res.data?.success) {
      if (res.error === undefined || retryable(res.error)) schedule(kind, retryMs);
      return;
    }
    dispatch(serverCartApplied({ lines: res.data.cartItems ?? [], sent, sentRev, sentAt, owner: uid }));
    ready = true;
    seenRev = cart().rev ?? 0;
    describe();
    // Changed while the request was out: send that too.
    if (cart().pendingSync) schedule('put', debounceMs);
  }

  const onChange = () => {
    if (stopped) return;
    const s = store.getState();
    const uid = s.session.isLoggedIn ? (s.session.user?.user_id ?? null) : null;
    if (uid !== member) {
      member = uid;
      ready = false;
      clear();
      const owner = cart().owner ?? null;
      if (uid === null) {
        if (owner !== null) dispatch(memberCartForgotten());
        return;
      }
      if (owner !== null && owner !== uid) dispatch(memberCartForgotten());
      seenRev = cart().rev ?? 0;
      void enqueue(cart().owner === uid ? 'load' : 'merge');
      return;
    }
    const rev = cart().rev ?? 0;
    if (member && ready && rev !== seenRev && cart().pendingSync) {
      seenRev = rev;
      schedule('put', debounceMs);
    }
  };

  const flush = (): Promise<void> => {
    if (member && ready && cart().pendingSync) {
      clear();
      return enqueue('put');
    }
    return queue;
  };

  // The page goes (tab closed, app switched away on a phone): the pending change leaves with it.
  const onPageHide = () => {
    if (!member || !cart().pendingSync) return;
    clear();
    const token = peekCsrfToken();
    void fetch('/api/member/cart', {
      method: 'PUT',
      keepalive: true,
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', ...(token ? { 'X-CSRF-Token': token } : {}) },
      body: JSON.stringify({ cartItems: cartRequestLines(cart()) }),
    }).catch(() => undefined);
  };
  const onOnline = () => {
    if (member && cart().pendingSync) schedule(ready ? 'put' : 'load', 0);
  };

  const unsubscribe = store.subscribe(onChange);
  window.addEventListener('pagehide', onPageHide);
  window.addEventListener('online', onOnline);
  onChange();
  const sync: CartSync = {
    stop: () => {
      stopped = true;
      clear();
      unsubscribe();
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('online', onOnline);
      if (cartSyncHandle.flush === flush) cartSyncHandle.flush = () => Promise.resolve();
    },
    flush,
    idle: async () => {
      let seen: Promise<void> | undefined;
      while (seen !== queue) {
        seen = queue;
        await queue;
      }
    },
  };
  cartSyncHandle.flush = flush;
  return sync;
}
