import { HttpStatus, Injectable } from '@nestjs/common';
import type { AdminHtmlImagesAnswer, AdminHtmlPagesAnswer, UpdateImageUrlAnswer } from '../../common/api/admin-content';
import type { SessionAdmin } from '../../common/auth/admin-auth';
import { AppError } from '../../common/errors/app-error';
import { DomainEvents } from '../../common/events/domain-events';
import { ok } from '../../common/http/envelope';
import { Transactions } from '../../common/transactions/transactions';
import { AuditTrail } from '../audit/audit-trail.service';
import { HtmlImage } from './entities/html-image.entity';
import { HtmlPage } from './entities/html-page.entity';

/** Texts of the HTML pages / HTML images screens (spec 3 §8). */
export const PAGES_MSG = {
  updated: '更新成功',
  updateFailed: '更新失敗',
  loadFailed: '讀取失敗',
} as const;

/** Characters of a page's text shown in the list (spec 3 §2: the first 50 characters of content). */
export const PAGE_PREVIEW_CHARS = 50;

/** `%`, `_` and the escape itself taken literally in a LIKE pattern (ESCAPE '!', the same on both dialects). */
function escapeLike(keyword: string): string {
  return keyword.replace(/[!%_]/g, (c) => `!${c}`);
}

function textPreview(html: string | null): string {
  const text = (html ?? '')
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return Array.from(text).slice(0, PAGE_PREVIEW_CHARS).join('');
}

/**
 * HTML pages and HTML images (spec 3 §7): the lists (a page's HTML itself is edited in /editor,
 * helper E's loadhtml/savehtml) and `updateImageUrl`, which is audited and publishes
 * `content.changed {version_page_type}` so the page's clients refresh once.
 */
@Injectable()
export class AdminPagesService {
  constructor(
    private readonly tx: Transactions,
    private readonly audit: AuditTrail,
    private readonly events: DomainEvents,
  ) {}

  async pages(limit: number, offset: number, keyword: string): Promise<AdminHtmlPagesAnswer> {
    const qb = this.tx.repo(HtmlPage).createQueryBuilder('p');
    if (keyword) qb.where("(p.title LIKE :kw ESCAPE '!' OR p.detail_html LIKE :kw ESCAPE '!' OR p.html_type LIKE :kw ESCAPE '!')", { kw: `%${escapeLike(keyword)}%` });
    const [rows, total] = await qb.orderBy('p.id', 'ASC').take(limit).skip(offset).getManyAndCount();
    return ok({
      htmlpages: rows.map((p) => ({
        id: p.id,
        title: p.title,
        html_type: p.html_type,
        version_page_type: p.version_page_type,
        preview: textPreview(p.detail_html),
        updated_at: new Date(p.updated_at).toISOString(),
      })),
      total,
    });
  }

  async images(limit: number, offset: number, keyword: string): Promise<AdminHtmlImagesAnswer> {
    const qb = this.tx.repo(HtmlImage).createQueryBuilder('i');
    if (keyword) qb.where("(i.title LIKE :kw ESCAPE '!' OR i.image_type LIKE :kw ESCAPE '!' OR i.version_page_type LIKE :kw ESCAPE '!')", { kw: `%${escapeLike(keyword)}%` });
    const [rows, total] = await qb.orderBy('i.id', 'ASC').take(limit).skip(offset).getManyAndCount();
    return ok({ htmlimages: rows.map(({ id, title, version_page_type, image_type, image_url }) => ({ id, title, version_page_type, image_type, image_url })), total });
  }

  /** `POST /api/admin/updateImageUrl {version_page_type, image_type, image_url}`; an unknown slot: 404 更新失敗. */
  async updateImageUrl(admin: SessionAdmin, versionPageType: string, imageType: string, imageUrl: string): Promise<UpdateImageUrlAnswer> {
    const view = await this.tx.run(async () => {
      const repo = this.tx.repo(HtmlImage);
      const row = await repo.findOne({ where: { version_page_type: versionPageType, image_type: imageType } });
      if (!row) throw new AppError(PAGES_MSG.updateFailed, HttpStatus.NOT_FOUND);
      if (row.image_url !== imageUrl) {
        await repo.update({ id: row.id }, { image_url: imageUrl });
        await this.audit.record({ admin, action: 'html-image.update', entity: 'html_image', entityId: row.id, before: { image_url: row.image_url }, after: { image_url: imageUrl }, summary: `修改頁面圖片 ${row.title}` });
        await this.events.publish('content.changed', { keys: [row.version_page_type] });
      }
      return { id: row.id, title: row.title, version_page_type: row.version_page_type, image_type: row.image_type, image_url: imageUrl };
    });
    return ok({ htmlimage: view }, PAGES_MSG.updated);
  }
}
