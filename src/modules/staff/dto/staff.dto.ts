import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import type { AdminRole } from '../../../common/api/admin';
import { GENERIC_BAD_REQUEST } from '../../../common/http/envelope';
import { IfPresent, IsFilled, Trim } from '../../../common/validation/decorators';
import {
  ADMIN_DISPLAY_NAME_MAX,
  ADMIN_MSG,
  ADMIN_PASSWORD_MAX,
  ADMIN_PASSWORD_MIN,
  ADMIN_ROLES,
  ADMIN_USERNAME_PATTERN,
  STAFF_MSG,
} from '../../../common/validation/admin';

const LowerCase = () => Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toLowerCase() : value));
/** `true`/`1`/`"true"` (the spec's clients send booleans either way). */
const ToBool = () =>
  Transform(({ value }: { value: unknown }) => (value === true || value === 1 || value === '1' || value === 'true' ? true : value === undefined ? undefined : false));

/** POST /api/admin/login (spec 3 §7) + `otp` when two-factor is on. */
export class AdminLoginDto {
  @MaxLength(50, { message: ADMIN_MSG.wrongCredentials })
  @IsString({ message: ADMIN_MSG.usernameRequired })
  @IsFilled({ message: ADMIN_MSG.usernameRequired })
  username: string;

  @MaxLength(ADMIN_PASSWORD_MAX, { message: ADMIN_MSG.wrongCredentials })
  @IsString({ message: ADMIN_MSG.passwordRequired })
  @IsFilled({ message: ADMIN_MSG.passwordRequired })
  password: string;

  @IsOptional()
  @ToBool()
  @IsBoolean()
  rememberMe?: boolean;

  @IsOptional()
  @Trim()
  @IsString({ message: ADMIN_MSG.otpWrong })
  @MaxLength(10, { message: ADMIN_MSG.otpWrong })
  otp?: string;
}

export class TotpCodeDto {
  @Trim()
  @IsString({ message: ADMIN_MSG.otpRequired })
  @IsFilled({ message: ADMIN_MSG.otpRequired })
  @MaxLength(10, { message: ADMIN_MSG.otpWrong })
  code: string;
}

export class CreateStaffDto {
  @LowerCase()
  @Matches(ADMIN_USERNAME_PATTERN, { message: STAFF_MSG.usernameInvalid })
  @IsString({ message: STAFF_MSG.usernameInvalid })
  username: string;

  @Trim()
  @MaxLength(ADMIN_DISPLAY_NAME_MAX, { message: STAFF_MSG.displayNameTooLong })
  @IsString({ message: STAFF_MSG.displayNameRequired })
  @IsFilled({ message: STAFF_MSG.displayNameRequired })
  display_name: string;

  @IsIn(ADMIN_ROLES as AdminRole[], { message: STAFF_MSG.roleInvalid })
  role: AdminRole;

  @MaxLength(ADMIN_PASSWORD_MAX, { message: STAFF_MSG.passwordTooLong })
  @MinLength(ADMIN_PASSWORD_MIN, { message: STAFF_MSG.passwordTooShort })
  @IsString({ message: STAFF_MSG.passwordTooShort })
  password: string;
}

export class UpdateStaffDto {
  @IfPresent()
  @Trim()
  @MaxLength(ADMIN_DISPLAY_NAME_MAX, { message: STAFF_MSG.displayNameTooLong })
  @IsString({ message: STAFF_MSG.displayNameRequired })
  @IsFilled({ message: STAFF_MSG.displayNameRequired })
  display_name?: string;

  @IfPresent()
  @IsIn(ADMIN_ROLES as AdminRole[], { message: STAFF_MSG.roleInvalid })
  role?: AdminRole;

  @IfPresent()
  @Transform(({ value }: { value: unknown }) => (value === true ? 1 : value === false ? 0 : value))
  @IsInt({ message: GENERIC_BAD_REQUEST })
  @IsIn([0, 1], { message: GENERIC_BAD_REQUEST })
  is_active?: number;
}

export class StaffPasswordDto {
  @MaxLength(ADMIN_PASSWORD_MAX, { message: STAFF_MSG.passwordTooLong })
  @MinLength(ADMIN_PASSWORD_MIN, { message: STAFF_MSG.passwordTooShort })
  @IsString({ message: STAFF_MSG.passwordTooShort })
  password: string;
}

/** POST /api/admin/password: the signed-in admin's own password. */
export class OwnPasswordDto {
  @MaxLength(ADMIN_PASSWORD_MAX, { message: ADMIN_MSG.wrongCredentials })
  @IsString({ message: ADMIN_MSG.passwordRequired })
  @IsFilled({ message: ADMIN_MSG.passwordRequired })
  currentPassword: string;

  @MaxLength(ADMIN_PASSWORD_MAX, { message: STAFF_MSG.passwordTooLong })
  @MinLength(ADMIN_PASSWORD_MIN, { message: STAFF_MSG.passwordTooShort })
  @IsString({ message: STAFF_MSG.passwordTooShort })
  newPassword: string;
}
