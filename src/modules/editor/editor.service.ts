import { HttpStatus, Injectable } from '@nestjs/common';
import type { LoadHtmlAnswer, SaveHtmlAnswer } from '../../common/api/admin-editor';
import type { SessionAdmin } from '../../common/auth/admin-auth';
import { AppError, NotFoundError } from '../../common/errors/app-error';
import { DomainEvents } from '../../common/events/domain-events';
import { sanitizeRichHtml } from '../../common/html/sanitize-html';
import { Transactions } from '../../common/transactions/transactions';
import { EDITOR_HTML_MAX_BYTES, EDITOR_MSG, type EditType } from '../../common/validation/admin-editor';
import { AuditTrail } from '../audit/audit-trail.service';

export interface EditTarget {
  edittype: EditType;
  product_id?: number;
  htmlname?: string;
}

interface Located {
  entity: 'product' | 'html_page';
  id: number;
  html: string | null;
  /** html_pages.version_page_type (the content version to bump). */
  versionKey?: string;
}

/**
 * The `/editor` screen's HTML: a product's detail (`products.detail_html`) or an HTML page
 * (`html_pages.detail_html` by html_type). The editor is the catalogue's and content's HTML
 * column writer: it reads and writes that single column by table name (the other columns are the
 * catalogue's and content's) and publishes their events, so their caches drop and the public
 * reads show the change at once. Sanitized on save (and again when served).
 */
@Injectable()
export class EditorService {
  constructor(
    private readonly tx: Transactions,
    private readonly events: DomainEvents,
    private readonly audit: AuditTrail,
  ) {}

  async load(target: EditTarget): Promise<LoadHtmlAnswer> {
    const found = await this.locate(target);
    return { success: true, html: sanitizeRichHtml(found.html) };
  }

  async save(admin: SessionAdmin, target: EditTarget, html: string): Promise<SaveHtmlAnswer> {
    const clean = sanitizeRichHtml(html);
    if (Buffer.byteLength(clean, 'utf8') > EDITOR_HTML_MAX_BYTES) throw new AppError(`${EDITOR_MSG.saveFailed}：內容超過 2 MB`, HttpStatus.PAYLOAD_TOO_LARGE);
    await this.tx.run(async () => {
      const found = await this.locate(target);
      const table = found.entity === 'product' ? 'products' : 'html_pages';
      await this.tx.manager.createQueryBuilder().update(table).set({ detail_html: clean }).where('id = :id', { id: found.id }).execute();
      await this.audit.record({
        admin,
        action: 'editor.save-html',
        entity: found.entity,
        entityId: found.id,
        changes: { detail_html_length: [found.html?.length ?? 0, clean.length] },
        summary: found.entity === 'product' ? '編輯商品詳細說明 HTML' : `編輯頁面 HTML（${target.htmlname}）`,
      });
      if (found.entity === 'product') await this.events.publish('product.changed', { productIds: [found.id], reason: 'edit' });
      else await this.events.publish('content.changed', { keys: [found.versionKey as string] });
    });
    return { success: true, message: EDITOR_MSG.saved, html: clean };
  }

  private async locate(target: EditTarget): Promise<Located> {
    const qb = this.tx.manager.createQueryBuilder();
    if (target.edittype === 'product') {
      const q = qb.select(['p.id AS id', 'p.detail_html AS html']).from('products', 'p').where('p.id = :id', { id: target.product_id });
      const row = await q.getRawOne<{ id: number; html: string | null }>();
      if (!row) throw new NotFoundError(EDITOR_MSG.productNotFound);
      return { entity: 'product', id: Number(row.id), html: row.html };
    }
    const q = qb
      .select(['h.id AS id', 'h.detail_html AS html', 'h.version_page_type AS versionKey'])
      .from('html_pages', 'h')
      .where('h.html_type = :t', { t: target.htmlname });
    const row = await q.getRawOne<{ id: number; html: string | null; versionKey: string }>();
    if (!row) throw new NotFoundError(EDITOR_MSG.pageNotFound);
    return { entity: 'html_page', id: Number(row.id), html: row.html, versionKey: row.versionKey };
  }
}
