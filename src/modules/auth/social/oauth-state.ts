import type { FastifyRequest } from 'fastify';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { StateStore } from 'passport-oauth2';
import type { SessionData } from '../../../common/auth/session.types';

/** The client's state: 20 random bytes in hex (spec 1 §4). */
export const STATE_PATTERN = /^[0-9a-f]{40}$/;
/** A social login must come back within this time. */
export const STATE_MAX_AGE_MS = 10 * 60_000;

export function saveState(session: Partial<SessionData>, state: string): void {
  session.oauth = { state, savedAt: Date.now() };
}

/** The saved state (made here when the client saved none), with a fresh OIDC nonce. */
export function ensureState(session: Partial<SessionData>): { state: string; nonce: string } {
  const saved = session.oauth;
  const fresh = saved && Date.now() - saved.savedAt < STATE_MAX_AGE_MS;
  const state = fresh ? saved.state : randomBytes(20).toString('hex');
  const nonce = randomBytes(16).toString('hex');
  session.oauth = { state, savedAt: fresh ? saved.savedAt : Date.now(), nonce };
  return { state, nonce };
}

/**
 * Checks the `state` a provider sent back against this session's, once (it is removed either
 * way) and within its age. Answers the OIDC nonce saved with it.
 */
export function takeState(session: Partial<SessionData>, returned: unknown): { ok: boolean; nonce?: string } {
  const saved = session.oauth;
  delete session.oauth;
  if (!saved || typeof returned !== 'string' || Date.now() - saved.savedAt > STATE_MAX_AGE_MS) return { ok: false };
  const a = Buffer.from(saved.state);
  const b = Buffer.from(returned);
  return { ok: a.length === b.length && timingSafeEqual(a, b), nonce: saved.nonce };
}

/** passport-oauth2 state store over the session's saved state (spec 1 §4 state-save). */
export const sessionStateStore: StateStore = {
  store(req: FastifyRequest, _meta: unknown, callback: (err: Error | null, state: string) => void): void {
    callback(null, ensureState(req.session).state);
  },
  verify(req: FastifyRequest, state: string, callback: (err: Error | null, ok: boolean, info: { message: string }) => void): void {
    const { ok } = takeState(req.session, state);
    callback(null, ok, { message: 'state' });
  },
} as unknown as StateStore;
