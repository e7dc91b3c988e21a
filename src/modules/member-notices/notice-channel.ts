import type { NotifyChannel } from '../../common/api/preferences';

/** Where a member notice goes (issue 21 §7; LINE since issue 22, with the SMS to fall back on). */
export type NoticeRoute = { channel: 'email'; to: string } | { channel: 'sms'; to: string } | { channel: 'line'; to: string; fallbackPhone: string | null };

/** The member facts the choice reads. */
export interface NoticeMember {
  email: string | null;
  phone: string | null;
  is_active: number;
  blocked_at: Date | null;
}

/** The member's preference and LINE friendship (MemberReach.facts), when known. */
export interface NoticeReach {
  notifyChannel: NotifyChannel;
  /** The bound LINE userId while it is a friend of the Official Account, else null. */
  lineFriendId: string | null;
}

/**
 * THE channel choice of (transactional) member notices, in one place: LINE when the member chose
 * LINE and is a friend of the Official Account; else the member's e-mail when they have one, else an
 * SMS to their phone; null for a member who can't be reached or must not be (blocked, inactive).
 * Marketing notices (MARKETING_NOTICE_KINDS) go by MemberReach.marketingRoute instead (consent).
 */
export function noticeRoute(m: NoticeMember | null, reach?: NoticeReach | null): NoticeRoute | null {
  if (!m || !Number(m.is_active) || m.blocked_at) return null;
  const email = m.email?.trim();
  const phone = m.phone?.trim();
  if (reach?.notifyChannel === 'line' && reach.lineFriendId) return { channel: 'line', to: reach.lineFriendId, fallbackPhone: phone || null };
  if (email) return { channel: 'email', to: email };
  if (phone) return { channel: 'sms', to: phone };
  return null;
}

/** The channel a request records (restock_requests.channel) when it is made: where it would go now. */
export function noticeChannelOf(m: NoticeMember | null, reach?: NoticeReach | null): 'email' | 'sms' | 'line' | 'none' {
  return noticeRoute(m, reach)?.channel ?? 'none';
}
