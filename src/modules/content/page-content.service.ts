import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { AboutPageAnswer, HtmlPageAnswer, PageImageAnswer, PosterAnswer } from '../../common/api/content';
import { CachedJson, ReadCache } from '../../common/cache/read-cache.service';
import { NotFoundError } from '../../common/errors/app-error';
import { ok } from '../../common/http/envelope';
import { sanitizeRichHtml } from '../../common/html/sanitize-html';
import { safeUrl } from '../../common/html/safe-url';
import { CONTENT_CACHE } from './content-cache-keys';
import { ContentVersionsService, VersionKey } from './content-versions.service';
import type { AboutPageDto, HtmlPageDto, PageImageDto } from './dto/content-load.dto';
import { HtmlImage } from './entities/html-image.entity';
import { HtmlPage } from './entities/html-page.entity';
import { Poster } from './entities/poster.entity';

export const PAGE_NOT_FOUND = '找不到頁面內容';
export const IMAGE_NOT_FOUND = '找不到頁面圖片';
export const POSTER_LOAD_FAILED = '載入 poster 資料失敗';

/** The about page's html block and image slot (seeded as html_type txthtml001, image_type aboutImg000). */
const ABOUT_HTML = 'txthtml001';
const ABOUT_IMAGE = 'aboutImg000';

interface PageEntry {
  versionKey: string;
  html: string;
}

interface ImageEntry {
  versionKey: string;
  imageUrl: string;
}

/** About, html content pages, page images and posters: cached reads, versioned like the spec says. */
@Injectable()
export class PageContentService {
  constructor(
    @InjectRepository(HtmlPage) private readonly pages: Repository<HtmlPage>,
    @InjectRepository(HtmlImage) private readonly images: Repository<HtmlImage>,
    @InjectRepository(Poster) private readonly posters: Repository<Poster>,
    private readonly versions: ContentVersionsService,
    private readonly cache: ReadCache,
  ) {}

  /** `POST /api/load/aboutpage`. */
  async about(dto: AboutPageDto): Promise<AboutPageAnswer> {
    const { aboutVersion } = await this.versions.get([VersionKey.about]);
    const isUpdated = dto.aboutVersion !== aboutVersion;
    if (!isUpdated) return ok({ isUpdated, serverVersion: aboutVersion });
    const [page, image] = await Promise.all([this.page(ABOUT_HTML), this.image(ABOUT_IMAGE, VersionKey.about)]);
    return ok({ isUpdated, txthtml001: page?.html ?? '', aboutImg000: image?.imageUrl ?? '', serverVersion: aboutVersion });
  }

  /** `POST /api/load/loadhtmlpage`: the version is the page's own key, whatever key name the client sends. */
  async htmlPage(dto: HtmlPageDto): Promise<HtmlPageAnswer> {
    const page = await this.page(dto.page_type);
    if (!page) throw new NotFoundError(PAGE_NOT_FOUND);
    const serverVersion = (await this.versions.get([page.versionKey]))[page.versionKey];
    const isUpdated = dto.pageVersion !== serverVersion;
    return isUpdated ? ok({ isUpdated, detail_html: page.html, serverVersion }) : ok({ isUpdated, serverVersion });
  }

  /** `POST /api/load/loadpageimage`. */
  async pageImage(dto: PageImageDto): Promise<PageImageAnswer> {
    const image = await this.image(dto.image_type, dto.versionStr);
    if (!image) throw new NotFoundError(IMAGE_NOT_FOUND);
    const serverVersion = (await this.versions.get([image.versionKey]))[image.versionKey];
    const isUpdated = dto.pageVersion !== serverVersion;
    return isUpdated ? ok({ isUpdated, image_url: image.imageUrl, serverVersion }) : ok({ isUpdated, serverVersion });
  }

  /** `GET /api/load/posterD/:id`: an active poster, its content sanitized. */
  poster(id: number): Promise<CachedJson> {
    return this.cache.getJson(`${CONTENT_CACHE.poster}${id}`, async (): Promise<PosterAnswer> => {
      const p = await this.posters.findOne({ where: { id, is_active: 1 } });
      if (!p) throw new NotFoundError(POSTER_LOAD_FAILED);
      return ok({
        id: p.id,
        title: p.title,
        coverImage: safeUrl(p.cover_image, 'image'),
        content: sanitizeRichHtml(p.content),
        layoutType: p.layout_type,
        imageWidth: p.image_width,
        textAnimation: p.text_animation,
        imageAnimation: p.image_animation,
        seo_description: p.seo_description,
      });
    });
  }

  /** An html page by html_type, sanitized once per cache period. Unknown types are not cached. */
  private async page(htmlType: string): Promise<PageEntry | undefined> {
    const key = `${CONTENT_CACHE.page}${htmlType}`;
    const found = await this.cache.getOrLoad(key, async () => {
      const row = await this.pages.findOne({ where: { html_type: htmlType } });
      if (!row) throw new MissingRow();
      return { versionKey: row.version_page_type, html: sanitizeRichHtml(row.detail_html) };
    }).catch(orUndefined);
    return found;
  }

  /** An image slot by image_type, preferring the page whose version key the client named. */
  private async image(imageType: string, versionKey?: string): Promise<ImageEntry | undefined> {
    const key = `${CONTENT_CACHE.image}${imageType}:${versionKey ?? ''}`;
    return this.cache.getOrLoad(key, async () => {
      const rows = await this.images.find({ where: { image_type: imageType }, order: { id: 'ASC' } });
      const row = rows.find((r) => r.version_page_type === versionKey) ?? rows[0];
      if (!row) throw new MissingRow();
      return { versionKey: row.version_page_type, imageUrl: safeUrl(row.image_url, 'image') };
    }).catch(orUndefined);
  }
}

/** A lookup that found nothing: thrown inside the loader so ReadCache does not keep the miss. */
class MissingRow extends Error {}

function orUndefined(err: unknown): undefined {
  if (err instanceof MissingRow) return undefined;
  throw err;
}
