import type { Envelope } from './envelope';

/** Reviews answers (spec 4 §3, §7; issue 21). Server: src/modules/reviews. */

export interface ReviewSummaryView {
  /** To one decimal (0 when none). */
  average: number;
  count: number;
  /** Counts by stars, index 0 = 5 stars … index 4 = 1 star (the 5→1 bar). */
  distribution: [number, number, number, number, number];
  /** How many shown reviews have photos. */
  withPhotos: number;
}

export interface ReviewView {
  id: number;
  product_id: number;
  rating: number;
  content: string;
  photos: string[];
  /** Masked: 王**. */
  display_name: string;
  variant_name: string;
  reply: string | null;
  replied_at: string | null;
  created_at: string;
}

export type ReviewSort = 'newest' | 'highest' | 'lowest';

/** A review's state: `held` waits for staff, `hidden` is not shown, `shown` is on the product page. */
export type ReviewStatus = 'held' | 'hidden' | 'shown';

/** `GET /api/load/productReviews/{id}?page&limit(10)&stars&withPhotos&sort`. */
export type ProductReviewsAnswer = Envelope<{ summary: ReviewSummaryView; reviews: ReviewView[]; total: number }>;

/** An item of a delivered or completed order waiting for a review (within 90 days of delivery). */
export interface ReviewableItem {
  order_item_id: number;
  order_id: number;
  /** The order's MerTradeNo. */
  order_no: string;
  product_id: number;
  title: string;
  variant_name: string;
  image_url: string;
  delivered_at: string;
  /** The last day it can be reviewed (delivered + 90 days, Taipei date). */
  deadline: string;
}

/** The member's own review (with its moderation state). */
export interface MyReviewView extends ReviewView {
  order_item_id: number;
  title: string;
  image_url: string;
  /** 1 = waiting for staff (評價已送出，待審核後顯示). */
  held: number;
  /** 1 = shown on the product page. */
  is_visible: number;
  status: ReviewStatus;
}

/** `GET /api/member/reviewables`: what waits and what was written. */
export type ReviewablesAnswer = Envelope<{ items: ReviewableItem[]; reviews: MyReviewView[] }>;

/**
 * `POST /api/member/reviews` { order_item_id, rating, content, photos } → message 評價已送出 or
 * 評價已送出，待審核後顯示; `points`: what the review earns once published (REVIEW_POINTS, more with a photo).
 */
export type CreateReviewAnswer = Envelope<{ review: MyReviewView; points: number }>;

/** `POST /api/member/reviews/photos` (multipart `file`) → url. */
export type ReviewPhotoAnswer = Envelope<{ url: string }>;

/** A review in 評價管理. */
export interface AdminReviewView extends ReviewView {
  order_item_id: number;
  order_id: number;
  order_no: string;
  user_id: number;
  /** The member's real name for staff. */
  username: string;
  title: string;
  /** As stored (see `status` for what it means). */
  is_visible: number;
  held: number;
  /** Why it was held: 含連結、含電話號碼、含電子郵件 (kept after staff decide). */
  held_reason: string;
  status: ReviewStatus;
}

/** `GET /api/admin/reviews?limit&offset&status(held|hidden|shown)&stars&product_id&user_id&keyword` (newest first, 20 a page). */
export type AdminReviewsAnswer = Envelope<{ reviews: AdminReviewView[]; total: number }>;

/** `PUT /api/admin/reviews/{id}` { is_visible?, reply? } → the review. */
export type AdminReviewAnswer = Envelope<{ review: AdminReviewView }>;

/** `GET /api/load/ratings`: every product with shown reviews, for the cards (cached; average to one decimal). */
export type RatingsAnswer = Envelope<{ ratings: Record<string, { average: number; count: number }> }>;
