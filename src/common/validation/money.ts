/**
 * NT$ amounts typed in the back office (issue 19 §6: a shipping fee or threshold of "-5" or "abc" was
 * saved as 0, i.e. free shipping, with 儲存成功). One rule for the client forms (`moneyRule`, an antd
 * Form.Item rule, through `@rules/money`) and the server DTOs (`IsMoney` / `ToMoney` in
 * ./decorators): a whole number of NT$ from `min` to `max`, written as digits, commas between them
 * ignored ("1,200"). Never coerced: "-5", "abc", "1.5", "1e3", "" and null are refused with a zh-TW
 * message naming the field, and nothing is saved.
 */
export interface MoneyField {
  /** The field's zh-TW label, e.g. 運費. */
  label: string;
  /** Smallest amount accepted (0: free; 1: a price). */
  min: number;
  max: number;
}

/** The NT$ fields of the back office. */
export const MONEY_FIELDS = {
  shippingCost: { label: '運費', min: 0, max: 1_000_000 },
  freeShippingThreshold: { label: '免運門檻', min: 0, max: 100_000_000 },
  originalPrice: { label: '原價', min: 1, max: 2_000_000_000 },
  discountPrice: { label: '折扣價', min: 1, max: 2_000_000_000 },
  staffRefundLimit: { label: '客服人員退款上限', min: 0, max: 100_000_000 },
} as const satisfies Record<string, MoneyField>;

const nt = (n: number) => n.toLocaleString('en-US');

export const MONEY_MSG = {
  required: (f: MoneyField) => `請輸入${f.label}`,
  notWhole: (f: MoneyField) => `${f.label}須為 ${nt(f.min)} 以上的整數金額（NT$），不可為負數、小數或文字`,
  tooHigh: (f: MoneyField) => `${f.label}不可超過 NT$ ${nt(f.max)}`,
} as const;

/** Digits with commas between them ignored, as since issue 12 ("1,200", "1,20" → 120); spaces around are ignored. */
const AMOUNT = /^\d+(,\d+)*$/;

/** The amount typed (a JSON number or text), or null when it is not a whole number ≥ 0 (no range check). */
export function parseMoney(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? value : null;
  if (typeof value !== 'string') return null;
  const s = value.trim();
  if (!AMOUNT.test(s)) return null;
  const n = Number(s.replace(/,/g, ''));
  return Number.isSafeInteger(n) ? n : null;
}

/** The zh-TW problem of `value` as `field`, or null when it is an accepted amount. */
export function moneyProblem(value: unknown, field: MoneyField): string | null {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return MONEY_MSG.required(field);
  const n = parseMoney(value);
  if (n === null || n < field.min) return MONEY_MSG.notWhole(field);
  if (n > field.max) return MONEY_MSG.tooHigh(field);
  return null;
}

/**
 * The antd Form.Item rule for an NT$ field (a plain object, so this folder needs no antd):
 * `<Form.Item name="shipping_cost" rules={[moneyRule(MONEY_FIELDS.shippingCost)]}>`.
 */
export function moneyRule(field: MoneyField): { validator: (rule: unknown, value: unknown) => Promise<void> } {
  return {
    validator: (_rule, value) => {
      const problem = moneyProblem(value, field);
      return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
    },
  };
}
