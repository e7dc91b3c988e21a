import { Transform } from 'class-transformer';
import {
  IsEmail,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  ValidationArguments,
  ValidatorConstraint,
  ValidatorConstraintInterface,
  Validate,
} from 'class-validator';
import { OptionalUserId } from '../../../common/auth/ownership';

export const CONTACT_INCOMPLETE = '請完整填寫姓名、電子郵件與訊息';
export const CONTACT_BAD_EMAIL = 'Email 格式不正確';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const filled = (v: unknown) => typeof v === 'string' && v.trim() !== '';

/**
 * The spec's one message for any blank required field. Declared on `name`, the first
 * property, and checking all three, so it wins over the e-mail format message.
 */
@ValidatorConstraint({ name: 'contactComplete' })
class ContactCompleteConstraint implements ValidatorConstraintInterface {
  validate(_value: unknown, args: ValidationArguments): boolean {
    const o = args.object as Partial<ContactDto>;
    return filled(o.name) && filled(o.email) && filled(o.message);
  }

  defaultMessage(): string {
    return CONTACT_INCOMPLETE;
  }
}

/**
 * `POST /api/email/contactSend` (spec 1 §3 contact message, §5 contact form).
 * class-validator runs a property's rules bottom-up, so each presence check is the lowest decorator.
 */
export class ContactDto {
  @Transform(trim)
  @MaxLength(50, { message: '姓名請勿超過 50 字' })
  @IsString({ message: CONTACT_INCOMPLETE })
  @Validate(ContactCompleteConstraint)
  name: string;

  @Transform(trim)
  @IsEmail({}, { message: CONTACT_BAD_EMAIL })
  @MaxLength(255, { message: CONTACT_BAD_EMAIL })
  @IsString({ message: CONTACT_INCOMPLETE })
  email: string;

  @Transform(trim)
  @MaxLength(5000, { message: '訊息請勿超過 5000 字' })
  @IsString({ message: CONTACT_INCOMPLETE })
  message: string;

  @IsOptional()
  @Transform(trim)
  @Matches(/^[0-9+()#\- ]*$/, { message: '電話格式不正確' })
  @MaxLength(20, { message: '電話格式不正確' })
  @IsString({ message: '電話格式不正確' })
  phone?: string;

  /** Sent by the existing client; ignored — the member comes from the session, never the body. Still a user id in shape. */
  @OptionalUserId()
  user_id?: number;
}
