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
const MONEY = new Set(['amount', 'total_amount', 'discount_total', 'shipping_fee', 'shipping_cost', 'free_shipping_threshold', 'staffRefundLimit', 'price']);
/** Fields that are on/off switches. */
const SWITCH = new Set(['is_active', 'restock', 'approve', 'is_telegram', 'is_email', 'status_switch']);

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
  if (SWITCH.has(field) && (typeof v === 'number' || typeof v === 'boolean')) return v ? '是' : '否';
  if (MONEY.has(field) && typeof v === 'number') return v.toLocaleString('en-US');
  if (typeof v === 'boolean') return v ? '是' : '否';
  if (typeof v === 'object') return objectText(v as Record<string, unknown>);
  return String(v);
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
