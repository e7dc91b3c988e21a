import type { HomeSectionKey } from './homeApi';

/**
 * Texts of the home-content screen (spec 3 §5, §8), the same as the server's HOME_MSG
 * (src/modules/content/admin-home.service.ts), which re-checks every field.
 */
export const HOME_TEXT = {
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

/**
 * A URL an admin may enter (the server's isAdminUrl in dto/admin-home.dto.ts): http(s) with a host,
 * or a site path (`/media/…`, `/products`); never javascript:, data: or `//host`.
 */
export function isAdminUrl(v: unknown): boolean {
  if (typeof v !== 'string') return false;
  const s = v.trim();
  if (s === '' || s.length > 500 || /[\s<>"'`\\]/.test(s)) return false;
  return /^https?:\/\/[^/]+/i.test(s) || (s.startsWith('/') && !s.startsWith('//'));
}

const filled = (v: unknown) => typeof v === 'string' && v.trim() !== '';
const sortOk = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v >= 0;

export interface HomeProblem {
  field: string;
  message: string;
}

/**
 * The failing checks of a card, in the spec's order. For a banner (sort order, link, description,
 * title, phone image, image) the screen shows the LAST one (spec 3 §5); the other sections only
 * check their image.
 */
export function homeProblems(section: HomeSectionKey, c: Readonly<Record<string, unknown>>): HomeProblem[] {
  const out: HomeProblem[] = [];
  if (section === 'banner') {
    if (!sortOk(c.sort_order)) out.push({ field: 'sort_order', message: HOME_TEXT.sortOrder });
    if (!isAdminUrl(c.link_url)) out.push({ field: 'link_url', message: HOME_TEXT.linkUrl });
    if (!filled(c.description)) out.push({ field: 'description', message: HOME_TEXT.description });
    if (!filled(c.ctitle)) out.push({ field: 'ctitle', message: HOME_TEXT.ctitle });
    if (!isAdminUrl(c.phone_url)) out.push({ field: 'phone_url', message: HOME_TEXT.phoneUrl });
  }
  if (!isAdminUrl(c.image_url)) out.push({ field: 'image_url', message: HOME_TEXT.imageUrl });
  return out;
}
