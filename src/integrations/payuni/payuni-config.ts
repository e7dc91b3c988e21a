import { assertKeys, PayuniCryptoError } from './payuni-crypto';

/**
 * PAYUNi settings as `AppConfig.payuni` holds them (declared and validated in
 * src/config/env.schema.ts: PAYUNI_API_URL, PAYUNI_MER_ID, PAYUNI_HASH_KEY, PAYUNI_HASH_IV).
 * `apiUrl` null: the app's embedded simulator answers, with the configured credentials or, where
 * unset, the demo ones below.
 */
export interface PayuniSettings {
  driver: 'payuni' | 'simulator';
  /** Gateway root (a trailing `/` or `/api` dropped); null = the embedded simulator. */
  apiUrl: string | null;
  merId: string;
  hashKey: string;
  hashIv: string;
}

/** Demo credentials of the embedded simulator (the §7 example keys; nothing real accepts them). */
export const SIMULATOR_MER_ID = 'SIMSHOP01';
export const SIMULATOR_HASH_KEY = '12345678901234567890123456789012';
export const SIMULATOR_HASH_IV = '1234567890123456';

/**
 * The client's configuration. `apiUrl` is the gateway root: calls go to `${apiUrl}/api/<path>`
 * (a trailing `/api` or `/` is accepted and dropped).
 */
export interface PayuniConfig {
  apiUrl: string;
  merId: string;
  hashKey: string;
  hashIv: string;
  /**
   * Where browsers are sent (UPP, store map) when that is not `apiUrl`: the embedded simulator's
   * mount on the shop (`/sim/payuni`, or absolute with PUBLIC_URL) while the server calls it over
   * loopback. Default: `apiUrl`.
   */
  browserUrl?: string;
  /** Per-request timeout (ms); default 15 000. */
  timeoutMs?: number;
}

export class PayuniConfigError extends Error {
  override readonly name = 'PayuniConfigError';
}

/** Normalises the gateway root: no trailing slash, no trailing `/api`. */
export function normaliseApiUrl(url: string): string {
  return url.trim().replace(/\/+$/, '').replace(/\/api$/, '');
}

/** Checks a client config (URL, MerID, key 32 bytes, IV 16 bytes); returns it normalised. */
export function validatePayuniConfig(config: PayuniConfig): PayuniConfig {
  let parsed: URL;
  try {
    parsed = new URL(config.apiUrl);
  } catch {
    throw new PayuniConfigError('PAYUNI_API_URL must be an absolute http(s) URL');
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new PayuniConfigError('PAYUNI_API_URL must be an http(s) URL');
  if (!/^[A-Za-z0-9_-]{1,32}$/.test(config.merId)) throw new PayuniConfigError('PAYUNI_MER_ID must be set (letters, digits, _ or -)');
  try {
    assertKeys(config.hashKey, config.hashIv);
  } catch (e) {
    const which = e instanceof PayuniCryptoError && /HashIV/.test(e.message) ? 'PAYUNI_HASH_IV must be 16 bytes' : 'PAYUNI_HASH_KEY must be 32 bytes';
    throw new PayuniConfigError(which);
  }
  return { ...config, apiUrl: normaliseApiUrl(config.apiUrl), browserUrl: config.browserUrl === undefined ? undefined : normaliseApiUrl(config.browserUrl) };
}
