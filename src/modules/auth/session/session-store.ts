import type { FastifyRequest } from 'fastify';
import type { SessionData } from '../../../common/auth/session.types';

export type StoreCallback<T = void> = (err?: unknown, value?: T) => void;

/**
 * A connect-style session store as @fastify/session uses it (get / set / destroy), plus `touch`,
 * which configureSessions calls for a session read but not changed (the idle expiry slides without
 * rewriting the data): the `sessions` table (TypeormSessionStore) or Redis (connect-redis).
 */
export interface SessionStore {
  get(sid: string, cb: StoreCallback<SessionData | null>): void;
  set(sid: string, sess: SessionData, cb: StoreCallback): void;
  destroy(sid: string, cb: StoreCallback): void;
  touch(sid: string, sess: SessionData, cb: StoreCallback): void;
}

/** The store's callback API as promises. */
export const storeOps = (store: SessionStore) => ({
  destroy: (sid: string) => new Promise<void>((resolve, reject) => store.destroy(sid, (err) => (err ? reject(err as Error) : resolve()))),
  touch: (sid: string, sess: SessionData) => new Promise<void>((resolve, reject) => store.touch(sid, sess, (err) => (err ? reject(err as Error) : resolve()))),
});

/**
 * Replaces the request's session by a new empty one that is not stored (unless something is put in
 * it later in the request): @fastify/session's `regenerate` stores the new one at once, so it is
 * removed again — a visitor whose session timed out has none, as before.
 */
export async function startOver(req: FastifyRequest, store: SessionStore): Promise<void> {
  await req.session.regenerate();
  await storeOps(store).destroy(req.session.sessionId);
  req.user = undefined;
}
