import { COSMETICS_FIELDS, cosmeticsErrors, DEFAULT_CLAIM_PHRASES, findClaims, REGISTRATION_NO } from '../../common/validation/cosmetics-rules';
import type { CosmeticsFields } from '../../common/api/compliance';
import { buildCatalog } from './demo-catalog';

describe('demo catalogue: the cosmetics law label fields (issue 22 §5)', () => {
  const products = buildCatalog().rows.products;

  it('every demo product has every label field, within the rules, with a distinct registration number', () => {
    for (const p of products) {
      const c = Object.fromEntries(COSMETICS_FIELDS.map((f) => [f.key, String(p[f.key] ?? '')])) as unknown as CosmeticsFields;
      expect([p.title, cosmeticsErrors(c)]).toEqual([p.title, []]);
      for (const f of COSMETICS_FIELDS) expect([p.title, f.key, c[f.key].length > 0]).toEqual([p.title, f.key, true]);
      expect(c.registration_no).toMatch(REGISTRATION_NO);
    }
    expect(new Set(products.map((p) => p.registration_no)).size).toBe(products.length);
  });

  it('the 規格 table names the same registration number as the field', () => {
    for (const p of products) expect(String(p.spec_html)).toContain(`<td>${String(p.registration_no)}</td>`);
  });

  it('the demo texts use none of the default claims phrases', () => {
    const found = products.flatMap((p) =>
      findClaims({ title: String(p.title), description: String(p.description), seo_description: String(p.seo_description), usage: String(p.usage), warnings: String(p.warnings), detail_html: String(p.detail_html) }, DEFAULT_CLAIM_PHRASES).map((w) => `${String(p.title)}: ${w.field} ${w.phrase}`),
    );
    expect(found).toEqual([]);
  });
});
