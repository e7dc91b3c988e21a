/** Where a member notice goes (issue 21 §7). */
export type NoticeRoute = { channel: 'email'; to: string } | { channel: 'sms'; to: string };

/** The member facts the choice reads. */
export interface NoticeMember {
  email: string | null;
  phone: string | null;
  is_active: number;
  blocked_at: Date | null;
}

/**
 * THE channel choice of member notices, in one place: the member's e-mail when they have one, else
 * an SMS to their phone; null for a member who can't be reached or must not be (blocked, inactive).
 * Issue 22 adds LINE and the member's preference (notify_channel) here.
 */
export function noticeRoute(m: NoticeMember | null): NoticeRoute | null {
  if (!m || !Number(m.is_active) || m.blocked_at) return null;
  const email = m.email?.trim();
  if (email) return { channel: 'email', to: email };
  const phone = m.phone?.trim();
  if (phone) return { channel: 'sms', to: phone };
  return null;
}

/** The channel a request records (restock_requests.channel) when it is made: where it would go now. */
export function noticeChannelOf(m: NoticeMember | null): 'email' | 'sms' | 'none' {
  return noticeRoute(m)?.channel ?? 'none';
}
