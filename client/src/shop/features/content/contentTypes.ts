import type { HomePageContent } from '@api/content';
import type { ProductListItem } from '../catalog/catalogTypes';

/**
 * Storefront content shapes under this feature's names (spec 1 §3, spec 2 §3). The API shapes are
 * declared once, by the server, in src/common/api/content.ts (`@api/content`): never write one by
 * hand here. Certificate descriptions and reviews are plain text; home_001/002 sanitized html.
 */
export type {
  BannerView as Banner,
  CertificateView as Certificate,
  EndorsementView as Endorsement,
  HomePageContent,
  HomepageAnswer as HomepageResponse,
  PosterAnswer as Poster,
  TestimonialView as Testimonial,
} from '@api/content';

/** Home data as the client keeps it: the content part and the featured products. */
export interface HomeData extends HomePageContent {
  homeProducts: ProductListItem[];
}

/** The about page as the client keeps it. */
export interface AboutData {
  html: string;
  image: string;
}

export type PosterLayoutType = 'image-left' | 'image-right' | 'full-width';

/** `POST /api/email/contactSend` body. */
export interface ContactRequest {
  name: string;
  email: string;
  message: string;
  phone?: string;
}
