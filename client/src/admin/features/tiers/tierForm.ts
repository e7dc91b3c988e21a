import type { PointsRulesView, TierView } from '@api/rewards';
import type { TiersInput } from './tiersApi';
import { TIER_LIMITS, TIER_RULE_MSG, tierProblems } from '@rules/tier-rules';

/** zh-TW texts of 會員等級 (spec 4 §5 for the tiers' rules, worded as the server's REWARDS_MSG; the rest where the spec is silent). */
export const TIER_MSG = {
  ...TIER_RULE_MSG,
  title: '會員等級',
  subtitle: '等級依會員近 12 個月的實付消費（扣除退款）判定；購物金規則同時適用全站。',
  checkFields: '請檢查表單欄位',
  maxPercent: '折抵上限須介於 0% 與 100%',
  expireMonths: '有效期限須介於 1 與 120 個月',
  points: '請輸入 0 至 100,000 的整數點數',
  saved: '會員等級已更新',
  saveFailed: '儲存失敗，請稍後再試',
  loadFailed: '讀取會員等級失敗',
} as const;

export { TIER_LIMITS };

export interface TierRow {
  id?: number;
  name: string;
  threshold: number | null;
  earn_rate: number | null;
  discount_percent: number | null;
}

export type RulesValues = { [K in keyof PointsRulesView]: number | null };

export interface TiersValues {
  tiers: TierRow[];
  rules: RulesValues;
}

export interface FieldProblem {
  field: string;
  message: string;
}

export const RULE_FIELDS: ReadonlyArray<{ key: keyof PointsRulesView; label: string; suffix: string; help?: string }> = [
  { key: 'max_percent', label: '購物金折抵上限', suffix: '%', help: '每筆訂單最多以購物金折抵商品金額的比例' },
  { key: 'expire_months', label: '購物金有效期限', suffix: '個月', help: '入帳後於第 N 個月的月底到期' },
  { key: 'welcome_points', label: '新會員禮', suffix: '點' },
  { key: 'birthday_points', label: '生日禮', suffix: '點', help: '生日當月發送，每年一次' },
  { key: 'review_points', label: '評價回饋', suffix: '點' },
  { key: 'review_photo_points', label: '附照片評價回饋', suffix: '點' },
];

export function tiersValues(tiers: readonly TierView[], rules: PointsRulesView): TiersValues {
  return {
    tiers: [...tiers]
      .sort((a, b) => a.sort_order - b.sort_order || a.threshold - b.threshold)
      .map((t) => ({ id: t.id, name: t.name, threshold: t.threshold, earn_rate: t.earn_rate, discount_percent: t.discount_percent })),
    rules: { ...rules },
  };
}

/** A new row below the last: a higher threshold to start from. */
export function newTier(rows: readonly TierRow[]): TierRow {
  const last = rows[rows.length - 1];
  return { name: '', threshold: last ? (last.threshold ?? 0) + 10000 : 0, earn_rate: last?.earn_rate ?? 1, discount_percent: last?.discount_percent ?? 0 };
}

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);
const between = (v: unknown, min: number, max: number) => isInt(v) && v >= min && v <= max;

/** Every rule at once (spec 4 §5 Tiers: the server's `tierProblems`), each problem on its field (`tiers.1.threshold`, `rules.max_percent`). */
export function tierErrors(values: TiersValues): FieldProblem[] {
  const problems: FieldProblem[] = tierProblems(values.tiers);
  const { rules } = values;
  if (!between(rules.max_percent, 0, 100)) problems.push({ field: 'rules.max_percent', message: TIER_MSG.maxPercent });
  if (!between(rules.expire_months, 1, 120)) problems.push({ field: 'rules.expire_months', message: TIER_MSG.expireMonths });
  for (const key of ['welcome_points', 'birthday_points', 'review_points', 'review_photo_points'] as const) {
    if (!between(rules[key], 0, 100_000)) problems.push({ field: `rules.${key}`, message: TIER_MSG.points });
  }
  return problems;
}

/** The PUT body: rows in their order (sort_order 1…n), `id` only for tiers already saved. Call after tierErrors() found nothing. */
export function tiersBody(values: TiersValues): TiersInput {
  return {
    tiers: values.tiers.map((t, i) => ({
      ...(t.id ? { id: t.id } : {}),
      name: t.name.trim(),
      threshold: t.threshold ?? 0,
      earn_rate: t.earn_rate ?? 0,
      discount_percent: t.discount_percent ?? 0,
      sort_order: i + 1,
    })),
    rules: {
      max_percent: values.rules.max_percent ?? 0,
      expire_months: values.rules.expire_months ?? 0,
      welcome_points: values.rules.welcome_points ?? 0,
      birthday_points: values.rules.birthday_points ?? 0,
      review_points: values.rules.review_points ?? 0,
      review_photo_points: values.rules.review_photo_points ?? 0,
    },
  };
}

/** A server field name as a form path: `tiers[1].name` / `tiers.1.name` → ['tiers', 1, 'name']; a bare rule name goes under `rules`. */
export function tierFieldPath(field: string): (string | number)[] {
  const parts = field
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.')
    .filter(Boolean)
    .map((p) => (/^\d+$/.test(p) ? Number(p) : p));
  if (parts.length === 1 && RULE_FIELDS.some((r) => r.key === parts[0])) return ['rules', parts[0]];
  return parts;
}
