import type { CouponMode, PromotionInput, PromotionKind, PromotionScope, PromotionStatus } from '../api/promotions';
import { TAIPEI_OFFSET_MS, taipeiIso } from '../time/taipei-time';

/**
 * 行銷活動 (spec 4 §3, §5): the rules and texts of a promotion as staff save it, checked all at once
 * by the server (`/api/admin/promotions`) and by the admin form (`@rules/promotion-rules`). Pure
 * TypeScript, no server imports. What needs the database (the gift and add-on variants exist, a
 * shared code is free) is passed in by the server as `ctx`, so its messages come out of the same list.
 */

export const PROMOTION_KINDS: readonly PromotionKind[] = ['amount_off', 'percent_off', 'bundle_price', 'free_shipping', 'gift', 'addon'];
export const PROMOTION_SCOPES: readonly PromotionScope[] = ['all', 'products', 'categories'];
export const COUPON_MODES: readonly CouponMode[] = ['none', 'shared', 'unique'];
export const PROMOTION_STATUSES: readonly PromotionStatus[] = ['upcoming', 'running', 'ended', 'disabled'];

export const PROMOTION_KIND_LABEL: Readonly<Record<PromotionKind, string>> = {
  amount_off: '滿額折',
  percent_off: '折扣',
  bundle_price: '任選組合價',
  free_shipping: '免運',
  gift: '滿額贈',
  addon: '加價購',
};
export const PROMOTION_STATUS_LABEL: Readonly<Record<PromotionStatus, string>> = { upcoming: '未開始', running: '進行中', ended: '已結束', disabled: '已停用' };
export const COUPON_MODE_LABEL: Readonly<Record<CouponMode, string>> = { none: '自動套用', shared: '通用折扣碼', unique: '一組一碼' };
export const PROMOTION_SCOPE_LABEL: Readonly<Record<PromotionScope, string>> = { all: '全館', products: '指定商品', categories: '指定分類' };

export const PROMOTION_LIMITS = {
  name: 50,
  description: 500,
  /** Largest NT$ / count accepted (int column). */
  maxInt: 2_000_000_000,
  priority: 9999,
  tiers: 10,
  addonItems: 20,
  /** Ids in one of product_ids / category_ids / exclude_product_ids / tier_ids. */
  ids: 1000,
  /** Spec 4 §9: a batch up to 10,000 codes. */
  codeBatch: 10_000,
  codePrefix: 10,
  codeMin: 6,
  codeMax: 20,
  /** Admin list page size (spec 4 §9). */
  pageSize: 20,
} as const;

export const PROMOTION_MSG = {
  /** The banner when any field fails (all fields are checked at once). */
  checkFields: '請檢查表單欄位',
  name: '請輸入活動名稱',
  kind: '請選擇活動類型',
  endsAfterStarts: '結束時間必須晚於開始時間',
  tiers: '折抵金額必須大於 0 且小於門檻',
  percent: '折扣須介於 1% 與 99%',
  bundle: '請輸入任選件數與組合價',
  gift: '請選擇贈品',
  addon: '請設定加價購商品',
  codeFormat: '折扣碼格式錯誤',
  codeTaken: '折扣碼已存在',
  limits: '請輸入正確的使用次數',
  hasOrders: '活動已有訂單使用，無法刪除（可停用）',
  // Decided where spec 4 is silent:
  description: `活動說明最多 ${PROMOTION_LIMITS.description} 字`,
  time: '請輸入正確的時間',
  maxDiscount: '折扣上限須為 0 以上的整數',
  scope: '請選擇適用範圍',
  scopeProducts: '請選擇適用商品',
  scopeCategories: '請選擇適用分類',
  excludeProducts: '請選擇正確的排除商品',
  tierIds: '請選擇正確的會員等級',
  minSubtotal: '最低消費須為 0 以上的整數金額',
  minQuantity: '最低件數須為 1 以上的整數',
  priority: `優先順序須為 0 到 ${PROMOTION_LIMITS.priority} 的整數`,
  couponMode: '請選擇折扣碼方式',
  // Answers
  saved: '新增或更新成功',
  updated: '更新成功',
  deleted: '刪除成功',
  duplicated: '已複製活動（未啟用）',
  notFound: '找不到活動',
  /** Copy of a promotion: its name with this suffix (cut to 50 characters). */
  copySuffix: ' (複製)',
  // Unique codes
  codesCount: `產生數量須介於 1 與 ${PROMOTION_LIMITS.codeBatch.toLocaleString('en-US')}`,
  codesPrefix: `前綴只能包含 A–Z、0–9 與 -（不可以 - 開頭），最多 ${PROMOTION_LIMITS.codePrefix} 個字元`,
  codesNotUnique: '此活動的折扣碼方式不是「一組一碼」，無法產生折扣碼',
  codesCreated: (n: number) => `已產生 ${n.toLocaleString('en-US')} 組折扣碼`,
} as const;

/** A shared or unique code as stored: 6–20 of A–Z 0–9 - (after `normalizeCode`). */
export const COUPON_CODE_PATTERN = /^[A-Z0-9-]{6,20}$/;
/**
 * A generated batch's prefix: up to 10 of A–Z 0–9 - (after `normalizeCode`), may be empty; not
 * starting with - (a spreadsheet would read the CSV's cell as a formula).
 */
export const CODE_PREFIX_PATTERN = /^(?:[A-Z0-9][A-Z0-9-]{0,9})?$/;

/** A code as typed → as stored and matched: trimmed, upper-case (codes match case-insensitively). */
export function normalizeCode(code: unknown): string {
  return typeof code === 'string' ? code.trim().toUpperCase() : '';
}

/** True when `code` (after `normalizeCode`) is a well-formed code. */
export function isCouponCode(code: unknown): boolean {
  return COUPON_CODE_PATTERN.test(normalizeCode(code));
}

/** The admin status of a promotion (issue 20 rule 14): disabled → upcoming → ended → running. */
export function promotionStatus(p: { is_active: unknown; starts_at: Date | string | null; ends_at: Date | string | null }, now: Date = new Date()): PromotionStatus {
  if (!(p.is_active === 1 || p.is_active === true || p.is_active === '1')) return 'disabled';
  const starts = p.starts_at === null ? null : new Date(p.starts_at);
  const ends = p.ends_at === null ? null : new Date(p.ends_at);
  if (starts && starts.getTime() > now.getTime()) return 'upcoming';
  if (ends && ends.getTime() <= now.getTime()) return 'ended';
  return 'running';
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * A promotion time: ISO 8601 with an offset (`2026-12-01T00:00:00+08:00`, `…Z`); without one it is
 * read as Taipei wall-clock time. null for an empty value (an open start / end), undefined when it
 * is not a time.
 */
export function parsePromotionTime(v: unknown): Date | null | undefined {
  if (v === null || v === undefined || (typeof v === 'string' && v.trim() === '')) return null;
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? undefined : v;
  if (typeof v !== 'string') return undefined;
  const m = ISO.exec(v.trim());
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s = '0', ms = '0', zone] = m;
  const wall = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), Number(ms.padEnd(3, '0')));
  const check = new Date(wall);
  // 2026-02-30, 24:00 and the like roll over in Date.UTC: refuse them.
  if (check.getUTCFullYear() !== Number(y) || check.getUTCMonth() !== Number(mo) - 1 || check.getUTCDate() !== Number(d) || check.getUTCHours() !== Number(h) || check.getUTCMinutes() !== Number(mi)) return undefined;
  if (Number(y) < 2000 || Number(y) > 2100) return undefined;
  let offsetMs = TAIPEI_OFFSET_MS;
  if (zone === 'Z') offsetMs = 0;
  else if (zone) {
    const z = /^([+-])(\d{2}):?(\d{2})$/.exec(zone)!;
    if (Number(z[2]) > 14 || Number(z[3]) > 59) return undefined;
    offsetMs = (z[1] === '-' ? -1 : 1) * (Number(z[2]) * 60 + Number(z[3])) * 60_000;
  }
  return new Date(wall - offsetMs);
}

/** A promotion time as answered: ISO 8601 with the Taipei offset, or null. */
export function promotionTimeText(at: Date | string | null | undefined): string | null {
  if (at === null || at === undefined) return null;
  const d = at instanceof Date ? at : new Date(at);
  return Number.isNaN(d.getTime()) ? null : taipeiIso(d);
}

/** A form's values before they are checked: any field may hold anything (typed, sent as JSON, missing). */
/**
 * A promotion that does nothing special: always on, automatic, on everything, no threshold, no limit.
 * The demo seed, the tests' fixtures and the admin screen's tests start from it and set what matters.
 */
export const NEUTRAL_PROMOTION: Omit<PromotionInput, 'name' | 'kind'> = {
  description: '',
  starts_at: null,
  ends_at: null,
  is_active: 1,
  stackable: 0,
  priority: 0,
  member_only: 0,
  first_order_only: 0,
  tier_ids: [],
  scope: 'all',
  product_ids: [],
  category_ids: [],
  exclude_product_ids: [],
  min_subtotal: null,
  min_quantity: null,
  tiers: [],
  percent: null,
  max_discount: null,
  bundle_quantity: null,
  bundle_price: null,
  gift_variant_id: null,
  gift_stock: 0,
  addon_items: [],
  coupon_mode: 'none',
  shared_code: null,
  usage_limit: null,
  per_member_limit: null,
};

export type PromotionDraft = { [K in keyof PromotionInput]?: unknown };

export interface PromotionProblem {
  /** `name`, `ends_at`, `tiers.0.value`, `addon_items.1.variant_id` … */
  field: string;
  message: string;
}

/** What only the server knows, for the checks that need the database. */
export interface PromotionRuleContext {
  /** Variant ids that exist: gift_variant_id and each add-on's variant_id must be among them. */
  knownVariantIds?: ReadonlySet<number>;
  /** Codes (normalised) already used by another promotion's shared code or by any unique code. */
  takenCodes?: ReadonlySet<string>;
}

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** An integer typed or sent (a number, or digits with an optional minus and thousands commas), else null. */
export function integerOf(v: unknown): number | null {
  if (typeof v === 'number') return Number.isSafeInteger(v) ? v : null;
  if (typeof v !== 'string') return null;
  const s = v.trim();
  if (!/^-?\d+(,\d{3})*$/.test(s)) return null;
  const n = Number(s.replace(/,/g, ''));
  return Number.isSafeInteger(n) ? n : null;
}

/** An integer from `min` to PROMOTION_LIMITS.maxInt, else null. */
const intFrom = (v: unknown, min: number): number | null => {
  const n = integerOf(v);
  return n !== null && n >= min && n <= PROMOTION_LIMITS.maxInt ? n : null;
};

const flagOf = (v: unknown): 0 | 1 => (v === 1 || v === true || v === '1' || v === 'true' ? 1 : 0);

/** A list of ids ≥ 1 (numbers or digit strings), de-duplicated; null when it is not one. Missing / null → []. */
function idList(v: unknown): number[] | null {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v) || v.length > PROMOTION_LIMITS.ids) return null;
  const out: number[] = [];
  for (const x of v) {
    const n = intFrom(x, 1);
    if (n === null) return null;
    if (!out.includes(n)) out.push(n);
  }
  return out;
}

const rowsOf = (v: unknown): Record<string, unknown>[] | null =>
  v === undefined || v === null ? [] : Array.isArray(v) ? v.map((r) => (r && typeof r === 'object' ? (r as Record<string, unknown>) : {})) : null;

const kindOf = (v: unknown): PromotionKind | null => (PROMOTION_KINDS as readonly unknown[]).includes(v) ? (v as PromotionKind) : null;

/**
 * Every problem of a promotion form (spec 4 §5 "Promotion"), in form order; [] when it may be saved.
 * Only the fields of its kind are checked (the others are dropped on save).
 */
export function promotionErrors(input: PromotionDraft, ctx: PromotionRuleContext = {}): PromotionProblem[] {
  const out: PromotionProblem[] = [];
  const add = (field: string, message: string) => out.push({ field, message });

  const name = typeof input.name === 'string' ? input.name.trim() : '';
  if (name.length < 1 || [...name].length > PROMOTION_LIMITS.name) add('name', PROMOTION_MSG.name);
  if (!blank(input.description) && (typeof input.description !== 'string' || [...input.description.trim()].length > PROMOTION_LIMITS.description)) add('description', PROMOTION_MSG.description);
  const kind = kindOf(input.kind);
  if (!kind) add('kind', PROMOTION_MSG.kind);

  const starts = parsePromotionTime(input.starts_at);
  const ends = parsePromotionTime(input.ends_at);
  if (starts === undefined) add('starts_at', PROMOTION_MSG.time);
  if (ends === undefined) add('ends_at', PROMOTION_MSG.time);
  else if (starts && ends && ends.getTime() <= starts.getTime()) add('ends_at', PROMOTION_MSG.endsAfterStarts);

  if (!blank(input.priority)) {
    const p = integerOf(input.priority);
    if (p === null || p < 0 || p > PROMOTION_LIMITS.priority) add('priority', PROMOTION_MSG.priority);
  }
  if (idList(input.tier_ids) === null) add('tier_ids', PROMOTION_MSG.tierIds);

  const scope = input.scope === undefined || input.scope === null || input.scope === '' ? 'all' : input.scope;
  if (!(PROMOTION_SCOPES as readonly unknown[]).includes(scope)) add('scope', PROMOTION_MSG.scope);
  else if (scope === 'products' && !idList(input.product_ids)?.length) add('product_ids', PROMOTION_MSG.scopeProducts);
  else if (scope === 'categories' && !idList(input.category_ids)?.length) add('category_ids', PROMOTION_MSG.scopeCategories);
  if (idList(input.exclude_product_ids) === null) add('exclude_product_ids', PROMOTION_MSG.excludeProducts);

  if (!blank(input.min_subtotal) && intFrom(input.min_subtotal, 0) === null) add('min_subtotal', PROMOTION_MSG.minSubtotal);
  if (!blank(input.min_quantity) && intFrom(input.min_quantity, 1) === null) add('min_quantity', PROMOTION_MSG.minQuantity);

  if (kind === 'amount_off') tierProblems(input.tiers, add);
  if (kind === 'percent_off') {
    const percent = integerOf(input.percent);
    if (percent === null || percent < 1 || percent > 99) add('percent', PROMOTION_MSG.percent);
    if (!blank(input.max_discount) && intFrom(input.max_discount, 0) === null) add('max_discount', PROMOTION_MSG.maxDiscount);
  }
  if (kind === 'bundle_price') {
    if (intFrom(input.bundle_quantity, 2) === null) add('bundle_quantity', PROMOTION_MSG.bundle);
    if (intFrom(input.bundle_price, 1) === null) add('bundle_price', PROMOTION_MSG.bundle);
  }
  if (kind === 'gift') {
    const variant = intFrom(input.gift_variant_id, 1);
    if (variant === null || (ctx.knownVariantIds && !ctx.knownVariantIds.has(variant))) add('gift_variant_id', PROMOTION_MSG.gift);
    if (intFrom(input.gift_stock, 0) === null) add('gift_stock', PROMOTION_MSG.gift);
  }
  if (kind === 'addon') addonProblems(input.addon_items, ctx, add);

  const mode = input.coupon_mode === undefined || input.coupon_mode === null || input.coupon_mode === '' ? 'none' : input.coupon_mode;
  if (!(COUPON_MODES as readonly unknown[]).includes(mode)) add('coupon_mode', PROMOTION_MSG.couponMode);
  else if (mode === 'shared') {
    const code = normalizeCode(input.shared_code);
    if (!COUPON_CODE_PATTERN.test(code)) add('shared_code', PROMOTION_MSG.codeFormat);
    else if (ctx.takenCodes?.has(code)) add('shared_code', PROMOTION_MSG.codeTaken);
  }
  if (!blank(input.usage_limit) && intFrom(input.usage_limit, 1) === null) add('usage_limit', PROMOTION_MSG.limits);
  if (!blank(input.per_member_limit) && intFrom(input.per_member_limit, 1) === null) add('per_member_limit', PROMOTION_MSG.limits);
  return out;
}

/** amount_off: at least one tier; each threshold ≥ 1 and 0 < value < threshold; thresholds distinct. */
function tierProblems(v: unknown, add: (field: string, message: string) => void): void {
  const rows = rowsOf(v);
  if (!rows || rows.length === 0 || rows.length > PROMOTION_LIMITS.tiers) return add('tiers', PROMOTION_MSG.tiers);
  const seen = new Set<number>();
  rows.forEach((r, i) => {
    const threshold = intFrom(r.threshold, 1);
    const value = intFrom(r.value, 1);
    if (threshold === null || seen.has(threshold)) add(`tiers.${i}.threshold`, PROMOTION_MSG.tiers);
    else if (value === null || value >= threshold) add(`tiers.${i}.value`, PROMOTION_MSG.tiers);
    if (threshold !== null) seen.add(threshold);
  });
}

/** addon: at least one item; each a known variant (once), addon_price ≥ 0, max_per_order ≥ 1. */
function addonProblems(v: unknown, ctx: PromotionRuleContext, add: (field: string, message: string) => void): void {
  const rows = rowsOf(v);
  if (!rows || rows.length === 0 || rows.length > PROMOTION_LIMITS.addonItems) return add('addon_items', PROMOTION_MSG.addon);
  const seen = new Set<number>();
  rows.forEach((r, i) => {
    const variant = intFrom(r.variant_id, 1);
    if (variant === null || seen.has(variant) || (ctx.knownVariantIds && !ctx.knownVariantIds.has(variant))) add(`addon_items.${i}.variant_id`, PROMOTION_MSG.addon);
    if (variant !== null) seen.add(variant);
    if (intFrom(r.addon_price, 0) === null) add(`addon_items.${i}.addon_price`, PROMOTION_MSG.addon);
    if (intFrom(r.max_per_order, 1) === null) add(`addon_items.${i}.max_per_order`, PROMOTION_MSG.addon);
  });
}

/** The variant ids a draft names (gift and add-ons), for the server's existence check. */
export function draftVariantIds(input: PromotionDraft): number[] {
  const ids = new Set<number>();
  const gift = intFrom(input.gift_variant_id, 1);
  if (input.kind === 'gift' && gift !== null) ids.add(gift);
  if (input.kind === 'addon') for (const r of rowsOf(input.addon_items) ?? []) {
    const id = intFrom(r.variant_id, 1);
    if (id !== null) ids.add(id);
  }
  return [...ids];
}

/**
 * A draft that passed `promotionErrors` as it is stored: trimmed, codes upper-case, times as Taipei
 * ISO text, and the fields of other kinds (and scopes, and coupon modes) emptied.
 */
export function normalizePromotion(input: PromotionDraft): PromotionInput {
  const kind = kindOf(input.kind) ?? 'amount_off';
  const scope = (PROMOTION_SCOPES as readonly unknown[]).includes(input.scope) ? (input.scope as PromotionScope) : 'all';
  const mode = (COUPON_MODES as readonly unknown[]).includes(input.coupon_mode) ? (input.coupon_mode as CouponMode) : 'none';
  const optional = (v: unknown, min: number) => (blank(v) ? null : intFrom(v, min));
  const time = (v: unknown) => promotionTimeText(parsePromotionTime(v) ?? null);
  return {
    name: typeof input.name === 'string' ? input.name.trim() : '',
    description: typeof input.description === 'string' ? input.description.trim() : '',
    kind,
    starts_at: time(input.starts_at),
    ends_at: time(input.ends_at),
    is_active: input.is_active === undefined ? 1 : flagOf(input.is_active),
    stackable: flagOf(input.stackable),
    priority: optional(input.priority, 0) ?? 0,
    member_only: flagOf(input.member_only),
    first_order_only: flagOf(input.first_order_only),
    tier_ids: idList(input.tier_ids) ?? [],
    scope,
    product_ids: scope === 'products' ? (idList(input.product_ids) ?? []) : [],
    category_ids: scope === 'categories' ? (idList(input.category_ids) ?? []) : [],
    exclude_product_ids: idList(input.exclude_product_ids) ?? [],
    min_subtotal: optional(input.min_subtotal, 0),
    min_quantity: optional(input.min_quantity, 1),
    tiers:
      kind === 'amount_off'
        ? (rowsOf(input.tiers) ?? []).map((r) => ({ threshold: intFrom(r.threshold, 1) ?? 0, value: intFrom(r.value, 1) ?? 0 })).sort((a, b) => a.threshold - b.threshold)
        : [],
    percent: kind === 'percent_off' ? integerOf(input.percent) : null,
    max_discount: kind === 'percent_off' ? optional(input.max_discount, 0) : null,
    bundle_quantity: kind === 'bundle_price' ? intFrom(input.bundle_quantity, 2) : null,
    bundle_price: kind === 'bundle_price' ? intFrom(input.bundle_price, 1) : null,
    gift_variant_id: kind === 'gift' ? intFrom(input.gift_variant_id, 1) : null,
    gift_stock: kind === 'gift' ? intFrom(input.gift_stock, 0) : null,
    addon_items:
      kind === 'addon'
        ? (rowsOf(input.addon_items) ?? []).map((r) => ({ variant_id: intFrom(r.variant_id, 1) ?? 0, addon_price: intFrom(r.addon_price, 0) ?? 0, max_per_order: intFrom(r.max_per_order, 1) ?? 1 }))
        : [],
    coupon_mode: mode,
    shared_code: mode === 'shared' ? normalizeCode(input.shared_code) : null,
    usage_limit: optional(input.usage_limit, 1),
    per_member_limit: optional(input.per_member_limit, 1),
  };
}
