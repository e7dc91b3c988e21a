import type { AdminOrderView, RefundView } from '@api/admin';
import type { OrderItemView } from '@api/orders';
import { formatNT } from '@rules/price-format';
import { CHECKOUT_MSG, HOME_SHIPPINGS, SHIPPING, STORE_SHIPPINGS } from '@rules/checkout-rules';
import { isChineseName } from '@rules/taiwan';
import { lookupArea } from '@rules/tw-zipcodes';

/**
 * The admin orders screen's rules (spec 2 §4, §9), pure so they are tested without a browser:
 * the Taipei date ranges, the ship-ticket defaults and the receiver checks (the checkout's own
 * rules and messages; the server checks again).
 */

/** Admin orders page size (spec 2 §9). */
export const ORDERS_PAGE_SIZE = 10;

const TAIPEI_OFFSET_MS = 8 * 3600_000;
const DAY_MS = 24 * 3600_000;

/** A Taipei calendar day `days` after `now`'s (negative: before), `YYYY-MM-DD`. */
export function taipeiDay(now: Date, days = 0): string {
  return new Date(now.getTime() + TAIPEI_OFFSET_MS + days * DAY_MS).toISOString().slice(0, 10);
}

export type RangeKey = 'today' | 'yesterday' | 'dayBefore' | 'd3' | 'd15' | 'd30' | 'd90' | 'd180' | 'all';

/** The date range choices of spec 2 §9, in its order. `days`: how many Taipei days up to today. */
export const DATE_RANGES: ReadonlyArray<{ key: RangeKey; label: string }> = [
  { key: 'today', label: '今天' },
  { key: 'yesterday', label: '昨天' },
  { key: 'dayBefore', label: '前天' },
  { key: 'd3', label: '近 3 天' },
  { key: 'd15', label: '近 15 天' },
  { key: 'd30', label: '近 30 天' },
  { key: 'd90', label: '近 90 天' },
  { key: 'd180', label: '近 180 天' },
  { key: 'all', label: '全部' },
];
export const DEFAULT_RANGE: RangeKey = 'd15';
/** "All" starts here (spec 2 §9). */
export const ALL_FROM = '2000-01-01';

/**
 * The Taipei days of a range choice, both inclusive: 今天 / 昨天 / 前天 are single days; 近 N 天
 * is the N days ending today (近 3 天 = the day before yesterday … today).
 */
export function dateRange(key: RangeKey, now: Date = new Date()): { startDate: string; endDate: string } {
  const today = taipeiDay(now);
  switch (key) {
    case 'today':
      return { startDate: today, endDate: today };
    case 'yesterday': {
      const d = taipeiDay(now, -1);
      return { startDate: d, endDate: d };
    }
    case 'dayBefore': {
      const d = taipeiDay(now, -2);
      return { startDate: d, endDate: d };
    }
    case 'all':
      return { startDate: ALL_FROM, endDate: today };
    default: {
      const n = Number(key.slice(1));
      return { startDate: taipeiDay(now, -(n - 1)), endDate: today };
    }
  }
}

// ---------------------------------------------------------------- shipping tickets (spec 2 §4, §9)

export type TicketKind = 'HOME' | 'C2C' | 'MANUAL';

/** 宅配 / 離島宅配 → T-cat HOME; 7-11 → C2C; 全家 / 萊爾富 have no PAYUNi service: shipped by hand. */
export function ticketKind(shipping: number): TicketKind {
  if (HOME_SHIPPINGS.includes(shipping)) return 'HOME';
  if (shipping === SHIPPING.seven) return 'C2C';
  return 'MANUAL';
}

export const isStoreOrder = (shipping: number): boolean => STORE_SHIPPINGS.includes(shipping);

/** Package sizes (T-cat Spec): 150 cm only for ambient goods. */
export const PACKAGE_SPECS = [
  { value: '1', label: '60 公分' },
  { value: '2', label: '90 公分' },
  { value: '3', label: '120 公分' },
  { value: '4', label: '150 公分（限常溫）' },
] as const;
export const GOODS_TYPES = [
  { value: '1', label: '常溫' },
  { value: '2', label: '冷凍' },
  { value: '3', label: '冷藏' },
] as const;

/** The spec sizes allowed for a goods type (150 cm is ambient only). */
export function specsFor(goodsType: string) {
  return goodsType === '1' ? PACKAGE_SPECS : PACKAGE_SPECS.filter((s) => s.value !== '4');
}

export interface TicketForm {
  lgsType: 'HOME' | 'C2C';
  shipType: '1' | '2';
  goodsType: '1' | '2' | '3';
  shipDate: string;
  deliveryDate: string;
  spec: '1' | '2' | '3' | '4';
  hideProdDesc: 'Y' | 'N';
  labelMode: string;
  memo: string;
}

/**
 * The ship-ticket modal's defaults (spec 2 §4): home and island delivery — ship date tomorrow,
 * delivery 3 days ahead, HOME, shipType 2, spec 1, hideProdDesc Y; 7-11 — C2C, shipType 1, labelMode 2.
 */
export function ticketDefaults(shipping: number, now: Date = new Date()): TicketForm {
  const base = { goodsType: '1' as const, memo: '', spec: '1' as const };
  if (ticketKind(shipping) === 'HOME') {
    return { ...base, lgsType: 'HOME', shipType: '2', shipDate: taipeiDay(now, 1), deliveryDate: taipeiDay(now, 3), hideProdDesc: 'Y', labelMode: '' };
  }
  return { ...base, lgsType: 'C2C', shipType: '1', shipDate: '', deliveryDate: '', hideProdDesc: 'N', labelMode: '2' };
}

/** Manual carriers of 全家 / 萊爾富 orders. */
export const MANUAL_CARRIERS = ['全家', '萊爾富', '黑貓宅急便', '新竹物流', '中華郵政'] as const;
export function defaultCarrier(shipping: number): string {
  if (shipping === SHIPPING.family) return '全家';
  if (shipping === SHIPPING.hilife) return '萊爾富';
  return '';
}

// ---------------------------------------------------------------- receiver (spec 2 §4, §5)

export interface ReceiverForm {
  name: string;
  phone: string;
  city: string;
  district: string;
  zip: string;
  street: string;
}

export type ReceiverField = 'name' | 'phone' | 'address';

/** The checkout's receiver rules (name, phone; a home order's address), first problem per field. */
export function receiverProblems(f: ReceiverForm, shipping: number): Partial<Record<ReceiverField, string>> {
  const out: Partial<Record<ReceiverField, string>> = {};
  const name = f.name.trim();
  if (!name) out.name = CHECKOUT_MSG.receiverNameRequired;
  else if (!isChineseName(name)) out.name = CHECKOUT_MSG.receiverNameChinese;
  const phone = f.phone.trim();
  if (!phone) out.phone = CHECKOUT_MSG.receiverPhoneRequired;
  else if (!/^09\d{8}$/.test(phone)) out.phone = CHECKOUT_MSG.receiverPhoneInvalid;
  if (HOME_SHIPPINGS.includes(shipping)) {
    const area = lookupArea(f.city.trim(), f.district.trim());
    if (!area || !f.street.trim() || !f.zip.trim()) out.address = CHECKOUT_MSG.homeAddressIncomplete;
  }
  return out;
}

export function receiverOf(o: Pick<AdminOrderView, 'name' | 'phone' | 'city' | 'district' | 'zip' | 'street'>): ReceiverForm {
  return { name: o.name ?? '', phone: o.phone ?? '', city: o.city ?? '', district: o.district ?? '', zip: o.zip ?? '', street: o.street ?? '' };
}

// ---------------------------------------------------------------- refunds

/** Methods refunded by a bank transfer staff make by hand: the shopper's account is needed. */
export const BANK_REFUND_PAYMENTS: readonly string[] = ['atm', 'cvs', 'cod'];
export const needsBankAccount = (payment: string): boolean => BANK_REFUND_PAYMENTS.includes(payment);

/** What may still be refunded (NT$). */
export const refundable = (o: Pick<AdminOrderView, 'total_amount' | 'refunded_amount'>): number => Math.max(0, o.total_amount - (o.refunded_amount ?? 0));

/** What a refund took, as a sentence: 玻尿酸精華 ×1 NT$ 300、運費 NT$ 60 (an amount spread over the lines shows no units). */
export function refundLinesText(r: Pick<RefundView, 'items' | 'shipping_amount'>, items: Pick<OrderItemView, 'order_detail_id' | 'title'>[]): string {
  const parts = (r.items ?? []).map((i) => {
    const title = items.find((x) => x.order_detail_id === i.order_item_id)?.title ?? `品項 #${i.order_item_id}`;
    return `${title}${i.quantity > 0 ? ` ×${i.quantity}` : ''} ${formatNT(i.amount)}`;
  });
  if (r.shipping_amount > 0) parts.push(`運費 ${formatNT(r.shipping_amount)}`);
  return parts.join('、');
}

/** Texts of the refund, return and ticket states (our wording). */
export const REFUND_METHOD_LABEL: Record<string, string> = {
  'credit-refund': '信用卡退刷',
  'credit-void': '信用卡取消授權',
  linepay: 'LINE Pay 退款',
  'bank-transfer': '銀行轉帳退款',
  cod: '貨到付款退款（轉帳）',
};
export const REFUND_STATUS_LABEL: Record<string, string> = { pending: '處理中', done: '已退款', failed: '失敗', manual: '待轉帳' };
export const RETURN_STATUS_LABEL: Record<string, string> = { requested: '待審核', approved: '已同意', refused: '已拒絕' };
export const TICKET_STATUS_LABEL: Record<string, string> = { pending: '建立中', created: '已建立', failed: '建立失敗', duplicate: '已重複領取' };
/** orders.invoice_status (the invoices module). */
export const INVOICE_STATUS_LABEL: Record<string, string> = { pending: '待開立', issued: '已開立', failed: '開立失敗', void: '已作廢' };
export const LGS_TYPE_LABEL: Record<string, string> = { C2C: '7-11 C2C', HOME: '黑貓宅配', MANUAL: '手動出貨' };

/** Field names of the audit trail's changes, as staff read them (unknown ones shown as sent). */
export const HISTORY_FIELD_LABEL: Record<string, string> = {
  name: '收件人',
  phone: '手機',
  city: '縣市',
  district: '鄉鎮市區',
  zip: '郵遞區號',
  street: '地址',
  amount: '金額',
  method: '方式',
  reason: '原因',
  restock: '退回庫存',
  refund_id: '退款編號',
  refund_status: '退款狀態',
  status: '狀態',
  status_name: '訂單狀態',
  payment_status: '付款狀態',
  ticket: '出貨單',
  carrier: '物流業者',
  tracking_no: '物流單號',
  approve: '同意',
  request_id: '申請編號',
  return_status: '退貨狀態',
  staff_reason: '處理說明',
  ship_status: '物流狀態',
  delivered_at: '送達時間',
};
