import type { ServerCartItem } from '@api/member-cart';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore, type RootState } from '../../../app/store';
import { mockApi } from '../../../test/render';
import { loggedIn, loggedOut } from '../auth/sessionSlice';
import { member } from '../account/testMember';
import { addItem, initialCartState, mergeServerCart, removeItem, setQuantity, type CartItem, type CartState } from './cartSlice';
import { cartRequestLines, startCartSync, type CartSync } from './cartSync';

const serum: CartItem = { product_id: 1, variant_id: 11, variant_name: '30ml', title: '玻尿酸精華', description: '', image_url: '/a.webp', discount_price: 1280, quantity: 1 };
const cream: CartItem = { ...serum, product_id: 2, variant_id: 0, variant_name: '', title: '修護霜', discount_price: 980, quantity: 2 };
const T = (s: number) => new Date(Date.UTC(2026, 10, 28, 12, 0, s)).toISOString();

describe('mergeServerCart: the later change of a line wins', () => {
  it('takes the server’s lines and quantities for what was sent, describing unknown lines later', () => {
    const local = { items: [{ ...serum, updated_at: T(1) }], removed: [] };
    const server: ServerCartItem[] = [
      { product_id: 1, variant_id: 11, quantity: 3, updated_at: T(2) },
      { product_id: 5, variant_id: 0, quantity: 1, updated_at: T(0) },
    ];
    const merged = mergeServerCart(local, server, T(5));
    expect(merged.items.map((i) => [i.product_id, i.quantity, i.title])).toEqual([
      [1, 3, '玻尿酸精華'],
      [5, 1, ''],
    ]);
    expect(merged.removed).toEqual([]);
  });

  it('keeps what the shopper changed after the request left, and drops lines removed elsewhere', () => {
    const local: Pick<CartState, 'items' | 'removed'> = {
      items: [{ ...serum, quantity: 4, updated_at: T(9) }, { ...cream, updated_at: T(1) }, { ...serum, product_id: 3, updated_at: T(8) }],
      removed: [{ product_id: 4, variant_id: 0, updated_at: T(9) }, { product_id: 6, variant_id: 0, updated_at: T(2) }],
    };
    const server: ServerCartItem[] = [
      { product_id: 1, variant_id: 11, quantity: 2, updated_at: T(4) },
      { product_id: 4, variant_id: 0, quantity: 1, updated_at: T(4) },
    ];
    const merged = mergeServerCart(local, server, T(5));
    // serum: changed at 9, after the request (5) and after the server's 4 → the local 4 stays (still pending).
    // cream (1): the server no longer has it → removed elsewhere. Product 3 (8): added after the request → stays.
    expect(merged.items.map((i) => [i.product_id, i.quantity])).toEqual([
      [1, 4],
      [3, 1],
    ]);
    // Product 4 removed at 9 (after the request): stays removed and will be sent; product 6's removal was sent.
    expect(merged.removed).toEqual([{ product_id: 4, variant_id: 0, updated_at: T(9) }]);
  });

  it('a later change on another device beats an older local one', () => {
    const merged = mergeServerCart({ items: [{ ...serum, quantity: 5, updated_at: T(6) }] }, [{ product_id: 1, variant_id: 11, quantity: 2, updated_at: T(7) }], T(5));
    expect(merged.items.map((i) => i.quantity)).toEqual([2]);
  });

  it('the request lines carry each line’s time and removals as quantity 0 (not in the merge)', () => {
    const cart = { items: [{ ...serum, updated_at: T(1) }, cream], removed: [{ product_id: 9, variant_id: 0, updated_at: T(2) }] };
    expect(cartRequestLines(cart)).toEqual([
      { product_id: 1, variant_id: 11, quantity: 1, updated_at: T(1) },
      { product_id: 2, variant_id: 0, quantity: 2 },
      { product_id: 9, variant_id: 0, quantity: 0, updated_at: T(2) },
    ]);
    expect(cartRequestLines(cart, false)).toHaveLength(2);
  });
});

describe('the cart slice stamps changes for the server cart', () => {
  it('adding, changing and removing stamp the line, count the change and keep a removal', () => {
    const store = makeStore();
    store.dispatch(addItem(serum));
    const added = store.getState().cart;
    expect(added.items[0].updated_at).toEqual(expect.any(String));
    expect(added).toMatchObject({ pendingSync: true, rev: 1 });
    store.dispatch(setQuantity({ product_id: 1, variant_id: 11, quantity: 3 }));
    expect(store.getState().cart.rev).toBe(2);
    store.dispatch(removeItem({ product_id: 1, variant_id: 11 }));
    expect(store.getState().cart.removed).toEqual([{ product_id: 1, variant_id: 11, updated_at: expect.any(String) }]);
    // Added again: no longer a removal.
    store.dispatch(addItem(serum));
    expect(store.getState().cart.removed).toEqual([]);
  });
});

type Body = { cartItems: ServerCartItem[] };

/** A member cart server: GET, PUT (later updated_at per line wins, quantity 0 removes) and merge (larger quantity wins). */
function cartServer(initial: ServerCartItem[] = []) {
  const lines = initial.map((l) => ({ ...l }));
  const upsert = (incoming: ServerCartItem[], rule: 'later' | 'larger') => {
    for (const l of incoming) {
      const i = lines.findIndex((x) => x.product_id === l.product_id && x.variant_id === l.variant_id);
      const cur = i >= 0 ? lines[i] : undefined;
      if (rule === 'larger') {
        if (!cur) lines.push({ ...l, updated_at: l.updated_at ?? T(30) });
        else if (l.quantity > cur.quantity) lines[i] = { ...cur, quantity: l.quantity };
      } else if (!cur || (l.updated_at ?? '') > (cur.updated_at ?? '')) {
        if (i >= 0) lines.splice(i, 1);
        if (l.quantity > 0) lines.push({ ...l });
      }
    }
    return { json: { success: true, cartItems: lines } };
  };
  const api = mockApi({
    'GET /api/csrf-token': () => ({ json: { success: true, csrfToken: 'tok' } }),
    'GET /api/member/cart': () => ({ json: { success: true, cartItems: lines } }),
    'PUT /api/member/cart': (body) => upsert((body as Body).cartItems, 'later'),
    'POST /api/member/cart/merge': (body) => upsert((body as Body).cartItems, 'larger'),
    'POST /api/load/productDetails': (body) => {
      const id = (body as { product_id: number }).product_id;
      return { json: { success: true, product_id: id, title: `商品 ${id}`, description: '', image_url: `/m/${id}.webp`, discount_price: 500, stock: 9, Variants: [] } };
    },
  });
  return { ...api, lines: () => lines, cartCalls: () => api.calls.filter((c) => c.path.startsWith('/api/member/cart')) };
}

let sync: CartSync | undefined;
afterEach(() => {
  sync?.stop();
  sync = undefined;
  vi.useRealTimers();
});

const start = (preloaded: Partial<RootState>) => {
  const store = makeStore(preloaded);
  sync = startCartSync(store, { debounceMs: 500, retryMs: 60_000 });
  return store;
};
const me = member();

describe('startCartSync', () => {
  it('after a login merges the browser cart and takes the answer', async () => {
    const server = cartServer([{ product_id: 5, variant_id: 0, quantity: 1, updated_at: T(0) }, { product_id: 1, variant_id: 11, quantity: 4, updated_at: T(0) }]);
    const store = start({ cart: { ...initialCartState, items: [{ ...serum, quantity: 2, updated_at: T(1) }, cream] } });
    store.dispatch(loggedIn(me));
    await sync!.idle();
    expect(server.cartCalls().map((c) => [c.method, c.path, c.body])).toEqual([
      ['POST', '/api/member/cart/merge', { cartItems: [{ product_id: 1, variant_id: 11, quantity: 2, updated_at: T(1) }, { product_id: 2, variant_id: 0, quantity: 2 }] }],
    ]);
    const cart = store.getState().cart;
    expect(cart.items.map((i) => [i.product_id, i.quantity])).toEqual([
      [5, 1],
      [1, 4],
      [2, 2],
    ]);
    expect(cart).toMatchObject({ owner: me.user_id, pendingSync: false });
    // The line another device added gets its description.
    await vi.waitFor(() => expect(store.getState().cart.items[0].title).toBe('商品 5'));
  });

  it('on load while logged in asks the server’s cart; changes go in one debounced PUT; logout forgets the cart', async () => {
    const server = cartServer([{ product_id: 1, variant_id: 11, quantity: 1, updated_at: T(0) }]);
    const store = start({ session: { isLoggedIn: true, user: me, redirectPath: '' }, cart: { ...initialCartState, items: [{ ...serum, updated_at: T(0) }], owner: me.user_id } });
    await sync!.idle();
    expect(server.cartCalls().map((c) => c.method)).toEqual(['GET']);

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    store.dispatch(setQuantity({ product_id: 1, variant_id: 11, quantity: 2 }));
    store.dispatch(addItem(cream));
    store.dispatch(removeItem({ product_id: 1, variant_id: 11 }));
    await vi.advanceTimersByTimeAsync(499);
    expect(server.cartCalls()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await sync!.idle();
    const puts = server.cartCalls().filter((c) => c.method === 'PUT');
    expect(puts).toHaveLength(1);
    expect((puts[0].body as Body).cartItems).toEqual([
      { product_id: 2, variant_id: 0, quantity: 2, updated_at: expect.any(String) },
      { product_id: 1, variant_id: 11, quantity: 0, updated_at: expect.any(String) },
    ]);
    expect(server.lines().map((l) => [l.product_id, l.quantity])).toEqual([[2, 2]]);
    // The removal was sent once: gone from the cart state.
    expect(store.getState().cart).toMatchObject({ removed: [], pendingSync: false });

    store.dispatch(loggedOut());
    expect(store.getState().cart).toMatchObject({ items: [], removed: [], owner: null, pendingSync: false });
  });

  it('a change made while a PUT is out is kept and sent next; flush sends at once', async () => {
    const server = cartServer();
    const store = start({ session: { isLoggedIn: true, user: me, redirectPath: '' }, cart: { ...initialCartState, owner: me.user_id } });
    await sync!.idle();
    // Hold the next PUT's answer until the shopper changed the cart again.
    const answer = server.fetchMock.getMockImplementation()!;
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let sent = () => {};
    const out = new Promise<void>((resolve) => (sent = resolve));
    server.fetchMock.mockImplementationOnce(async (input, init) => {
      sent();
      await gate;
      return answer(input, init);
    });
    store.dispatch(addItem(serum));
    const flushing = sync!.flush();
    await out;
    store.dispatch(addItem(cream)); // while the PUT of serum is out
    release();
    await flushing;
    expect((server.cartCalls().at(-1)?.body as Body).cartItems.map((l) => l.product_id)).toEqual([1]);
    expect(store.getState().cart.items.map((i) => i.product_id)).toEqual([1, 2]);
    expect(store.getState().cart.pendingSync).toBe(true);
    await sync!.flush();
    expect(server.lines().map((l) => l.product_id)).toEqual([1, 2]);
    expect(store.getState().cart.pendingSync).toBe(false);
  });

  it('a pending change at start is PUT instead of asking; the page going away sends it with keepalive', async () => {
    const server = cartServer();
    const store = start({
      session: { isLoggedIn: true, user: me, redirectPath: '' },
      cart: { ...initialCartState, items: [{ ...serum, updated_at: T(3) }], owner: me.user_id, pendingSync: true, rev: 1 },
    });
    await sync!.idle();
    expect(server.cartCalls().map((c) => c.method)).toEqual(['PUT']);
    store.dispatch(setQuantity({ product_id: 1, variant_id: 11, quantity: 5 }));
    window.dispatchEvent(new Event('pagehide'));
    await vi.waitFor(() => expect(server.cartCalls()).toHaveLength(2));
    const init = server.fetchMock.mock.calls.at(-1)?.[1];
    expect(init).toMatchObject({ method: 'PUT', keepalive: true });
    expect(server.lines().map((l) => l.quantity)).toEqual([5]);
  });

  it('a stale member cart left in the browser while logged out is forgotten at start; a visitor’s stays', () => {
    cartServer();
    const stale = start({ cart: { ...initialCartState, items: [serum], owner: 7 } });
    expect(stale.getState().cart.items).toEqual([]);
    sync?.stop();
    const visitor = start({ cart: { ...initialCartState, items: [serum] } });
    expect(visitor.getState().cart.items).toHaveLength(1);
  });
});

describe('mergeServerCart: a change in the request’s own millisecond', () => {
  it('counts as sent when it was in the request, and is kept (sent again) when it was not', () => {
    const now = T(5);
    const local = { items: [{ ...serum, updated_at: now }, { ...cream, updated_at: now }], removed: [{ product_id: 9, variant_id: 0, updated_at: now }] };
    const sent: ServerCartItem[] = [{ product_id: 1, variant_id: 11, quantity: 1, updated_at: now }, { product_id: 9, variant_id: 0, quantity: 0, updated_at: now }];
    // The server answers without serum (removed elsewhere) and without cream (not sent yet).
    const merged = mergeServerCart(local, [], now, sent);
    expect(merged.items.map((i) => i.product_id)).toEqual([2]);
    expect(merged.removed).toEqual([]);
  });
});
