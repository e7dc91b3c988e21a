import { createHmac, randomUUID } from 'node:crypto';
import { safeEqual } from '../../common/crypto/safe-equal';

/** The three LINE Pay v3 authentication headers (PROVIDERS.md §4). */
export interface LinePayAuthHeaders {
  'X-LINE-ChannelId': string;
  'X-LINE-Authorization-Nonce': string;
  'X-LINE-Authorization': string;
}

export interface LinePayCredentials {
  channelId: string;
  channelSecret: string;
}

/**
 * LINE Pay Online API v3 signature:
 * Base64(HMAC-SHA256(key = channelSecret, msg = channelSecret + path + payload + nonce)).
 * `path` excludes host and query (e.g. `/v3/payments/request`); `payload` is the exact JSON
 * body sent (POST) or the query string without `?` (GET, empty when there is none).
 */
export function linePaySignature(channelSecret: string, path: string, payload: string, nonce: string): string {
  return createHmac('sha256', channelSecret)
    .update(channelSecret + path + payload + nonce, 'utf8')
    .digest('base64');
}

/** Headers for one call; a fresh UUID nonce per call unless one is given (tests). */
export function linePayHeaders(
  credentials: LinePayCredentials,
  path: string,
  payload: string,
  nonce: string = randomUUID(),
): LinePayAuthHeaders {
  return {
    'X-LINE-ChannelId': credentials.channelId,
    'X-LINE-Authorization-Nonce': nonce,
    'X-LINE-Authorization': linePaySignature(credentials.channelSecret, path, payload, nonce),
  };
}

/** Constant-time check of a received `X-LINE-Authorization` (the simulator's side). */
export function verifyLinePaySignature(
  channelSecret: string,
  path: string,
  payload: string,
  nonce: string,
  signature: string,
): boolean {
  return safeEqual(signature, linePaySignature(channelSecret, path, payload, nonce));
}
