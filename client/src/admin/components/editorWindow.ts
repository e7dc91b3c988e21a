import { EDITOR_MSG } from '@rules/admin-editor';

/** The standalone editor's window (spec 3 §9: 1830×1200). */
export const EDITOR_WINDOW_FEATURES = 'width=1830,height=1200';
/** Windows this narrow or narrower cannot edit HTML (spec 3 §9: 768 px). */
export const EDITOR_MOBILE_QUERY = '(max-width: 768px)';

export type EditorTarget = { edittype: 'product'; product_id: number } | { edittype: 'htmlpage'; htmlname: string; vpage: string };

/** /editor for a product's detail HTML or an HTML page (its html_type and version_page_type). */
export function editorUrl(target: EditorTarget): string {
  const q =
    target.edittype === 'product'
      ? new URLSearchParams({ edittype: 'product', product_id: String(target.product_id) })
      : new URLSearchParams({ edittype: 'htmlpage', htmlname: target.htmlname, vpage: target.vpage });
  return `/editor?${q.toString()}`;
}

/**
 * Opens /editor in its own window (one per product or page), or on a phone-sized window says
 * that phones cannot edit HTML (spec 3 §2) through `warn`.
 */
export function openEditorWindow(target: EditorTarget, warn: (text: string) => void): void {
  if (window.matchMedia(EDITOR_MOBILE_QUERY).matches) {
    warn(EDITOR_MSG.mobileUnsupported);
    return;
  }
  const name = target.edittype === 'product' ? `ss-editor-product-${target.product_id}` : `ss-editor-page-${target.htmlname}`;
  window.open(editorUrl(target), name, EDITOR_WINDOW_FEATURES);
}
