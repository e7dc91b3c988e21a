import type { AdminPromotion, CouponMode, PromotionInput, PromotionKind, PromotionScope } from '@api/promotions';
import dayjs, { type Dayjs } from 'dayjs';
// The calendar's month and weekday names in Chinese (antd's zh_TW texts expect dayjs's zh-tw locale).
import 'dayjs/locale/zh-tw';
import { taipeiDateTime } from '../../lib';

/** A tier row of 滿額折 as typed (empty boxes are null). */
export interface TierValues {
  threshold: number | null;
  value: number | null;
}

/** A 加價購 row as typed. */
export interface AddonValues {
  variant_id: number | null;
  addon_price: number | null;
  max_per_order: number | null;
}

/** The promotion form's fields (spec 4 §3): switches are booleans, times the Taipei wall clock. */
export interface PromotionValues {
  name: string;
  description: string;
  kind: PromotionKind | undefined;
  starts_at: Dayjs | null;
  ends_at: Dayjs | null;
  is_active: boolean;
  stackable: boolean;
  priority: number | null;
  member_only: boolean;
  first_order_only: boolean;
  scope: PromotionScope;
  product_ids: number[];
  category_ids: number[];
  exclude_product_ids: number[];
  min_subtotal: number | null;
  min_quantity: number | null;
  tiers: TierValues[];
  percent: number | null;
  max_discount: number | null;
  bundle_quantity: number | null;
  bundle_price: number | null;
  gift_variant_id: number | null;
  gift_stock: number | null;
  addon_items: AddonValues[];
  coupon_mode: CouponMode;
  shared_code: string;
  usage_limit: number | null;
  per_member_limit: number | null;
}

export const NEW_TIER: TierValues = { threshold: null, value: null };
export const NEW_ADDON: AddonValues = { variant_id: null, addon_price: null, max_per_order: 1 };

/** A new promotion: active, automatic, on everything, one empty tier ready for 滿額折. */
export function emptyPromotion(): PromotionValues {
  return {
    name: '',
    description: '',
    kind: undefined,
    starts_at: null,
    ends_at: null,
    is_active: true,
    stackable: false,
    priority: 0,
    member_only: false,
    first_order_only: false,
    scope: 'all',
    product_ids: [],
    category_ids: [],
    exclude_product_ids: [],
    min_subtotal: null,
    min_quantity: null,
    tiers: [{ ...NEW_TIER }],
    percent: null,
    max_discount: null,
    bundle_quantity: null,
    bundle_price: null,
    gift_variant_id: null,
    gift_stock: null,
    addon_items: [],
    coupon_mode: 'none',
    shared_code: '',
    usage_limit: null,
    per_member_limit: null,
  };
}

/** Edit mode: the saved promotion, its times in Taipei wall-clock time. */
export function promotionValues(p: AdminPromotion): PromotionValues {
  return {
    name: p.name,
    description: p.description ?? '',
    kind: p.kind,
    starts_at: taipeiPickerValue(p.starts_at),
    ends_at: taipeiPickerValue(p.ends_at),
    is_active: p.is_active === 1,
    stackable: p.stackable === 1,
    priority: p.priority,
    member_only: p.member_only === 1,
    first_order_only: p.first_order_only === 1,
    scope: p.scope,
    product_ids: p.product_ids ?? [],
    category_ids: p.category_ids ?? [],
    exclude_product_ids: p.exclude_product_ids ?? [],
    min_subtotal: p.min_subtotal,
    min_quantity: p.min_quantity,
    tiers: p.tiers?.length ? p.tiers.map((t) => ({ ...t })) : [{ ...NEW_TIER }],
    percent: p.percent,
    max_discount: p.max_discount,
    bundle_quantity: p.bundle_quantity,
    bundle_price: p.bundle_price,
    gift_variant_id: p.gift_variant_id,
    gift_stock: p.gift_stock,
    addon_items: (p.addon_items ?? []).map((a) => ({ ...a })),
    coupon_mode: p.coupon_mode,
    shared_code: p.shared_code ?? '',
    usage_limit: p.usage_limit,
    per_member_limit: p.per_member_limit,
  };
}

const flag = (b: boolean): 0 | 1 => (b ? 1 : 0);
/** An empty number box is null; the rules refuse what is not a whole number. */
const num = (n: number | null | undefined): number | null => (typeof n === 'number' && Number.isFinite(n) ? n : null);

/**
 * The body sent to the server (and checked by the same rules first). Fields of other kinds, scopes
 * and coupon modes are cleared, so a promotion carries only what applies to it. `tierIds` keeps
 * what the promotion had (the tier picker arrives with member tiers, issue 21).
 */
export function promotionBody(v: PromotionValues, tierIds: number[] = []): PromotionInput {
  const kind = v.kind as PromotionKind;
  const is = (k: PromotionKind) => kind === k;
  return {
    name: (v.name ?? '').trim(),
    description: (v.description ?? '').trim(),
    kind,
    starts_at: taipeiIso(v.starts_at),
    ends_at: taipeiIso(v.ends_at),
    is_active: flag(v.is_active),
    stackable: flag(v.stackable),
    priority: num(v.priority) ?? 0,
    member_only: flag(v.member_only),
    first_order_only: flag(v.first_order_only),
    tier_ids: tierIds,
    scope: v.scope,
    product_ids: v.scope === 'products' ? [...(v.product_ids ?? [])] : [],
    category_ids: v.scope === 'categories' ? [...(v.category_ids ?? [])] : [],
    exclude_product_ids: v.scope === 'products' ? [] : [...(v.exclude_product_ids ?? [])],
    min_subtotal: num(v.min_subtotal),
    min_quantity: num(v.min_quantity),
    tiers: is('amount_off') ? (v.tiers ?? []).map((t) => ({ threshold: num(t?.threshold), value: num(t?.value) }) as PromotionInput['tiers'][number]) : [],
    percent: is('percent_off') ? num(v.percent) : null,
    max_discount: is('percent_off') ? num(v.max_discount) : null,
    bundle_quantity: is('bundle_price') ? num(v.bundle_quantity) : null,
    bundle_price: is('bundle_price') ? num(v.bundle_price) : null,
    gift_variant_id: is('gift') ? num(v.gift_variant_id) : null,
    gift_stock: is('gift') ? num(v.gift_stock) : null,
    addon_items: is('addon')
      ? (v.addon_items ?? []).map((a) => ({ variant_id: num(a?.variant_id), addon_price: num(a?.addon_price), max_per_order: num(a?.max_per_order) }) as PromotionInput['addon_items'][number])
      : [],
    coupon_mode: v.coupon_mode,
    shared_code: v.coupon_mode === 'shared' ? (v.shared_code ?? '').trim().toUpperCase() : null,
    usage_limit: num(v.usage_limit),
    per_member_limit: num(v.per_member_limit),
  };
}

/**
 * A field name of the rules or of the server's `errors[]` as a form path:
 * `tiers[1].value` / `tiers.1.value` → ['tiers', 1, 'value'].
 */
export function fieldPath(field: string): (string | number)[] {
  return field
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.')
    .filter(Boolean)
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/**
 * An ISO time as the date picker's value: the Taipei wall-clock time, whatever the browser's own
 * time zone (the picker shows local time; staff enter Taipei time, spec 4 §3).
 */
export function taipeiPickerValue(iso: string | null | undefined): Dayjs | null {
  const text = taipeiDateTime(iso);
  return text ? dayjs(`${text.replace(' ', 'T')}:00`) : null;
}

/** The picker's wall-clock value as ISO 8601 with the Taipei offset (`2026-12-01T00:00:00+08:00`). */
export function taipeiIso(value: Dayjs | null | undefined): string | null {
  return value && value.isValid() ? `${value.format('YYYY-MM-DDTHH:mm')}:00+08:00` : null;
}
