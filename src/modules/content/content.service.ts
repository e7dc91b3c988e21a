import { Injectable } from '@nestjs/common';
import { ReadCache } from '../../common/cache/read-cache.service';
import { sanitizeRichHtml } from '../../common/html/sanitize-html';
import { ContentVersionsService, VersionKey } from './content-versions.service';
import { CONTENT_CACHE } from './content-cache-keys';

/**
 * What admin writes call after changing shop content (exported by ContentModule): it
 * bumps the version the clients cache against, so each client refreshes exactly once,
 * and drops the cached answers here and in every other web process.
 *
 * Call after the write has committed. HTML fields should also pass through
 * {@link ContentService.sanitizeForSave} before they are stored.
 */
@Injectable()
export class ContentService {
  constructor(
    private readonly versions: ContentVersionsService,
    private readonly cache: ReadCache,
  ) {}

  /** Admin HTML as it will be stored: the shopper allowlist applied (also applied again when served). */
  sanitizeForSave(html: string | null | undefined): string {
    return sanitizeRichHtml(html);
  }

  /** Carousel banners, endorsements, testimonials or certificates changed. */
  homeChanged(): Promise<void> {
    return this.changed([VersionKey.home]);
  }

  /** A product, variant or flag shown among the home page's featured products changed. */
  homeProductsChanged(): Promise<void> {
    return this.changed([VersionKey.homeProducts]);
  }

  /**
   * An html_pages row changed: pass its `version_page_type` (homeVersion for home_001/002,
   * aboutVersion for txthtml001, privacypolicyVersion, …).
   */
  htmlPageChanged(versionPageType: string): Promise<void> {
    return this.changed([versionPageType]);
  }

  /** An html_images slot changed: pass its `version_page_type` (aboutVersion, contactVersion, …). */
  pageImageChanged(versionPageType: string): Promise<void> {
    return this.changed([versionPageType]);
  }

  /** A poster was created, edited, shown/hidden or deleted (titles in the navbar and the poster page). */
  async postersChanged(): Promise<void> {
    await this.changed([VersionKey.posters]);
    await this.cache.invalidate(CONTENT_CACHE.posterTitles);
  }

  private async changed(keys: string[]): Promise<void> {
    for (const key of new Set(keys)) await this.versions.bump(key);
    await this.cache.invalidate(CONTENT_CACHE.root);
  }
}
