import type { Page } from '@playwright/test';
import { parseDocument } from 'htmlparser2';
import type { ChildNode, Element } from 'domhandler';
import { ALLOWED_EMBED_PREFIXES } from '../../src/common/html/safe-url';

/**
 * What the XSS browser test looks for. One rule set serves both the live DOM (read out of
 * Chromium after React rendered the page) and the server-rendered HTML (parsed from a plain
 * fetch), so both are judged alike.
 */

/** One element, flattened: tag, attributes, script text, and whether it sits inside admin-authored HTML. */
export interface El {
  tag: string;
  attrs: [string, string][];
  /** Text of `<script>` elements (JSON-LD must parse). */
  text: string;
  /** Inside an admin HTML container (`.ss-html-content`, or the crawler fallback `main.seo-fallback`). */
  admin: boolean;
}

/** Elements that must never appear anywhere in a shop page. */
const NEVER = new Set(['base', 'object', 'embed', 'applet', 'frame', 'frameset', 'portal', 'xss', 'keygen', 'marquee']);
/** Elements admin HTML must never produce (our own chrome may use svg icons, forms and buttons). */
const NEVER_IN_ADMIN = new Set([
  ...NEVER, 'script', 'style', 'link', 'meta', 'title', 'svg', 'math', 'form', 'input', 'button', 'textarea', 'select', 'option',
  'template', 'noscript', 'xmp', 'video', 'audio', 'source', 'details', 'html', 'head', 'body', 'set', 'animate',
]);
/** Attributes holding a URL a browser may load or navigate to. */
const URL_ATTRS = new Set(['href', 'src', 'action', 'formaction', 'xlink:href', 'data', 'background', 'poster', 'lowsrc', 'dynsrc', 'cite', 'ping', 'codebase']);
const RASTER_DATA = /^data:image\/(png|jpe?g|gif|webp|avif);base64,/i;
const DANGEROUS_STYLE = /url\s*\(|expression|behavior|binding|position|z-index|@import|javascript/i;

function embedAllowed(src: string): boolean {
  try {
    const u = new URL(src);
    return ALLOWED_EMBED_PREFIXES.some((p) => u.origin === p.origin && u.pathname.startsWith(p.path)) && !u.username && !u.password;
  } catch {
    return false;
  }
}

/** A built file of the shop itself: same origin, under /assets/. */
function ownAsset(url: string | undefined, origin: string): boolean {
  if (!url) return false;
  const u = new URL(url, origin);
  return u.origin === origin && u.pathname.startsWith('/assets/');
}

/** The client's boot loader (client/build/firstPaint.ts): a classic script that only loads the shop's own modules. */
function isBootScript(attrs: Map<string, string>, origin: string): boolean {
  const src = attrs.get('src');
  if (!ownAsset(src, origin) || !/^\/assets\/boot-[\w-]+\.js$/.test(new URL(src as string, origin).pathname)) return false;
  const modules = [attrs.get('data-entry') ?? '', ...(attrs.get('data-preload') ?? '').split(' ').filter(Boolean)];
  return modules.every((m) => ownAsset(m, origin));
}

/** Every way the page could run script from content, load a foreign document or overlay the shop; [] when clean. */
export function pageProblems(els: El[], origin: string): string[] {
  const found: string[] = [];
  for (const el of els) {
    const at = `<${el.tag}${el.admin ? ' (admin html)' : ''}>`;
    const attrs = new Map(el.attrs.map(([k, v]) => [k.toLowerCase(), v]));
    if (NEVER.has(el.tag) || (el.admin && NEVER_IN_ADMIN.has(el.tag))) found.push(`${at} element`);
    if (el.tag === 'meta' && attrs.has('http-equiv')) found.push(`${at} http-equiv`);
    if (el.tag === 'script') {
      const type = attrs.get('type') ?? '';
      const src = attrs.get('src');
      // Data blocks (never run): JSON-LD and the app's boot data (src/common/validation/site-boot.ts).
      if ((type === 'application/ld+json' || type === 'application/json') && !src && !el.admin) {
        if (/[<>]/.test(el.text)) found.push(`${at} ${type} with a raw < or >`);
        try {
          JSON.parse(el.text);
        } catch {
          found.push(`${at} ${type} that does not parse`);
        }
      } else {
        const shopScript = type === 'module' ? ownAsset(src, origin) : type === '' && isBootScript(attrs, origin);
        if (el.admin || !shopScript) found.push(`${at} script ${type} ${src ?? el.text.slice(0, 60)}`);
      }
    }
    if (el.tag === 'link' && new URL(attrs.get('href') ?? '', origin).origin !== origin && attrs.get('rel') !== 'canonical') {
      found.push(`${at} link to ${attrs.get('href')}`);
    }
    if (el.tag === 'iframe' && !embedAllowed(attrs.get('src') ?? '')) found.push(`${at} iframe to ${attrs.get('src')}`);
    if (el.tag === 'a' && attrs.has('target')) {
      if (attrs.get('target') !== '_blank') found.push(`${at} target ${attrs.get('target')}`);
      else if (!/\bnoopener\b/.test(attrs.get('rel') ?? '')) found.push(`${at} target=_blank without noopener`);
    }
    for (const [name, value] of attrs) {
      if (name.startsWith('on')) found.push(`${at} handler ${name}=${value}`);
      if (name === 'srcdoc' || name === 'formaction' || (el.admin && name === 'srcset')) found.push(`${at} ${name}`);
      if (el.admin && (name === 'id' || name === 'name')) found.push(`${at} ${name}=${value} (DOM clobbering)`);
      if (el.admin && name === 'style' && DANGEROUS_STYLE.test(value)) found.push(`${at} style ${value}`);
      // Our own <picture><source srcset> candidates are URLs too.
      const urls = name === 'srcset' ? value.split(',').map((c) => c.trim().split(/\s+/)[0]) : URL_ATTRS.has(name) ? [value] : [];
      for (const url of urls.filter((u) => u.trim() !== '')) {
        let protocol: string;
        try {
          protocol = new URL(url, `${origin}/`).protocol;
        } catch {
          continue; // unparsable: the browser will not follow it either
        }
        const dataImage = protocol === 'data:' && (el.tag === 'img' || el.tag === 'source') && RASTER_DATA.test(url.trim());
        if (!['http:', 'https:', 'mailto:', 'tel:'].includes(protocol) && !dataImage) found.push(`${at} ${name}=${value}`);
      }
    }
  }
  return found;
}

/** The live DOM, flattened: `page.evaluate(domSnapshot)` (self-contained, it runs inside the page). */
export const domSnapshot = (): El[] =>
  [...document.querySelectorAll('*')].map((el) => ({
    tag: el.localName.toLowerCase(),
    attrs: [...el.attributes].map((a) => [a.name, a.value] as [string, string]),
    text: el.localName === 'script' ? (el.textContent ?? '') : '',
    admin: !el.matches('.ss-html-content') && !!el.closest('.ss-html-content'),
  }));

/** Everything a shopper can read or a tool can see as text: title, text nodes, attribute values (`page.evaluate(textSnapshot)`). */
export const textSnapshot = (): string =>
  [document.title, document.body.textContent ?? '', ...[...document.querySelectorAll('*')].flatMap((el) => [...el.attributes].map((a) => a.value))].join('\n');

/** Flattened elements of server-rendered HTML (htmlparser2, as a crawler without JavaScript reads it). */
export function parseHtml(html: string): { els: El[]; fallback: Element | undefined; doc: ReturnType<typeof parseDocument> } {
  const doc = parseDocument(html, { lowerCaseTags: true, lowerCaseAttributeNames: true, decodeEntities: true });
  const els: El[] = [];
  let fallback: Element | undefined;
  const walk = (nodes: ChildNode[], admin: boolean) => {
    for (const n of nodes) {
      if (n.type !== 'tag' && n.type !== 'script' && n.type !== 'style') continue;
      const el = n as Element;
      const text = el.name === 'script' ? el.children.map((c) => ('data' in c ? c.data : '')).join('') : '';
      els.push({ tag: el.name, attrs: Object.entries(el.attribs), text, admin });
      const isFallback = el.name === 'main' && /\bseo-fallback\b/.test(el.attribs.class ?? '');
      if (isFallback) fallback = el;
      walk(el.children, admin || isFallback);
    }
  };
  walk(doc.children, false);
  return { els, fallback, doc };
}

/** What the page's traps caught: dialogs, alert/confirm/prompt/print calls, CSP reports, errors, foreign requests. */
export interface Caught {
  dialogs: string[];
  pageErrors: string[];
  consoleCsp: string[];
  foreignRequests: string[];
  /** Collected from every frame by {@link collect}. */
  calls: string[];
  cspViolations: string[];
}

/** Hosts the sanitizer lets content point at (allowed embeds); any other foreign request is a finding. */
const ALLOWED_FOREIGN = new Set(ALLOWED_EMBED_PREFIXES.map((p) => new URL(p.origin).host));

/**
 * Arms a page before its first navigation: alert/confirm/prompt/print record into
 * `window.__xss` in every frame, CSP violations into `window.__csp`, dialogs are
 * dismissed and recorded, requests leaving the shop's origin are recorded and aborted
 * (the network is closed anyway; an XSS beacon would go to evil.example).
 */
export async function arm(page: Page, origin: string): Promise<Caught> {
  const caught: Caught = { dialogs: [], pageErrors: [], consoleCsp: [], foreignRequests: [], calls: [], cspViolations: [] };
  await page.addInitScript(() => {
    const w = window as unknown as { __xss: string[]; __csp: string[] } & Record<string, unknown>;
    w.__xss = [];
    w.__csp = [];
    for (const name of ['alert', 'confirm', 'prompt', 'print']) {
      w[name] = (...args: unknown[]) => {
        w.__xss.push(`${name}(${args.map(String).join(',')})`);
        return null;
      };
    }
    document.addEventListener('securitypolicyviolation', (e) => w.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sample}`));
  });
  page.on('dialog', (d) => {
    caught.dialogs.push(`${d.type()}: ${d.message()}`);
    void d.dismiss().catch(() => undefined);
  });
  page.on('pageerror', (err) => caught.pageErrors.push(err.message));
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) caught.consoleCsp.push(m.text());
  });
  await page.route(
    (url) => url.origin !== origin,
    async (route) => {
      const url = new URL(route.request().url());
      if (!ALLOWED_FOREIGN.has(url.host)) caught.foreignRequests.push(route.request().url());
      await route.abort();
    },
  );
  return caught;
}

/** Gathers the calls and CSP reports recorded in every frame of the page. */
export async function collect(page: Page, caught: Caught): Promise<void> {
  for (const frame of page.frames()) {
    const got = await frame
      .evaluate(() => {
        const w = window as unknown as { __xss?: string[]; __csp?: string[] };
        return { calls: w.__xss ?? [], csp: w.__csp ?? [] };
      })
      .catch(() => ({ calls: [] as string[], csp: [] as string[] }));
    caught.calls.push(...got.calls.map((c) => `${frame.url()}: ${c}`));
    caught.cspViolations.push(...got.csp.map((c) => `${frame.url()}: ${c}`));
  }
}
