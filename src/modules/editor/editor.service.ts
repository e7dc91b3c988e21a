import { HttpStatus, Injectable } from '@nestjs/common';
import type { LoadHtmlAnswer, SaveHtmlAnswer } from '../../common/api/admin-editor';
import type { SessionAdmin } from '../../common/auth/admin-auth';
import { AppError, NotFoundError } from '../../common/errors/app-error';
import { sanitizeRichHtml } from '../../common/html/sanitize-html';
import { Transactions } from '../../common/transactions/transactions';
import { EDITOR_HTML_MAX_BYTES, EDITOR_MSG, type EditType } from '../../common/validation/admin-editor';
import { AuditTrail } from '../audit/audit-trail.service';
import { ClaimsService } from '../claims/claims.service';
import { ProductHtmlService } from '../catalog/product-html.service';
import { PageHtmlService } from '../content/page-html.service';

export interface EditTarget {
  edittype: EditType;
  product_id?: number;
  htmlname?: string;
}

interface Located {
  entity: 'product' | 'html_page';
  id: number;
  html: string | null;
}

/**
 * The `/editor` screen's HTML: a product's detail (the catalogue's `ProductHtmlService`) or an HTML
 * page by html_type (the content's `PageHtmlService`). Those services own the columns and publish
 * their modules' events (product.changed / content.changed), so the caches drop and the public
 * reads show the change at once. Sanitized here on save (and again when served); audited here.
 */
@Injectable()
export class EditorService {
  constructor(
    private readonly tx: Transactions,
    private readonly audit: AuditTrail,
    private readonly products: ProductHtmlService,
    private readonly pages: PageHtmlService,
    private readonly claims: ClaimsService,
  ) {}

  async load(target: EditTarget): Promise<LoadHtmlAnswer> {
    const found = await this.locate(target);
    return { success: true, html: sanitizeRichHtml(found.html) };
  }

  async save(admin: SessionAdmin, target: EditTarget, html: string): Promise<SaveHtmlAnswer> {
    const clean = sanitizeRichHtml(html);
    if (Buffer.byteLength(clean, 'utf8') > EDITOR_HTML_MAX_BYTES) throw new AppError(`${EDITOR_MSG.saveFailed}：內容超過 2 MB`, HttpStatus.PAYLOAD_TOO_LARGE);
    const entity = await this.tx.run(async () => {
      const found = await this.locate(target);
      if (found.entity === 'product') await this.products.setDetailHtml(found.id, clean);
      else await this.pages.setPageHtml(target.htmlname as string, clean);
      await this.audit.record({
        admin,
        action: 'editor.save-html',
        entity: found.entity,
        entityId: found.id,
        changes: { detail_html_length: [found.html?.length ?? 0, clean.length] },
        summary: found.entity === 'product' ? '編輯商品詳細說明 HTML' : `編輯頁面 HTML（${target.htmlname}）`,
      });
      return found.entity;
    });
    // Claims-list phrases in what was stored (spec 4 §4): told to staff, the save done.
    const warnings = await this.claims.check({ [entity === 'product' ? 'detail_html' : 'html']: clean });
    return { success: true, message: EDITOR_MSG.saved, html: clean, warnings };
  }

  private async locate(target: EditTarget): Promise<Located> {
    if (target.edittype === 'product') {
      const id = Number(target.product_id);
      const row = Number.isInteger(id) ? await this.products.detailHtml(id) : undefined;
      if (!row) throw new NotFoundError(EDITOR_MSG.productNotFound);
      return { entity: 'product', id, html: row.html };
    }
    const row = await this.pages.pageHtml(String(target.htmlname));
    if (!row) throw new NotFoundError(EDITOR_MSG.pageNotFound);
    return { entity: 'html_page', id: row.id, html: row.html };
  }
}
