import type { AdminReviewView, MyReviewView, ReviewStatus, ReviewView } from '../../common/api/reviews';
import type { Review } from './entities/review.entity';
import type { ReviewOrderLine } from '../orders/review-order-lines';

/** Cache keys of the public review reads (ReadCache), dropped when a review of the product changes. */
export const REVIEWS_CACHE = {
  root: 'reviews:',
  /** Every page and filter of one product's reviews. */
  product: (productId: number) => `reviews:p:${productId}:`,
  ratings: 'reviews:ratings',
  /** The JSON-LD figures of one product's server-rendered page. */
  seo: (productId: number) => `reviews:seo:${productId}`,
} as const;

/**
 * A review's state for people: `held` waits for staff (never shown yet), `hidden` is not shown
 * (hidden by staff, or refused while held), `shown` is on the product page. In the table: shown =
 * is_visible 1 and held 0; held = is_visible 1 and held 1 (released by showing it); hidden =
 * is_visible 0 (held stays 1 for a review staff hid before it was ever shown, so showing it later
 * is still its first publication).
 */
export function statusOf(r: Pick<Review, 'is_visible' | 'held'>): ReviewStatus {
  if (!r.is_visible) return 'hidden';
  return r.held ? 'held' : 'shown';
}

export function isShown(r: Pick<Review, 'is_visible' | 'held'>): boolean {
  return statusOf(r) === 'shown';
}

const iso = (d: Date | string | null): string | null => (d ? new Date(d).toISOString() : null);

export function publicView(r: Review): ReviewView {
  return {
    id: r.id,
    product_id: r.product_id,
    rating: r.rating,
    content: r.content,
    photos: r.photos ?? [],
    display_name: r.display_name,
    variant_name: r.variant_name,
    reply: r.reply ?? null,
    replied_at: iso(r.replied_at),
    created_at: iso(r.created_at)!,
  };
}

export function myView(r: Review, line: ReviewOrderLine | undefined): MyReviewView {
  const status = statusOf(r);
  return {
    ...publicView(r),
    order_item_id: r.order_item_id,
    title: line?.title ?? '',
    image_url: line?.image_url ?? '',
    held: status === 'held' ? 1 : 0,
    is_visible: status === 'shown' ? 1 : 0,
    status,
  };
}

export function adminView(r: Review, line: ReviewOrderLine | undefined, username: string): AdminReviewView {
  return {
    ...publicView(r),
    order_item_id: r.order_item_id,
    order_id: r.order_id,
    order_no: line?.order_no ?? '',
    user_id: r.user_id,
    username,
    title: line?.title ?? '',
    is_visible: r.is_visible,
    held: r.held,
    held_reason: r.held_reason,
    status: statusOf(r),
  };
}
