import { configure } from '@testing-library/react';
import type { MyReviewView, ProductReviewsAnswer, ReviewableItem, ReviewView } from '@api/reviews';

// Screens that wait on several answers in a row: on a loaded CI machine that passes the 1 s default (as testQuote.ts).
configure({ asyncUtilTimeout: 5000 });

/** A shown review as `GET /api/load/productReviews/{id}` answers it (test data; the real one: src/modules/reviews). */
export function review(extra: Partial<ReviewView> = {}): ReviewView {
  return {
    id: 1,
    product_id: 7,
    rating: 5,
    content: '很保濕，擦完隔天皮膚很穩定。',
    photos: [],
    display_name: '王**',
    variant_name: '30ml',
    reply: null,
    replied_at: null,
    created_at: '2026-11-20T03:00:00.000Z',
    ...extra,
  };
}

export function reviewsAnswer(extra: Partial<ProductReviewsAnswer> = {}): ProductReviewsAnswer {
  return {
    success: true,
    summary: { average: 4.6, count: 23, distribution: [17, 4, 1, 1, 0], withPhotos: 3 },
    reviews: [review()],
    total: 23,
    ...extra,
  };
}

export function reviewable(extra: Partial<ReviewableItem> = {}): ReviewableItem {
  return {
    order_item_id: 31,
    order_id: 101,
    order_no: 'SS101',
    product_id: 7,
    title: '玻尿酸保濕原液',
    variant_name: '30ml',
    image_url: '/media/7.webp',
    delivered_at: '2026-11-10T03:00:00.000Z',
    deadline: '2027-02-08',
    ...extra,
  };
}

export function myReview(extra: Partial<MyReviewView> = {}): MyReviewView {
  const r = { ...review(), order_item_id: 30, title: '修護霜', image_url: '/media/2.webp', held: 0, is_visible: 1, ...extra };
  return { status: r.held ? 'held' : r.is_visible ? 'shown' : 'hidden', ...r };
}
