import type { ProductListItem } from './catalog';
import type { Envelope } from './envelope';
import type { PublicSetting } from './settings';

/**
 * Shapes of the shop's content answers (spec 1 §3, §7; spec 2 §3; spec 3 §4). Server:
 * src/modules/content. URLs are checked and HTML sanitized by the server.
 */

export interface BannerView {
  id: number;
  ctitle: string;
  description: string;
  link_url: string;
  image_url: string;
  /** The phone crop (≤ 768 px); '' when none. */
  phone_url: string;
}

export interface TestimonialView {
  id: number;
  image_url: string;
  /** Plain text. */
  review: string;
}

export interface EndorsementView {
  id: number;
  image_url: string;
}

export interface CertificateView {
  id: number;
  image_url: string;
  title: string;
  /** Plain text. */
  description: string;
}

/** The home page's content part (everything but the featured products). */
export interface HomePageContent {
  banners: BannerView[];
  /** Up to 10, in random order. */
  usersTestimonials: TestimonialView[];
  /** Up to 10, in random order. */
  usersBEs: EndorsementView[];
  certificates: CertificateView[];
  /** Sanitized HTML blocks. */
  home_001: string;
  home_002: string;
}

/**
 * `POST /api/load/homepage`: the content part only when `isPageUpdated`, `homeProducts` only
 * when `isProductUpdated` (the client's versions were stale).
 */
export type HomepageAnswer = Envelope<
  Partial<HomePageContent> & {
    isPageUpdated: boolean;
    isProductUpdated: boolean;
    homeProducts?: ProductListItem[];
    serverHomeVersion: string;
    serverHomeProductsVersion: string;
    serverCartVersion: string;
  }
>;

/** Every versioned content answer: `isUpdated` when the client's version is not the server's. */
export interface VersionedAnswer {
  isUpdated: boolean;
  serverVersion: string;
}

/** `POST /api/load/aboutpage`: the html and image only when updated. */
export type AboutPageAnswer = Envelope<VersionedAnswer & { txthtml001?: string; aboutImg000?: string }>;

/** `POST /api/load/loadhtmlpage`: the page's html only when updated. */
export type HtmlPageAnswer = Envelope<VersionedAnswer & { detail_html?: string }>;

/** `POST /api/load/loadpageimage`: the image URL only when updated. */
export type PageImageAnswer = Envelope<VersionedAnswer & { image_url?: string }>;

/** An active poster (spec 2 §3, spec 3 §3); `content` is sanitized HTML. */
export interface PosterView {
  id: number;
  title: string;
  coverImage: string;
  content: string;
  /** image-left | image-right | full-width */
  layoutType: string;
  imageWidth: number;
  textAnimation: string;
  imageAnimation: string;
  seo_description: string;
}

/** `GET /api/load/posterD/:id`. */
export type PosterAnswer = Envelope<PosterView>;

export interface PosterTitle {
  id: number;
  title: string;
}

/** `POST /api/load/versions` (start-up, spec 3 §4). */
export type VersionsAnswer = Envelope<{
  /** The client's stored cart belongs to an older cart version: empty it. */
  isClearCart: boolean;
  cartVersion: string;
  Settings: PublicSetting[];
  settingsVersion: string;
  PosterTitles: PosterTitle[];
  postersVersion: string;
}>;
