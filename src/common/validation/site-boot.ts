/**
 * The shop data the server writes into every HTML page for the app's first render (src/modules/seo),
 * read synchronously at boot (client/src/shared/lib/siteBoot.ts), so the navbar and the tab show
 * the real company name before the settings request answers. One `<script type="application/json">`
 * data block: browsers never run it (the CSP's script-src does not apply); the server escapes `<`,
 * `>` and `&` inside it, and the client treats every value as plain text.
 */
export const SITE_BOOT_ID = 'ss-site';

export interface SiteBoot {
  /** COMPANY_NAME (titles, footer). */
  companyName: string;
  /** COMPANY_NAMEN, else COMPANY_NAME (navbar brand). */
  companyShortName: string;
}

/** The block's JSON text as the server wrote it → its values; null when absent, malformed or empty. */
export function parseSiteBoot(text: string | null | undefined): SiteBoot | null {
  if (!text) return null;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  if (!data || typeof data !== 'object') return null;
  const str = (v: unknown) => (typeof v === 'string' ? v.trim().slice(0, 200) : '');
  const { companyName, companyShortName } = data as Record<string, unknown>;
  const name = str(companyName);
  if (!name) return null;
  return { companyName: name, companyShortName: str(companyShortName) || name };
}
