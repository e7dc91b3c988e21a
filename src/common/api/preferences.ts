import type { Envelope } from './envelope';

/**
 * Member preferences, consent and LINE (spec 4 §3, §7; issue 22 §1–§2). Server: src/modules/preferences.
 */

export type NotifyChannel = 'line' | 'sms' | 'email';

export interface MemberPreferencesView {
  /** Where order news goes. 'line' only works while line_friend is 1 (else it falls back to SMS). */
  notify_channel: NotifyChannel;
  marketing_email: 0 | 1;
  marketing_line: 0 | 1;
  /** ISO times the marketing choices were last set, null = never. */
  marketing_email_at: string | null;
  marketing_line_at: string | null;
  /** The LINE account bound to this member (LINE Login or 綁定 LINE), null = none. */
  line_user_id: string | null;
  /** 1 while that LINE account is a friend of the shop's Official Account. */
  line_friend: 0 | 1;
  /** The member has an e-mail address (Email choices need one). */
  has_email: boolean;
}

/** `GET /api/member/preferences`; `PUT` { notify_channel?, marketing_email?, marketing_line? } → the new view + message 已更新通知設定. */
export type PreferencesAnswer = Envelope<{ preferences: MemberPreferencesView }>;

/** `GET /api/unsubscribe/{token}` (no login): which list it takes the member off; `POST` does it (idempotent). */
export type UnsubscribeAnswer = Envelope<{ channel: 'email' | 'line'; done: boolean }>;

/** `GET /api/member/line/bind` → the LINE Login URL to open (bot_prompt=normal); its callback binds and comes back to /profile. */
export type LineBindAnswer = Envelope<{ url: string }>;
