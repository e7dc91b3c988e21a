import { createHash } from 'node:crypto';

/**
 * A UUID fixed by a name (RFC 4122 version 5 layout over SHA-1 of the name): the X-Line-Retry-Key of
 * one logical message (e.g. `news:paid:42`) is the same whenever its job is written or run.
 */
export function uuidFromName(name: string): string {
  const h = createHash('sha1').update(`skinshop:${name}`).digest();
  h[6] = (h[6] & 0x0f) | 0x50;
  h[8] = (h[8] & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20, 32)}`;
}
