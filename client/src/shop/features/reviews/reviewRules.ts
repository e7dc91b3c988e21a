import { charCount, REVIEW_LIMITS, REVIEW_MSG as RULE_MSG } from '@rules/review-rules';

/**
 * The review form's rules and messages (spec 4 §5, §8): the server's own (`@rules/review-rules`,
 * src/common/validation/review-rules.ts), so the form and the server never drift. The form shows
 * every problem at once, each under its field; the server answers the first.
 */
export const REVIEW_RULES = { minContent: REVIEW_LIMITS.contentMin, maxContent: REVIEW_LIMITS.contentMax, maxPhotos: REVIEW_LIMITS.photos } as const;

export const REVIEW_MSG = {
  ...RULE_MSG,
  /** A failure without the server's message (network, 5xx). */
  failed: '評價送出失敗，請稍後再試',
} as const;

/** Characters as a person counts them (an emoji or a CJK character is one), around spaces not counted (as the server). */
export const contentLength = (content: string): number => charCount(content.trim());

export interface ReviewDraft {
  rating: number;
  content: string;
  photos: readonly string[];
}

export type ReviewErrors = Partial<Record<'rating' | 'content' | 'photos', string>>;

/** Every problem of a draft at once (the form shows each under its field). */
export function reviewProblems(d: ReviewDraft): ReviewErrors {
  const errors: ReviewErrors = {};
  if (!Number.isInteger(d.rating) || d.rating < 1 || d.rating > 5) errors.rating = REVIEW_MSG.rating;
  const n = contentLength(d.content);
  if (n < REVIEW_RULES.minContent) errors.content = REVIEW_MSG.contentShort;
  else if (n > REVIEW_RULES.maxContent) errors.content = REVIEW_MSG.contentLong;
  if (d.photos.length > REVIEW_RULES.maxPhotos) errors.photos = REVIEW_MSG.photos;
  return errors;
}
