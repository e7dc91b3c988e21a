import type { Envelope } from './envelope';

/** Personal-data rights (個資法 art. 3; spec 4 §4, §7; issue 22 §4). Server: src/modules/privacy. */

/** `POST /api/member/delete` { password } or { code } (sent by POST /api/member/delete/code for social-only accounts) → 帳號已刪除. */
export type DeleteAccountAnswer = Envelope;

/** One row of the staff log `GET /api/admin/privacy-requests` (limit, offset). */
export interface PrivacyRequestRow {
  id: number;
  user_id: number;
  kind: 'export' | 'delete';
  phone_hint: string;
  confirmed_by: '' | 'password' | 'code';
  created_at: string;
}
export type PrivacyRequestsAnswer = Envelope<{ requests: PrivacyRequestRow[]; total: number }>;
