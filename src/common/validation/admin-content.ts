/**
 * Rules and texts of the back office's content screens (spec 3 §5, §8), shared by the server's
 * DTOs and the screens (`@rules/admin-content`), so both check and say the same. Pure TypeScript.
 */

/**
 * An admin-entered URL (images, links, icons): http(s) with a host, or a site path (`/media/…`,
 * `/products`); never `javascript:`, `data:` or a protocol-relative `//host`. At most 500 characters.
 */
export function isAdminUrl(v: unknown, allowEmpty = false): boolean {
  if (typeof v !== 'string') return false;
  const s = v.trim();
  if (s === '') return allowEmpty;
  if (s.length > 500 || /[\s<>"'`\\]/.test(s)) return false;
  return /^https?:\/\/[^/]+/i.test(s) || (s.startsWith('/') && !s.startsWith('//'));
}

/** Texts of the home-content screen (spec 3 §5, §8). */
export const HOME_MSG = {
  loadFailed: '載入首頁設置資料失敗',
  failed: '操作失敗',
  saveFailed: '儲存失敗',
  deleteFailed: '刪除失敗',
  created: '新增成功',
  updated: '更新成功',
  deleted: '刪除成功',
  confirmDelete: '確認刪除?',
  confirmDeleteNote: '刪除後無法復原',
  sortOrder: '請輸入有效的排序 (必須是非負數字)',
  linkUrl: '請輸入連結',
  description: '請輸入描述',
  ctitle: '請輸入標題',
  phoneUrl: '請輸入手機版圖片 URL',
  imageUrl: '請輸入圖片 URL',
} as const;

export type HomeSectionKey = 'banner' | 'endorsement' | 'testimonial' | 'certificate';

export interface HomeProblem {
  field: string;
  message: string;
}

const filled = (v: unknown) => typeof v === 'string' && v.trim() !== '';
const sortOk = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v >= 0;

/**
 * The failing checks of a home card, in the spec's order. For a banner (sort order, link,
 * description, title, phone image, image) the screen shows the LAST one (spec 3 §5); the other
 * sections only check their image.
 */
export function homeProblems(section: HomeSectionKey, c: Readonly<Record<string, unknown>>): HomeProblem[] {
  const out: HomeProblem[] = [];
  if (section === 'banner') {
    if (!sortOk(c.sort_order)) out.push({ field: 'sort_order', message: HOME_MSG.sortOrder });
    if (!isAdminUrl(c.link_url)) out.push({ field: 'link_url', message: HOME_MSG.linkUrl });
    if (!filled(c.description)) out.push({ field: 'description', message: HOME_MSG.description });
    if (!filled(c.ctitle)) out.push({ field: 'ctitle', message: HOME_MSG.ctitle });
    if (!isAdminUrl(c.phone_url)) out.push({ field: 'phone_url', message: HOME_MSG.phoneUrl });
  }
  if (!isAdminUrl(c.image_url)) out.push({ field: 'image_url', message: HOME_MSG.imageUrl });
  return out;
}
