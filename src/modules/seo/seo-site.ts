import { safeUrl } from '../../common/html/safe-url';

/** The client's fallback company name (client/src/app/site/siteSlice.ts) when COMPANY_NAME is empty. */
export const DEFAULT_COMPANY_NAME = '肌膚小舖';
/** The shop's one-line pitch (also client/index.html's description). */
export const SITE_TAGLINE = '天然溫和的肌膚保養：精華、乳霜、面膜與潔顏，線上選購，全台配送。';
/** Site logo and default share image, served from client/public. */
export const LOGO_PATH = '/favicon.svg';

/** The shop as search engines and share cards describe it, from the public settings. */
export interface SiteInfo {
  origin: string;
  /** COMPANY_NAME: titles, og:site_name, Organization.name. */
  name: string;
  /** COMPANY_NAMEN (short name), else the company name: Product.brand. */
  brand: string;
  phone: string;
  email: string;
  address: string;
  /** Social profile URLs (LINE, Instagram, Facebook …). */
  sameAs: string[];
  logo: string;
  /** Meta description when a page has none of its own. */
  description: string;
}

export function siteInfo(settings: readonly { s_key: string; s_value: string }[], origin: string): SiteInfo {
  const get = (key: string) => (settings.find((s) => s.s_key === key)?.s_value ?? '').trim();
  const name = get('COMPANY_NAME') || DEFAULT_COMPANY_NAME;
  const sameAs = settings
    .filter((s) => s.s_key.startsWith('SOCIAL_'))
    .map((s) => safeUrl(s.s_value.trim(), 'link'))
    .filter((u) => /^https?:\/\//i.test(u));
  return {
    origin,
    name,
    brand: get('COMPANY_NAMEN') || name,
    phone: get('COMPANY_PHONE'),
    email: get('COMPANY_EMAIL'),
    address: get('COMPANY_ADDRESS'),
    sameAs,
    logo: `${origin}${LOGO_PATH}`,
    description: `${name}｜${SITE_TAGLINE}`,
  };
}

/** A Taiwan phone number in international form (`02-2708-5168` → `+886-2-2708-5168`); others unchanged. */
export function internationalPhone(phone: string): string {
  const p = phone.trim();
  if (/^0\d/.test(p)) return `+886-${p.slice(1)}`;
  return p;
}

/** `106 臺北市大安區…` → postal code and street address. */
export function postalAddress(address: string): { postalCode?: string; streetAddress: string } {
  const m = /^(\d{3,6})\s*(.+)$/.exec(address.trim());
  return m ? { postalCode: m[1], streetAddress: m[2] } : { streetAddress: address.trim() };
}

/**
 * The public origin: PUBLIC_URL when configured, else the request's own (scheme from
 * the proxy when `trust proxy` is set). A malformed Host falls back to localhost, and
 * every origin is escaped where it is written.
 */
export function resolveOrigin(publicUrl: string | undefined, protocol: string, host: string | undefined): string {
  if (publicUrl) return publicUrl.replace(/\/+$/, '');
  const scheme = protocol === 'https' ? 'https' : 'http';
  const h = host && /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i.test(host) ? host.toLowerCase() : 'localhost';
  return `${scheme}://${h}`;
}
