import { Injectable } from '@nestjs/common';
import type { ProductReviewsAnswer, RatingsAnswer, ReviewSort, ReviewSummaryView, ReviewView } from '../../common/api/reviews';
import { CachedJson, ReadCache } from '../../common/cache/read-cache.service';
import { ok } from '../../common/http/envelope';
import { Transactions } from '../../common/transactions/transactions';
import { REVIEW_LIMITS } from '../../common/validation/review-rules';
import { Review } from './entities/review.entity';
import { averageOf, ReviewSummaries, summaryView } from './review-summaries';
import { publicView, REVIEWS_CACHE } from './review-views';

export interface ProductReviewsFilter {
  page?: number;
  limit?: number;
  stars?: number;
  withPhotos?: boolean;
  sort?: ReviewSort;
}

/** What a product page's structured data says about its reviews (none when nothing is shown). */
export interface ProductRatingLd {
  average: number;
  count: number;
  /** A few recent shown reviews (newest first). */
  reviews: ReviewView[];
}

/**
 * The public review reads (spec 4 §7), cached in ReadCache and dropped when a review of the product
 * changes (ReviewsService.dropAfterCommit): a product's summary (its review_summaries row, never a
 * recount) with one page of shown reviews, the ratings of every product for the cards, the
 * server-rendered page's AggregateRating. Each page query walks one of the reviews' product indexes.
 */
@Injectable()
export class ReviewReads {
  constructor(
    private readonly tx: Transactions,
    private readonly summaries: ReviewSummaries,
    private readonly cache: ReadCache,
  ) {}

  productReviews(productId: number, f: ProductReviewsFilter): Promise<CachedJson> {
    const page = f.page ?? 1;
    const limit = f.limit ?? REVIEW_LIMITS.pageSize;
    const sort = f.sort ?? 'newest';
    const key = `${REVIEWS_CACHE.product(productId)}${page}:${limit}:${f.stars ?? ''}:${f.withPhotos ? 1 : 0}:${sort}`;
    return this.cache.getJson(key, async (): Promise<ProductReviewsAnswer> => {
      const row = await this.summaries.of(productId);
      const summary = summaryView(row);
      const total = await this.totalOf(productId, summary, f);
      const reviews = total === 0 ? [] : await this.page(productId, f, page, limit, sort, summary);
      return ok({ summary, reviews: reviews.map(publicView), total });
    });
  }

  /** Cached: the cards' average and count of every product with shown reviews. */
  ratings(): Promise<CachedJson> {
    return this.cache.getJson(REVIEWS_CACHE.ratings, async (): Promise<RatingsAnswer> => {
      const ratings: Record<string, { average: number; count: number }> = {};
      for (const s of await this.summaries.all()) ratings[String(s.product_id)] = { average: averageOf(s), count: s.count };
      return ok({ ratings });
    });
  }

  /** The cached ratings answer, if filled (the fast path's read). */
  peekRatings(): CachedJson | undefined {
    return this.cache.peek<CachedJson>(REVIEWS_CACHE.ratings);
  }

  /** For the product page's JSON-LD: the average, the count and the 5 newest shown reviews; null when none are shown. */
  ratingLd(productId: number): Promise<ProductRatingLd | null> {
    return this.cache.getOrLoad(REVIEWS_CACHE.seo(productId), async () => {
      const row = await this.summaries.of(productId);
      if (!row || row.count <= 0) return null;
      const reviews = await this.page(productId, {}, 1, 5, 'newest');
      return { average: averageOf(row), count: row.count, reviews: reviews.map(publicView) };
    });
  }

  /** The shown reviews matching the filter, from the summary's counters where they answer it. */
  private async totalOf(productId: number, s: ReviewSummaryView, f: ProductReviewsFilter): Promise<number> {
    if (f.stars && f.withPhotos) return this.shown(productId, f).getCount();
    if (f.stars) return s.distribution[5 - f.stars];
    if (f.withPhotos) return s.withPhotos;
    return s.count;
  }

  private shown(productId: number, f: ProductReviewsFilter) {
    const qb = this.tx
      .repo(Review)
      .createQueryBuilder('r')
      .where('r.product_id = :productId', { productId })
      .andWhere('r.is_visible = 1')
      .andWhere('r.held = 0');
    if (f.stars) qb.andWhere('r.rating = :stars', { stars: f.stars });
    if (f.withPhotos) qb.andWhere('r.has_photos = 1');
    return qb;
  }

  private async page(productId: number, f: ProductReviewsFilter, page: number, limit: number, sort: ReviewSort, s?: ReviewSummaryView): Promise<Review[]> {
    const offset = (page - 1) * limit;
    if (sort !== 'newest' && !f.stars && !f.withPhotos && s) return this.byStars(productId, s, offset, limit, sort === 'highest' ? [5, 4, 3, 2, 1] : [1, 2, 3, 4, 5]);
    const qb = this.shown(productId, f);
    if (sort === 'highest' && !f.stars) qb.orderBy('r.rating', 'DESC').addOrderBy('r.created_at', 'DESC');
    else if (sort === 'lowest' && !f.stars) qb.orderBy('r.rating', 'ASC').addOrderBy('r.created_at', 'DESC');
    else qb.orderBy('r.created_at', 'DESC');
    return qb.addOrderBy('r.id', 'DESC').offset(offset).limit(limit).getMany();
  }

  /**
   * Highest / lowest first: star by star (the summary says how many each has), newest first within
   * a star, so each query reads one range of the (product, shown, rating, created_at) index instead
   * of sorting every review of the product.
   */
  private async byStars(productId: number, s: ReviewSummaryView, offset: number, limit: number, stars: number[]): Promise<Review[]> {
    const out: Review[] = [];
    let skip = offset;
    for (const star of stars) {
      if (out.length >= limit) break;
      const n = s.distribution[5 - star];
      if (skip >= n) {
        skip -= n;
        continue;
      }
      const rows = await this.shown(productId, { stars: star })
        .orderBy('r.created_at', 'DESC')
        .addOrderBy('r.id', 'DESC')
        .offset(skip)
        .limit(limit - out.length)
        .getMany();
      out.push(...rows);
      skip = 0;
    }
    return out;
  }
}
