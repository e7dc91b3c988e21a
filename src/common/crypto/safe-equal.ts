import { timingSafeEqual } from 'node:crypto';

/**
 * Constant-time comparison of a secret a client sent (signature, hash, token) with the expected
 * one: false for different lengths, otherwise no early exit that would leak how much matched.
 */
export function safeEqual(given: string | Buffer, expected: string | Buffer): boolean {
  const a = typeof given === 'string' ? Buffer.from(given, 'utf8') : given;
  const b = typeof expected === 'string' ? Buffer.from(expected, 'utf8') : expected;
  return a.length === b.length && timingSafeEqual(a, b);
}
