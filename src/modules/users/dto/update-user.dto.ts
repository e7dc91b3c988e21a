import { Transform } from 'class-transformer';
import { IsIn, IsOptional, MaxLength } from 'class-validator';
import { OptionalUserId } from '../../../common/auth/ownership';
import { IsBirthday, IsChineseName, IsFilled, Trim } from '../../../common/validation/decorators';
import { MSG } from '../../../common/validation/messages';
import { NAME_MAX } from '../../../common/validation/taiwan';

/** `POST /api/user/updateUser` (spec 2 §7). */
export class UpdateUserDto {
  @OptionalUserId()
  user_id?: number;

  @Trim()
  @MaxLength(NAME_MAX, { message: MSG.nameTooLong })
  @IsChineseName({ message: MSG.nameChineseOnly })
  @IsFilled({ message: MSG.nameRequired })
  username: string;

  @Transform(({ value }: { value: unknown }) => (value === undefined || value === null ? '' : value))
  @IsIn(['', 'male', 'female'], { message: MSG.genderInvalid })
  gender: '' | 'male' | 'female' = '';

  /** YYYY-MM-DD, not after today (Taipei); empty clears it. */
  @Transform(({ value }: { value: unknown }) => (value === '' ? null : value))
  @IsOptional()
  @IsBirthday({ message: MSG.birthdayInvalid })
  birthday?: string | null;
}
