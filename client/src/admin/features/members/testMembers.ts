import type { AdminMemberDetailAnswer, AdminMemberView } from '@api/admin';
import type { AdminMemberPointsAnswer, PointsEntryView } from '@api/rewards';

export const member = (id: number, extra: Partial<AdminMemberView> = {}): AdminMemberView => ({
  user_id: id,
  account: null,
  username: `會員${id}`,
  email: `m${id}@example.com`,
  phone: `09120000${String(id).padStart(2, '0')}`,
  gender: 'female',
  birthday: '1990-01-02',
  logins: ['password'],
  is_active: 1,
  created_at: '2026-03-01T16:30:00.000Z',
  order_count: id,
  ...extra,
});

export const detail = (id: number, extra: Partial<AdminMemberDetailAnswer['member']> = {}): AdminMemberDetailAnswer => ({
  success: true,
  member: { ...member(id, { username: '王小美', logins: ['password', 'line'] }), blocked_at: null, blocked_reason: '', last_login_at: '2026-11-20T02:00:00.000Z', ...extra },
  addresses: [{ id: 1, shipping_type: 'home', receiver_name: '王小美', phone: '0912000007', address: '台北市大安區復興南路一段 100 號', is_default: 1 }],
  orders: [{ id: 501, MerTradeNo: 'SS202611200001', created_at: '2026-11-20T02:00:00.000Z', total_amount: 1280, status_label: '已完成', payment_status_label: '已付款' }],
  orders_total: 1,
  points: { balance: 120, pending: 30, tier: '金卡會員' },
  reviews_count: 1,
  notes: [{ id: 1, content: '偏好週末收件', admin_name: '客服小美', created_at: '2026-11-01T02:00:00.000Z' }],
});

export const entry = (id: number, extra: Partial<PointsEntryView> = {}): PointsEntryView => ({
  id,
  kind: 'earn',
  kind_label: '消費回饋',
  amount: 25,
  balance_after: 100 + id,
  order_id: 501,
  order_no: 'SS202611200001',
  note: '',
  created_at: '2026-11-20T02:00:00.000Z',
  available_at: '2026-11-27T02:00:00.000Z',
  expires_at: '2027-11-30T15:59:59.000Z',
  created_by_name: '',
  ...extra,
});

export const points = (balance: number, entries: PointsEntryView[], total = entries.length): AdminMemberPointsAnswer => ({
  success: true,
  balance,
  pending: 30,
  tier: { name: '金卡會員', earn_rate: 2, discount_percent: 5, spend: 12000, next: { name: '鑽石會員', threshold: 30000 }, missing: 18000, text: '再消費 NT$ 18,000 升級鑽石會員' },
  entries,
  total,
});
