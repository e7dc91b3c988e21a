import { Inject, Injectable } from '@nestjs/common';
import { ReadCache } from '../../common/cache/read-cache.service';
import { APP_CONFIG } from '../../config/app-config';
import type { AppConfig } from '../../config/app-config';
import { CatalogService } from '../catalog/catalog.service';
import { CONTENT_CACHE } from '../content/content-cache-keys';
import { ContentService } from '../content/content.service';
import { ReviewReads } from '../reviews/review-reads.service';
import { SettingsService } from '../settings/settings.service';
import type { RenderedPage } from './seo-head';
import { homePage, notFoundPage, withBanner, posterPage, privatePage, productPage, productsPage, staticPage, withSiteBoot } from './seo-pages';
import { PAGE_NOT_FOUND_TITLE, POSTER_NOT_FOUND_TITLE, PRODUCT_NOT_FOUND_TITLE, resolveRoute } from './seo-routes-table';
import { resolveOrigin, SiteInfo, siteInfo } from './seo-site';

/**
 * Rendered pages are cached per origin and path for at most a minute, under prefixes the
 * owners already drop: `catalog:` (CatalogService.invalidate) for pages built from products,
 * `content:` (every ContentService change) for posters. Settings changes show within the TTL. A
 * review shown or hidden drops `catalog:seo:` too (the product head's AggregateRating, ReviewsService).
 */
export const SEO_CACHE = {
  catalog: 'catalog:seo:',
  content: `${CONTENT_CACHE.root}seo:`,
  settings: 'settings:seo:',
} as const;
const MAX_TTL_SECONDS = 60;

/** Thrown inside a cache loader so a missing product or poster is never cached. */
class Missing extends Error {}

/** The server-rendered `<head>` and `#root` fallback of every SPA path. */
@Injectable()
export class SeoPagesService {
  private readonly ttl: number;

  constructor(
    private readonly catalog: CatalogService,
    private readonly content: ContentService,
    private readonly settings: SettingsService,
    private readonly reviews: ReviewReads,
    private readonly cache: ReadCache,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.ttl = Math.min(MAX_TTL_SECONDS, config.catalogCacheSeconds);
  }

  /** PUBLIC_URL, else the request's origin. */
  origin(protocol: string, host: string | undefined): string {
    return resolveOrigin(this.config.publicUrl, protocol, host);
  }

  async site(origin: string): Promise<SiteInfo> {
    return siteInfo(await this.settings.publicSettings(), origin);
  }

  /** The page the SPA shows at `path` (no query), as crawlers should see it, with the company name for the app's first render. */
  async render(path: string, origin: string): Promise<RenderedPage> {
    const [page, site] = await Promise.all([this.page(path, origin), this.site(origin)]);
    return withSiteBoot(page, site);
  }

  private async page(path: string, origin: string): Promise<RenderedPage> {
    const route = resolveRoute(path);
    const key = (prefix: string, name: string) => `${prefix}${origin}|${name}`;
    switch (route.kind) {
      case 'home': {
        const [page, banner] = await Promise.all([
          this.cached(key(SEO_CACHE.catalog, 'home'), async () => homePage(await this.site(origin), await this.catalog.listed())),
          this.content.firstBanner(),
        ]);
        return withBanner(page, banner, origin);
      }
      case 'products':
        return this.cached(key(SEO_CACHE.catalog, 'products'), async () => productsPage(await this.site(origin), await this.catalog.listed()));
      case 'product':
        return this.orNotFound(origin, PRODUCT_NOT_FOUND_TITLE, route.id, (id) =>
          this.cached(key(SEO_CACHE.catalog, `product:${id}`), () => this.product(id, origin)),
        );
      case 'poster':
        return this.orNotFound(origin, POSTER_NOT_FOUND_TITLE, route.id, (id) =>
          this.cached(key(SEO_CACHE.content, `poster:${id}`), () => this.poster(id, origin)),
        );
      case 'page':
        return this.cached(key(SEO_CACHE.settings, route.page.path), async () => staticPage(await this.site(origin), route.page));
      case 'private':
        return privatePage(await this.site(origin), route.title);
      default:
        return notFoundPage(await this.site(origin), PAGE_NOT_FOUND_TITLE);
    }
  }

  private async product(id: number, origin: string): Promise<RenderedPage> {
    const [list, seo, site, rating, cosmetics] = await Promise.all([
      this.catalog.listed(),
      this.catalog.seoEntries(),
      this.site(origin),
      this.reviews.ratingLd(id),
      this.catalog.cosmetics(id),
    ]);
    const p = list.find((x) => x.product_id === id);
    if (!p) throw new Missing();
    return productPage(site, p, seo.find((s) => s.product_id === id)?.seo_description ?? '', rating, cosmetics);
  }

  private async poster(id: number, origin: string): Promise<RenderedPage> {
    const [posters, site] = await Promise.all([this.content.activePosters(), this.site(origin)]);
    const p = posters.find((x) => x.id === id);
    if (!p) throw new Missing();
    return posterPage(site, p);
  }

  private async orNotFound(origin: string, title: string, id: number | null, load: (id: number) => Promise<RenderedPage>): Promise<RenderedPage> {
    if (id !== null) {
      try {
        return await load(id);
      } catch (err) {
        if (!(err instanceof Missing)) throw err;
      }
    }
    return notFoundPage(await this.site(origin), title);
  }

  private cached(key: string, load: () => Promise<RenderedPage>): Promise<RenderedPage> {
    return this.cache.getOrLoad(key, load, this.ttl);
  }
}
