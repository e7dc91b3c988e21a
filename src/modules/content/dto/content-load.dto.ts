import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';

/** Version markers are strings; older clients may have stored a number (or nothing yet). */
const versionString = ({ value }: { value: unknown }) => (typeof value === 'number' ? String(value) : value);
const VERSION_MESSAGE = '版本格式錯誤';
const KEY = /^[A-Za-z0-9_-]+$/;
// class-validator runs a property's rules bottom-up: the presence check is the lowest decorator so its message wins.

/** An optional version marker (≤ 64 chars); `numbers` also accepts a stored number. Decorators listed bottom-up. */
function VersionField({ numbers = true } = {}): PropertyDecorator {
  return applyDecorators(
    IsString({ message: VERSION_MESSAGE }),
    MaxLength(64, { message: VERSION_MESSAGE }),
    ...(numbers ? [Transform(versionString)] : []),
    IsOptional(),
  );
}

/** `POST /api/load/homepage`. */
export class HomepageDto {
  @VersionField()
  homeVersion?: string;

  @VersionField()
  homeProductsVersion?: string;
}

/** `POST /api/load/aboutpage`. */
export class AboutPageDto {
  @VersionField()
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
  @VersionField({ numbers: false })
  versionStr?: string;

  @VersionField()
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
  @VersionField({ numbers: false })
  versionStr?: string;

  @VersionField()
  pageVersion?: string;
}
