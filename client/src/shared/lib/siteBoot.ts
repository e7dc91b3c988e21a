import { parseSiteBoot, SITE_BOOT_ID, type SiteBoot } from '@rules/site-boot';

/**
 * The company name the server wrote into the page (src/modules/seo, `<script type="application/json"
 * id="ss-site">`), read once at boot before any request: the navbar and the tab show the real name
 * on a first visit instead of a placeholder while the settings load. Null without the block (the
 * dev server, tests).
 */
export function readSiteBoot(doc: Pick<Document, 'getElementById'> | undefined = globalThis.document): SiteBoot | null {
  return parseSiteBoot(doc?.getElementById(SITE_BOOT_ID)?.textContent);
}

/**
 * Stored settings seeded with the boot names where they have none (a first visit). Stored names win:
 * they come with a settings version, and the start-up check replaces them when the server's changed.
 */
export function withBootNames<S extends { settings: Record<string, string> }>(site: S, boot: SiteBoot | null): S {
  if (!boot || site.settings.COMPANY_NAME) return site;
  return { ...site, settings: { ...site.settings, COMPANY_NAME: boot.companyName, COMPANY_NAMEN: site.settings.COMPANY_NAMEN || boot.companyShortName } };
}
