/** How the audit screen prints an entry's values and the names of its entities. */

export const ENTITY_LABEL: Record<string, string> = {
  order: '訂單',
  staff: '後台帳號',
  admin: '後台帳號',
  notification_setting: '通知設定',
  member: '會員',
  user: '會員',
  shipping_ticket: '出貨單',
  refund: '退款',
  return_request: '退貨申請',
  job: '任務',
  product: '商品',
  setting: '網站設定',
};

export const entityLabel = (entity: string) => ENTITY_LABEL[entity] ?? entity;

/** A before/after value as short text: '' → （空）, objects as JSON, long texts cut. */
export function auditValue(v: unknown): string {
  if (v === null || v === undefined || v === '') return '（空）';
  if (typeof v === 'boolean') return v ? '是' : '否';
  const s = typeof v === 'object' ? JSON.stringify(v) : String(v);
  return s.length > 120 ? `${s.slice(0, 119)}…` : s;
}
