import { createHmac } from 'node:crypto';
import { safeEqual } from '../../common/crypto/safe-equal';

/** The marketing lists a member can leave by link (issue 22 §1). */
export type MarketingChannel = 'email' | 'line';

const CODE: Record<MarketingChannel, string> = { email: 'e', line: 'l' };
const TOKEN = /^([1-9]\d{0,9})\.([el])\.([A-Za-z0-9_-]{32})$/;

function mac(key: string, userId: number, channel: MarketingChannel): string {
  return createHmac('sha256', key).update(`unsubscribe:${userId}:${channel}`).digest('base64url').slice(0, 32);
}

/**
 * The unsubscribe token of a member and a list: `<userId>.<e|l>.<HMAC-SHA256, 192 bits, base64url>`,
 * without expiry (a link in an old mail still works), so it is the same every time it is made.
 */
export function unsubscribeToken(key: string, userId: number, channel: MarketingChannel): string {
  return `${userId}.${CODE[channel]}.${mac(key, userId, channel)}`;
}

/** The member and list a token names, or null when it is malformed or its signature is wrong. */
export function readUnsubscribeToken(key: string, token: unknown): { userId: number; channel: MarketingChannel } | null {
  if (typeof token !== 'string') return null;
  const m = TOKEN.exec(token);
  if (!m) return null;
  const userId = Number(m[1]);
  const channel: MarketingChannel = m[2] === 'e' ? 'email' : 'line';
  return safeEqual(m[3], mac(key, userId, channel)) ? { userId, channel } : null;
}

/** The HMAC key: derived from SESSION_SECRET (required in production); a fixed development key without it. */
export function unsubscribeKey(sessionSecret: string | undefined): string {
  return createHmac('sha256', sessionSecret || 'skinshop-development-unsubscribe').update('skinshop unsubscribe links v1').digest('hex');
}
