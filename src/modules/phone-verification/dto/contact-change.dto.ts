import { IsString, MaxLength } from 'class-validator';
import { OptionalUserId } from '../../../common/auth/ownership';
import { IsEmailAddress, IsFilled, IsTaiwanMobile, NormalizeEmail, NormalizeMobile, Trim } from '../../../common/validation/decorators';
import { MSG } from '../../../common/validation/messages';

/** `POST /api/email/send-code` (spec 2 §7): a code to the new address. */
export class SendEmailCodeDto {
  @NormalizeEmail()
  @IsEmailAddress({ message: MSG.emailInvalid })
  @IsFilled({ message: MSG.newEmailRequired })
  email: string;
}

/** `POST /api/user/updateEmail` (spec 2 §7). */
export class UpdateEmailDto {
  @OptionalUserId()
  user_id?: number;

  @NormalizeEmail()
  @IsEmailAddress({ message: MSG.emailInvalid })
  @IsFilled({ message: MSG.newEmailRequired })
  email: string;

  @Trim()
  @MaxLength(6, { message: MSG.profileVerifyFailed })
  @IsString({ message: MSG.profileCodeRequired })
  @IsFilled({ message: MSG.profileCodeRequired })
  code: string;
}

/** `POST /api/user/updatePhone` (spec 2 §7). */
export class UpdatePhoneDto {
  @OptionalUserId()
  user_id?: number;

  @NormalizeMobile()
  @IsTaiwanMobile({ message: MSG.newPhoneInvalid })
  @IsFilled({ message: MSG.newPhoneRequired })
  phone: string;

  @Trim()
  @MaxLength(6, { message: MSG.profileVerifyFailed })
  @IsString({ message: MSG.profileCodeRequired })
  @IsFilled({ message: MSG.profileCodeRequired })
  code: string;
}
