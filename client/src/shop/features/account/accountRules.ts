import { cleanAddresses, MAX_ADDRESSES } from '@rules/address-rules';
import { ACCOUNT_MSG, MSG } from '@rules/messages';
import { isChineseName, isEmailAddress, isTaiwanMobile, isValidBirthday, isValidPassword, NAME_MAX, normalizeEmail, normalizeTaiwanMobile } from '@rules/taiwan';
import { districtsOf } from '@rules/tw-zipcodes';
import type { Address, UserProfile } from '../auth/userTypes';

/**
 * The account screens' rules (spec 1 §5, spec 2 §4–5), pure so they are tested alone. The
 * predicates and messages are the server's own files (@rules → src/common/validation): the two sides
 * cannot drift.
 */

// ---------------------------------------------------------------- failures

/** The server's message, else `refused` for an answer without one, else `serverDown` (network, 5xx, not JSON). */
export function failureText(error: unknown, refused: string, serverDown: string = ACCOUNT_MSG.serverError): string {
  const data = error && typeof error === 'object' && 'data' in error ? (error as { data?: unknown }).data : undefined;
  const message = data && typeof data === 'object' && 'message' in data ? (data as { message?: unknown }).message : undefined;
  if (typeof message === 'string' && message) return message;
  const status = error && typeof error === 'object' && 'status' in error ? (error as { status?: unknown }).status : undefined;
  return typeof status === 'number' && status < 500 ? refused : serverDown;
}

/** The seconds of cooldown a refused send carried (429 `outtime`), if any. */
export function failureOuttime(error: unknown): number | undefined {
  const data = error && typeof error === 'object' && 'data' in error ? (error as { data?: unknown }).data : undefined;
  const t = data && typeof data === 'object' && 'outtime' in data ? (data as { outtime?: unknown }).outtime : undefined;
  return typeof t === 'number' && t > 0 ? Math.ceil(t) : undefined;
}

/**
 * The errors to show after an edit: a shown error stays while its field is still invalid (with the
 * current message) and goes as soon as it is valid; a field without a shown error gets none until
 * the next submit (no error for a field the member is still typing in).
 */
export function stillInvalid<K extends string>(shown: Partial<Record<K, string>>, now: Partial<Record<K, string>>): Partial<Record<K, string>> {
  const out: Partial<Record<K, string>> = {};
  for (const key of Object.keys(shown) as K[]) {
    if (shown[key] && now[key]) out[key] = now[key];
  }
  return out;
}

/**
 * The address editor's error after the row changed: it stays only while the list still has that
 * very problem (第 1 筆需選寄件類型 goes once a type is chosen; the next problem waits for 儲存).
 */
export function addressErrorAfterEdit(shown: string, rows: readonly Address[], index: number, row: Address): string {
  if (!shown) return '';
  return addressListProblem(withRow(rows, index, row)) === shown ? shown : '';
}

// ---------------------------------------------------------------- profile

export interface ProfileForm {
  username: string;
  gender: string;
  birthday: string;
}

export type ProfileField = 'username' | 'birthday' | 'email' | 'phone';

/** What the profile still needs (spec 2 §5 profile save), by field; empty when it can be saved. */
export function profileProblems(form: ProfileForm, user: Pick<UserProfile, 'email' | 'phone'>): Partial<Record<ProfileField, string>> {
  const out: Partial<Record<ProfileField, string>> = {};
  const name = form.username.trim();
  if (!name) out.username = MSG.nameRequired;
  else if (!isChineseName(name)) out.username = MSG.nameChineseOnly;
  else if (name.length > NAME_MAX) out.username = MSG.nameTooLong;
  if (form.birthday && !isValidBirthday(form.birthday)) out.birthday = MSG.birthdayInvalid;
  if (!user.email) out.email = MSG.emailRequiredProfile;
  if (!user.phone) out.phone = MSG.phoneRequired;
  return out;
}

/** Which third-party logins the member uses (spec 2 §2 profile). */
export function socialLogins(user: Pick<UserProfile, 'facebook_id' | 'google_id' | 'line_user_id'>): string[] {
  const out: string[] = [];
  if (user.facebook_id) out.push('Facebook');
  if (user.google_id) out.push('Google');
  if (user.line_user_id) out.push('Line');
  return out;
}

// ---------------------------------------------------------------- e-mail and phone change

export type ContactKind = 'email' | 'phone';

/** Step 1 of an e-mail change (spec 2 §5 new email). */
export function newEmailProblem(value: string, current: string | null): string | undefined {
  const v = normalizeEmail(value);
  if (!v) return MSG.newEmailRequired;
  if (!isEmailAddress(v)) return MSG.emailInvalid;
  if (current && normalizeEmail(current) === v) return MSG.emailSameAsCurrent;
  return undefined;
}

/**
 * Step 1 of a phone change (spec 2 §5 new phone). Only Taiwan mobiles (the only numbers we send
 * SMS to; `+886 9…` is accepted and normalised), as the server checks.
 */
export function newPhoneProblem(value: string, current: string | null): string | undefined {
  if (!value.trim()) return MSG.newPhoneRequired;
  if (!isTaiwanMobile(value)) return MSG.newPhoneInvalid;
  if (current && normalizeTaiwanMobile(current) === normalizeTaiwanMobile(value)) return MSG.phoneSameAsCurrent;
  return undefined;
}

export const CODE_MAX = 6;

export function codeProblem(code: string): string | undefined {
  return code.trim() ? undefined : MSG.profileCodeRequired;
}

/** The value as the server stores it (and as the code was sent to). */
export function normalizeContact(kind: ContactKind, value: string): string {
  return kind === 'email' ? normalizeEmail(value) : normalizeTaiwanMobile(value);
}

// ---------------------------------------------------------------- change password

export interface PasswordForm {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** Spec 1 §5 change password, by field; empty when it can be sent. */
export function passwordProblems(f: PasswordForm): Partial<Record<keyof PasswordForm, string>> {
  const out: Partial<Record<keyof PasswordForm, string>> = {};
  if (!f.currentPassword) out.currentPassword = MSG.currentPasswordRequired;
  else if (!isValidPassword(f.currentPassword)) out.currentPassword = MSG.currentPasswordRule;
  if (!f.newPassword) out.newPassword = MSG.passwordRequired;
  else if (!isValidPassword(f.newPassword)) out.newPassword = MSG.newPasswordRule;
  else if (f.currentPassword && f.newPassword === f.currentPassword) out.newPassword = MSG.samePassword;
  if (!out.newPassword && f.confirmPassword !== f.newPassword) out.confirmPassword = MSG.passwordMismatch;
  return out;
}

// ---------------------------------------------------------------- address book

export { MAX_ADDRESSES };
export const MIN_ADDRESSES = 1;

export const SHIPPING_TYPE_LABELS: Readonly<Record<string, string>> = {
  home: '宅配到府',
  seven: '7-11',
  family: '全家',
  hilife: '萊爾富',
};

export const isStoreType = (type: string) => type === 'seven' || type === 'family' || type === 'hilife';

const HOME_FIELDS = { city: '', district: '', zip: '', street: '' };
const STORE_FIELDS = { store_id: '', store_name: '', store_addr: '' };

export function emptyAddress(type = 'home'): Address {
  return { shipping_type: type, ...HOME_FIELDS, ...STORE_FIELDS, is_default: 0 };
}

/**
 * A new type (spec 2 §4): home clears the store fields, a store clears the home fields. A store
 * number belongs to one chain, so moving between chains clears the store fields too.
 */
export function withType(row: Address, type: string): Address {
  if (type === row.shipping_type) return row;
  if (type === 'home') return { ...row, shipping_type: type, ...STORE_FIELDS };
  return { ...row, shipping_type: type, ...HOME_FIELDS, ...STORE_FIELDS };
}

/** A new city clears district and zip (spec 2 §4). */
export function withCity(row: Address, city: string): Address {
  return { ...row, city, district: '', zip: '' };
}

/** The zip comes from the chosen district (spec 2 §4). */
export function withDistrict(row: Address, district: string): Address {
  const zip = districtsOf(row.city).find((d) => d.name === district)?.zip ?? '';
  return { ...row, district, zip };
}

/** Makes row `index` the default; the other rows of its type stop being default (spec 2 §4). */
export function withDefault(rows: readonly Address[], index: number): Address[] {
  const type = rows[index]?.shipping_type;
  return rows.map((r, i) => (i === index ? { ...r, is_default: 1 } : r.shipping_type === type ? { ...r, is_default: 0 } : r));
}

/** The list with `row` put at `index` (or added when `index` is the length); a row that becomes the default of its type takes it over. */
export function withRow(rows: readonly Address[], index: number, row: Address): Address[] {
  const next = [...rows];
  next[index] = row;
  return row.is_default ? withDefault(next, index) : next;
}

export function addProblem(rows: readonly Address[]): string | undefined {
  return rows.length >= MAX_ADDRESSES ? MSG.addressMax : undefined;
}

export function removeProblem(rows: readonly Address[]): string | undefined {
  return rows.length <= MIN_ADDRESSES ? MSG.addressMin : undefined;
}

/** The server's own check of the whole list (spec 2 §5 row messages, 第 N 筆 counted from 1). */
export function addressListProblem(rows: readonly Address[]): string | undefined {
  const result = cleanAddresses([...rows]);
  return result.ok ? undefined : result.message;
}

/** One line for a card: "106 臺北市大安區復興南路一段 1 號" or "7-11 大安門市（991182）". */
export function addressSummary(row: Address): string {
  if (row.shipping_type === 'home') return `${row.zip} ${row.city}${row.district}${row.street}`.trim();
  return `${row.store_name}${row.store_id ? `（${row.store_id}）` : ''}`;
}
