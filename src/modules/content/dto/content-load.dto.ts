import { Transform } from 'class-transformer';
import { IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';

/** Version markers are strings; older clients may have stored a number (or nothing yet). */
const versionString = ({ value }: { value: unknown }) => (typeof value === 'number' ? String(value) : value);
const VERSION_MESSAGE = '版本格式錯誤';
const KEY = /^[A-Za-z0-9_-]+$/;
// class-validator runs a property's rules bottom-up: the presence check is the lowest decorator so its message wins.

/** `POST /api/load/homepage`. */
export class HomepageDto {
  @IsOptional()
  @Transform(versionString)
  @MaxLength(64, { message: VERSION_MESSAGE })
  @IsString({ message: VERSION_MESSAGE })
  homeVersion?: string;

  @IsOptional()
  @Transform(versionString)
  @MaxLength(64, { message: VERSION_MESSAGE })
  @IsString({ message: VERSION_MESSAGE })
  homeProductsVersion?: string;
}

/** `POST /api/load/aboutpage`. */
export class AboutPageDto {
  @IsOptional()
  @Transform(versionString)
  @MaxLength(64, { message: VERSION_MESSAGE })
  @IsString({ message: VERSION_MESSAGE })
  aboutVersion?: string;
}

/** `POST /api/load/loadhtmlpage`: page_type is the html_type (privacypolicy, maskCare, …). */
export class HtmlPageDto {
  @Matches(KEY, { message: '頁面類型格式錯誤' })
  @MaxLength(50, { message: '頁面類型格式錯誤' })
  @IsNotEmpty({ message: '缺少頁面類型' })
  @IsString({ message: '缺少頁面類型' })
  page_type: string;

  /** The version key the client caches against (e.g. privacypolicyVersion); the server uses the page's own. */
  @IsOptional()
  @MaxLength(64, { message: VERSION_MESSAGE })
  @IsString({ message: VERSION_MESSAGE })
  versionStr?: string;

  @IsOptional()
  @Transform(versionString)
  @MaxLength(64, { message: VERSION_MESSAGE })
  @IsString({ message: VERSION_MESSAGE })
  pageVersion?: string;
}

/** `POST /api/load/loadpageimage`: image_type names the slot (aboutImg000, contactImg000, …). */
export class PageImageDto {
  @Matches(KEY, { message: '圖片類型格式錯誤' })
  @MaxLength(50, { message: '圖片類型格式錯誤' })
  @IsNotEmpty({ message: '缺少圖片類型' })
  @IsString({ message: '缺少圖片類型' })
  image_type: string;

  /** The page's version key (version_page_type); picks the slot when an image_type exists on several pages. */
  @IsOptional()
  @MaxLength(64, { message: VERSION_MESSAGE })
  @IsString({ message: VERSION_MESSAGE })
  versionStr?: string;

  @IsOptional()
  @Transform(versionString)
  @MaxLength(64, { message: VERSION_MESSAGE })
  @IsString({ message: VERSION_MESSAGE })
  pageVersion?: string;
}
