/**
 * Review rules and messages (spec 4 §5, §8). Written once here for the client: the server's
 * src/common/validation has no review-rules.ts yet (issue 21); when it does, this file should
 * re-export it from `@rules/review-rules` so the two never drift.
 */
export const REVIEW_RULES = { minContent: 10, maxContent: 1000, maxPhotos: 5, minRating: 1, maxRating: 5 } as const;

export const REVIEW_MSG = {
  rating: '請選擇評分',
  contentShort: '評價內容至少 10 個字',
  contentLong: '評價內容最多 1000 個字',
  photos: '最多上傳 5 張照片',
  reviewed: '此商品已評價',
  notEligible: '完成訂單後才能評價',
  expired: '已超過評價期限',
  published: '評價已送出',
  held: '評價已送出，待審核後顯示',
  failed: '評價送出失敗，請稍後再試',
} as const;

/** Characters as a person counts them (an emoji or a CJK character is one). */
export const contentLength = (content: string): number => [...content.trim()].length;

export interface ReviewDraft {
  rating: number;
  content: string;
  photos: readonly string[];
}

export type ReviewErrors = Partial<Record<'rating' | 'content' | 'photos', string>>;

/** Every problem of a draft at once (the form shows each under its field). */
export function reviewProblems(d: ReviewDraft): ReviewErrors {
  const errors: ReviewErrors = {};
  if (!Number.isInteger(d.rating) || d.rating < REVIEW_RULES.minRating || d.rating > REVIEW_RULES.maxRating) errors.rating = REVIEW_MSG.rating;
  const n = contentLength(d.content);
  if (n < REVIEW_RULES.minContent) errors.content = REVIEW_MSG.contentShort;
  else if (n > REVIEW_RULES.maxContent) errors.content = REVIEW_MSG.contentLong;
  if (d.photos.length > REVIEW_RULES.maxPhotos) errors.photos = REVIEW_MSG.photos;
  return errors;
}
