import { escapeHtml } from '../../common/html/escape-html';
import { safeUrl } from '../../common/html/safe-url';

/** Escapes a value for an HTML text node or a double-quoted attribute. */
export const esc = escapeHtml;

/** Characters that could end or confuse a `<script>` data block, as JSON escapes. */
const JSON_IN_HTML: Record<string, string> = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026', '\u2028': '\\u2028', '\u2029': '\\u2029' };

/** JSON for a `<script>` data block: `<`, `>`, `&` and the JS line separators escaped, so no value can close it. */
export function jsonForScript(data: unknown): string {
  return JSON.stringify(data).replace(/[<>&\u2028\u2029]/g, (c) => JSON_IN_HTML[c]);
}

/**
 * A JSON-LD block. It is a data block (`type="application/ld+json"`): browsers never run
 * it, so the CSP's script-src does not apply; `<` is escaped so no value can close it.
 */
export function jsonLdScript(data: object): string {
  return `<script type="application/ld+json">${jsonForScript(data)}</script>`;
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

/** Readable text of (sanitized) HTML: tags dropped, common entities decoded, white space collapsed. */
export function plainText(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+|#39);/gi, (m, e: string) => {
      if (NAMED[e.toLowerCase()]) return NAMED[e.toLowerCase()];
      const code = e[0] === '#' ? (e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10)) : NaN;
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : m;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/** `text` cut to at most `max` characters (code points), ending with an ellipsis when cut. */
export function truncate(text: string, max = 160): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  return `${chars.slice(0, max - 1).join('').trimEnd()}…`;
}

/** The first non-blank plain-text value on one line (white space collapsed), or ''. */
export function firstText(...values: (string | null | undefined)[]): string {
  for (const v of values) {
    const t = (v ?? '').replace(/\s+/g, ' ').trim();
    if (t) return t;
  }
  return '';
}

/** An absolute http(s) URL for a stored image or link, or '' when it is unsafe or a data: URI. */
export function absoluteUrl(url: string | null | undefined, origin: string): string {
  const safe = safeUrl(url, 'image');
  if (!safe || /^data:/i.test(safe)) return '';
  if (/^https?:\/\//i.test(safe)) return safe;
  return `${origin}${safe.startsWith('/') ? '' : '/'}${safe}`;
}
