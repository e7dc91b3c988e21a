import { describe, expect, it } from 'vitest';
import { initialSiteState, selectCompanyName, selectCompanyShortName } from '../../app/site/siteSlice';
import { readSiteBoot, withBootNames } from './siteBoot';

/** The block exactly as the server writes it (src/modules/seo/seo-pages.ts withSiteBoot: `<` escaped in JSON). */
function page(json: string): Document {
  const doc = document.implementation.createHTMLDocument('t');
  doc.head.innerHTML = `<script type="application/json" id="ss-site">${json}</script>`;
  return doc;
}

const asState = (site: typeof initialSiteState) => ({ site });

describe('site boot data', () => {
  it('reads the company names the server wrote into the page', () => {
    expect(readSiteBoot(page('{"companyName":"肌研舍股份有限公司","companyShortName":"肌研舍"}'))).toEqual({
      companyName: '肌研舍股份有限公司',
      companyShortName: '肌研舍',
    });
  });

  it('keeps markup in a name as plain text (the server escapes < in the block)', () => {
    const boot = readSiteBoot(page('{"companyName":"\\u003cimg src=x onerror=alert(1)\\u003e","companyShortName":""}'));
    expect(boot).toEqual({ companyName: '<img src=x onerror=alert(1)>', companyShortName: '<img src=x onerror=alert(1)>' });
  });

  it('is null without the block or with a broken one', () => {
    expect(readSiteBoot(document.implementation.createHTMLDocument('t'))).toBeNull();
    expect(readSiteBoot(page('{not json'))).toBeNull();
    expect(readSiteBoot(page('{"companyName":42}'))).toBeNull();
    expect(readSiteBoot(page('{"companyName":"   "}'))).toBeNull();
    expect(readSiteBoot(undefined)).toBeNull();
  });

  it('a first visit shows the server names in the navbar and titles, not the placeholder', () => {
    const boot = { companyName: '肌研舍股份有限公司', companyShortName: '肌研舍' };
    const site = withBootNames(initialSiteState, boot);
    expect(selectCompanyName(asState(site))).toBe('肌研舍股份有限公司');
    expect(selectCompanyShortName(asState(site))).toBe('肌研舍');
    expect(selectCompanyName(asState(withBootNames(initialSiteState, null)))).toBe('肌膚小舖');
  });

  it('stored settings (with their version) win; the start-up check replaces them when they changed', () => {
    const stored = { ...initialSiteState, settings: { COMPANY_NAME: '舊名稱', COMPANY_NAMEN: '舊' }, settingsVersion: 'v1' };
    expect(withBootNames(stored, { companyName: '新名稱', companyShortName: '新' })).toBe(stored);
  });
});
