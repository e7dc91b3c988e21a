import { HttpStatus, Injectable, Logger } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { CreateReviewAnswer, MyReviewView, ReviewableItem, ReviewablesAnswer } from '../../common/api/reviews';
import { ReadCache } from '../../common/cache/read-cache.service';
import { AppError } from '../../common/errors/app-error';
import { DomainEvents } from '../../common/events/domain-events';
import { ok } from '../../common/http/envelope';
import { taipeiToday } from '../../common/time/taipei-time';
import { Transactions } from '../../common/transactions/transactions';
import { heldReasons, maskName, REVIEW_LIMITS, REVIEW_MSG, reviewInputProblem } from '../../common/validation/review-rules';
import { isDuplicateKey } from '../../database/db-dialect';
import { RewardsSettings } from '../rewards/rewards-settings.service';
import { UsersService } from '../users/users.service';
import { Review } from './entities/review.entity';
import { REVIEWABLE_STATUSES, ReviewOrderLine, ReviewOrderLines } from '../orders/review-order-lines';
import { ReviewPhotos } from './review-photos.service';
import { ReviewSummaries } from './review-summaries';
import { myView, REVIEWS_CACHE } from './review-views';

const DAY_MS = 24 * 3600_000;
/** Spec 4 §9 defaults (REVIEW_POINTS 20, 50 with a photo), shown if the rewards rules cannot be read. */
const DEFAULT_REVIEW_POINTS = { plain: 20, photo: 50 };

export interface CreateReviewInput {
  order_item_id: number;
  rating: unknown;
  content: unknown;
  photos?: unknown;
}

/** The last moment a line delivered at `deliveredAt` may be reviewed. */
export function reviewDeadline(deliveredAt: Date): Date {
  return new Date(deliveredAt.getTime() + REVIEW_LIMITS.windowDays * DAY_MS);
}

/**
 * Members' reviews (spec 4 §4, issue 21 §4): write one per delivered or completed item within 90
 * days, what waits for a review, the member's own reviews, and how many a member wrote. Publishing
 * (at once, or when staff show a held one) changes the product's review_summaries row and publishes
 * `review.published` in the same transaction; the public reads (ReviewReads) are dropped after commit.
 */
@Injectable()
export class ReviewsService {
  private readonly logger = new Logger('ReviewsService');

  constructor(
    private readonly tx: Transactions,
    private readonly lines: ReviewOrderLines,
    private readonly summaries: ReviewSummaries,
    private readonly photos: ReviewPhotos,
    private readonly events: DomainEvents,
    private readonly cache: ReadCache,
    private readonly moduleRef: ModuleRef,
  ) {}

  /** How many reviews a member wrote (any state), for the admin member detail. */
  countByUser(userId: number): Promise<number> {
    return this.tx.repo(Review).count({ where: { user_id: userId } });
  }

  async create(userId: number, input: CreateReviewInput): Promise<CreateReviewAnswer> {
    const problem = reviewInputProblem(input);
    if (problem) throw new AppError(problem);
    const photos = [...new Set((input.photos as string[] | undefined | null) ?? [])];
    if (photos.some((url) => !this.photos.owns(userId, url))) throw new AppError(REVIEW_MSG.photoInvalid);
    const content = (input.content as string).trim();
    const rating = input.rating as number;
    const reasons = heldReasons(content);
    const held = reasons.length > 0;
    const displayName = maskName(await this.username(userId));

    const { review, line } = await this.tx.run(async () => {
      const line = await this.lines.line(input.order_item_id);
      if (!line || line.user_id !== userId || line.line_kind === 'gift' || !REVIEWABLE_STATUSES.includes(line.status_name) || !line.delivered_at) {
        throw new AppError(REVIEW_MSG.notEligible);
      }
      const existing = await this.tx.repo(Review).findOne({ where: { order_item_id: line.order_item_id }, select: { id: true } });
      if (existing) throw new AppError(REVIEW_MSG.already, HttpStatus.CONFLICT);
      if (Date.now() > reviewDeadline(line.delivered_at).getTime()) throw new AppError(REVIEW_MSG.expired);
      let id: number;
      try {
        const res = await this.tx.repo(Review).insert({
          order_item_id: line.order_item_id,
          order_id: line.order_id,
          product_id: line.product_id,
          variant_id: line.variant_id,
          variant_name: line.variant_name.slice(0, 100),
          user_id: userId,
          rating,
          content,
          photos,
          has_photos: photos.length ? 1 : 0,
          display_name: displayName,
          is_visible: 1,
          held: held ? 1 : 0,
          held_reason: reasons.join('、'),
        });
        id = Number(res.identifiers[0].id);
      } catch (err) {
        // The other of two submits at once (unique order_item_id).
        if (isDuplicateKey(err)) throw new AppError(REVIEW_MSG.already, HttpStatus.CONFLICT);
        throw err;
      }
      const review = await this.tx.repo(Review).findOneOrFail({ where: { id } });
      if (!held) await this.published(review);
      return { review, line };
    });
    if (!held) this.logger.debug(`review ${review.id} published`);
    const points = await this.pointsFor(photos.length > 0);
    return ok({ review: myView(review, line), points }, held ? REVIEW_MSG.held : REVIEW_MSG.published);
  }

  /**
   * `review` becomes visible for the first time (at once, or released by staff): counted in the
   * summary and announced (review points) in the caller's transaction; the product's public reads
   * are dropped after commit.
   */
  async published(review: Review): Promise<void> {
    await this.summaries.apply(review, 1);
    await this.events.publish('review.published', { reviewId: review.id, userId: review.user_id, productId: review.product_id, withPhotos: review.has_photos === 1 });
    this.dropAfterCommit(review.product_id);
  }

  /** Drops the product's cached review answers, the ratings and its server-rendered page once the transaction commits. */
  dropAfterCommit(productId: number): void {
    this.tx.afterCommit(async () => {
      await this.cache.invalidate(REVIEWS_CACHE.product(productId));
      await this.cache.invalidate(REVIEWS_CACHE.seo(productId));
      await this.cache.invalidate(REVIEWS_CACHE.ratings);
      // The product's server-rendered head carries the rating (SeoPagesService caches it under catalog:seo:<origin>|product:<id>).
      await this.cache.invalidate('catalog:seo:');
    });
  }

  /** `GET /api/member/reviewables`: items waiting for a review (within 90 days, not gifts) and the member's reviews. */
  async reviewables(userId: number): Promise<ReviewablesAnswer> {
    const [delivered, reviews] = await Promise.all([
      this.lines.deliveredLines(userId),
      this.tx.repo(Review).find({ where: { user_id: userId }, order: { created_at: 'DESC', id: 'DESC' } }),
    ]);
    const reviewed = new Set(reviews.map((r) => r.order_item_id));
    const now = Date.now();
    const items: ReviewableItem[] = delivered
      .filter((l) => l.line_kind !== 'gift' && l.delivered_at && !reviewed.has(l.order_item_id) && now <= reviewDeadline(l.delivered_at).getTime())
      .map((l) => ({
        order_item_id: l.order_item_id,
        order_id: l.order_id,
        order_no: l.order_no,
        product_id: l.product_id,
        title: l.title,
        variant_name: l.variant_name,
        image_url: l.image_url,
        delivered_at: l.delivered_at!.toISOString(),
        deadline: taipeiToday(reviewDeadline(l.delivered_at!)),
      }));
    const known = new Map<number, ReviewOrderLine>(delivered.map((l) => [l.order_item_id, l]));
    const missing = reviews.filter((r) => !known.has(r.order_item_id)).map((r) => r.order_item_id);
    for (const [id, l] of await this.lines.lines(missing)) known.set(id, l);
    const mine: MyReviewView[] = reviews.map((r) => myView(r, known.get(r.order_item_id)));
    return ok({ items, reviews: mine });
  }

  /**
   * What a review earns once published: the points rules the rewards module awards with (REVIEW_POINTS /
   * REVIEW_PHOTO_POINTS, or the owner's at /admin/tiers), found at run time; the spec's defaults if absent.
   */
  async pointsFor(withPhotos: boolean): Promise<number> {
    try {
      const rules = await this.moduleRef.get(RewardsSettings, { strict: false }).rules();
      return withPhotos ? rules.review_photo_points : rules.review_points;
    } catch (err) {
      this.logger.warn(`points rules not read, the spec's defaults are shown: ${(err as Error).message}`);
      return withPhotos ? DEFAULT_REVIEW_POINTS.photo : DEFAULT_REVIEW_POINTS.plain;
    }
  }

  /** The member's name as stored (the users module, found at run time: it may read reviews back). */
  async username(userId: number): Promise<string> {
    const users = this.moduleRef.get(UsersService, { strict: false });
    return (await users.findById(userId))?.username ?? '';
  }

  /** Names of members for staff (id → name). */
  async usernames(userIds: number[]): Promise<Map<number, string>> {
    const users = this.moduleRef.get(UsersService, { strict: false });
    const out = new Map<number, string>();
    for (const id of new Set(userIds)) out.set(id, (await users.findById(id))?.username ?? '');
    return out;
  }
}

