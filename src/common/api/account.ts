import type { Envelope } from './envelope';

/**
 * Shapes of the member-account answers (spec 1 §3, §7; spec 2 §3, §7). Server: src/modules/users,
 * src/modules/auth, src/modules/phone-verification.
 */

/** An address of the member's address book. */
export interface AddressView {
  id: number;
  user_id: number;
  /** home | seven | family | hilife */
  shipping_type: string;
  city: string;
  district: string;
  zip: string;
  street: string;
  store_id: string;
  store_name: string;
  store_addr: string;
  /** 0 or 1 */
  is_default: number;
}

/** Checkout defaults (spec 2 §3 user config), with the spec's field names. */
export interface UserConfigView {
  default_shipping: number;
  selectedHomeAddrIndex: number;
  selectedCvsAddrIndex: number;
  default_mobile_barcode: string;
  default_citizen_barcode: string;
  default_company_name: string;
  default_tax_id: string;
}

/**
 * The member's profile (spec 2 §3). Social ids are shown masked (enough to tell that and which
 * provider is linked); tokens are never stored.
 */
export interface ProfileView {
  user_id: number;
  /** The phone the member registered with; null for social-only members (then no password to change). */
  account: string | null;
  facebook_id: string | null;
  google_id: string | null;
  line_user_id: string | null;
  email: string | null;
  phone: string | null;
  username: string;
  /** male | female | '' (undisclosed) */
  gender: string;
  /** YYYY-MM-DD */
  birthday: string | null;
  /** The member has a password (刪除帳號 asks for it; without one, an SMS code). */
  has_password: boolean;
  /** Default addresses first, then the member's own order. */
  addresses: AddressView[];
  config: UserConfigView;
}

export type SocialProvider = 'google' | 'facebook' | 'line';

/** `GET /api/login/getuser`, `POST /api/user/updateUser`: the member as the server now holds it. */
export type UserAnswer = Envelope<{ user: ProfileView }>;

/** A new session started (login, registration): the session id rotated, so the CSRF token did too. */
export interface SessionStarted {
  user: ProfileView;
  csrfToken: string;
}

/** `POST /api/login/basic-login`, `POST /api/user/register`. */
export type LoginAnswer = Envelope<SessionStarted>;

/** `POST /api/login/logout`: the token of the new anonymous session. */
export type LogoutAnswer = Envelope<{ csrfToken: string }>;

/** `GET /api/csrf-token`. */
export type CsrfTokenAnswer = Envelope<{ csrfToken: string }>;

/** `GET /api/login/providers`: which social logins have credentials on this server. */
export type ProvidersAnswer = Envelope<{ providers: Record<SocialProvider, boolean> }>;

/**
 * `POST /api/phone/sendcode`, `/api/phone/forgot-sendcode`, `/api/email/send-code`: `outtime` is
 * the resend cooldown in seconds. A send refused for being too soon (429) carries the remaining
 * seconds as `outtime` in its error body too.
 */
export type CodeSentAnswer = Envelope<{ outtime: number }>;

/** `POST /api/user/updateEmail`. */
export type EmailChangedAnswer = Envelope<{ email: string | null; user: ProfileView }>;

/** `POST /api/user/updatePhone`. */
export type PhoneChangedAnswer = Envelope<{ phone: string | null; user: ProfileView }>;

/** `POST /api/user/updateAddresses`: the saved list, in the book's order (zips from the server's table). */
export type AddressesAnswer = Envelope<{ addresses: AddressView[] }>;

/** `POST /api/user/updatePassword`: how many other sessions were ended (0 unless logoutOthers). */
export type PasswordChangedAnswer = Envelope<{ endedSessions: number }>;
