import { parseDocument } from 'htmlparser2';
import type { ChildNode, Element } from 'domhandler';
import { allowedEmbedSrc, safeUrl } from '../safe-url';

/**
 * Test helper: parses sanitized HTML again and lists every way it could run script,
 * load a foreign document or overlay the page. Its tag list is kept separately from
 * the sanitizer's on purpose, so a widened allowlist shows up here.
 */
const SAFE_TAGS = new Set([
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'div', 'span', 'section', 'article', 'header', 'footer', 'aside',
  'blockquote', 'pre', 'code', 'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'table', 'caption', 'colgroup', 'col', 'thead',
  'tbody', 'tfoot', 'tr', 'th', 'td', 'strong', 'b', 'em', 'i', 'u', 's', 'del', 'ins', 'small', 'sub', 'sup', 'mark',
  'abbr', 'cite', 'q', 'time', 'a', 'img', 'figure', 'figcaption', 'iframe',
]);

function elements(nodes: ChildNode[]): Element[] {
  const out: Element[] = [];
  for (const n of nodes) {
    if (n.type === 'tag' || n.type === 'script' || n.type === 'style') {
      out.push(n as Element, ...elements((n as Element).children));
    }
  }
  return out;
}

/** Every reason `html` could run script, load a foreign document or restyle the page; [] when safe. */
export function htmlProblems(html: string): string[] {
  const found: string[] = [];
  const doc = parseDocument(html, { lowerCaseTags: true, lowerCaseAttributeNames: true, decodeEntities: true });
  for (const el of elements(doc.children)) {
    if (!SAFE_TAGS.has(el.name)) found.push(`tag <${el.name}>`);
    for (const [name, value] of Object.entries(el.attribs)) {
      if (name.startsWith('on')) found.push(`handler ${name}`);
      if (['srcdoc', 'id', 'name', 'formaction', 'action', 'background', 'dynsrc', 'lowsrc', 'srcset', 'http-equiv'].includes(name)) found.push(`attribute ${name}`);
      if (name === 'href' && value !== safeUrl(value, 'link')) found.push(`href ${value}`);
      if (name === 'src' && el.name === 'img' && value !== safeUrl(value, 'image')) found.push(`img src ${value}`);
      if (name === 'src' && el.name === 'iframe' && !allowedEmbedSrc(value)) found.push(`iframe src ${value}`);
      if (name === 'style' && /url\(|expression|behavior|binding|position|z-index|@import|javascript/i.test(value)) found.push(`style ${value}`);
    }
    if (el.name === 'iframe' && !el.attribs.src) found.push('iframe without src');
    if (el.attribs.target === '_blank' && !/noopener/.test(el.attribs.rel ?? '')) found.push('target=_blank without noopener');
    if (el.attribs.target !== undefined && el.attribs.target !== '_blank') found.push(`target ${el.attribs.target}`);
  }
  if (/<\s*\/?\s*(script|style|svg|math|iframe-removed|meta|base|link|form|object|embed)\b/i.test(html)) found.push('raw dangerous tag text');
  return found;
}

