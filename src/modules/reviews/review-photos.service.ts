import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import { createHmac, hkdfSync, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { AppError } from '../../common/errors/app-error';
import { MediaStorage } from '../../integrations/storage/media-storage';
import { IMAGE_MAX_BYTES, inspectAndEncode } from '../images/image-processing';
import { IMAGE_MSG } from '../images/image-texts';

/** A multipart file as the capped memory storage hands it over (no bytes when it was too large). */
export interface PhotoPart {
  originalname: string;
  size: number;
  buffer?: Buffer;
}

const NAME = /^([0-9a-f]{32})-([0-9a-f]{20})$/;

/**
 * Review photos (spec 4 §7 POST /api/member/reviews/photos): one image through the image library's
 * pipeline (magic bytes, no embedded markup, decoded by sharp, re-encoded to WebP, a thumbnail),
 * stored through MediaStorage under `reviews/u<userId>/<id>-<sig>.webp` (+ `_thumb.webp`). `sig` is
 * an HMAC of the member and the id (key from SESSION_SECRET), so a review accepts only URLs this
 * pipeline produced for this member: no table, nothing to clean when a photo is never used.
 */
@Injectable()
export class ReviewPhotos {
  private readonly logger = new Logger('ReviewPhotos');
  private readonly key: Buffer;

  constructor(
    private readonly storage: MediaStorage,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    if (config.sessionSecret) this.key = Buffer.from(hkdfSync('sha256', config.sessionSecret, 'skinshop', 'review-photo-url', 32));
    else {
      this.key = randomBytes(32);
      this.logger.warn('SESSION_SECRET not set: review photo URLs are signed with a per-process key (a photo uploaded before a restart must be uploaded again)');
    }
  }

  async upload(userId: number, part: PhotoPart | undefined): Promise<string> {
    if (!part) throw new AppError(IMAGE_MSG.noFiles);
    const name = displayName(part.originalname);
    if (!part.buffer || part.size > IMAGE_MAX_BYTES) throw new AppError(`${IMAGE_MSG.tooLarge}：${name}`, HttpStatus.PAYLOAD_TOO_LARGE, { files: [name] });
    const img = await inspectAndEncode(part.buffer);
    if (typeof img === 'string') throw new AppError(`${IMAGE_MSG.notImage}：${name}`, HttpStatus.UNSUPPORTED_MEDIA_TYPE, { files: [name] });
    const id = randomUUID().replace(/-/g, '');
    const base = `reviews/u${userId}/${id}-${this.sign(userId, id)}`;
    const stored: string[] = [];
    try {
      await this.storage.put(`${base}.webp`, img.image, 'image/webp');
      stored.push(`${base}.webp`);
      await this.storage.put(`${base}_thumb.webp`, img.thumb, 'image/webp');
    } catch (err) {
      for (const key of stored) await this.storage.remove(key).catch(() => undefined);
      this.logger.error(`review photo not stored: ${(err as Error).message}`);
      throw new AppError(IMAGE_MSG.uploadFailed, HttpStatus.INTERNAL_SERVER_ERROR);
    }
    return this.storage.urlFor(`${base}.webp`);
  }

  /** True when `url` is a photo this pipeline stored for `userId`. */
  owns(userId: number, url: string): boolean {
    const m = /reviews\/u(\d+)\/([0-9a-f]{32}-[0-9a-f]{20})\.webp$/.exec(url);
    if (!m || Number(m[1]) !== userId) return false;
    const parts = NAME.exec(m[2]);
    if (!parts) return false;
    const want = Buffer.from(this.sign(userId, parts[1]));
    const got = Buffer.from(parts[2]);
    if (want.length !== got.length || !timingSafeEqual(want, got)) return false;
    // The exact URL the storage gives for that key (no other host, no query, no path tricks).
    return this.storage.urlFor(`reviews/u${userId}/${m[2]}.webp`) === url;
  }

  private sign(userId: number, id: string): string {
    return createHmac('sha256', this.key).update(`${userId}:${id}`).digest('hex').slice(0, 20);
  }
}

function displayName(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? '';
  return base.replace(/\p{Cc}/gu, '').trim().slice(0, 255) || 'image';
}

