/** Rules and texts of the HTML editor and its AI rewrite (spec 3 §4, §5, §8, §9; issue 12). */

export const EDIT_TYPES = ['product', 'htmlpage'] as const;
export type EditType = (typeof EDIT_TYPES)[number];

/** `mode` of the AI rewrite: `optimize` rewrites the HTML for SEO and readability; `supplement` also adds content (editor action mode 1). */
export const AI_MODES = ['optimize', 'supplement'] as const;
export type AiMode = (typeof AI_MODES)[number];

/** Saved HTML (after sanitizing) and the body of savehtml: 2 MB. */
export const EDITOR_HTML_MAX_BYTES = 2 * 1024 * 1024;
/** Content sent to the AI: at most this many characters. */
export const AI_CONTENT_MAX_CHARS = 30_000;

export const EDITOR_MSG = {
  saved: '儲存成功',
  saveFailed: '儲存失敗',
  saveError: '儲存錯誤 (請檢查網路連線或稍後再試)',
  emptyContent: '請輸入內容',
  emptyContentHint: '請輸入內容後再點擊「AI 優化」',
  productNotFound: '找不到商品',
  pageNotFound: '找不到頁面',
  tooLong: '內容過長，請分段進行 AI 優化',
  aiUnavailable: 'AI 服務暫時無法使用，請稍後再試',
  mobileUnsupported: '手機版不支援 HTML 編輯，請使用電腦操作',
} as const;

/** The per-admin daily quota is used up. */
export const aiQuotaUsedMsg = (quota: number) => `今日 AI 優化次數已用完（每日 ${quota} 次），請明天再試`;
