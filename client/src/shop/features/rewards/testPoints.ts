import { configure } from '@testing-library/react';
import type { MemberPointsAnswer, PointsEntryView } from '@api/rewards';

// Screens that wait on several answers in a row: on a loaded CI machine that passes the 1 s default (as testQuote.ts).
configure({ asyncUtilTimeout: 5000 });

/** A ledger line as `GET /api/member/points` answers it (test data; the real one: src/modules/rewards). */
export function pointsEntry(extra: Partial<PointsEntryView> = {}): PointsEntryView {
  return {
    id: 1,
    kind: 'earn',
    kind_label: '消費回饋',
    amount: 120,
    balance_after: 620,
    order_id: 101,
    order_no: 'SS20260101000101',
    note: '',
    created_at: '2026-11-01T02:00:00.000Z',
    available_at: '2026-11-08T02:00:00.000Z',
    expires_at: '2027-11-30T15:59:59.000Z',
    ...extra,
  };
}

export function pointsAnswer(extra: Partial<MemberPointsAnswer> = {}): MemberPointsAnswer {
  return {
    success: true,
    balance: 620,
    pending: 80,
    expiring: { amount: 50, date: '2026-12-31' },
    tier: {
      name: '一般會員',
      earn_rate: 1,
      discount_percent: 0,
      spend: 6800,
      next: { name: '金卡會員', threshold: 10000 },
      missing: 3200,
      text: '再消費 NT$ 3,200 升級金卡會員',
    },
    entries: [pointsEntry()],
    total: 1,
    ...extra,
  };
}
