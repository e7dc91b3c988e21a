import { Transform } from 'class-transformer';
import { IsInt, IsString, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { GENERIC_BAD_REQUEST } from '../../common/http/envelope';
import { ToWholeNumber, Trim } from '../../common/validation/decorators';

/** Admin members page size (spec 2 §9) and the most one page may hold. */
export const ADMIN_MEMBERS_PAGE_SIZE = 20;
export const ADMIN_MEMBERS_MAX_PAGE_SIZE = 100;

const blankToUndefined = () => Transform(({ value }: { value: unknown }) => (value === '' || value === null ? undefined : value));
const IfGiven = () => ValidateIf((_o: object, v: unknown) => v !== undefined);

/** `POST /api/admin/getUsersByPage {limit, offset, keyword}` (spec 2 §7). */
export class AdminMembersPageDto {
  @blankToUndefined()
  @IfGiven()
  @ToWholeNumber()
  @Max(ADMIN_MEMBERS_MAX_PAGE_SIZE, { message: GENERIC_BAD_REQUEST })
  @Min(1, { message: GENERIC_BAD_REQUEST })
  @IsInt({ message: GENERIC_BAD_REQUEST })
  limit?: number;

  @blankToUndefined()
  @IfGiven()
  @ToWholeNumber()
  @Max(10_000_000, { message: GENERIC_BAD_REQUEST })
  @Min(0, { message: GENERIC_BAD_REQUEST })
  @IsInt({ message: GENERIC_BAD_REQUEST })
  offset?: number;

  @Trim()
  @blankToUndefined()
  @IfGiven()
  @MaxLength(100, { message: GENERIC_BAD_REQUEST })
  @IsString({ message: GENERIC_BAD_REQUEST })
  keyword?: string;
}
