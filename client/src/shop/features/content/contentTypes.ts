import type { Envelope } from '../../../shared/api/baseApi';
import type { ProductListItem } from '../catalog/catalogTypes';

/** Home data (spec 1 §3). Certificate descriptions and reviews are plain text; home_001/002 sanitized html. */
export interface Banner {
  id: number;
  ctitle: string;
  description: string;
  link_url: string;
  image_url: string;
  phone_url: string;
}

export interface Testimonial {
  id: number;
  image_url: string;
  review: string;
}

export interface Endorsement {
  id: number;
  image_url: string;
}

export interface Certificate {
  id: number;
  image_url: string;
  title: string;
  description: string;
}

export interface HomePageContent {
  banners: Banner[];
  usersTestimonials: Testimonial[];
  usersBEs: Endorsement[];
  certificates: Certificate[];
  home_001: string;
  home_002: string;
}

export interface HomeData extends HomePageContent {
  homeProducts: ProductListItem[];
}

/** `POST /api/load/homepage`: the content parts are present only when their flag is true. */
export interface HomepageResponse extends Envelope, Partial<HomePageContent> {
  isPageUpdated: boolean;
  isProductUpdated: boolean;
  homeProducts?: ProductListItem[];
  serverHomeVersion: string;
  serverHomeProductsVersion: string;
  serverCartVersion?: string;
}

export interface AboutData {
  html: string;
  image: string;
}

/** `POST /api/load/aboutpage`, `loadhtmlpage`, `loadpageimage`: content only when isUpdated. */
export interface VersionedResponse extends Envelope {
  isUpdated: boolean;
  serverVersion: string;
  txthtml001?: string;
  aboutImg000?: string;
  detail_html?: string;
  image_url?: string;
}

export type PosterLayoutType = 'image-left' | 'image-right' | 'full-width';

/** `GET /api/load/posterD/:id` (spec 2 §3, spec 3 §3). */
export interface Poster extends Envelope {
  id: number;
  title: string;
  coverImage: string;
  content: string;
  layoutType: string;
  imageWidth: number;
  textAnimation: string;
  imageAnimation: string;
  seo_description: string;
}

export interface ContactRequest {
  name: string;
  email: string;
  message: string;
  phone?: string;
}
