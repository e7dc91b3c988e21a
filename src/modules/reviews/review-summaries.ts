import { Injectable } from '@nestjs/common';
import type { ReviewSummaryView } from '../../common/api/reviews';
import { Transactions } from '../../common/transactions/transactions';
import { upsertAdding } from '../../database/db-dialect';
import { ReviewSummary } from './entities/review-summary.entity';

/** A shown review as the summary counts it. */
export interface CountedReview {
  product_id: number;
  rating: number;
  has_photos: number;
}

type Counter = 'count' | 'rating_sum' | 'star1' | 'star2' | 'star3' | 'star4' | 'star5' | 'with_photos';

/**
 * review_summaries (spec 4 §7 summary): changed in the transaction that shows or stops showing a
 * review, never recounted per request. One upsert by increments (`upsertAdding`, db-dialect.ts):
 * no read first and one statement that takes the row's lock directly, so reviews of one product written at once queue on the row instead of deadlocking (an
 * UPDATE then INSERT of a missing row takes gap locks that two writers hold against each other).
 */
@Injectable()
export class ReviewSummaries {
  constructor(private readonly tx: Transactions) {}

  /** `review` starts (+1) or stops (−1) being shown. */
  async apply(review: CountedReview, sign: 1 | -1): Promise<void> {
    const delta: Record<Counter, number> = { count: sign, rating_sum: sign * review.rating, star1: 0, star2: 0, star3: 0, star4: 0, star5: 0, with_photos: review.has_photos ? sign : 0 };
    delta[`star${review.rating}` as Counter] = sign;
    await upsertAdding(this.tx.manager, 'review_summaries', 'product_id', review.product_id, delta);
  }

  async of(productId: number): Promise<ReviewSummary | null> {
    return this.tx.repo(ReviewSummary).findOne({ where: { product_id: productId } });
  }

  /** Every product with shown reviews. */
  async all(): Promise<ReviewSummary[]> {
    return this.tx.repo(ReviewSummary).createQueryBuilder('s').where('s.count > 0').orderBy('s.product_id', 'ASC').getMany();
  }
}

/** Average to one decimal (0 when none). */
export function averageOf(s: Pick<ReviewSummary, 'count' | 'rating_sum'> | null): number {
  if (!s || s.count <= 0) return 0;
  return Math.round((s.rating_sum / s.count) * 10) / 10;
}

export function summaryView(s: ReviewSummary | null): ReviewSummaryView {
  if (!s || s.count <= 0) return { average: 0, count: 0, distribution: [0, 0, 0, 0, 0], withPhotos: 0 };
  return { average: averageOf(s), count: s.count, distribution: [s.star5, s.star4, s.star3, s.star2, s.star1], withPhotos: s.with_photos };
}
