/**
 * 會員等級 (spec 4 §5 Tiers): the rules of the tier list, written once for the server
 * (src/modules/rewards) and the owner's form (`@rules/tier-rules`, admin/features/tiers). Pure TypeScript.
 */

export const TIER_RULE_MSG = {
  nameRequired: '請輸入等級名稱',
  nameTooLong: '等級名稱最多 20 個字',
  nameTaken: '等級名稱不可重複',
  thresholdInvalid: '請輸入正確的門檻金額',
  thresholdRising: '門檻必須高於前一等級',
  firstThreshold: '第一個等級的門檻須為 0',
  earnRate: '回饋比例須介於 0% 與 20%',
  discount: '折扣須介於 0% 與 50%',
  atLeastOne: '請至少設定一個等級',
  tooMany: '最多 10 個等級',
} as const;

export const TIER_LIMITS = { name: 20, tiers: 10, earnRate: 20, discount: 50, threshold: 100_000_000 } as const;

/** A tier row as typed or sent: any field may be missing or of the wrong type. */
export interface TierRowInput {
  name?: unknown;
  threshold?: unknown;
  earn_rate?: unknown;
  discount_percent?: unknown;
}

export interface TierProblem {
  field: string;
  message: string;
}

const isIntIn = (v: unknown, min: number, max: number): v is number => typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;

/**
 * Every problem of the list at once, each on its field (`tiers.1.threshold`): at least one and at most
 * 10 tiers; names 1–20 characters and distinct; the first threshold NT$ 0 (every member is in a tier),
 * each next one strictly higher; earn_rate 0–20, discount_percent 0–50 (whole numbers).
 */
export function tierProblems(rows: readonly TierRowInput[]): TierProblem[] {
  const problems: TierProblem[] = [];
  if (rows.length === 0) problems.push({ field: 'tiers', message: TIER_RULE_MSG.atLeastOne });
  if (rows.length > TIER_LIMITS.tiers) problems.push({ field: 'tiers', message: TIER_RULE_MSG.tooMany });
  const names = new Set<string>();
  let previous: number | null = null;
  rows.forEach((t, i) => {
    const at = (f: string) => `tiers.${i}.${f}`;
    const name = typeof t.name === 'string' ? t.name.trim() : '';
    if (!name) problems.push({ field: at('name'), message: TIER_RULE_MSG.nameRequired });
    else if ([...name].length > TIER_LIMITS.name) problems.push({ field: at('name'), message: TIER_RULE_MSG.nameTooLong });
    else if (names.has(name)) problems.push({ field: at('name'), message: TIER_RULE_MSG.nameTaken });
    names.add(name);
    const threshold = t.threshold;
    if (!isIntIn(threshold, 0, TIER_LIMITS.threshold)) problems.push({ field: at('threshold'), message: TIER_RULE_MSG.thresholdInvalid });
    else if (i === 0 && threshold !== 0) problems.push({ field: at('threshold'), message: TIER_RULE_MSG.firstThreshold });
    else if (previous !== null && threshold <= previous) problems.push({ field: at('threshold'), message: TIER_RULE_MSG.thresholdRising });
    if (isIntIn(threshold, 0, TIER_LIMITS.threshold)) previous = threshold;
    if (!isIntIn(t.earn_rate, 0, TIER_LIMITS.earnRate)) problems.push({ field: at('earn_rate'), message: TIER_RULE_MSG.earnRate });
    if (!isIntIn(t.discount_percent, 0, TIER_LIMITS.discount)) problems.push({ field: at('discount_percent'), message: TIER_RULE_MSG.discount });
  });
  return problems;
}
