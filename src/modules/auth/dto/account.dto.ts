import { Transform } from 'class-transformer';
import { Allow, IsBoolean, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { OptionalUserId } from '../../../common/auth/ownership';
import { GENERIC_BAD_REQUEST } from '../../../common/http/envelope';
import { IsFilled, IsShopPassword, IsTaiwanMobile, NormalizeMobile } from '../../../common/validation/decorators';
import { MSG } from '../../../common/validation/messages';
import { PASSWORD_MAX } from '../../../common/validation/taiwan';

export const LOGIN_MISSING = MSG.loginMissing;

/** `POST /api/login/basic-login` (spec 1 §7): account = the phone number. */
export class BasicLoginDto {
  @MaxLength(64, { message: MSG.loginFailed })
  @IsString({ message: LOGIN_MISSING })
  @IsFilled({ message: LOGIN_MISSING })
  account: string;

  @MaxLength(PASSWORD_MAX, { message: MSG.loginFailed })
  @IsString({ message: LOGIN_MISSING })
  @IsFilled({ message: LOGIN_MISSING })
  password: string;
}

/** `POST /api/user/register` (spec 1 §7), after /api/phone/verifycode. */
export class RegisterDto {
  @NormalizeMobile()
  @IsTaiwanMobile({ message: MSG.phoneInvalid })
  @IsFilled({ message: MSG.phoneRequired })
  phone: string;

  @MaxLength(PASSWORD_MAX, { message: MSG.passwordTooLong })
  @IsShopPassword({ message: MSG.passwordRule })
  @IsFilled({ message: MSG.passwordRequired })
  password: string;

  /** The unticked box 我同意接收優惠與活動通知 (issue 22 §1): 1 opts in to marketing by e-mail and LINE; default 0. */
  @IsOptional()
  @IsIn([0, 1], { message: GENERIC_BAD_REQUEST })
  marketing_consent?: 0 | 1;
}

/** `POST /api/user/resetPassword` (spec 1 §7), after verifycode type forgot. */
export class ResetPasswordDto {
  @NormalizeMobile()
  @IsTaiwanMobile({ message: MSG.phoneInvalid })
  @IsFilled({ message: MSG.forgotPhoneRequired })
  phone: string;

  @MaxLength(PASSWORD_MAX, { message: MSG.passwordTooLong })
  @IsShopPassword({ message: MSG.passwordRule })
  @IsFilled({ message: MSG.forgotPasswordRequired })
  newPassword: string;
}

/** `POST /api/user/updatePassword` (spec 1 §5, §7). */
export class UpdatePasswordDto {
  @OptionalUserId()
  user_id?: number;

  /** The member's account as the client shows it; must be the session member's. null or '' (a social-only member has none) = not given. */
  @Transform(({ value }: { value: unknown }) => (value === null ? undefined : value))
  @IsOptional()
  @IsString({ message: MSG.forbiddenOtherMember })
  account?: string;

  @MaxLength(PASSWORD_MAX, { message: MSG.currentPasswordWrong })
  @IsShopPassword({ message: MSG.currentPasswordRule })
  @IsFilled({ message: MSG.currentPasswordRequired })
  currentPassword: string;

  @MaxLength(PASSWORD_MAX, { message: MSG.passwordTooLong })
  @IsShopPassword({ message: MSG.newPasswordRule })
  @IsFilled({ message: MSG.passwordRequired })
  newPassword: string;

  /** Also end the member's sessions on other devices: true or false (absent or null = false). */
  @IsOptional()
  @IsBoolean({ message: GENERIC_BAD_REQUEST })
  logoutOthers?: boolean;
}

/** `POST /api/login/state-save` (spec 1 §4). */
export class StateSaveDto {
  @Allow()
  state?: unknown;
}
