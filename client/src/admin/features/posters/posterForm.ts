import type { AdminPosterRow, PosterAnimationName, PosterInput, PosterLayout } from '@api/admin-posters';

/** Texts of the posters screen (spec 3 §5, §8; the server's POSTER_MSG says the same). */
export const POSTER_TEXT = {
  incompleteTitle: '請填寫完整資料',
  required: '標題、內文、封面圖片為必填',
  seoDescription: '請輸入SEO描述',
  badCover: '封面圖片網址須以 http://、https:// 或 / 開頭',
  createFailed: '新增失敗',
  updateFailed: '更新失敗',
  deleteFailed: '刪除失敗',
  created: '新增成功',
  updated: '更新成功',
  deleted: '刪除成功',
  loadFailed: '載入海報資料失敗',
  empty: '暫無海報資料',
} as const;

/** The poster texts the claims check names (spec 4 §4). */
export const POSTER_CLAIM_LABELS: Readonly<Record<string, string>> = { title: '標題', seo_description: 'SEO 描述', content: '內文' };

export const POSTER_LAYOUT_OPTIONS: { value: PosterLayout; label: string }[] = [
  { value: 'image-left', label: '圖左文右' },
  { value: 'image-right', label: '圖右文左' },
  { value: 'full-width', label: '滿版（圖在上）' },
];

/** AOS-style names: fade-left travels leftwards into place. */
export const POSTER_ANIMATION_OPTIONS: { value: PosterAnimationName; label: string }[] = [
  { value: '', label: '無' },
  { value: 'fade-left', label: '向左淡入 (fade-left)' },
  { value: 'fade-right', label: '向右淡入 (fade-right)' },
  { value: 'fade-up', label: '向上淡入 (fade-up)' },
  { value: 'zoom-in', label: '放大淡入 (zoom-in)' },
];

/** Spec 3 §9: image width 50 and layout image-left by default; width 10–90; SEO hint 50–160, stored up to 300. */
export const POSTER_DEFAULT_WIDTH = 50;
export const POSTER_WIDTH_MIN = 10;
export const POSTER_WIDTH_MAX = 90;
export const POSTER_SEO_MAX = 300;
export const POSTER_TITLE_MAX = 150;

/** The modal's fields. `seo_description` stays undefined until typed (spec 3 §5: it must be defined). */
export interface PosterFields {
  title: string;
  seo_description?: string;
  content: string;
  coverImage: string;
  layoutType: PosterLayout;
  imageWidth: number;
  textAnimation: PosterAnimationName;
  imageAnimation: PosterAnimationName;
  is_active: boolean;
}

const LAYOUTS = POSTER_LAYOUT_OPTIONS.map((o) => o.value as string);
const ANIMATIONS = POSTER_ANIMATION_OPTIONS.map((o) => o.value as string);

export const NEW_POSTER: PosterFields = {
  title: '',
  seo_description: undefined,
  content: '',
  coverImage: '',
  layoutType: 'image-left',
  imageWidth: POSTER_DEFAULT_WIDTH,
  textAnimation: '',
  imageAnimation: '',
  is_active: true,
};

/** The fields of a saved poster (unknown layouts and animations fall back to the defaults). */
export function fieldsOf(row: AdminPosterRow): PosterFields {
  const width = Number.isFinite(row.imageWidth) ? Math.min(POSTER_WIDTH_MAX, Math.max(POSTER_WIDTH_MIN, Math.round(row.imageWidth))) : POSTER_DEFAULT_WIDTH;
  return {
    title: row.title,
    seo_description: row.seo_description ?? '',
    content: row.content,
    coverImage: row.coverImage,
    layoutType: LAYOUTS.includes(row.layoutType) ? (row.layoutType as PosterLayout) : 'image-left',
    imageWidth: width,
    textAnimation: ANIMATIONS.includes(row.textAnimation) ? (row.textAnimation as PosterAnimationName) : '',
    imageAnimation: ANIMATIONS.includes(row.imageAnimation) ? (row.imageAnimation as PosterAnimationName) : '',
    is_active: row.is_active === 1,
  };
}

/** True when the HTML has no text and no image (an empty editor gives `<p></p>`). */
export function isBlankHtml(html: string | undefined): boolean {
  if (!html) return true;
  if (/<(img|iframe|video)\b/i.test(html)) return false;
  return html.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').trim() === '';
}

/** An http(s) or site-relative (`/media/…`) address, as the server accepts. */
export function isImageUrl(url: string): boolean {
  const s = url.trim();
  if (/[\s<>"'`]/.test(s)) return false;
  return /^https?:\/\/[^/\s]+/i.test(s) || (s.startsWith('/') && !s.startsWith('//'));
}

export type PosterField = 'title' | 'content' | 'coverImage' | 'seo_description';

export interface PosterProblem {
  /** The banner's heading and text. */
  title: string;
  text: string;
  fields: PosterField[];
}

/** Spec 3 §5 poster: title, content and cover required (one banner), then the SEO description defined. */
export function checkPoster(f: PosterFields): PosterProblem | null {
  const missing: PosterField[] = [];
  if (!f.title?.trim()) missing.push('title');
  if (isBlankHtml(f.content)) missing.push('content');
  if (!f.coverImage?.trim()) missing.push('coverImage');
  if (missing.length) return { title: POSTER_TEXT.incompleteTitle, text: POSTER_TEXT.required, fields: missing };
  if (f.seo_description === undefined) return { title: POSTER_TEXT.seoDescription, text: POSTER_TEXT.seoDescription, fields: ['seo_description'] };
  if (!isImageUrl(f.coverImage)) return { title: POSTER_TEXT.incompleteTitle, text: POSTER_TEXT.badCover, fields: ['coverImage'] };
  return null;
}

/** The body of createPoster / updatePoster. */
export function posterInput(f: PosterFields): PosterInput {
  return {
    title: f.title.trim(),
    seo_description: f.seo_description ?? '',
    content: f.content,
    coverImage: f.coverImage.trim(),
    layoutType: f.layoutType,
    imageWidth: f.imageWidth,
    textAnimation: f.textAnimation,
    imageAnimation: f.imageAnimation,
    is_active: f.is_active ? 1 : 0,
  };
}

/** The failure text: the spec's words, with the server's reason when it gave a different one. */
export function failText(base: string, reason: string | undefined): string {
  return reason && reason !== base ? `${base}（${reason}）` : base;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * The preview document (a sandboxed iframe without scripts): the poster's layout and image width
 * as the shop draws them (shop/features/content/PosterPage.css), one column on narrow frames.
 */
export function previewDocument(f: Pick<PosterFields, 'title' | 'content' | 'coverImage' | 'layoutType' | 'imageWidth'>): string {
  const side = Math.min(80, Math.max(20, f.imageWidth));
  const full = Math.min(100, Math.max(20, f.imageWidth));
  const columns = f.layoutType === 'image-left' ? `${side}% minmax(0,1fr)` : f.layoutType === 'image-right' ? `minmax(0,1fr) ${side}%` : 'minmax(0,1fr)';
  const cover = f.coverImage.trim() && isImageUrl(f.coverImage) ? `<figure style="${f.layoutType === 'image-right' ? 'order:2;' : ''}${f.layoutType === 'full-width' ? `width:${full}%;justify-self:center;` : ''}"><img src="${escapeHtml(f.coverImage.trim())}" alt=""></figure>` : '<figure class="empty">（尚未設定封面圖片）</figure>';
  return `<!doctype html><html lang="zh-Hant"><head><meta charset="utf-8">${typeof window !== 'undefined' ? `<base href="${escapeHtml(window.location.origin)}/">` : ''}<style>
body{margin:0;padding:16px;font:15px/1.8 system-ui,-apple-system,"PingFang TC","Noto Sans TC",sans-serif;color:#3b2f2f;background:#faf6f2}
h1{font-size:20px;margin:0 0 12px;text-align:center;letter-spacing:.04em}
.body{display:grid;gap:24px;align-items:start;grid-template-columns:${columns};background:#fff;border:1px solid #eee3da;border-radius:16px;padding:20px}
figure{margin:0;min-width:0}figure img{display:block;width:100%;height:auto;border-radius:12px}
figure.empty{min-height:120px;display:grid;place-items:center;color:#999;background:#f3ede8;border-radius:12px}
.content{min-width:0;overflow-wrap:anywhere}.content img{max-width:100%;height:auto}
@media (max-width:560px){.body{grid-template-columns:minmax(0,1fr)}figure{order:0!important;width:100%!important}}
</style></head><body><h1>${escapeHtml(f.title.trim() || '（未填標題）')}</h1><div class="body">${cover}<div class="content">${f.content}</div></div></body></html>`;
}
