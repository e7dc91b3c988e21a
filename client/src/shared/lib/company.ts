/**
 * Company details from the shared settings (spec 1 §1), written once for the footer, the
 * contact page and the floating buttons so they never disagree.
 */
export type Settings = Record<string, string | undefined>;

export interface ContactRow {
  key: 'taxId' | 'phone' | 'fax' | 'email' | 'address';
  label: string;
  value: string;
  href?: string;
}

/** "02-2708-5168" → "tel:0227085168". */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** The rows that have a value, in display order. */
export function companyContactRows(s: Settings, { withTaxId = false } = {}): ContactRow[] {
  const v = (k: string) => (s[k] ?? '').trim();
  const rows: ContactRow[] = [
    ...(withTaxId ? [{ key: 'taxId' as const, label: '統一編號', value: v('COMPANY_TAXID') }] : []),
    { key: 'phone', label: '電話', value: v('COMPANY_PHONE'), href: v('COMPANY_PHONE') ? telHref(v('COMPANY_PHONE')) : undefined },
    { key: 'fax', label: '傳真', value: v('COMPANY_FAX') },
    { key: 'email', label: 'Email', value: v('COMPANY_EMAIL'), href: v('COMPANY_EMAIL') ? `mailto:${v('COMPANY_EMAIL')}` : undefined },
    { key: 'address', label: '地址', value: v('COMPANY_ADDRESS') },
  ];
  return rows.filter((r) => r.value);
}

export interface SocialLink {
  key: 'line' | 'instagram' | 'facebook';
  label: string;
  href: string;
}

/** Messaging app, photo-sharing app, social network: only those whose setting is set. */
export function socialLinks(s: Settings): SocialLink[] {
  const links: SocialLink[] = [
    { key: 'line', label: 'LINE', href: (s.SOCIAL_LINE_URL ?? '').trim() },
    { key: 'instagram', label: 'Instagram', href: (s.SOCIAL_INSTAGRAM_URL ?? '').trim() },
    { key: 'facebook', label: 'Facebook', href: (s.SOCIAL_FACEBOOK_URL ?? '').trim() },
  ];
  return links.filter((l) => /^https?:\/\//i.test(l.href));
}

export const MAP_ZOOM = 16;

/** What the map points at: the address, else the coordinates. */
export function mapQuery(s: Settings): string {
  const address = (s.COMPANY_ADDRESS ?? '').trim();
  if (address) return address;
  const lat = Number(s.COMPANY_LAT);
  const lng = Number(s.COMPANY_LNG);
  return (s.COMPANY_LAT ?? '').trim() && (s.COMPANY_LNG ?? '').trim() && Number.isFinite(lat) && Number.isFinite(lng) ? `${lat},${lng}` : '';
}

/** Google Maps Embed API (an iframe, no script) at zoom 16, when a maps key is set. */
export function mapEmbedUrl(s: Settings): string | undefined {
  const key = (s.GOOGLE_MAPS_KEY ?? '').trim();
  const q = mapQuery(s);
  if (!key || !q) return undefined;
  const params = new URLSearchParams({ key, q, zoom: String(MAP_ZOOM) });
  return `https://www.google.com/maps/embed/v1/place?${params}`;
}

/** A plain link that opens the address in Google Maps (no key needed). */
export function mapSearchUrl(s: Settings): string | undefined {
  const q = mapQuery(s);
  return q ? `https://www.google.com/maps/search/?${new URLSearchParams({ api: '1', query: q })}` : undefined;
}
