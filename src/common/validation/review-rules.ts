/**
 * Reviews (spec 4 §3, §5, §8, §9): the rules and texts of a member's review, written once for the
 * server (src/modules/reviews) and the review form (`@rules/review-rules`). Pure TypeScript.
 */

export const REVIEW_MSG = {
  rating: '請選擇評分',
  contentShort: '評價內容至少 10 個字',
  contentLong: '評價內容最多 1000 個字',
  photos: '最多上傳 5 張照片',
  photoInvalid: '照片無效，請重新上傳',
  already: '此商品已評價',
  notEligible: '完成訂單後才能評價',
  expired: '已超過評價期限',
  published: '評價已送出',
  held: '評價已送出，待審核後顯示',
  notFound: '找不到評價',
  replyLong: '回覆最多 500 個字',
  badVisible: '顯示狀態錯誤',
  updated: '已更新評價',
} as const;

export const REVIEW_LIMITS = {
  contentMin: 10,
  contentMax: 1000,
  photos: 5,
  reply: 500,
  /** Days after delivery a member may review (spec 4 §9). */
  windowDays: 90,
  pageSize: 10,
  maxPageSize: 50,
} as const;

/** Length in characters as a person counts them (code points: an emoji is one). */
export function charCount(text: string): number {
  return Array.from(text).length;
}

export interface ReviewInput {
  rating: unknown;
  content: unknown;
  photos?: unknown;
}

/** The first problem of a review's input (in the form's order: stars, text, photos), or null. */
export function reviewInputProblem(input: ReviewInput): string | null {
  const r = input.rating;
  if (typeof r !== 'number' || !Number.isInteger(r) || r < 1 || r > 5) return REVIEW_MSG.rating;
  const content = typeof input.content === 'string' ? input.content.trim() : '';
  if (charCount(content) < REVIEW_LIMITS.contentMin) return REVIEW_MSG.contentShort;
  if (charCount(content) > REVIEW_LIMITS.contentMax) return REVIEW_MSG.contentLong;
  if (input.photos !== undefined && input.photos !== null) {
    if (!Array.isArray(input.photos) || input.photos.some((p) => typeof p !== 'string')) return REVIEW_MSG.photoInvalid;
    if (input.photos.length > REVIEW_LIMITS.photos) return REVIEW_MSG.photos;
  }
  return null;
}

/** Why a review waits for staff (spec 4 §4): a link, a phone number, an e-mail address. */
export type HeldReason = '含連結' | '含電話號碼' | '含電子郵件';

const FULL_WIDTH = /[\uFF01-\uFF5E]/g;
/** Full-width ASCII (０９＠．：／) as half-width, so 〇九一二 tricks in full-width digits are caught too. */
function halfWidth(text: string): string {
  return text.replace(FULL_WIDTH, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0));
}

const EMAIL = /[a-z0-9._%+-]+@[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}/i;
const URL_SCHEME = /\b(https?:\/\/|www\.)|\b(line\.me|lin\.ee|bit\.ly|reurl\.cc|tinyurl\.com|goo\.gl)\b/i;
/** A bare domain: name.tld with a common top-level domain (見 abc.com.tw, shop.io). */
const DOMAIN = /\b[a-z0-9][a-z0-9-]*(\.[a-z0-9-]+)*\.(com|net|org|tw|io|cc|co|me|shop|store|xyz|info|biz|app|site|online|top|ly|gl)\b/i;
/** A run of digits with the separators people type between them (space, -, ., parentheses, +). */
const DIGIT_RUN = /\+?\(?\d[\d\s\-.()]{6,}\d/g;

/** Taiwan phone numbers once the separators are gone: mobile 09xxxxxxxx (+886 9…), landline 0[2-8]…, 0800 toll-free. */
function isTaiwanPhone(digits: string): boolean {
  const d = digits.startsWith('+886') ? `0${digits.slice(4)}` : digits.startsWith('886') && digits.length >= 11 ? `0${digits.slice(3)}` : digits;
  if (/^09\d{8}$/.test(d)) return true;
  if (/^0800\d{6}$/.test(d)) return true;
  // Landlines: area code 02–08 (2–4 digits with the 0) + 6–8 digits, 9–10 digits in all.
  return /^0[2-8]\d{7,8}$/.test(d);
}

/** The reasons a review's text is held (none: published at once). */
export function heldReasons(text: string): HeldReason[] {
  const t = halfWidth(text);
  const out: HeldReason[] = [];
  if (URL_SCHEME.test(t) || DOMAIN.test(t.replace(EMAIL, ' '))) out.push('含連結');
  for (const m of t.matchAll(DIGIT_RUN)) {
    const digits = m[0].replace(/[^\d+]/g, '');
    if (isTaiwanPhone(digits)) {
      out.push('含電話號碼');
      break;
    }
  }
  if (EMAIL.test(t)) out.push('含電子郵件');
  return out;
}

/** The name shown under a review: its first character and ** (王小明 → 王**); no name → 會員**. */
export function maskName(name: string | null | undefined): string {
  const first = Array.from((name ?? '').trim())[0];
  return first ? `${first}**` : '會員**';
}
