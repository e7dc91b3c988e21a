import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import type { HomePageContent, HomepageAnswer } from '../../common/api/content';
import { CachedJson, ReadCache } from '../../common/cache/read-cache.service';
import { sanitizeRichHtml } from '../../common/html/sanitize-html';
import { safeUrl } from '../../common/html/safe-url';
import { CatalogService } from '../catalog/catalog.service';
import { CONTENT_CACHE } from './content-cache-keys';
import { ContentVersionsService, VersionKey } from './content-versions.service';
import type { HomepageDto } from './dto/content-load.dto';
import { HomeBeauticianEndorsement } from './entities/home-beautician-endorsement.entity';
import { HomeCarouselBanner } from './entities/home-carousel-banner.entity';
import { HomeCertificate } from './entities/home-certificate.entity';
import { HomeUserTestimonial } from './entities/home-user-testimonial.entity';
import { HtmlPage } from './entities/html-page.entity';
import { HomeProduct, sample, selectHomeProducts } from './home-products';

/** Marquees show up to this many random entries (spec 1 §9). */
export const MARQUEE_LIMIT = 10;

// The answer shapes are declared once in src/common/api/content.ts (shared with the client as `@api/content`).
export type { HomePageContent };

const HOME_VERSION_KEYS = [VersionKey.home, VersionKey.homeProducts, VersionKey.cart] as const;
type HomeVersions = Record<(typeof HOME_VERSION_KEYS)[number], string>;

/** The answer depends only on the server's versions and which of the client's are stale. */
function homeCacheKey(dto: HomepageDto, v: HomeVersions) {
  const isPageUpdated = dto.homeVersion !== v.homeVersion;
  const isProductUpdated = dto.homeProductsVersion !== v.homeProductsVersion;
  // The four keys of one versions object, built once (the cached versions object is the same until a bump).
  let keys = keysOfVersions.get(v);
  if (!keys) {
    const base = `${CONTENT_CACHE.home}${v.homeVersion}:${v.homeProductsVersion}:${v.cartVersion}:`;
    keys = [`${base}00`, `${base}01`, `${base}10`, `${base}11`];
    keysOfVersions.set(v, keys);
  }
  return { key: keys[+isPageUpdated * 2 + +isProductUpdated], isPageUpdated, isProductUpdated };
}

const keysOfVersions = new WeakMap<HomeVersions, string[]>();

/**
 * `POST /api/load/homepage`. The answer for a given (page versions, client freshness)
 * is built and serialised once per cache period; the marquee sample is drawn then,
 * so it changes every period rather than on every request.
 */
@Injectable()
export class HomeContentService {
  constructor(
    @InjectRepository(HomeCarouselBanner) private readonly banners: Repository<HomeCarouselBanner>,
    @InjectRepository(HomeUserTestimonial) private readonly testimonials: Repository<HomeUserTestimonial>,
    @InjectRepository(HomeBeauticianEndorsement) private readonly endorsements: Repository<HomeBeauticianEndorsement>,
    @InjectRepository(HomeCertificate) private readonly certificates: Repository<HomeCertificate>,
    @InjectRepository(HtmlPage) private readonly pages: Repository<HtmlPage>,
    private readonly versions: ContentVersionsService,
    private readonly catalog: CatalogService,
    private readonly cache: ReadCache,
  ) {}

  async homepage(dto: HomepageDto): Promise<CachedJson> {
    const v = await this.versions.get(HOME_VERSION_KEYS);
    const { key, isPageUpdated, isProductUpdated } = homeCacheKey(dto, v);
    return this.cache.getJson(key, async (): Promise<HomepageAnswer> => {
      const [page, homeProducts] = await Promise.all([
        isPageUpdated ? this.pageContent() : undefined,
        isProductUpdated ? this.homeProducts() : undefined,
      ]);
      return {
        success: true,
        isPageUpdated,
        isProductUpdated,
        ...page,
        ...(homeProducts ? { homeProducts } : {}),
        serverHomeVersion: v.homeVersion,
        serverHomeProductsVersion: v.homeProductsVersion,
        serverCartVersion: v.cartVersion,
      };
    });
  }

  /** The cached answer for `dto`, if filled (the fast path's read; a miss goes through homepage). */
  peekHomepage(dto: HomepageDto): CachedJson | undefined {
    const v = this.versions.peek(HOME_VERSION_KEYS);
    return v && this.cache.peek<CachedJson>(homeCacheKey(dto, v).key);
  }

  private async pageContent(): Promise<HomePageContent> {
    const active = { is_active: 1 };
    const order = { sort_order: 'ASC', id: 'ASC' } as const;
    const [banners, testimonials, endorsements, certificates, blocks] = await Promise.all([
      this.banners.find({ where: active, order }),
      this.testimonials.find({ where: active, order }),
      this.endorsements.find({ where: active, order }),
      this.certificates.find({ where: active, order }),
      this.pages.find({ where: { html_type: In(['home_001', 'home_002']) } }),
    ]);
    const html = (type: string) => sanitizeRichHtml(blocks.find((b) => b.html_type === type)?.detail_html);
    return {
      banners: banners.map((b) => ({
        id: b.id,
        ctitle: b.ctitle,
        description: b.description,
        link_url: safeUrl(b.link_url, 'link'),
        image_url: safeUrl(b.image_url, 'image'),
        phone_url: safeUrl(b.phone_url, 'image'),
      })),
      usersTestimonials: sample(testimonials, MARQUEE_LIMIT).map((t) => ({ id: t.id, image_url: safeUrl(t.image_url, 'image'), review: t.review })),
      usersBEs: sample(endorsements, MARQUEE_LIMIT).map((e) => ({ id: e.id, image_url: safeUrl(e.image_url, 'image') })),
      certificates: certificates.map((c) => ({ id: c.id, image_url: safeUrl(c.image_url, 'image'), title: c.title, description: c.description })),
      home_001: html('home_001'),
      home_002: html('home_002'),
    };
  }

  /** Featured listed products with their price ranges, from the catalogue's cached list. */
  private async homeProducts(): Promise<HomeProduct[]> {
    const list = { products: (await this.catalog.listed()) as HomeProduct[] };
    return selectHomeProducts(list.products);
  }
}
