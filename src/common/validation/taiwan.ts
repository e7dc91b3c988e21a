/**
 * Validation rules shared by the server and the client (pure TypeScript: no Node imports, so
 * client/src can import this very file). Formats that a maintained package already checks
 * (tax id, e-invoice carriers) come from `taiwan-id-validator`; the rest are the spec's rules.
 */
import { isBan, isCdcNumber, isMobileBarcode } from 'taiwan-id-validator';
import { taipeiToday } from '../time/taipei-time';

// ---------------------------------------------------------------- phone

/** Taiwan mobile numbers: 09, then 0–8 (099 is not a mobile range), then 7 digits. */
export const TAIWAN_MOBILE = /^09[0-8]\d{7}$/;

/**
 * `+886 912 345 678`, `+886-912-345-678`, `886912345678`, `+8860912345678` and
 * `0912-345-678` all become `0912345678`; anything else is returned trimmed, unchanged.
 */
export function normalizeTaiwanMobile(input: string): string {
  const compact = input.trim().replace(/[\s().-]/g, '');
  const intl = /^(?:\+|00)?886(?:0)?(9\d{8})$/.exec(compact);
  if (intl) return `0${intl[1]}`;
  return /^09\d{8}$/.test(compact) ? compact : input.trim();
}

/** True for a number that normalises to a Taiwan mobile number (the only kind we send SMS to). */
export function isTaiwanMobile(input: unknown): boolean {
  return typeof input === 'string' && TAIWAN_MOBILE.test(normalizeTaiwanMobile(input));
}

// ---------------------------------------------------------------- password

export const PASSWORD_MIN = 6;
/** argon2 accepts any length; this bound only stops abusive multi-megabyte "passwords". */
export const PASSWORD_MAX = 128;

/** Spec 1 §5: at least 6 characters with at least one lowercase letter and one digit. */
export function isValidPassword(input: unknown): boolean {
  return typeof input === 'string' && input.length >= PASSWORD_MIN && /[a-z]/.test(input) && /\d/.test(input);
}

// ---------------------------------------------------------------- names, e-mail

export const NAME_MAX = 20;

/**
 * Chinese characters only (spec 2 §5). Han characters of every CJK block; a middle dot is
 * allowed between parts, as in transliterated and indigenous names (法拉·巴奈).
 */
export function isChineseName(input: unknown): boolean {
  return typeof input === 'string' && /^\p{Script=Han}+(?:[·‧・]\p{Script=Han}+)*$/u.test(input);
}

export const EMAIL_MAX = 254;
/** The WHATWG `input type=email` rule, with a dot required in the domain. */
const EMAIL = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

export function isEmailAddress(input: unknown): boolean {
  return typeof input === 'string' && input.length <= EMAIL_MAX && EMAIL.test(input);
}

/** E-mail as stored and compared: trimmed, lower case. */
export function normalizeEmail(input: string): string {
  return input.trim().toLowerCase();
}

// ---------------------------------------------------------------- dates

/** A real calendar date written YYYY-MM-DD (no 2023-02-30). */
export function isIsoDate(input: unknown): boolean {
  if (typeof input !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(input)) return false;
  const [y, m, d] = input.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** Today's date in Asia/Taipei, YYYY-MM-DD (the client reads it from here through `@rules/taiwan`). */
export { taipeiToday };

/** A birthday: a real date from 1900-01-01 up to today in Taipei. */
export function isValidBirthday(input: unknown, now: Date = new Date()): boolean {
  return isIsoDate(input) && (input as string) >= '1900-01-01' && (input as string) <= taipeiToday(now);
}

// ---------------------------------------------------------------- invoices (spec 2 §5, checked at checkout)

/**
 * Company tax id (統一編號) by the rule in force since 2023-04-01: weights 1,2,1,2,1,2,4,1, digit
 * sums added, total divisible by 5; when the 7th digit is 7, total + 1 divisible by 5 also passes.
 */
export function isTaxId(input: unknown): boolean {
  return typeof input === 'string' && isBan(input);
}

/** E-invoice mobile barcode (手機條碼, carrier 3J0002): "/" then 7 of 0-9 A-Z . + - */
export const MOBILE_BARCODE = /^\/[0-9A-Z.+-]{7}$/;
export function isMobileBarcodeCarrier(input: unknown): boolean {
  return typeof input === 'string' && MOBILE_BARCODE.test(input) && isMobileBarcode(input);
}

/** Citizen digital certificate barcode (自然人憑證, carrier CQ0001): 2 capital letters and 14 digits. */
export const CITIZEN_BARCODE = /^[A-Z]{2}\d{14}$/;
export function isCitizenBarcode(input: unknown): boolean {
  return typeof input === 'string' && CITIZEN_BARCODE.test(input) && isCdcNumber(input);
}
