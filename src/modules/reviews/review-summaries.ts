import { Injectable } from '@nestjs/common';
import type { ReviewSummaryView } from '../../common/api/reviews';
import { isDuplicateKey } from '../../database/db-dialect';
import { Transactions } from '../../common/transactions/transactions';
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
 * review, never recounted per request. An UPDATE of the product's row by increments first (no read,
 * no lock taken before the write: two reviews of one product never deadlock); the first review of a
 * product inserts the row (a concurrent first insert loses on the primary key and updates instead).
 */
@Injectable()
export class ReviewSummaries {
  constructor(private readonly tx: Transactions) {}

  /** `review` starts (+1) or stops (−1) being shown. */
  async apply(review: CountedReview, sign: 1 | -1): Promise<void> {
    const star = `star${review.rating}` as Counter;
    const delta: Partial<Record<Counter, number>> = { count: sign, rating_sum: sign * review.rating, [star]: sign };
    if (review.has_photos) delta.with_photos = sign;
    if (await this.increment(review.product_id, delta)) return;
    try {
      await this.tx.repo(ReviewSummary).insert({ product_id: review.product_id, ...zeroes(), ...delta });
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      await this.increment(review.product_id, delta);
    }
  }

  private async increment(productId: number, delta: Partial<Record<Counter, number>>): Promise<boolean> {
    const set: Record<string, () => string> = {};
    for (const [k, v] of Object.entries(delta)) set[k] = () => `\`${k}\` + (${Number(v)})`;
    const res = await this.tx.repo(ReviewSummary).createQueryBuilder().update().set(set).where('product_id = :productId', { productId }).execute();
    return (res.affected ?? 0) > 0;
  }

  async of(productId: number): Promise<ReviewSummary | null> {
    return this.tx.repo(ReviewSummary).findOne({ where: { product_id: productId } });
  }

  /** Every product with shown reviews. */
  async all(): Promise<ReviewSummary[]> {
    return this.tx.repo(ReviewSummary).createQueryBuilder('s').where('s.count > 0').orderBy('s.product_id', 'ASC').getMany();
  }
}

function zeroes(): Record<Counter, number> {
  return { count: 0, rating_sum: 0, star1: 0, star2: 0, star3: 0, star4: 0, star5: 0, with_photos: 0 };
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
