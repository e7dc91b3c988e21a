import { TAIPEI_OFFSET_MS, taipeiToday, taipeiYearMonth } from '../../common/time/taipei-time';
import type { MemberTierProgress, PointsKind, TierView } from '../../common/api/rewards';
import { tierProblems } from '../../common/validation/tier-rules';

/**
 * The rules of 購物金 and tiers that need no database (spec 4 §3–§5, §9): messages, month ends in
 * Taipei, which tier a spend reaches, the tier's progress text, the tier form's checks.
 */

export const REWARDS_MSG = {
  // Checkout / quote (spec 4 §5)
  balanceShort: '購物金餘額不足',
  pointsInvalid: '請輸入正確的購物金點數',
  pointsCap: (n: number) => `最多可折抵 NT$ ${n.toLocaleString('en-US')}`,
  // Staff adjustment (spec 4 §5, §8)
  adjustAmount: '請輸入調整點數',
  adjustReason: '請填寫調整原因',
  adjustBelowZero: '調整後餘額不可小於 0',
  adjusted: '已調整購物金',
  memberNotFound: '找不到會員',
  // Tiers (spec 4 §5): the list's messages are @rules/tier-rules TIER_RULE_MSG
  ruleInvalid: '請輸入正確的數值',
  checkFields: '請檢查表單欄位',
  saved: '新增或更新成功',
} as const;

/** The kinds as the member and staff read them. */
export const KIND_LABEL: Readonly<Record<PointsKind, string>> = {
  earn: '消費回饋',
  redeem: '折抵訂單',
  return: '取消退回',
  reverse: '退款扣回',
  expire: '到期',
  adjust: '調整',
  welcome: '新會員禮',
  birthday: '生日禮',
  review: '評價回饋',
};

/** Spec 4 §9: the default tiers, created at first use when there are none. */
export const DEFAULT_TIERS: ReadonlyArray<Omit<TierView, 'id'>> = [
  { name: '一般會員', threshold: 0, earn_rate: 1, discount_percent: 0, sort_order: 0 },
  { name: '金卡會員', threshold: 10_000, earn_rate: 2, discount_percent: 5, sort_order: 1 },
  { name: '鑽石會員', threshold: 30_000, earn_rate: 3, discount_percent: 10, sort_order: 2 },
];

/**
 * The last instant (…T23:59:59.999+08:00) of the Taipei month `months` after the month of `at`
 * (0 = its own month, −1 = the month before).
 */
export function taipeiMonthEnd(at: Date, months: number): Date {
  const { year, month } = taipeiYearMonth(at);
  return new Date(Date.UTC(year, month + months + 1, 1) - TAIPEI_OFFSET_MS - 1);
}

/** When points that became available at `availableAt` expire (spec 4 §4: end of the month POINTS_EXPIRE_MONTHS later). */
export function expiresAtFor(availableAt: Date, expireMonths: number): Date {
  return taipeiMonthEnd(availableAt, expireMonths);
}

/** A month end as the member reads it and as keys name it: YYYY-MM-DD (Taipei). */
export function dayOf(at: Date): string {
  return taipeiToday(at);
}

/** Tiers by threshold (then sort order, id). */
export function sortTiers<T extends Pick<TierView, 'threshold' | 'sort_order' | 'id'>>(tiers: readonly T[]): T[] {
  return [...tiers].sort((a, b) => a.threshold - b.threshold || a.sort_order - b.sort_order || a.id - b.id);
}

/** The highest tier whose threshold `spend` reaches; the first tier when none (the base tier applies to every member). */
export function tierForSpend<T extends Pick<TierView, 'threshold' | 'sort_order' | 'id'>>(tiers: readonly T[], spend: number): T | null {
  const sorted = sortTiers(tiers);
  let found: T | null = sorted[0] ?? null;
  for (const t of sorted) if (spend >= t.threshold) found = t;
  return found;
}

/** The member's tier and what is missing for the next one (再消費 NT$ 3,200 升級金卡會員). */
export function tierProgress(tiers: readonly TierView[], current: TierView | null, spend: number): MemberTierProgress {
  const sorted = sortTiers(tiers);
  const tier = current ?? sorted[0] ?? { name: '', earn_rate: 0, discount_percent: 0, threshold: 0, id: 0, sort_order: 0 };
  const next = sorted.find((t) => t.threshold > tier.threshold && t.threshold > spend) ?? null;
  const missing = next ? Math.max(0, next.threshold - spend) : 0;
  return {
    name: tier.name,
    earn_rate: tier.earn_rate,
    discount_percent: tier.discount_percent,
    spend,
    next: next ? { name: next.name, threshold: next.threshold } : null,
    missing,
    text: next ? `再消費 NT$ ${missing.toLocaleString('en-US')} 升級${next.name}` : '',
  };
}

/** The tier discount's adjustment label, e.g. 金卡會員 5% 折扣. */
export function tierDiscountLabel(name: string, percent: number): string {
  return `${name} ${percent}% 折扣`;
}

export interface TierInput {
  id?: number;
  name: string;
  threshold: number;
  earn_rate: number;
  discount_percent: number;
}

const isInt = (v: unknown, lo: number, hi: number): v is number => typeof v === 'number' && Number.isInteger(v) && v >= lo && v <= hi;

/**
 * The tier form (owner, spec 4 §5), every rule at once (`tierProblems`, the form's own rules):
 * `tiers.<i>.<field>` errors, and the rows as the PUT stores them.
 */
export function tierErrors(raw: unknown): { tiers: TierInput[]; errors: { field: string; message: string }[] } {
  const list = (Array.isArray(raw) ? raw : []).map((r: unknown) => (r && typeof r === 'object' ? r : {}) as Record<string, unknown>);
  const errors = tierProblems(list);
  const tiers: TierInput[] = list.map((o) => ({
    ...(isInt(o.id, 1, 2_147_483_647) ? { id: o.id } : {}),
    name: typeof o.name === 'string' ? o.name.trim() : '',
    threshold: Number(o.threshold),
    earn_rate: Number(o.earn_rate),
    discount_percent: Number(o.discount_percent),
  }));
  return { tiers, errors };
}

/** The points rules' fields and their ranges (null / absent = the env default). */
export const RULE_RANGES = {
  max_percent: [0, 100],
  expire_months: [1, 120],
  welcome_points: [0, 100_000],
  birthday_points: [0, 100_000],
  review_points: [0, 100_000],
  review_photo_points: [0, 100_000],
} as const;
export type RuleField = keyof typeof RULE_RANGES;

export function ruleErrors(raw: unknown): { rules: Partial<Record<RuleField, number | null>>; errors: { field: string; message: string }[] } {
  const o = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const errors: { field: string; message: string }[] = [];
  const rules: Partial<Record<RuleField, number | null>> = {};
  for (const [field, [lo, hi]] of Object.entries(RULE_RANGES) as [RuleField, readonly [number, number]][]) {
    if (!(field in o)) continue;
    const v = o[field];
    if (v === null || v === '') rules[field] = null;
    else if (isInt(v, lo, hi)) rules[field] = v;
    else errors.push({ field: `rules.${field}`, message: REWARDS_MSG.ruleInvalid });
  }
  return { rules, errors };
}
