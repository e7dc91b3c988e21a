import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';

/**
 * The server-rendered first screen paints before the app's JavaScript competes for the
 * connection (a build-only transform of index.html):
 *
 * - the entry stylesheet (the small global CSS) is inlined, so the first paint waits for no
 *   request (the CSP allows inline styles; never inline scripts);
 * - the module entry and its `modulepreload` links are replaced by one tiny deferred classic
 *   script, `assets/boot-<hash>.js`, that adds them once the first frame has painted. Until
 *   then the page shows the HTML the server rendered into `#root` (hero banner, product grid,
 *   product photo), whose images are preloaded from the head.
 *
 * The trade: the app starts one frame later; in exchange the first screen's HTML, CSS and
 * images are not slowed by ~150 KB of JavaScript on a phone's connection.
 */

/** Runs in the browser (ES5, no dependencies): reads its own data attributes, then starts the app after a paint. */
export const BOOT_SOURCE = `(function () {
  var me = document.currentScript;
  var entry = me.getAttribute('data-entry');
  var preload = (me.getAttribute('data-preload') || '').split(' ').filter(Boolean);
  var started = false;
  function start() {
    if (started) return;
    started = true;
    preload.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.appendChild(script);
  }
  // A hidden tab paints no frame, and the back office has no server-rendered first screen: nothing to wait for.
  var path = location.pathname + '/';
  if (document.visibilityState === 'hidden' || path.indexOf('/admin/') === 0 || path.indexOf('/editor/') === 0) return start();
  // An animation frame runs just before a paint; the timeout after it, once that frame is on screen.
  requestAnimationFrame(function () { setTimeout(start, 0); });
  setTimeout(start, 1000);
})();
`;

const STYLESHEET = /<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g;
const MODULE_ENTRY = /[ \t]*<script type="module"[^>]*src="(\/[^"]+\.js)"[^>]*><\/script>\n?/;
const MODULE_PRELOAD = /[ \t]*<link rel="modulepreload"[^>]*href="(\/[^"]+\.js)"[^>]*>\n?/g;

/** index.html rewritten: inline entry CSS, the boot script instead of the module entry. Exported for tests. */
export function rewriteIndexHtml(html: string, readCss: (file: string) => string | undefined, bootFile: string): string {
  const entry = MODULE_ENTRY.exec(html);
  if (!entry) throw new Error('firstPaint: index.html has no module entry script');
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((m) => m[1]);
  const boot = `    <script defer src="/${bootFile}" data-entry="${entry[1]}" data-preload="${preloads.join(' ')}"></script>\n`;
  return html
    .replace(MODULE_PRELOAD, '')
    .replace(MODULE_ENTRY, boot)
    .replace(STYLESHEET, (tag, file: string) => {
      const css = readCss(file);
      return css === undefined ? tag : `<style>${css.trim()}</style>`;
    });
}

export function firstPaint(): Plugin {
  return {
    name: 'skinshop:first-paint',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const page = bundle['index.html'];
        if (!page || page.type !== 'asset') return;
        const bootFile = `assets/boot-${createHash('sha256').update(BOOT_SOURCE).digest('base64url').slice(0, 8)}.js`;
        this.emitFile({ type: 'asset', fileName: bootFile, source: BOOT_SOURCE });
        const readCss = (file: string) => {
          const css = bundle[file];
          return css?.type === 'asset' ? String(css.source) : undefined;
        };
        page.source = rewriteIndexHtml(String(page.source), readCss, bootFile);
      },
    },
  };
}
