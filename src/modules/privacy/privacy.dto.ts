import { IsOptional, IsString, MaxLength } from 'class-validator';
import { OptionalUserId } from '../../common/auth/ownership';
import { GENERIC_BAD_REQUEST } from '../../common/http/envelope';
import { AdminPageDto } from '../../common/validation/admin-page.dto';
import { Trim } from '../../common/validation/decorators';

/** `POST /api/member/delete` { password } (password accounts) or { code } (the SMS code, accounts without one). */
export class DeleteAccountDto {
  @OptionalUserId()
  user_id?: number;

  @IsOptional()
  @IsString({ message: GENERIC_BAD_REQUEST })
  @MaxLength(200, { message: GENERIC_BAD_REQUEST })
  password?: string;

  @IsOptional()
  @Trim()
  @IsString({ message: GENERIC_BAD_REQUEST })
  @MaxLength(20, { message: GENERIC_BAD_REQUEST })
  code?: string;
}

/** `POST /api/member/delete/code`: nothing to send (the member's own phone). */
export class DeleteCodeDto {
  @OptionalUserId()
  user_id?: number;
}

/** `GET /api/admin/privacy-requests?limit&offset` (20 a page by default). */
export class PrivacyRequestsQuery extends AdminPageDto {}
