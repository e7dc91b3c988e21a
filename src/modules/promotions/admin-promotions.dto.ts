import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import type { PromotionStatus } from '../../common/api/promotions';
import { GENERIC_BAD_REQUEST } from '../../common/http/envelope';
import { AdminPageDto, BlankToUndefined, IfGiven } from '../../common/validation/admin-page.dto';
import { IfPresent, ToWholeNumber, Trim } from '../../common/validation/decorators';
import { CODE_PREFIX_PATTERN, normalizeCode, PROMOTION_LIMITS, PROMOTION_MSG, PROMOTION_STATUSES } from '../../common/validation/promotion-rules';

/** `GET /api/admin/promotions`: page (20), keyword (name, id or shared code), status. */
export class AdminPromotionsQuery extends AdminPageDto {
  @BlankToUndefined()
  @IfGiven()
  @Trim()
  @MaxLength(PROMOTION_LIMITS.name, { message: GENERIC_BAD_REQUEST })
  @IsString({ message: GENERIC_BAD_REQUEST })
  keyword?: string;

  @BlankToUndefined()
  @IfGiven()
  @IsIn(PROMOTION_STATUSES, { message: GENERIC_BAD_REQUEST })
  status?: PromotionStatus;
}

/** `GET /api/admin/promotions/:id/codes`: page (20). */
export class AdminPromotionCodesQuery extends AdminPageDto {}

/** `PUT /api/admin/promotions/:id/isActive`. */
export class PromotionActiveDto {
  @ToWholeNumber()
  @IsIn([0, 1], { message: GENERIC_BAD_REQUEST })
  is_active: 0 | 1;
}

/** `POST /api/admin/promotions/:id/codes`: 1–10,000 codes, an optional prefix (upper-cased). */
export class GenerateCodesDto {
  @ToWholeNumber()
  @Max(PROMOTION_LIMITS.codeBatch, { message: PROMOTION_MSG.codesCount })
  @Min(1, { message: PROMOTION_MSG.codesCount })
  @IsInt({ message: PROMOTION_MSG.codesCount })
  count: number;

  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? normalizeCode(value) : value === null ? undefined : value))
  @IfPresent()
  @Matches(CODE_PREFIX_PATTERN, { message: PROMOTION_MSG.codesPrefix })
  @IsString({ message: PROMOTION_MSG.codesPrefix })
  prefix?: string;
}
