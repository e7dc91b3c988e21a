import type { PickedStore } from '@api/orders';
import { readSessionJson, removeSession, writeSessionJson } from './sessionJson';

/**
 * A 7-11 store picked on the map, as the map's return page (desktop: a message; phones: the query
 * of /checkoutCvsResult) and the hand-over to the checkout carry it. Small on purpose:
 * /checkoutCvsResult loads this file, not the checkout's rules.
 */

/** The store /checkoutCvsResult hands to the checkout (this tab). */
export const PICKED_STORE_KEY = 'skinshop.checkout.store';

/** Checks a store from a message, a query or storage: three strings, a store number and a name at least. */
export function pickedStoreFrom(v: unknown): PickedStore | undefined {
  if (!v || typeof v !== 'object') return undefined;
  const s = v as Partial<Record<keyof PickedStore, unknown>>;
  const text = (x: unknown, max: number) => (typeof x === 'string' ? x.trim().slice(0, max) : '');
  const store = { store_id: text(s.store_id, 20), store_name: text(s.store_name, 100), store_addr: text(s.store_addr, 200) };
  return store.store_id && store.store_name ? store : undefined;
}

/** /checkoutCvsResult leaves the picked store for the checkout. */
export function handOverPickedStore(store: PickedStore): void {
  writeSessionJson(PICKED_STORE_KEY, store);
}

/** The store left by /checkoutCvsResult, if any (read while the form is built; dropped once applied). */
export function peekPickedStore(): PickedStore | undefined {
  return pickedStoreFrom(readSessionJson(PICKED_STORE_KEY));
}

export function dropPickedStore(): void {
  removeSession(PICKED_STORE_KEY);
}
