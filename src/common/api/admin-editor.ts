import type { ClaimWarning } from './compliance';

/** Answers of the HTML editor (`/editor`) and its AI rewrite (issue 12). Types only. */

/** `GET /api/admin/loadhtml?edittype&product_id&htmlname`: the stored, sanitized HTML. */
export interface LoadHtmlAnswer {
  success: true;
  html: string;
}

/** `POST /api/admin/savehtml {edittype, product_id, htmlname, vpage, html}` → 儲存成功; `html` is what was stored (sanitized). */
export interface SaveHtmlAnswer {
  success: true;
  message: string;
  html: string;
  /** Claims-list phrases found in the saved HTML (field `detail_html` for a product, `html` for a page; [] when clean). */
  warnings: ClaimWarning[];
}

/** `POST /api/admin/ai/rewrite {content, mode}`: the AI's HTML, sanitized; `remaining` rewrites left today. */
export interface AiRewriteAnswer {
  success: true;
  content: string;
  remaining: number;
  /** Claims-list phrases the model used anyway (field 'ai'; [] when clean): shown before the text is taken. */
  warnings: ClaimWarning[];
}
