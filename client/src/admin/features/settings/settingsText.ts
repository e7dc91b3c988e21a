/** Texts of the settings screen (spec 3 §8; the server's SETTINGS_MSG says the same). */
export const SETTINGS_TEXT = {
  updated: '更新成功',
  updateFailed: '更新失敗',
  saved: '儲存成功',
  saveFailed: '儲存失敗',
  /** Spec 3 §8: a transport error. */
  tryLater: '請稍後再試',
  loadFailed: '載入網站設定失敗',
} as const;

/** 「更新失敗（reason）」: the spec's words with the server's reason, or 請稍後再試 when the call never got an answer. */
export function failText(base: string, reason: string | undefined): string {
  const why = reason && reason !== base ? reason : reason === base ? undefined : SETTINGS_TEXT.tryLater;
  return why ? `${base}（${why}）` : base;
}

/** An http(s) or site-relative (`/media/…`) address, or empty (the server accepts the same). */
export function isIconUrl(url: string): boolean {
  const s = url.trim();
  if (s === '') return true;
  if (/[\s<>"'`]/.test(s)) return false;
  return /^https?:\/\/[^/\s]+/i.test(s) || (s.startsWith('/') && !s.startsWith('//'));
}

/**
 * The analytics settings (issue 22 §7): public rows, '' = off. Their formats are the server's
 * (`settingProblem` of @rules/settings-rules: 請輸入正確的 GA4 評估 ID / 請輸入正確的 Meta Pixel ID).
 */
export const ANALYTICS_SETTINGS: ReadonlyArray<{ key: string; label: string; placeholder: string }> = [
  { key: 'GA4_ID', label: 'GA4 評估 ID', placeholder: 'G-XXXXXXXXXX' },
  { key: 'META_PIXEL_ID', label: 'Meta Pixel ID', placeholder: '例：123456789012345' },
];

export const isAnalyticsKey = (key: string) => ANALYTICS_SETTINGS.some((a) => a.key === key);
