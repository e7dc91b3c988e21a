import { describe, expect, it } from 'vitest';
import { rewriteIndexHtml } from './firstPaint';

/** What Vite writes to dist/index.html (reduced). */
const VITE_HTML = `<!doctype html>
<html lang="zh-Hant-TW">
  <head>
    <title>肌膚小舖</title>
    <script type="module" crossorigin src="/assets/index-A1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/rolldown-runtime-B2.js">
    <link rel="modulepreload" crossorigin href="/assets/vendor-react-C3.js">
    <link rel="stylesheet" crossorigin href="/assets/index-D4.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

describe('firstPaint: index.html rewrite', () => {
  const css = { 'assets/index-D4.css': ':root{--ss-rose:#b86b77}body{margin:0}\n' } as Record<string, string>;
  const out = rewriteIndexHtml(VITE_HTML, (file) => css[file], 'assets/boot-X.js');

  it('replaces the module entry and its preloads by one deferred boot script that names them', () => {
    expect(out).not.toContain('type="module"');
    expect(out).not.toContain('modulepreload');
    expect(out).toContain(
      '<script defer src="/assets/boot-X.js" data-entry="/assets/index-A1.js" data-preload="/assets/rolldown-runtime-B2.js /assets/vendor-react-C3.js"></script>',
    );
  });

  it('inlines the entry stylesheet', () => {
    expect(out).not.toContain('rel="stylesheet"');
    expect(out).toContain('<style>:root{--ss-rose:#b86b77}body{margin:0}</style>');
    expect(out.indexOf('<style>')).toBeLessThan(out.indexOf('</head>'));
  });

  it('keeps a stylesheet it cannot read as a link, and refuses a page without a module entry', () => {
    expect(rewriteIndexHtml(VITE_HTML, () => undefined, 'assets/boot-X.js')).toContain('<link rel="stylesheet" crossorigin href="/assets/index-D4.css">');
    expect(() => rewriteIndexHtml('<html><head></head></html>', () => undefined, 'b.js')).toThrow(/no module entry/);
  });
});

describe('firstPaint: the boot script', () => {
  /** Runs the boot script on `pathname`; answers whether it started the app at once (before a frame). */
  async function startsAtOnce(pathname: string): Promise<boolean> {
    const { BOOT_SOURCE } = await import('./firstPaint');
    const added: string[] = [];
    const document = {
      currentScript: { getAttribute: (name: string) => (name === 'data-entry' ? '/assets/index.js' : '') },
      visibilityState: 'visible',
      createElement: () => ({}) as Record<string, unknown>,
      head: { appendChild: (el: { src?: string }) => added.push(el.src ?? '') },
    };
    const noop = () => 0;
    new Function('document', 'location', 'requestAnimationFrame', 'setTimeout', BOOT_SOURCE)(document, { pathname }, noop, noop);
    return added.includes('/assets/index.js');
  }

  it('waits for the first frame on shop pages, and starts at once in the back office (no server-rendered first screen)', async () => {
    expect(await startsAtOnce('/')).toBe(false);
    expect(await startsAtOnce('/products')).toBe(false);
    expect(await startsAtOnce('/administrator')).toBe(false);
    expect(await startsAtOnce('/admin')).toBe(true);
    expect(await startsAtOnce('/admin/orders')).toBe(true);
    expect(await startsAtOnce('/editor')).toBe(true);
  });
});
