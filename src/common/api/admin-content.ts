import type { Envelope } from './envelope';

/** Back-office home content and HTML pages / images answers (spec 3 §3, §7; issue 12). Types only. */

/** A carousel banner: desktop image 1920×450, mobile image 853×1280; smaller sort_order first. */
export interface AdminHomeBanner {
  id: number;
  image_url: string;
  phone_url: string;
  ctitle: string;
  description: string;
  link_url: string;
  sort_order: number;
  is_active: number;
}

/** A beautician endorsement image (1050×1050). */
export interface AdminHomeEndorsement {
  id: number;
  image_url: string;
  sort_order: number;
  is_active: number;
}

/** A user testimonial: image (800×800) and review text. */
export interface AdminHomeTestimonial {
  id: number;
  image_url: string;
  review: string;
  sort_order: number;
  is_active: number;
}

/** A home certificate: image (390×550), title and description. */
export interface AdminHomeCertificate {
  id: number;
  image_url: string;
  title: string;
  description: string;
  sort_order: number;
  is_active: number;
}

/** `GET /api/admin/loadHomeData`: the four sections, active or not, by sort_order then id. */
export type HomeDataAnswer = Envelope<{
  home_carousel_banners: AdminHomeBanner[];
  homeBeauticianEndorsements: AdminHomeEndorsement[];
  homeUserTestimonials: AdminHomeTestimonial[];
  home_certificates: AdminHomeCertificate[];
}>;

/** The create calls of the home sections: the new row's id. */
export type HomeCreateAnswer = Envelope<{ newId: number }>;
/** The update and delete calls of the home sections. */
export type HomeWriteAnswer = Envelope<{ id: number }>;

export interface AdminHtmlPageRow {
  id: number;
  title: string;
  /** The page's name: `htmlname` of /editor. */
  html_type: string;
  /** The page's content version key: `vpage` of /editor. */
  version_page_type: string;
  /** The first 50 characters of the page's text (tags removed). */
  preview: string;
  updated_at: string;
}
export interface AdminHtmlImageRow {
  id: number;
  title: string;
  version_page_type: string;
  image_type: string;
  image_url: string;
}
/** `POST /api/admin/htmls`. */
export type AdminHtmlPagesAnswer = Envelope<{ htmlpages: AdminHtmlPageRow[]; total: number }>;
/** `POST /api/admin/htmlimages`. */
export type AdminHtmlImagesAnswer = Envelope<{ htmlimages: AdminHtmlImageRow[]; total: number }>;
/** `POST /api/admin/updateImageUrl`: the slot as stored. */
export type UpdateImageUrlAnswer = Envelope<{ htmlimage: AdminHtmlImageRow }>;
