/**
 * The shopper's words of the promotion engine (spec 4 §4 hints, §5 messages), written once: the
 * quote service, the checkout and the tests import them from here.
 */

/** Whole NT$ with thousands separators: 1200 → "NT$ 1,200". */
export function formatNT(n: number): string {
  const digits = String(Math.abs(Math.trunc(n))).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `NT$ ${n < 0 ? '-' : ''}${digits}`;
}

/** Spec 4 §5: why a code is refused, in the order they are checked (issue 20 rule 9). */
export const COUPON_MSG = {
  unknown: '折扣碼不存在',
  disabled: '折扣碼已停用',
  notStarted: '折扣碼尚未開始',
  expired: '折扣碼已過期',
  usedUp: '折扣碼已使用完畢',
  membersOnly: '此折扣碼僅限會員使用',
  memberUsed: '您已使用過此折扣碼',
  firstOrderOnly: '此折扣碼僅限首次購物',
  wrongTier: '此折扣碼不適用於您的會員等級',
  notInScope: '此折扣碼不適用於購物車中的商品',
  belowThreshold: (missing: number): string => `未達使用門檻（還差 ${formatNT(missing)}）`,
  /**
   * Not in the spec: a quantity threshold (min_quantity, a bundle's N) not reached. Same sentence,
   * counted in units, since NT$ would be made up.
   */
  belowQuantity: (units: number): string => `未達使用門檻（還差 ${units} 件）`,
  /** Checked before the engine (the request carries more than one code). */
  oneCodeOnly: '一筆訂單限用一組折扣碼',
} as const;

/** Spec 4 §5: a gift out of stock is left out and the quote says so. */
export const GIFT_SOLD_OUT = '贈品已送完';

/** Spec 4 §4 step 7 (issue 20 rule 12): what is missing for a promotion not yet reached. */
export const HINT_TEXT = {
  freeShipping: (missing: number): string => `還差 ${formatNT(missing)} 享免運`,
  gift: (missing: number, giftTitle: string): string => `還差 ${formatNT(missing)} 送「${giftTitle}」`,
  bundle: (moreUnits: number, n: number, price: number): string => `再買 ${moreUnits} 件享任選 ${n} 件 ${formatNT(price)}`,
  bySubtotal: (missing: number, name: string): string => `還差 ${formatNT(missing)} 享「${name}」`,
  byQuantity: (moreUnits: number, name: string): string => `再買 ${moreUnits} 件享「${name}」`,
} as const;
