import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { ReadCache } from '../../common/cache/read-cache.service';
import { DomainEvents, DomainEventMap } from '../../common/events/domain-events';
import { safeUrl } from '../../common/html/safe-url';
import { sanitizeRichHtml } from '../../common/html/sanitize-html';
import { VersionKey } from './content-versions.service';
import { CONTENT_CACHE } from './content-cache-keys';
import { HomeCarouselBanner } from './entities/home-carousel-banner.entity';
import { Poster } from './entities/poster.entity';

/** An active poster as shown to shoppers and search engines (content sanitized). */
export interface ActivePoster {
  id: number;
  title: string;
  seo_description: string;
  coverImage: string;
  content: string;
  /** ISO 8601, UTC. */
  created_at: string;
  updated_at: string;
}

/** The home carousel's first banner image: desktop and, when set, the phone crop (≤ 768 px). */
/** The first active carousel banner: preloaded and server-rendered as the home page's first screen. */
export interface FirstBanner {
  image_url: string;
  phone_url: string;
  ctitle: string;
  description: string;
  link_url: string;
}

/**
 * What admin writes call when they change shop content (exported by ContentModule): each
 * `*Changed()` publishes `content.changed` with the version keys concerned. Called inside the
 * writer's transaction, it is published once that commits (never for a rollback); outside one,
 * it resolves once delivered. ContentEventsSubscriber then bumps the versions the clients cache
 * against, so each client refreshes exactly once, and drops the cached answers here and in
 * every other web process.
 *
 * HTML fields should also pass through {@link ContentService.sanitizeForSave} before they are stored.
 */
@Injectable()
export class ContentService {
  constructor(
    private readonly events: DomainEvents,
    private readonly cache: ReadCache,
    @InjectRepository(Poster) private readonly posters: Repository<Poster>,
    @InjectRepository(HomeCarouselBanner) private readonly banners: Repository<HomeCarouselBanner>,
  ) {}

  /**
   * The first active carousel banner's images (the order of the home page), for the home
   * page's preload hint: the largest image of its first screen. Cached until content changes.
   */
  firstBanner(): Promise<FirstBanner | null> {
    return this.cache.getOrLoad(`${CONTENT_CACHE.root}banner:first`, async () => {
      const b = await this.banners.findOne({ where: { is_active: 1 }, order: { sort_order: 'ASC', id: 'ASC' } });
      if (!b) return null;
      return {
        image_url: safeUrl(b.image_url, 'image'),
        phone_url: safeUrl(b.phone_url, 'image'),
        ctitle: b.ctitle,
        description: b.description,
        link_url: safeUrl(b.link_url, 'link'),
      };
    });
  }

  /** Active posters, content sanitized: for server-rendered poster pages and the sitemap. Cached until content changes. */
  activePosters(): Promise<ActivePoster[]> {
    return this.cache.getOrLoad(`${CONTENT_CACHE.root}posters:active`, async () => {
      const rows = await this.posters.find({ where: { is_active: 1 }, order: { id: 'ASC' } });
      return rows.map((p) => ({
        id: p.id,
        title: p.title,
        seo_description: p.seo_description,
        coverImage: safeUrl(p.cover_image, 'image'),
        content: sanitizeRichHtml(p.content),
        created_at: new Date(p.created_at).toISOString(),
        updated_at: new Date(p.updated_at).toISOString(),
      }));
    });
  }

  /** Admin HTML as it will be stored: the shopper allowlist applied (also applied again when served). */
  sanitizeForSave(html: string | null | undefined): string {
    return sanitizeRichHtml(html);
  }

  /** Carousel banners, endorsements, testimonials or certificates changed. */
  homeChanged(): Promise<void> {
    return this.changed({ keys: [VersionKey.home] });
  }

  /**
   * The home page's featured products must be sent again. Catalogue changes do this by
   * themselves (`product.changed`, `catalog.changed`); for anything else that changes them.
   */
  homeProductsChanged(): Promise<void> {
    return this.changed({ keys: [VersionKey.homeProducts] });
  }

  /**
   * An html_pages row changed: pass its `version_page_type` (homeVersion for home_001/002,
   * aboutVersion for txthtml001, privacypolicyVersion, …).
   */
  htmlPageChanged(versionPageType: string): Promise<void> {
    return this.changed({ keys: [versionPageType] });
  }

  /** An html_images slot changed: pass its `version_page_type` (aboutVersion, contactVersion, …). */
  pageImageChanged(versionPageType: string): Promise<void> {
    return this.changed({ keys: [versionPageType] });
  }

  /** A poster was created, edited, shown/hidden or deleted (titles in the navbar and the poster page). */
  postersChanged(): Promise<void> {
    return this.changed({ keys: [VersionKey.posters], posters: true });
  }

  private async changed(payload: DomainEventMap['content.changed']): Promise<void> {
    await this.events.publish('content.changed', payload);
  }
}
