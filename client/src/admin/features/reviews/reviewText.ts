import type { AdminReviewView, ReviewStatus } from '@api/reviews';

export const REVIEW_TEXT = {
  title: '評價管理',
  subtitle: '隱藏不當評價、公開待審核的評價，並回覆會員（回覆會通知會員）。',
  readOnly: '您的角色只能檢視評價。',
  loadFailed: '讀取評價失敗',
  empty: '目前沒有評價',
  emptyFiltered: '沒有符合條件的評價',
  hidden: '已隱藏評價',
  shown: '已顯示評價',
  replied: '已回覆評價',
  replyRemoved: '已移除回覆',
  updateFailed: '更新失敗，請稍後再試',
  replyRequired: '請輸入回覆內容',
  replyTooLong: '回覆最多 500 個字',
} as const;

export const REPLY_MAX = 500;

export const STATUS_FILTERS: Array<{ value: ReviewStatus | ''; label: string }> = [
  { value: '', label: '全部' },
  { value: 'held', label: '待審核' },
  { value: 'hidden', label: '已隱藏' },
  { value: 'shown', label: '顯示中' },
];

export const isReviewStatus = (s: string | null): s is ReviewStatus => s === 'held' || s === 'hidden' || s === 'shown';

/** A review's state as the server says it (else: held, waiting for staff, first; then hidden or shown). */
export function reviewStatus(r: Pick<AdminReviewView, 'held' | 'is_visible'> & { status?: ReviewStatus }): ReviewStatus {
  if (r.status && isReviewStatus(r.status)) return r.status;
  if (r.held) return 'held';
  return r.is_visible ? 'shown' : 'hidden';
}

export const STATUS_LABEL: Record<ReviewStatus, string> = { held: '待審核', hidden: '已隱藏', shown: '顯示中' };
export const STATUS_COLOR: Record<ReviewStatus, string> = { held: 'orange', hidden: 'default', shown: 'green' };

/** ★★★★☆ for 4. */
export const starsText = (rating: number) => '★'.repeat(Math.max(0, Math.min(5, rating))) + '☆'.repeat(Math.max(0, 5 - rating));

/** The reply's check (≤ 500 characters; blank only to remove an existing reply); '' when fine. */
export function replyError(reply: string, editing = false): string {
  const t = reply.trim();
  if (!t) return editing ? '' : REVIEW_TEXT.replyRequired;
  if ([...t].length > REPLY_MAX) return REVIEW_TEXT.replyTooLong;
  return '';
}
