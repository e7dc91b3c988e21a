import type { CouponMode, PromotionKind, PromotionScope } from '../../common/api/promotions';
import { taipeiDateTime } from '../../common/time/taipei-time';
import { COUPON_MODE_LABEL, parsePromotionTime, PROMOTION_KIND_LABEL, PROMOTION_SCOPE_LABEL } from '../../common/validation/promotion-rules';
import { MACHINE_LABEL, stateLabel, type Machine } from '../orders/order-lifecycle';

/**
 * An audit entry's changes as sentences of labels, the way staff read them in 操作紀錄 and an
 * order's history: 訂單狀態：待付款 → 已付款, 出貨單：黑貓宅配 #12, 運費：60 → 80 — never codes or
 * JSON. Pure (a table of field labels and value formatters); unknown fields fall back to their name.
 */

const FIELD_LABEL: Record<string, string> = {
  // orders
  status_name: MACHINE_LABEL.order,
  payment_status: MACHINE_LABEL.payment,
  return_status: MACHINE_LABEL.return,
  refund_status: MACHINE_LABEL.refund,
  name: '收件人',
  phone: '手機',
  city: '縣市',
  district: '鄉鎮市區',
  zip: '郵遞區號',
  street: '地址',
  ship_trade_no: '物流單號',
  total_amount: '訂單金額',
  discount_total: '折扣',
  shipping_fee: '運費',
  order_status_msg: '訂單說明',
  // refunds, returns, shipping
  amount: '金額',
  method: '方式',
  reason: '原因',
  restock: '退回庫存',
  refund_id: '退款編號',
  status: '狀態',
  ticket: '出貨單',
  carrier: '物流業者',
  tracking_no: '物流單號',
  approve: '同意',
  request_id: '申請編號',
  staff_reason: '處理說明',
  ship_status: '物流狀態',
  delivered_at: '送達時間',
  message: '訊息',
  // settings
  shipping_cost: '運費',
  free_shipping_threshold: '免運門檻',
  is_active: '啟用',
  s_value: '設定值',
  sort_order: '排序',
  staffRefundLimit: '人員退款上限',
  is_telegram: 'Telegram 通知',
  is_email: 'Email 通知',
  // staff and catalogue
  role: '角色',
  username: '帳號',
  display_name: '顯示名稱',
  title: '標題',
  price: '價格',
  quantity: '數量',
  // promotions (行銷活動)
  promotion_name: '活動名稱',
  description: '說明',
  kind: '活動類型',
  starts_at: '開始時間',
  ends_at: '結束時間',
  stackable: '可與其他活動併用',
  priority: '優先順序',
  member_only: '限會員',
  first_order_only: '限首購',
  tier_ids: '會員等級',
  scope: '適用範圍',
  product_ids: '適用商品',
  category_ids: '適用分類',
  exclude_product_ids: '排除商品',
  min_subtotal: '最低消費',
  min_quantity: '最低件數',
  tiers: '滿額級距',
  percent: '折扣（%）',
  max_discount: '折扣上限',
  bundle_quantity: '任選件數',
  bundle_price: '組合價',
  gift_variant_id: '贈品規格編號',
  gift_stock: '贈品數量',
  addon_items: '加價購商品',
  coupon_mode: '折扣碼方式',
  shared_code: '折扣碼',
  usage_limit: '總使用次數',
  per_member_limit: '每人使用次數',
  count: '數量',
  prefix: '前綴',
  // members (會員管理: notes, block)
  blocked_reason: '停權原因',
  note_id: '備註編號',
  content: '內容',
};

const ROLE_LABEL: Record<string, string> = { owner: '擁有者', staff: '員工', editor: '編輯' };
const REFUND_METHOD_LABEL: Record<string, string> = {
  'credit-refund': '信用卡退刷',
  'credit-void': '信用卡取消授權',
  linepay: 'LINE Pay 退款',
  'bank-transfer': '銀行轉帳',
  cod: '銀行轉帳（貨到付款）',
};
const LGS_LABEL: Record<string, string> = { C2C: '7-11 C2C', HOME: '黑貓宅配', MANUAL: '手動出貨' };
/** Fields whose values are NT$. */
const MONEY = new Set(['amount', 'total_amount', 'discount_total', 'shipping_fee', 'shipping_cost', 'free_shipping_threshold', 'staffRefundLimit', 'price', 'min_subtotal', 'max_discount', 'bundle_price']);
/** Fields that are on/off switches. */
const SWITCH = new Set(['is_active', 'restock', 'approve', 'is_telegram', 'is_email', 'status_switch', 'stackable', 'member_only', 'first_order_only']);
/** Promotion fields whose values are codes with a label, or lists / times written out. */
const PROMOTION_LABEL: Record<string, Record<string, string>> = {
  kind: PROMOTION_KIND_LABEL as Record<PromotionKind, string>,
  scope: PROMOTION_SCOPE_LABEL as Record<PromotionScope, string>,
  coupon_mode: COUPON_MODE_LABEL as Record<CouponMode, string>,
};
const ID_LISTS = new Set(['tier_ids', 'product_ids', 'category_ids', 'exclude_product_ids']);
const nt = (n: unknown) => Number(n).toLocaleString('en-US');

const EMPTY = '（空）';

/** One value as staff read it. */
export function auditValue(field: string, v: unknown): string {
  if (v === null || v === undefined || v === '') return EMPTY;
  const machine = ({ status_name: 'order', payment_status: 'payment', return_status: 'return', refund_status: 'refund' } as Record<string, Machine>)[field];
  if (machine === 'payment' && typeof v === 'number') return stateLabel('payment', ['unpaid', 'paid', 'failed', 'refunded'][v] ?? String(v));
  if (machine) return stateLabel(machine, String(v));
  if (field === 'ticket' && typeof v === 'object') return ticketText(v as Record<string, unknown>);
  if (field === 'role') return ROLE_LABEL[String(v)] ?? String(v);
  if (field === 'method') return REFUND_METHOD_LABEL[String(v)] ?? String(v);
  if (PROMOTION_LABEL[field]) return PROMOTION_LABEL[field][String(v)] ?? String(v);
  if (field === 'starts_at' || field === 'ends_at') {
    const at = parsePromotionTime(v);
    return at ? taipeiDateTime(at) : String(v);
  }
  if (Array.isArray(v)) return promotionListText(field, v);
  if (SWITCH.has(field) && (typeof v === 'number' || typeof v === 'boolean')) return v ? '是' : '否';
  if (MONEY.has(field) && typeof v === 'number') return v.toLocaleString('en-US');
  if (typeof v === 'boolean') return v ? '是' : '否';
  if (typeof v === 'object') return objectText(v as Record<string, unknown>);
  return String(v);
}

/** 滿 1,000 折 100、滿 2,000 折 250 · #12 NT$ 49（每單 2） · #3、#5 · （空） */
function promotionListText(field: string, list: unknown[]): string {
  if (list.length === 0) return EMPTY;
  const row = (x: unknown) => (x && typeof x === 'object' ? (x as Record<string, unknown>) : {});
  if (field === 'tiers') return list.map((t) => `滿 ${nt(row(t).threshold)} 折 ${nt(row(t).value)}`).join('、');
  if (field === 'addon_items') return list.map((a) => `#${String(row(a).variant_id)} NT$ ${nt(row(a).addon_price)}（每單 ${String(row(a).max_per_order)}）`).join('、');
  if (ID_LISTS.has(field)) return list.map((id) => `#${String(id)}`).join('、');
  return list.map((x) => (typeof x === 'object' ? objectText(row(x)) : String(x))).join('、');
}

/** 黑貓宅配 #12（出貨日 2026-11-28） */
function ticketText(t: Record<string, unknown>): string {
  const kind = LGS_LABEL[String(t.lgsType ?? '')] ?? String(t.lgsType ?? '出貨單');
  const no = t.shipTradeNo ? ` ${String(t.shipTradeNo)}` : t.id !== undefined ? ` #${String(t.id)}` : '';
  const date = t.shipDate ? `（出貨日 ${String(t.shipDate)}）` : '';
  return `${kind}${no}${date}`;
}

/** Any other object: its labelled, non-empty fields joined (名稱 值、…), never JSON. */
function objectText(o: Record<string, unknown>): string {
  const parts = Object.entries(o)
    .filter(([, v]) => v !== null && v !== undefined && v !== '')
    .map(([k, v]) => `${FIELD_LABEL[k] ?? k} ${typeof v === 'object' ? '…' : auditValue(k, v)}`);
  return parts.length ? parts.join('、') : EMPTY;
}

/** One changed field as a sentence: 運費：60 → 80; a field only set: 出貨單：黑貓宅配 #12. */
export function changeSentence(field: string, before: unknown, after: unknown): string {
  const label = FIELD_LABEL[field] ?? field;
  const was = before === null || before === undefined || before === '';
  if (was) return `${label}：${auditValue(field, after)}`;
  if (JSON.stringify(before) === JSON.stringify(after)) return `${label}：${auditValue(field, after)}`;
  return `${label}：${auditValue(field, before)} → ${auditValue(field, after)}`;
}

/** Every changed field of an entry as a sentence, in the order recorded. */
export function auditLines(changes: Record<string, [unknown, unknown]> | null | undefined): string[] {
  return Object.entries(changes ?? {}).map(([field, pair]) => {
    const [before, after] = Array.isArray(pair) ? pair : [null, pair];
    return changeSentence(field, before, after);
  });
}
