import { isEmailAddress, isTaxId } from './taiwan';

/**
 * What each general setting (網站設定 → 一般設定, the public `settings` rows) may hold, checked by
 * kind on the server before it is stored (issue 19 §8: a `javascript:` LINE link and markup in the
 * maps key and e-mail were stored as typed) and by the settings screen before it sends
 * (`@rules/settings-rules`). Every value may be left empty: the shop then hides it or falls back
 * (company name → the built-in name, no map without a key).
 */
export type SettingKind = 'text' | 'taxId' | 'phone' | 'email' | 'latitude' | 'longitude' | 'httpsUrl' | 'mapsKey' | 'ga4' | 'metaPixel' | 'imageUrl' | 'color';

export interface SettingRule {
  kind: SettingKind;
  /** Longest value (characters). */
  max: number;
  /** httpsUrl: the site's host names (a subdomain of one passes too). */
  hosts?: readonly string[];
  /** httpsUrl: the site's name in the message. */
  site?: string;
}

export const SETTING_VALUE_MAX = 1000;

export const SETTING_RULES: Readonly<Record<string, SettingRule>> = {
  COMPANY_NAME: { kind: 'text', max: 100 },
  COMPANY_NAMEN: { kind: 'text', max: 50 },
  COMPANY_TAXID: { kind: 'taxId', max: 8 },
  COMPANY_PHONE: { kind: 'phone', max: 30 },
  COMPANY_FAX: { kind: 'phone', max: 30 },
  COMPANY_EMAIL: { kind: 'email', max: 254 },
  COMPANY_ADDRESS: { kind: 'text', max: 200 },
  COMPANY_LAT: { kind: 'latitude', max: 20 },
  COMPANY_LNG: { kind: 'longitude', max: 20 },
  SOCIAL_LINE_URL: { kind: 'httpsUrl', max: 500, hosts: ['line.me', 'lin.ee'], site: 'LINE' },
  SOCIAL_INSTAGRAM_URL: { kind: 'httpsUrl', max: 500, hosts: ['instagram.com'], site: 'Instagram' },
  SOCIAL_FACEBOOK_URL: { kind: 'httpsUrl', max: 500, hosts: ['facebook.com', 'fb.com', 'fb.me'], site: 'Facebook' },
  GOOGLE_MAPS_KEY: { kind: 'mapsKey', max: 39 },
  // Analytics (issue 22 §7): empty = off.
  GA4_ID: { kind: 'ga4', max: 22 },
  META_PIXEL_ID: { kind: 'metaPixel', max: 20 },
  // The e-mails' brand (issue 22 §6): the logo at the top and the colour of titles and buttons.
  MAIL_LOGO_URL: { kind: 'imageUrl', max: 500 },
  THEME_COLOR: { kind: 'color', max: 7 },
};

/** A public row without a rule of its own (one added later) is plain text. */
const DEFAULT_RULE: SettingRule = { kind: 'text', max: SETTING_VALUE_MAX };

export const SETTING_MSG = {
  text: '不可包含 < > 符號、換行或其他控制字元',
  tooLong: (max: number) => `內容過長，上限為 ${max} 字`,
  taxId: '統一編號格式錯誤（8 位數字）',
  phone: '請輸入有效的電話號碼，例如 02-2708-5168',
  email: 'Email 格式不正確',
  latitude: '緯度須為 -90 到 90 之間的數字，例如 25.029620',
  longitude: '經度須為 -180 到 180 之間的數字，例如 121.548924',
  httpsUrl: (rule: SettingRule) => `請輸入 https:// 開頭的 ${rule.site ?? ''} 網址（${(rule.hosts ?? []).join('、')}）`,
  mapsKey: 'Google 地圖金鑰格式錯誤（AIza 開頭，共 39 個英數字元）',
  ga4: '請輸入正確的 GA4 評估 ID',
  metaPixel: '請輸入正確的 Meta Pixel ID',
  imageUrl: '請輸入 https:// 開頭的 PNG 或 JPEG 圖片網址',
  color: '請輸入色碼，例如 #9a5461',
} as const;

/** GA4 measurement id (G-XXXXXXXXXX) and Meta Pixel id (digits). */
export const GA4_ID_PATTERN = /^G-[A-Z0-9]{4,20}$/;
export const META_PIXEL_ID_PATTERN = /^\d{5,20}$/;

export function settingRule(key: string): SettingRule {
  return SETTING_RULES[key] ?? DEFAULT_RULE;
}

// Control characters (line breaks, tabs, NUL …) and markup brackets.
// eslint-disable-next-line no-control-regex
const UNSAFE_TEXT = /[<>\u0000-\u001f\u007f\u2028\u2029]/;

function isHttpsUrlOf(value: string, hosts: readonly string[]): boolean {
  if (/[\s<>"'`\\]/.test(value)) return false;
  let u: URL;
  try {
    u = new URL(value);
  } catch {
    return false;
  }
  if (u.protocol !== 'https:' || u.username || u.password || u.port) return false;
  const host = u.hostname.toLowerCase();
  return hosts.some((h) => host === h || host.endsWith(`.${h}`));
}

/** An https URL of a PNG or JPEG image (what mail clients show), without credentials or spaces. */
function isImageUrl(value: string): boolean {
  let u: URL;
  try {
    u = new URL(value);
  } catch {
    return false;
  }
  return u.protocol === 'https:' && !u.username && !u.password && !/[\s<>"']/.test(value) && /\.(png|jpe?g)$/i.test(u.pathname);
}

function isCoordinate(value: string, limit: number): boolean {
  if (!/^-?\d{1,3}(\.\d{1,12})?$/.test(value)) return false;
  return Math.abs(Number(value)) <= limit;
}

/**
 * The zh-TW problem of `value` (trimmed by the caller) as setting `key`, or null when it may be
 * stored. Empty is always allowed.
 */
export function settingProblem(key: string, value: string): string | null {
  if (value === '') return null;
  const rule = settingRule(key);
  // Free text and URLs say they are too long; a fixed format says what it expects instead.
  const tooLong = value.length > rule.max;
  if (tooLong && (rule.kind === 'text' || rule.kind === 'httpsUrl')) return SETTING_MSG.tooLong(rule.max);
  switch (rule.kind) {
    case 'text':
      return UNSAFE_TEXT.test(value) ? SETTING_MSG.text : null;
    case 'taxId':
      return isTaxId(value) ? null : SETTING_MSG.taxId;
    case 'phone': {
      const digits = value.replace(/\D/g, '').length;
      return !tooLong && /^\+?[\d\s()#-]+$/.test(value) && digits >= 7 && digits <= 15 ? null : SETTING_MSG.phone;
    }
    case 'email':
      return !tooLong && isEmailAddress(value) ? null : SETTING_MSG.email;
    case 'latitude':
      return isCoordinate(value, 90) ? null : SETTING_MSG.latitude;
    case 'longitude':
      return isCoordinate(value, 180) ? null : SETTING_MSG.longitude;
    case 'httpsUrl':
      return isHttpsUrlOf(value, rule.hosts ?? []) ? null : SETTING_MSG.httpsUrl(rule);
    case 'mapsKey':
      return /^AIza[0-9A-Za-z_-]{35}$/.test(value) ? null : SETTING_MSG.mapsKey;
    case 'ga4':
      return GA4_ID_PATTERN.test(value) ? null : SETTING_MSG.ga4;
    case 'metaPixel':
      return META_PIXEL_ID_PATTERN.test(value) ? null : SETTING_MSG.metaPixel;
    case 'imageUrl':
      return !tooLong && isImageUrl(value) ? null : SETTING_MSG.imageUrl;
    case 'color':
      return /^#[0-9a-fA-F]{6}$/.test(value) ? null : SETTING_MSG.color;
  }
}
