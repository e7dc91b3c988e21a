import { Transform, Type } from 'class-transformer';
import { Allow, IsDefined, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min, ValidateBy } from 'class-validator';
import { POSTER_ANIMATIONS, POSTER_LAYOUTS, POSTER_MSG } from '../admin-posters.service';
import { isAdminUrl } from '../../../common/validation/admin-content';

const Trim = () => Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));
const ToFlag = () =>
  Transform(({ value }: { value: unknown }) => {
    if (value === true || value === 1 || value === '1') return 1;
    if (value === false || value === 0 || value === '0') return 0;
    return value;
  });
const Filled = () => ValidateBy({ name: 'isFilled', validator: { validate: (v: unknown) => typeof v === 'string' && v.trim() !== '' } }, { message: POSTER_MSG.required });

/**
 * `createPoster` (spec 3 §5 poster): title, content and coverImage required (one message), then
 * seo_description defined; layout, width 10–90 (default 50) and animations from their lists.
 */
export class PosterDto {
  @Allow() id?: unknown;
  @Allow() created_at?: unknown;
  @Allow() updated_at?: unknown;

  @Trim()
  @MaxLength(150, { message: POSTER_MSG.required })
  @Filled()
  title: string;

  @MaxLength(2_000_000, { message: POSTER_MSG.required })
  @Filled()
  content: string;

  @Trim()
  @ValidateBy({ name: 'isAdminUrl', validator: { validate: (v: unknown) => isAdminUrl(v) } }, { message: POSTER_MSG.required })
  @Filled()
  coverImage: string;

  @IsString({ message: POSTER_MSG.seoDescription })
  @IsDefined({ message: POSTER_MSG.seoDescription })
  seo_description: string;

  @IsIn([...POSTER_LAYOUTS], { message: POSTER_MSG.required })
  @IsOptional()
  layoutType?: string;

  @Type(() => Number)
  @IsInt({ message: '圖片寬度須為 10 到 90' })
  @Min(10, { message: '圖片寬度須為 10 到 90' })
  @Max(90, { message: '圖片寬度須為 10 到 90' })
  @IsOptional()
  imageWidth?: number;

  @Transform(({ value }: { value: unknown }) => (value === null ? '' : value))
  @IsIn([...POSTER_ANIMATIONS], { message: POSTER_MSG.required })
  @IsOptional()
  textAnimation?: string;

  @Transform(({ value }: { value: unknown }) => (value === null ? '' : value))
  @IsIn([...POSTER_ANIMATIONS], { message: POSTER_MSG.required })
  @IsOptional()
  imageAnimation?: string;

  @ToFlag()
  @IsIn([0, 1], { message: POSTER_MSG.required })
  @IsOptional()
  is_active?: 0 | 1;
}

export class UpdatePosterDto extends PosterDto {
  @Type(() => Number)
  @IsInt({ message: POSTER_MSG.updateFailed })
  @Min(1, { message: POSTER_MSG.updateFailed })
  declare id: number;
}

export class PosterActiveDto {
  @Type(() => Number)
  @IsInt({ message: POSTER_MSG.updateFailed })
  @Min(1, { message: POSTER_MSG.updateFailed })
  id: number;

  @ToFlag()
  @IsIn([0, 1], { message: POSTER_MSG.updateFailed })
  is_active: 0 | 1;
}

export class PosterIdDto {
  @Type(() => Number)
  @IsInt({ message: POSTER_MSG.deleteFailed })
  @Min(1, { message: POSTER_MSG.deleteFailed })
  id: number;
}
