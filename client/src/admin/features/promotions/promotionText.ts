import type { AdminPromotion, PromotionKind, PromotionStatus } from '@api/promotions';
import { COUPON_MODE_LABEL, PROMOTION_KIND_LABEL, PROMOTION_MSG, PROMOTION_SCOPE_LABEL, PROMOTION_STATUS_LABEL } from '@rules/promotion-rules';
import { taipeiDateTime } from '../../lib';

/** The kinds, statuses, scopes and coupon modes as staff read them: the rules' labels (the server's too). */
export const KIND_LABEL = PROMOTION_KIND_LABEL;
export const STATUS_LABEL = PROMOTION_STATUS_LABEL;
export const SCOPE_LABEL = PROMOTION_SCOPE_LABEL;
export const COUPON_LABEL = COUPON_MODE_LABEL;

/** What each kind does, under the kind picker. */
export const KIND_HINT: Record<PromotionKind, string> = {
  amount_off: '符合商品金額達門檻折抵固定金額，可設多個級距（取達到的最高級距）。',
  percent_off: '符合商品打折（例：10% off 即 9 折），可設折抵上限。',
  bundle_price: '符合商品任選 N 件組合價 NT$ X，可重複累計。',
  free_shipping: '符合條件時免運費。',
  gift: '符合商品折扣後金額達門檻送贈品一份（贈品有自己的數量）。',
  addon: '符合條件時可用加價購價格加購指定商品。',
};

export const KIND_OPTIONS = (Object.keys(KIND_LABEL) as PromotionKind[]).map((value) => ({ value, label: KIND_LABEL[value] }));

export const STATUS_COLOR: Record<PromotionStatus, string> = {
  upcoming: 'blue',
  running: 'green',
  ended: 'default',
  disabled: 'red',
};

export const STATUS_FILTERS: { value: PromotionStatus | ''; label: string }[] = [
  { value: '', label: '全部' },
  ...(Object.keys(STATUS_LABEL) as PromotionStatus[]).map((value) => ({ value, label: STATUS_LABEL[value] })),
];

export const isPromotionStatus = (s: string | null): s is PromotionStatus => s !== null && s in STATUS_LABEL;

/** The screen's own texts (the spec's where it has them: §5, §8). */
export const PROMO_TEXT = {
  title: '行銷活動',
  subtitle: '滿額折、折扣、任選組合價、免運、滿額贈與加價購；時間皆為台北時間。',
  empty: '目前沒有行銷活動',
  loadFailed: '讀取行銷活動失敗',
  checkFields: PROMOTION_MSG.checkFields,
  saved: PROMOTION_MSG.saved,
  saveFailed: '新增或更新失敗',
  updateFailed: '更新失敗',
  deleteFailed: '刪除失敗',
  deleted: PROMOTION_MSG.deleted,
  duplicated: PROMOTION_MSG.duplicated,
  duplicateFailed: '複製失敗',
  readOnly: '您的角色僅能檢視行銷活動。',
  codesFailed: '讀取折扣碼失敗',
  generateFailed: '產生折扣碼失敗',
  reportFailed: '讀取報表失敗',
  reportEmpty: '尚無訂單使用此活動',
  codesEmpty: '尚未產生折扣碼',
} as const;

/** `NT$ 1,200`. */
export const ntd = (n: number) => `NT$ ${n.toLocaleString('zh-TW')}`;

/** The period column: `2026-12-01 00:00 ～ 2026-12-31 23:59` in Taipei time; an open end reads 不限. */
export function periodText(p: Pick<AdminPromotion, 'starts_at' | 'ends_at'>): string {
  if (!p.starts_at && !p.ends_at) return '不限期間';
  return `${taipeiDateTime(p.starts_at) || '不限'} ～ ${taipeiDateTime(p.ends_at) || '不限'}`;
}
