import { SHELL_HTML, Template } from './index-template';
import type { RenderedPage } from './seo-head';

const page: RenderedPage = { status: 200, titleTag: '<title>T</title>', headTags: '<meta name="description" content="D" />', body: '<main>B</main>' };

describe('index.html template', () => {
  it('replaces the title, drops the site-wide description, adds the tags before </head> and the body inside #root', () => {
    const html = `<html><head>\n  <meta charset="UTF-8" />\n  <meta name="description" content="old" />\n  <title>Old</title>\n  <script type="module" src="/a.js"></script>\n</head><body><div id="root"></div><noscript>x</noscript></body></html>`;
    const out = new Template(html).render(page);
    expect(out).toBe(
      `<html><head>\n  <meta charset="UTF-8" />\n  <title>T</title>\n  <script type="module" src="/a.js"></script>\n  <meta name="description" content="D" />\n  </head><body><div id="root"><main>B</main></div><noscript>x</noscript></body></html>`,
    );
  });

  it('inserts a title when the template has none, and skips the body without a root element', () => {
    const out = new Template('<html><head><meta charset="UTF-8"></head><body><div id="app"></div></body></html>').render(page);
    expect(out).toBe('<html><head><meta charset="UTF-8"><title>T</title>  <meta name="description" content="D" />\n  </head><body><div id="app"></div></body></html>');
  });

  it('serves a template without </head> unchanged', () => {
    expect(new Template('<p>odd</p>').render(page)).toBe('<p>odd</p>');
  });

  it('has a shell with every marker', () => {
    const out = new Template(SHELL_HTML).render(page);
    expect(out).toContain('<title>T</title>');
    expect(out).toContain('<div id="root"><main>B</main></div>');
    expect(out.indexOf('content="D"')).toBeLessThan(out.indexOf('</head>'));
  });
});
