import type { Envelope } from './envelope';

/**
 * The back office's image library (spec 3 §3 image library item, §5 calls). Server:
 * src/modules/images. Every stored image is WebP (re-encoded by the server); `url` and `thumbUrl`
 * are site-relative (`/media/…`) for the local disk.
 */
export interface ImageLibraryItemView {
  id: number;
  /** The file name as uploaded. */
  name: string;
  folder: string;
  url: string;
  thumbUrl: string;
  /** Bytes of the stored WebP. */
  size: number;
  width: number;
  height: number;
  /** ISO time. */
  created_at: string;
}

/** `GET /api/admin/images?page&pageSize&q&folder` (pageSize 12, 24 or 48; default 24). */
export type ImageListAnswer = Envelope<{ items: ImageLibraryItemView[]; total: number; folders: string[] }>;

/**
 * `POST /api/admin/images/upload` (multipart: `files` …, `folder`, `acceptWebp`): all or nothing.
 * `converted`: how many were not WebP already (all are stored as WebP).
 */
export type ImageUploadAnswer = Envelope<{ items: ImageLibraryItemView[]; converted: number }>;

/** `DELETE /api/admin/images/{id}`; refused (409) with `usedBy` when a product or home item uses it. */
export type ImageDeleteAnswer = Envelope<{ usedBy?: string[] }>;
