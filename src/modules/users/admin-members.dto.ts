import { IsString, MaxLength } from 'class-validator';
import { GENERIC_BAD_REQUEST } from '../../common/http/envelope';
import { Trim } from '../../common/validation/decorators';
import { AdminPageDto, BlankToUndefined, IfGiven } from '../../common/validation/admin-page.dto';

/** Admin members page size (spec 2 §9); the cap is AdminPageDto's. */
export const ADMIN_MEMBERS_PAGE_SIZE = 20;


/** `POST /api/admin/getUsersByPage {limit, offset, keyword}` (spec 2 §7). */
export class AdminMembersPageDto extends AdminPageDto {
  @Trim()
  @BlankToUndefined()
  @IfGiven()
  @MaxLength(100, { message: GENERIC_BAD_REQUEST })
  @IsString({ message: GENERIC_BAD_REQUEST })
  keyword?: string;
}
