import { expect, test, type Page } from '@playwright/test';
import type { Element } from 'domhandler';
import { textContent } from 'domutils';
import { XSS_CORPUS } from '../../src/common/html/xss-corpus';
import { arm, collect, domSnapshot, pageProblems, parseHtml, textSnapshot } from './xss-checks';
import { endMarker, HTML_PAGES, startMarker, startXssShop, textValue, XSS_TEXT, type Planted, type XssShop } from './xss-fixture';

/**
 * Admin-authored content is hostile until proven otherwise. Every html field a shopper's
 * browser renders holds the whole XSS corpus (src/common/html/xss-corpus.ts), and every
 * plain-text field that reaches the DOM or the server-rendered head holds markup; the
 * pages are then opened in Chromium with traps armed. Nothing may run — once with the
 * shop's CSP and once with the CSP bypassed, so the sanitizer alone is proven.
 */

let shop: XssShop;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  shop = await startXssShop();
});

test.afterAll(async () => {
  await shop?.stop();
});

interface Visit {
  path: string;
  /** Html fields rendered on the page. */
  html: string[];
  /** Plain-text fields whose hostile value must show as text. */
  text: string[];
  /** Brings the rest of the fields on screen (a second tab …). */
  then?: (page: Page) => Promise<void>;
}

function visits(p: Planted): Visit[] {
  const [productA, productB] = p.products;
  const [posterA, posterB] = p.posters;
  return [
    {
      path: '/',
      html: ['home_001', 'home_002'],
      text: ['banner.ctitle', 'banner.description', 'testimonial.review', 'certificate.title', 'certificate.description', 'company.name'],
    },
    { path: '/about', html: ['txthtml001'], text: ['company.name'] },
    ...HTML_PAGES.map((type) => ({ path: `/${type}`, html: [type], text: [] })),
    { path: `/posters/${posterA}`, html: ['poster.content'], text: ['poster.title', 'poster.seo_description'] },
    { path: `/posters/${posterB}`, html: ['poster2.content'], text: [] },
    { path: '/products', html: [], text: ['product.title', 'product.description', 'type.name'] },
    {
      path: `/product/${productA}`,
      html: ['product.detail_html', 'product.spec_html'],
      text: ['product.title', 'product.description', 'product.seo_description', 'variant.name', 'type.name'],
      then: (page) => page.getByRole('tab', { name: '規格說明' }).click(),
    },
    {
      path: `/product/${productB}`,
      html: ['product2.detail_html', 'product2.spec_html'],
      text: [],
      then: (page) => page.getByRole('tab', { name: '規格說明' }).click(),
    },
  ];
}

/** Per html field on the page: how many corpus wrappers reached the DOM and whether the end marker did. */
function fieldsOnPage(page: Page, fields: string[]) {
  return page.evaluate(
    ({ fields, start, end }) =>
      fields.map((field) => {
        const box = [...document.querySelectorAll('.ss-html-content')].find((b) => (b.textContent ?? '').includes(start + field));
        if (!box) return { field, cases: -1, end: false };
        return { field, cases: box.querySelectorAll('[title="xss-case"]').length, end: (box.textContent ?? '').includes(end + field) };
      }),
    { fields, start: startMarker(''), end: endMarker('') },
  );
}

/** Lets late handlers have their chance: every image loaded or failed (onerror), then toggles, focus, meta refresh. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await page.waitForFunction(() => [...document.images].every((img) => img.complete || img.loading === 'lazy'), undefined, { timeout: 10_000 });
  // Two animation frames: handlers queued by the load (toggle, focus, autoplay errors) have run by then.
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

for (const bypassCSP of [false, true]) {
  test.describe(bypassCSP ? 'XSS corpus with the CSP bypassed (sanitizer alone)' : 'XSS corpus under the shop CSP', () => {
    test.use({ bypassCSP });

    test('the traps catch a payload that was not sanitized (control)', async ({ page }) => {
      const caught = await arm(page, shop.url);
      await page.goto(`${shop.url}/about`);
      await expect(page.getByRole('heading', { level: 1, name: '關於我們' })).toBeVisible();
      // Unsanitized markup, put in by the test itself: the traps must notice it.
      await page.evaluate(() => {
        const div = document.createElement('div');
        div.innerHTML = `<img src="/no-such-image" onerror="alert('control')">`;
        document.body.append(div);
      });
      await settle(page);
      await collect(page, caught);
      expect(pageProblems(await page.evaluate(domSnapshot), shop.url)).toContainEqual(expect.stringContaining('handler onerror'));
      if (bypassCSP) {
        expect(caught.calls).toContainEqual(expect.stringContaining('alert(control)'));
      } else {
        expect(caught.calls).toEqual([]);
        expect(caught.cspViolations).toContainEqual(expect.stringContaining('script-src'));
      }
    });

    test('no payload in any admin field runs, escapes or survives in the DOM', async ({ page }) => {
      test.setTimeout(120_000);
      const caught = await arm(page, shop.url);
      for (const visit of visits(shop.planted)) {
        await test.step(visit.path, async () => {
          await page.goto(shop.url + visit.path);
          // Wait until every field is on screen, so the checks below are never vacuous.
          for (const field of visit.html) {
            if (field === visit.html[0] || !visit.then) await expect(page.locator('.ss-html-content', { hasText: startMarker(field) })).toBeVisible();
          }
          for (const field of visit.text) await expect.poll(() => page.evaluate(textSnapshot), { message: field }).toContain(textValue(field));
          if (visit.then) {
            await visit.then(page);
            for (const field of visit.html) await expect(page.locator('.ss-html-content', { hasText: startMarker(field) })).toBeAttached();
          }
          await settle(page);

          const fields = await fieldsOnPage(page, visit.html);
          for (const f of fields) {
            if (shop.planted.htmlFields[f.field] === 'corpus') expect.soft(f, `${f.field}: every payload rendered`).toEqual({ field: f.field, cases: XSS_CORPUS.length, end: true });
            else expect.soft(f.cases, `${f.field}: rendered`).toBeGreaterThanOrEqual(0);
          }
          expect.soft(pageProblems(await page.evaluate(domSnapshot), shop.url), `${visit.path}: DOM`).toEqual([]);
          expect.soft(new URL(page.url()).origin, `${visit.path}: still on the shop`).toBe(shop.url);
          await collect(page, caught);
          expect.soft(caught, `${visit.path}: nothing ran`).toEqual({ dialogs: [], pageErrors: [], consoleCsp: [], foreignRequests: [], calls: [], cspViolations: [] });
          // Start the next page with clean records.
          Object.values(caught).forEach((list: string[]) => list.splice(0));
        });
      }
    });
  });
}

test('the server-rendered head and crawler fallback carry the payloads only as text', async ({ request }) => {
  const { products, posters } = shop.planted;
  const origin = shop.url;
  const pages: { path: string; title: string[]; description?: string; corpusIn?: string }[] = [
    { path: '/', title: ['company.name'] },
    { path: '/products', title: ['company.name'] },
    { path: `/product/${products[0]}`, title: ['product.title', 'company.name'], description: 'product.seo_description' },
    { path: `/posters/${posters[0]}`, title: ['poster.title', 'company.name'], description: 'poster.seo_description', corpusIn: 'poster.content' },
    { path: `/posters/${posters[1]}`, title: ['company.name'] },
    { path: '/about', title: ['company.name'] },
    { path: '/productreturns', title: ['company.name'] },
  ];
  for (const p of pages) {
    const res = await request.get(origin + p.path, { headers: { accept: 'text/html' } });
    expect(res.status(), p.path).toBe(200);
    const html = await res.text();
    const { els, fallback, doc } = parseHtml(html);
    expect(fallback, `${p.path}: crawler fallback`).toBeDefined();
    expect.soft(pageProblems(els, origin), `${p.path}: server HTML`).toEqual([]);
    // Markup from plain-text fields never appears raw.
    expect.soft(html, p.path).not.toContain(XSS_TEXT);
    expect.soft(html, p.path).not.toContain('<script>alert(1)');

    const find = (test: (el: Element) => boolean): Element | undefined => {
      const stack = [...doc.children];
      while (stack.length) {
        const n = stack.shift()!;
        if (n.type === 'tag' || n.type === 'script') {
          if (test(n as Element)) return n as Element;
          stack.push(...(n as Element).children);
        }
      }
      return undefined;
    };
    const title = textContent(find((el) => el.name === 'title')!);
    for (const field of p.title) expect.soft(title, `${p.path}: <title>`).toContain(textValue(field));
    if (p.description) {
      const meta = find((el) => el.name === 'meta' && el.attribs.name === 'description');
      expect.soft(meta?.attribs.content, `${p.path}: meta description`).toContain(textValue(p.description));
    }
    const jsonLd = els.filter((el) => el.tag === 'script' && el.text).map((el) => JSON.parse(el.text) as Record<string, unknown>);
    // The app's boot data carries the hostile company name as a JSON string (read as text by the navbar).
    const boot = els.find((el) => el.tag === 'script' && el.attrs.some(([k, v]) => k === 'id' && v === 'ss-site'));
    expect.soft(boot && (JSON.parse(boot.text) as { companyName?: string }).companyName, `${p.path}: boot company name`).toBe(textValue('company.name'));
    if (p.path.startsWith('/product/')) expect.soft(jsonLd.find((j) => j['@type'] === 'Product')?.name, 'Product JSON-LD').toBe(textValue('product.title'));
    if (p.path === '/') expect.soft(jsonLd.find((j) => j['@type'] === 'Organization')?.name, 'Organization JSON-LD').toBe(textValue('company.name'));
    if (p.corpusIn) {
      const text = textContent(fallback!);
      expect.soft(text, `${p.path}: fallback carries the sanitized ${p.corpusIn}`).toContain(endMarker(p.corpusIn));
      const cases = els.filter((el) => el.admin && el.attrs.some(([k, v]) => k === 'title' && v === 'xss-case'));
      expect.soft(cases.length, `${p.path}: every payload passed through the sanitizer`).toBe(XSS_CORPUS.length);
    }
  }
});
