import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import type { ReviewSort } from '../../../common/api/reviews';
import { GENERIC_BAD_REQUEST } from '../../../common/http/envelope';
import { AdminPageDto, BlankToUndefined, IfGiven } from '../../../common/validation/admin-page.dto';
import { IfPresent, ToWholeNumber, Trim } from '../../../common/validation/decorators';
import { REVIEW_MSG } from '../../../common/validation/review-rules';

/**
 * `POST /api/member/reviews`. Only the shape here (an order item id); the rules with the spec's
 * messages (stars, text length, photos) are `reviewInputProblem`, checked by the service in the
 * form's order. A `user_id` in the body is refused as an unknown field: the member is the session's.
 */
export class CreateReviewDto {
  @Min(1, { message: REVIEW_MSG.notEligible })
  @IsInt({ message: REVIEW_MSG.notEligible })
  order_item_id: number;

  @IsOptional()
  rating: unknown;

  @IsOptional()
  content: unknown;

  @IsOptional()
  photos?: unknown;

  /** Ignored (spec 4 §6: the member always comes from the session). */
  @IsOptional()
  user_id?: unknown;
}

/** `GET /api/load/productReviews/:id` query: page, limit (10), stars, withPhotos, sort. */
export class ProductReviewsQuery {
  @BlankToUndefined()
  @IfGiven()
  @ToWholeNumber()
  @Max(100_000, { message: GENERIC_BAD_REQUEST })
  @Min(1, { message: GENERIC_BAD_REQUEST })
  @IsInt({ message: GENERIC_BAD_REQUEST })
  page?: number;

  @BlankToUndefined()
  @IfGiven()
  @ToWholeNumber()
  @Max(50, { message: GENERIC_BAD_REQUEST })
  @Min(1, { message: GENERIC_BAD_REQUEST })
  @IsInt({ message: GENERIC_BAD_REQUEST })
  limit?: number;

  @BlankToUndefined()
  @IfGiven()
  @ToWholeNumber()
  @Max(5, { message: GENERIC_BAD_REQUEST })
  @Min(1, { message: GENERIC_BAD_REQUEST })
  @IsInt({ message: GENERIC_BAD_REQUEST })
  stars?: number;

  @BlankToUndefined()
  @IfGiven()
  @IsIn(['1', '0', 'true', 'false'], { message: GENERIC_BAD_REQUEST })
  withPhotos?: string;

  @BlankToUndefined()
  @IfGiven()
  @IsIn(['newest', 'highest', 'lowest'], { message: GENERIC_BAD_REQUEST })
  sort?: ReviewSort;
}

/** `GET /api/admin/reviews`: page (20), status, stars, product, member, keyword (content or product title). */
export class AdminReviewsQuery extends AdminPageDto {
  @BlankToUndefined()
  @IfGiven()
  @IsIn(['held', 'hidden', 'shown'], { message: GENERIC_BAD_REQUEST })
  status?: 'held' | 'hidden' | 'shown';

  @BlankToUndefined()
  @IfGiven()
  @ToWholeNumber()
  @Max(5, { message: GENERIC_BAD_REQUEST })
  @Min(1, { message: GENERIC_BAD_REQUEST })
  @IsInt({ message: GENERIC_BAD_REQUEST })
  stars?: number;

  @BlankToUndefined()
  @IfGiven()
  @ToWholeNumber()
  @Min(1, { message: GENERIC_BAD_REQUEST })
  @IsInt({ message: GENERIC_BAD_REQUEST })
  product_id?: number;

  @BlankToUndefined()
  @IfGiven()
  @ToWholeNumber()
  @Min(1, { message: GENERIC_BAD_REQUEST })
  @IsInt({ message: GENERIC_BAD_REQUEST })
  user_id?: number;

  @BlankToUndefined()
  @IfGiven()
  @Trim()
  @MaxLength(50, { message: GENERIC_BAD_REQUEST })
  @IsString({ message: GENERIC_BAD_REQUEST })
  keyword?: string;
}

/** `PUT /api/admin/reviews/:id`: show (1) / hide (0) / release a held review (1), and the reply (≤ 500, '' removes it). */
export class AdminReviewUpdateDto {
  @IfPresent()
  @ToWholeNumber()
  @IsIn([0, 1], { message: REVIEW_MSG.badVisible })
  is_visible?: 0 | 1;

  @IfPresent()
  @IsString({ message: REVIEW_MSG.replyLong })
  reply?: string;
}
