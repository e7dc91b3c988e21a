import type { NotifyChannel } from '../../common/api/preferences';

/** Where a short message goes (issue 22 decisions): LINE (with the SMS to fall back on), SMS or e-mail. */
export type ReachRoute =
  | { channel: 'line'; lineUserId: string; fallbackPhone: string | null }
  | { channel: 'sms'; phone: string }
  | { channel: 'email'; to: string };

/** The member facts the choices read (one member, gathered by MemberReach). */
export interface ReachFacts {
  active: boolean;
  email: string | null;
  phone: string | null;
  notifyChannel: NotifyChannel;
  marketingEmail: boolean;
  marketingLine: boolean;
  /** The bound LINE userId, when the member is bound AND a friend of the Official Account now. */
  lineFriendId: string | null;
}

const filled = (s: string | null | undefined): string | null => (s && s.trim() ? s.trim() : null);

/**
 * Order news (short): 'line' → LINE when bound and a friend, else SMS; 'sms' → SMS; 'email' → the
 * e-mail is the news (route 'email'), except without an address (the order's, else the member's)
 * → SMS. Null when nothing can be sent (no phone for an SMS) or the member is inactive.
 */
export function orderNewsRouteOf(f: ReachFacts, orderEmail?: string | null): ReachRoute | null {
  if (!f.active) return null;
  const phone = filled(f.phone);
  if (f.notifyChannel === 'line' && f.lineFriendId) return { channel: 'line', lineUserId: f.lineFriendId, fallbackPhone: phone };
  if (f.notifyChannel === 'email') {
    // The order's e-mail when asked about an order (its mails go there), else the member's.
    const to = orderEmail === undefined ? filled(f.email) : filled(orderEmail);
    if (to) return { channel: 'email', to };
  }
  return phone ? { channel: 'sms', phone } : null;
}

/**
 * Marketing (cart reminders): only with consent — LINE when marketing_line and a friend, else
 * e-mail when marketing_email and an address; else nothing (null). Never SMS.
 */
export function marketingRouteOf(f: ReachFacts): ReachRoute | null {
  if (!f.active) return null;
  if (f.marketingLine && f.lineFriendId) return { channel: 'line', lineUserId: f.lineFriendId, fallbackPhone: null };
  const email = filled(f.email);
  if (f.marketingEmail && email) return { channel: 'email', to: email };
  return null;
}
