import { assertKeys, PayuniCryptoError } from './payuni-crypto';

/**
 * PAYUNi settings (PAYUNI_API_URL, PAYUNI_MER_ID, PAYUNI_HASH_KEY, PAYUNI_HASH_IV).
 * `apiUrl` is the gateway root: calls go to `${apiUrl}/api/<path>` (a trailing `/api` or `/` is
 * accepted and dropped), so the embedded simulator mounted at `/payuni-sim` is `http://host/payuni-sim`.
 */
export interface PayuniConfig {
  apiUrl: string;
  merId: string;
  hashKey: string;
  hashIv: string;
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

/** Validates a config (URL, MerID, key 32 bytes, IV 16 bytes); returns it normalised. */
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
  return { ...config, apiUrl: normaliseApiUrl(config.apiUrl) };
}

/** Reads and validates the PAYUNI_* variables (throws PayuniConfigError naming the bad one; never echoes secrets). */
export function readPayuniConfig(env: NodeJS.ProcessEnv = process.env): PayuniConfig {
  const missing = ['PAYUNI_API_URL', 'PAYUNI_MER_ID', 'PAYUNI_HASH_KEY', 'PAYUNI_HASH_IV'].filter((k) => !env[k]);
  if (missing.length) throw new PayuniConfigError(`Missing ${missing.join(', ')}`);
  return validatePayuniConfig({
    apiUrl: env.PAYUNI_API_URL as string,
    merId: env.PAYUNI_MER_ID as string,
    hashKey: env.PAYUNI_HASH_KEY as string,
    hashIv: env.PAYUNI_HASH_IV as string,
  });
}
