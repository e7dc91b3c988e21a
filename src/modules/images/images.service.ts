import { HttpStatus, Injectable, Logger } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { randomUUID } from 'node:crypto';
import type { ImageLibraryItemView } from '../../common/api/images';
import type { SessionAdmin } from '../../common/auth/admin-auth';
import { AppError, NotFoundError } from '../../common/errors/app-error';
import { ImageUsageSource } from '../../common/images/image-usage';
import { Transactions } from '../../common/transactions/transactions';
import { MediaStorage } from '../../integrations/storage/media-storage';
import { AuditTrail } from '../audit/audit-trail.service';
import { ImageLibraryItem } from './entities/image-library-item.entity';
import { IMAGE_MAX_BYTES, IMAGE_MAX_FILES, inspectAndEncode, type EncodedImage } from './image-processing';
import { IMAGE_MSG } from './image-texts';

export const IMAGE_PAGE_SIZES = [12, 24, 48] as const;
export const IMAGE_DEFAULT_PAGE_SIZE = 24;
export const IMAGE_FOLDER_MAX = 50;

/** An uploaded part as the upload storage engine hands it over (bytes kept only when within the limit). */
export interface UploadedPart {
  originalname: string;
  size: number;
  /** Absent when the file was larger than IMAGE_MAX_BYTES (its bytes were drained, not kept). */
  buffer?: Buffer;
}

export interface ImageListQuery {
  page?: unknown;
  pageSize?: unknown;
  q?: unknown;
  folder?: unknown;
}

/**
 * The back office's image library: list, upload (checked and re-encoded to WebP by sharp, stored
 * through the MediaStorage driver), delete (refused while a product or home item uses the image).
 * Where an image is used is asked of every module's `ImageUsageSource` (found among all the app's
 * providers on first use): this module reads only its own table.
 */
@Injectable()
export class ImagesService {
  private readonly logger = new Logger('ImagesService');
  private sources?: ImageUsageSource[];

  constructor(
    private readonly tx: Transactions,
    private readonly storage: MediaStorage,
    private readonly audit: AuditTrail,
    private readonly discovery: DiscoveryService,
  ) {}

  async list(query: ImageListQuery): Promise<{ items: ImageLibraryItemView[]; total: number; folders: string[] }> {
    const pageSize = IMAGE_PAGE_SIZES.find((s) => String(s) === String(query.pageSize)) ?? IMAGE_DEFAULT_PAGE_SIZE;
    const pageNum = Number(query.page);
    const page = Number.isInteger(pageNum) && pageNum >= 1 && pageNum <= 100_000 ? pageNum : 1;
    const q = typeof query.q === 'string' ? query.q.trim().slice(0, 100) : '';
    const folder = typeof query.folder === 'string' ? query.folder.trim().slice(0, IMAGE_FOLDER_MAX) : '';
    const repo = this.tx.repo(ImageLibraryItem);
    const qb = repo.createQueryBuilder('i');
    if (q) qb.andWhere("i.name LIKE :q ESCAPE '!'", { q: `%${q.replace(/[!%_]/g, (c) => `!${c}`)}%` });
    if (folder) qb.andWhere('i.folder = :folder', { folder });
    const [rows, total] = await qb
      .orderBy('i.created_at', 'DESC')
      .addOrderBy('i.id', 'DESC')
      .skip((page - 1) * pageSize)
      .take(pageSize)
      .getManyAndCount();
    const folderRows = await repo
      .createQueryBuilder('i')
      .select('DISTINCT i.folder', 'folder')
      .where("i.folder <> ''")
      .orderBy('folder', 'ASC')
      .getRawMany<{ folder: string }>();
    return { items: rows.map(view), total, folders: folderRows.map((r) => r.folder) };
  }

  /** Checks every file first; stores all or none. */
  async upload(parts: UploadedPart[], folderRaw: unknown, admin: SessionAdmin): Promise<{ items: ImageLibraryItemView[]; converted: number }> {
    const folder = typeof folderRaw === 'string' ? folderRaw.trim() : '';
    if (folder.length > IMAGE_FOLDER_MAX || /[/\\\p{Cc}]/u.test(folder)) throw new AppError(IMAGE_MSG.badFolder);
    if (parts.length === 0) throw new AppError(IMAGE_MSG.noFiles);
    if (parts.length > IMAGE_MAX_FILES) throw new AppError(IMAGE_MSG.tooMany(IMAGE_MAX_FILES));
    const oversized = parts.filter((p) => !p.buffer || p.size > IMAGE_MAX_BYTES).map((p) => displayName(p.originalname));
    if (oversized.length) throw new AppError(`${IMAGE_MSG.tooLarge}：${oversized.join('、')}`, HttpStatus.PAYLOAD_TOO_LARGE, { files: oversized });

    const encoded: { part: UploadedPart; img: EncodedImage }[] = [];
    const refused: string[] = [];
    for (const part of parts) {
      const img = await inspectAndEncode(part.buffer!);
      if (typeof img === 'string') refused.push(displayName(part.originalname));
      else encoded.push({ part, img });
    }
    if (refused.length) throw new AppError(`${IMAGE_MSG.notImage}：${refused.join('、')}`, HttpStatus.UNSUPPORTED_MEDIA_TYPE, { files: refused });

    const now = new Date();
    const prefix = `library/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
    const stored: string[] = [];
    try {
      const rows = encoded.map(({ part, img }) => {
        const id = randomUUID();
        return { part, img, key: `${prefix}/${id}.webp`, thumbKey: `${prefix}/${id}_thumb.webp` };
      });
      for (const r of rows) {
        await this.storage.put(r.key, r.img.image, 'image/webp');
        stored.push(r.key);
        await this.storage.put(r.thumbKey, r.img.thumb, 'image/webp');
        stored.push(r.thumbKey);
      }
      const saved = await this.tx.run(async () => {
        const out: ImageLibraryItem[] = [];
        for (const r of rows) {
          const item = await this.tx.repo(ImageLibraryItem).save({
            name: displayName(r.part.originalname),
            folder,
            storage_key: r.key,
            url: this.storage.urlFor(r.key),
            thumb_url: this.storage.urlFor(r.thumbKey),
            mime: 'image/webp',
            size: r.img.image.length,
            width: r.img.width,
            height: r.img.height,
            uploaded_by: admin.id,
          });
          await this.audit.record({
            admin,
            action: 'image.upload',
            entity: 'image',
            entityId: item.id,
            after: { name: item.name, folder, url: item.url, size: item.size, width: item.width, height: item.height },
            summary: `上傳圖片 ${item.name}`,
          });
          out.push(item);
        }
        return out;
      });
      const converted = encoded.filter((e) => e.img.sourceFormat !== 'webp').length;
      return { items: saved.map(view), converted };
    } catch (err) {
      for (const key of stored) await this.storage.remove(key).catch(() => undefined);
      if (err instanceof AppError) throw err;
      this.logger.error(`upload failed: ${(err as Error).message}`);
      throw new AppError(IMAGE_MSG.uploadFailed, HttpStatus.INTERNAL_SERVER_ERROR);
    }
  }

  /**
   * Where the image is used (labels with the item's title or id); empty when nowhere. Every direct
   * use (URL columns) first, then uses inside saved HTML; sources in module order (catalogue, content).
   */
  async usages(item: ImageLibraryItem): Promise<string[]> {
    const ref = { urls: [item.url, item.thumb_url].filter(Boolean), storageKey: item.storage_key };
    const sources = this.usageSources();
    const found: string[] = [];
    for (const s of sources) found.push(...(await s.directUses(ref)));
    for (const s of sources) found.push(...(await s.htmlUses(ref)));
    return found;
  }

  /** Every provider in the app that extends ImageUsageSource (each once), in module order. */
  private usageSources(): ImageUsageSource[] {
    this.sources ??= [
      ...new Set(
        this.discovery
          .getProviders()
          .map((w) => w.instance as unknown)
          .filter((i): i is ImageUsageSource => i instanceof ImageUsageSource),
      ),
    ];
    return this.sources;
  }

  async remove(id: number, admin: SessionAdmin): Promise<void> {
    const item = await this.tx.repo(ImageLibraryItem).findOne({ where: { id } });
    if (!item) throw new NotFoundError(IMAGE_MSG.notFound);
    const usedBy = await this.usages(item);
    if (usedBy.length) throw new AppError(`${IMAGE_MSG.inUse}：${usedBy.join('、')}`, HttpStatus.CONFLICT, { usedBy });
    await this.tx.run(async () => {
      await this.tx.repo(ImageLibraryItem).delete({ id });
      await this.audit.record({
        admin,
        action: 'image.delete',
        entity: 'image',
        entityId: id,
        before: { name: item.name, folder: item.folder, url: item.url },
        summary: `刪除圖片 ${item.name}`,
      });
    });
    const thumbKey = item.storage_key.replace(/\.webp$/, '_thumb.webp');
    for (const key of [item.storage_key, thumbKey]) {
      await this.storage.remove(key).catch((err: Error) => this.logger.warn(`media file not removed (${key}): ${err.message}`));
    }
  }
}

/** A file name fit for the list: its last path segment, control characters out, ≤ 255 chars. */
function displayName(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? '';
  const clean = base.replace(/\p{Cc}/gu, '').trim().slice(0, 255);
  return clean || 'image';
}

function view(i: ImageLibraryItem): ImageLibraryItemView {
  return {
    id: i.id,
    name: i.name,
    folder: i.folder,
    url: i.url,
    thumbUrl: i.thumb_url,
    size: i.size,
    width: i.width,
    height: i.height,
    created_at: new Date(i.created_at).toISOString(),
  };
}
