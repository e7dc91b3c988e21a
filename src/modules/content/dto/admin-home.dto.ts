import { Transform, Type } from 'class-transformer';
import { Allow, IsIn, IsInt, IsOptional, IsString, MaxLength, Min, ValidateBy, ValidationOptions } from 'class-validator';
import { HOME_MSG, isAdminUrl } from '../../../common/validation/admin-content';

/** true/false, 1/0 and '1'/'0' as 1/0; null → 1 (shown; absent keeps the stored value, 1 for a new row); anything else is left for the check. */
const ToFlag = () =>
  Transform(({ value }: { value: unknown }) => {
    if (value === undefined || value === null) return 1;
    if (value === true || value === 1 || value === '1') return 1;
    if (value === false || value === 0 || value === '0') return 0;
    return value;
  });

/** Trims strings; null/undefined → ''. */
const Text = () => Transform(({ value }: { value: unknown }) => (value === undefined || value === null ? '' : typeof value === 'string' ? value.trim() : value));

/** A number or digits; absent → 0. */
const ToSort = (absent: unknown) =>
  Transform(({ value }: { value: unknown }) => {
    if (value === undefined || value === null || value === '') return absent;
    if (typeof value === 'string' && /^\s*-?\d{1,9}\s*$/.test(value)) return Number(value);
    return value;
  });

const IsAdminUrl = (options: ValidationOptions) => ValidateBy({ name: 'isAdminUrl', validator: { validate: (v: unknown) => isAdminUrl(v) } }, options);
const Filled = (max: number, message: string) => (target: object, key: string) => {
  ValidateBy({ name: 'isFilled', validator: { validate: (v: unknown) => typeof v === 'string' && v !== '' } }, { message })(target, key);
  MaxLength(max, { message })(target, key);
  IsString({ message })(target, key);
};

/** Fields a client may send back with a card and that are ignored (ids come from the path of the call). */
class Ignored {
  @Allow() created_at?: unknown;
  @Allow() updated_at?: unknown;
}

export class DeleteHomeItemDto {
  @Type(() => Number)
  @IsInt({ message: HOME_MSG.deleteFailed })
  @Min(1, { message: HOME_MSG.deleteFailed })
  id: number;
}

/**
 * Carousel banner (spec 3 §5). The client shows the last failing message of its checks (sort
 * order, link, description, title, phone image, image), so the fields are declared in the reverse
 * order: the server's one message is the same.
 */
export class BannerDto extends Ignored {
  @Allow() id?: unknown;

  @Text()
  @IsAdminUrl({ message: HOME_MSG.imageUrl })
  image_url: string;

  @Text()
  @IsAdminUrl({ message: HOME_MSG.phoneUrl })
  phone_url: string;

  @Text()
  @Filled(100, HOME_MSG.ctitle)
  ctitle: string;

  @Text()
  @Filled(500, HOME_MSG.description)
  description: string;

  @Text()
  @IsAdminUrl({ message: HOME_MSG.linkUrl })
  link_url: string;

  @ToSort(undefined)
  @IsInt({ message: HOME_MSG.sortOrder })
  @Min(0, { message: HOME_MSG.sortOrder })
  sort_order: number;

  @ToFlag()
  @IsIn([0, 1], { message: HOME_MSG.failed })
  @IsOptional()
  is_active?: 0 | 1;
}
export class UpdateBannerDto extends BannerDto {
  @Type(() => Number)
  @IsInt({ message: HOME_MSG.failed })
  @Min(1, { message: HOME_MSG.failed })
  declare id: number;
}

export class EndorsementDto extends Ignored {
  @Allow() id?: unknown;

  @Text()
  @IsAdminUrl({ message: HOME_MSG.imageUrl })
  image_url: string;

  @ToSort(0)
  @IsInt({ message: HOME_MSG.sortOrder })
  @Min(0, { message: HOME_MSG.sortOrder })
  @IsOptional()
  sort_order: number;

  @ToFlag()
  @IsIn([0, 1], { message: HOME_MSG.failed })
  @IsOptional()
  is_active?: 0 | 1;
}
export class UpdateEndorsementDto extends EndorsementDto {
  @Type(() => Number)
  @IsInt({ message: HOME_MSG.failed })
  @Min(1, { message: HOME_MSG.failed })
  declare id: number;
}

export class TestimonialDto extends EndorsementDto {
  @Text()
  @IsString({ message: HOME_MSG.failed })
  @MaxLength(1000, { message: HOME_MSG.failed })
  @IsOptional()
  review?: string;
}
export class UpdateTestimonialDto extends TestimonialDto {
  @Type(() => Number)
  @IsInt({ message: HOME_MSG.failed })
  @Min(1, { message: HOME_MSG.failed })
  declare id: number;
}

export class CertificateDto extends EndorsementDto {
  @Text()
  @IsString({ message: HOME_MSG.failed })
  @MaxLength(100, { message: HOME_MSG.failed })
  @IsOptional()
  title?: string;

  @Text()
  @IsString({ message: HOME_MSG.failed })
  @MaxLength(500, { message: HOME_MSG.failed })
  @IsOptional()
  description?: string;
}
export class UpdateCertificateDto extends CertificateDto {
  @Type(() => Number)
  @IsInt({ message: HOME_MSG.failed })
  @Min(1, { message: HOME_MSG.failed })
  declare id: number;
}
