import type { ClaimWarning } from './compliance';
import type { Envelope } from './envelope';

/** Back-office posters answers (spec 3 §3, §7, issue 12). Types only. */

/** Layouts of a poster (spec 3 §3). */
export type PosterLayout = 'image-left' | 'image-right' | 'full-width';
/** Entrance animations of a poster's text and image; '' for none (spec 3 §3). */
export type PosterAnimationName = '' | 'fade-left' | 'fade-right' | 'fade-up' | 'zoom-in';

/** A poster as the back office edits it (the API's camelCase names, spec 3 §3). */
export interface AdminPosterRow {
  id: number;
  title: string;
  seo_description: string;
  content: string;
  coverImage: string;
  layoutType: string;
  imageWidth: number;
  textAnimation: string;
  imageAnimation: string;
  is_active: number;
  updated_at: string;
}

/** `POST /api/admin/loadPosters {limit, offset, keyword}`. */
export type AdminPostersAnswer = Envelope<{ rows: AdminPosterRow[]; total: number }>;
/** `POST /api/admin/createPoster`; `warnings`: claims-list phrases found (spec 4 §4; [] when clean, saved anyway). */
export type AdminPosterCreateAnswer = Envelope<{ newId: number; poster: AdminPosterRow; warnings: ClaimWarning[] }>;
/** `POST /api/admin/updatePoster`; `warnings` as createPoster. */
export type AdminPosterUpdateAnswer = Envelope<{ poster: AdminPosterRow; warnings: ClaimWarning[] }>;
/** `POST /api/admin/updatePosterIsActive`. */
export type AdminPosterActiveAnswer = Envelope<{ id: number; is_active: number }>;
/** `POST /api/admin/deletePoster`. */
export type AdminPosterDeleteAnswer = Envelope<{ id: number }>;

/** The body of createPoster (updatePoster adds `id`). */
export interface PosterInput {
  title: string;
  seo_description: string;
  content: string;
  coverImage: string;
  layoutType?: string;
  imageWidth?: number;
  textAnimation?: string;
  imageAnimation?: string;
  is_active?: number;
}
