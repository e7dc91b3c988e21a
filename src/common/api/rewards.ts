import type { Envelope } from './envelope';

/**
 * Member rewards answers (spec 4 §3, §7; issue 21): 購物金 points, tiers, the points rules, and the
 * admin member's points. Server: src/modules/rewards. Points are whole numbers (1 point = NT$ 1);
 * times ISO 8601 with the Taipei offset.
 */

export type PointsKind = 'earn' | 'redeem' | 'return' | 'reverse' | 'expire' | 'adjust' | 'welcome' | 'birthday' | 'review';

/** One ledger line as the member and staff read it. */
export interface PointsEntryView {
  id: number;
  kind: PointsKind;
  /** zh-TW label of the kind: 消費回饋, 折抵訂單, 取消退回, 退款扣回, 到期, 調整, 新會員禮, 生日禮, 評價回饋. */
  kind_label: string;
  amount: number;
  /** null while pending. */
  balance_after: number | null;
  order_id: number | null;
  /** The order's MerTradeNo when there is one (for a link). */
  order_no: string | null;
  note: string;
  created_at: string;
  /** null = pending (待入帳). */
  available_at: string | null;
  expires_at: string | null;
  /** Staff view only: who adjusted (the staff name), '' otherwise. */
  created_by_name?: string;
}

export interface TierView {
  id: number;
  name: string;
  threshold: number;
  earn_rate: number;
  discount_percent: number;
  sort_order: number;
}

/** The member's tier and the way to the next (`next` null at the top tier). */
export interface MemberTierProgress {
  name: string;
  earn_rate: number;
  discount_percent: number;
  /** 12-month net paid spend. */
  spend: number;
  next: { name: string; threshold: number } | null;
  /** NT$ still to spend for the next tier (0 at the top). */
  missing: number;
  /** 再消費 NT$ 3,200 升級金卡會員, or '' at the top tier. */
  text: string;
}

/** `GET /api/member/points?page&limit` (limit 20). */
export type MemberPointsAnswer = Envelope<{
  balance: number;
  pending: number;
  /** The points expiring at the nearest month end (amount 0 and date null when none). */
  expiring: { amount: number; date: string | null };
  tier: MemberTierProgress;
  entries: PointsEntryView[];
  total: number;
}>;

/** The points rules (owner, /admin/tiers); each falls back to its env default. */
export interface PointsRulesView {
  max_percent: number;
  expire_months: number;
  welcome_points: number;
  birthday_points: number;
  review_points: number;
  review_photo_points: number;
}

/** `GET /api/admin/tiers`; `PUT` takes { tiers: TierView[] (id absent = new), rules } and answers the same. */
export type AdminTiersAnswer = Envelope<{ tiers: TierView[]; rules: PointsRulesView; errors?: Array<{ field: string; message: string }> }>;

/** `GET /api/admin/members/{id}/points?page&limit`, `POST` { amount, reason } (message 已調整購物金). */
export type AdminMemberPointsAnswer = Envelope<{
  balance: number;
  pending: number;
  tier: MemberTierProgress;
  entries: PointsEntryView[];
  total: number;
}>;
