import { IsInt, Max, Min } from 'class-validator';
import { GENERIC_BAD_REQUEST } from '../../../common/http/envelope';
import { BlankToUndefined, IfGiven } from '../../../common/validation/admin-page.dto';
import { ToWholeNumber } from '../../../common/validation/decorators';

/** `?page&limit` of a points history (limit 20 by default, at most 100). */
export class PointsPageQuery {
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
  @Max(100, { message: GENERIC_BAD_REQUEST })
  @Min(1, { message: GENERIC_BAD_REQUEST })
  @IsInt({ message: GENERIC_BAD_REQUEST })
  limit?: number;
}
