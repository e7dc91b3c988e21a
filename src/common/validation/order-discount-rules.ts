/**
 * Staff 訂單折扣 (issue 19): a whole NT$ off an unpaid order, with a reason. Pure TypeScript, the
 * server's rules and texts; the admin client imports it as `@rules/order-discount-rules`.
 */
export const ORDER_DISCOUNT_LABEL = '訂單折扣';
export const ORDER_DISCOUNT_REASON_MAX = 100;

export const ORDER_DISCOUNT_MSG = {
  amountInvalid: '折扣金額須為 1 以上的整數',
  amountTooLarge: (goods: number) => `折扣金額須小於商品金額 NT$ ${goods.toLocaleString('en-US')}`,
  reasonRequired: '請填寫折扣原因',
  reasonTooLong: `折扣原因最多 ${ORDER_DISCOUNT_REASON_MAX} 字`,
  /** The order was paid, cancelled or moved on since the screen was loaded. */
  changed: '訂單狀態已變更，請重新整理',
  /** A card / LINE Pay page may still be open with the old amount. */
  paymentOpen: '付款頁面可能仍在進行中，請待付款失敗或逾時後再折扣',
  ticketExists: '已建立出貨單的訂單無法折扣',
  done: '訂單折扣已套用',
  /** The discount is kept; the shopper pays through 重新付款 / 更換付款方式. */
  repriceFailed: '訂單折扣已套用，但新的繳費代碼產生失敗，請通知顧客於訂單頁重新付款',
  confirmTitle: (amount: number) => `確定要折扣 NT$ ${amount.toLocaleString('en-US')} 嗎？`,
  confirmText: '折扣後訂單金額將降低；已發出的 ATM 或超商繳費代碼會重新產生。',
} as const;

export interface OrderDiscountProblem {
  field: 'amount' | 'reason';
  message: string;
}

/**
 * The problems of a 訂單折扣 form: `amount` a whole NT$ ≥ 1 and below `goods` (the order's goods
 * after the discounts it has), `reason` 1–100 characters. Strings are judged as typed, not coerced:
 * "-5", "abc", "1.5" and "" are refused.
 */
export function orderDiscountProblems(input: { amount: unknown; reason: unknown }, goods: number): OrderDiscountProblem[] {
  const out: OrderDiscountProblem[] = [];
  const raw = typeof input.amount === 'string' ? input.amount.trim() : input.amount;
  const amount = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(amount) || amount < 1) out.push({ field: 'amount', message: ORDER_DISCOUNT_MSG.amountInvalid });
  else if (amount >= goods) out.push({ field: 'amount', message: ORDER_DISCOUNT_MSG.amountTooLarge(goods) });
  const reason = typeof input.reason === 'string' ? input.reason.trim() : '';
  if (!reason) out.push({ field: 'reason', message: ORDER_DISCOUNT_MSG.reasonRequired });
  else if ([...reason].length > ORDER_DISCOUNT_REASON_MAX) out.push({ field: 'reason', message: ORDER_DISCOUNT_MSG.reasonTooLong });
  return out;
}

/** `−NT$ 100` for an adjustment's negative amount. */
export function adjustmentText(amount: number): string {
  return `−NT$ ${Math.abs(amount).toLocaleString('en-US')}`;
}
