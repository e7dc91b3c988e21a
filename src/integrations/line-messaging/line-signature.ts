import { validateSignature } from '@line/bot-sdk';
import { createHmac } from 'node:crypto';

/** X-Line-Signature of a webhook body: base64(HMAC-SHA256(channel secret, the raw body bytes)) (PROVIDERS.md §6b). */
export function lineSignature(channelSecret: string, rawBody: Buffer | string): string {
  return createHmac('sha256', channelSecret).update(rawBody).digest('base64');
}

/**
 * Checks a webhook's X-Line-Signature against the RAW body (before any parsing), in constant time
 * (@line/bot-sdk's validateSignature). False for a missing or malformed header or an empty body.
 */
export function verifyLineSignature(channelSecret: string, rawBody: Buffer | undefined, header: unknown): boolean {
  if (!rawBody || rawBody.length === 0 || typeof header !== 'string' || header.length === 0 || header.length > 200) return false;
  return validateSignature(rawBody, channelSecret, header);
}
