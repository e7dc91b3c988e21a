/** zh-TW texts of 會員管理 → a member (spec 4 §5, §8 for the points; the server's own for notes and 停權). */
export const MEMBER_TEXT = {
  loadFailed: '讀取會員資料失敗',
  amountRequired: '請輸入調整點數',
  reasonRequired: '請填寫調整原因',
  adjusted: '已調整購物金',
  adjustFailed: '調整失敗，請稍後再試',
  noteRequired: '請輸入備註內容（最多 500 字）',
  noteAdded: '已新增備註',
  blockReasonRequired: '請填寫停權原因（2–100 字）',
  blocked: '已停權',
  unblocked: '已解除停權',
  updateFailed: '更新失敗，請稍後再試',
} as const;

export const ADJUST_REASON = { min: 2, max: 100 } as const;
export const NOTE_MAX = 500;
export const BLOCK_REASON = { min: 2, max: 100 } as const;

const len = (s: string) => Array.from(s.trim()).length;

/** 調整購物金 (spec 4 §5): a non-zero integer, a reason of 2–100 characters. */
export function adjustErrors(amount: number | null | undefined, reason: string): { amount?: string; reason?: string } {
  const out: { amount?: string; reason?: string } = {};
  if (typeof amount !== 'number' || !Number.isInteger(amount) || amount === 0) out.amount = MEMBER_TEXT.amountRequired;
  if (len(reason) < ADJUST_REASON.min || len(reason) > ADJUST_REASON.max) out.reason = MEMBER_TEXT.reasonRequired;
  return out;
}

export function noteError(content: string): string {
  const n = len(content);
  return n < 1 || n > NOTE_MAX ? MEMBER_TEXT.noteRequired : '';
}

export function blockReasonError(reason: string): string {
  const n = len(reason);
  return n < BLOCK_REASON.min || n > BLOCK_REASON.max ? MEMBER_TEXT.blockReasonRequired : '';
}

export const newIdempotencyKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
