import { Transform, Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Matches, MaxLength, Min, ValidateBy } from 'class-validator';
import { PAGES_MSG } from '../admin-pages.service';
import { isAdminUrl } from '../../../common/validation/admin-content';

const Trim = () => Transform(({ value }: { value: unknown }) => (value === undefined || value === null ? '' : typeof value === 'string' ? value.trim() : value));
const KEY = /^[A-Za-z0-9_-]{1,50}$/;

/** `{limit, offset, keyword}` of the list calls; limit ≤ 100 whatever the client asks. */
export class AdminListDto {
  @Transform(({ value }: { value: unknown }) => (typeof value === 'number' && value > 100 ? 100 : value))
  @Type(() => Number)
  @IsInt({ message: PAGES_MSG.loadFailed })
  @Min(1, { message: PAGES_MSG.loadFailed })
  @IsOptional()
  limit?: number;

  @Type(() => Number)
  @IsInt({ message: PAGES_MSG.loadFailed })
  @Min(0, { message: PAGES_MSG.loadFailed })
  @IsOptional()
  offset?: number;

  @Trim()
  @IsString({ message: PAGES_MSG.loadFailed })
  @MaxLength(100, { message: PAGES_MSG.loadFailed })
  @IsOptional()
  keyword?: string;
}

export class UpdateImageUrlDto {
  @Matches(KEY, { message: PAGES_MSG.updateFailed })
  @IsString({ message: PAGES_MSG.updateFailed })
  version_page_type: string;

  @Matches(KEY, { message: PAGES_MSG.updateFailed })
  @IsString({ message: PAGES_MSG.updateFailed })
  image_type: string;

  @Trim()
  @ValidateBy({ name: 'isAdminUrl', validator: { validate: (v: unknown) => isAdminUrl(v) } }, { message: '請輸入圖片 URL' })
  image_url: string;
}
