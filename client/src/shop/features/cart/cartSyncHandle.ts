/**
 * The running server-cart sync (cartSync.ts, loaded lazily by CartSync), for the few places that
 * must wait for it without loading it: logout sends the pending change before the session ends.
 */
export const cartSyncHandle: { flush: () => Promise<void> } = { flush: () => Promise.resolve() };
