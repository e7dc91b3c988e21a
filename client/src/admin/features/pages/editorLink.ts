import type { AdminHtmlPageRow } from '@api/admin-content';

/** The standalone editor's window (spec 3 §9): 1830×1200, desktop only (≤ 768 px: a message instead). */
export const EDITOR_WINDOW = 'width=1830,height=1200';
export const MOBILE_EDITOR_QUERY = '(max-width: 768px)';
export const MOBILE_EDITOR_TEXT = '手機版不支援 HTML 編輯，請使用電腦操作';

/** /editor for a page: htmlname is its html_type, vpage its version_page_type (src/modules/editor). */
export function htmlPageEditorUrl(page: Pick<AdminHtmlPageRow, 'html_type' | 'version_page_type'>): string {
  const q = new URLSearchParams({ edittype: 'htmlpage', htmlname: page.html_type, vpage: page.version_page_type });
  return `/editor?${q.toString()}`;
}
