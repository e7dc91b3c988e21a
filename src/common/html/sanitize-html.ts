import sanitize from 'sanitize-html';
import { CONTENT_CLASSES } from './content-classes';
import { assertHtmlBounds } from './html-bounds';
import { allowedEmbedSrc, isRasterDataImage, safeUrl } from './safe-url';

/**
 * The allowlist for admin-authored HTML (product detail/spec, content pages, home
 * blocks, about, posters) before it reaches a shopper.
 *
 * - Structure and text formatting only: no script, style element, form, object, svg,
 *   math, meta, base or link; no `on*` handler, `id`/`name` (DOM clobbering) or `srcdoc`.
 * - Links: http(s), mailto, tel or relative; `target="_blank"` gets `rel="noopener noreferrer"`.
 * - Images: http(s), relative, or a base64 *raster* data URI. Rich-text editors paste
 *   screenshots as data URIs; inside `<img>` an image cannot run script, and SVG
 *   (a document of its own) is excluded. The CSP already allows `img-src data:`.
 * - Iframes only into the YouTube embed player and Facebook's video plugin (the CSP's
 *   frame-src lists the same hosts).
 * - Inline `style` is kept but filtered per property with strict value patterns: the
 *   editor writes alignment, colours and sizes this way, and dropping them would break
 *   every page. No `url()`, `expression()`, positioning or z-index survives, so styles
 *   cannot load resources or overlay the page.
 *
 * - Classes: only CONTENT_CLASSES (those the content stylesheet styles); any other is dropped.
 * - Size: more elements or deeper nesting than HTML_LIMITS is refused (413, zh-TW) before the
 *   sanitizer runs (html-bounds.ts), on save and on serving alike.
 *
 * The result is stable: sanitizing it again returns it unchanged, so it is safe to
 * sanitize on save and again when serving.
 */

const LENGTH = /^-?\d+(\.\d+)?(px|em|rem|%|pt|vw|vh)?$/;
const LENGTHS = /^(-?\d+(\.\d+)?(px|em|rem|%|pt|vw|vh)?|auto)(\s+(-?\d+(\.\d+)?(px|em|rem|%|pt|vw|vh)?|auto)){0,3}$/;
const SIZE = [LENGTH, /^(auto|fit-content|max-content|min-content)$/];
const COLOR = [/^#[0-9a-f]{3,8}$/i, /^rgba?\(\s*[\d.%\s,/]+\)$/i, /^hsla?\(\s*[\d.%\s,/deg]+\)$/i, /^[a-z]{3,20}$/i];
const BORDER = [/^(none|0|(\d+(\.\d+)?px\s+)?(solid|dashed|dotted|double|none)(\s+(#[0-9a-f]{3,8}|[a-z]{3,20}|rgba?\(\s*[\d.%\s,/]+\)))?)$/i];

const STYLES: Record<string, RegExp[]> = {
  color: COLOR,
  'background-color': COLOR,
  'text-align': [/^(left|right|center|justify|start|end)$/],
  'text-decoration': [/^(none|underline|overline|line-through)(\s+(none|underline|overline|line-through))*$/],
  'text-indent': [LENGTH],
  'font-size': [LENGTH, /^(xx-small|x-small|small|medium|large|x-large|xx-large|smaller|larger)$/],
  'font-weight': [/^(normal|bold|bolder|lighter|[1-9]00)$/],
  'font-style': [/^(normal|italic|oblique)$/],
  // Family names, CJK included; no parentheses, colons or escapes.
  'font-family': [/^[^;:(){}<>\\]+$/],
  'line-height': [/^(normal|\d+(\.\d+)?(px|em|rem|%)?)$/],
  'letter-spacing': [/^(normal|-?\d+(\.\d+)?(px|em|rem))$/],
  'white-space': [/^(normal|nowrap|pre|pre-wrap|pre-line)$/],
  'vertical-align': [/^(baseline|top|middle|bottom|text-top|text-bottom|sub|super)$/],
  'list-style-type': [/^[a-z-]{3,30}$/],
  margin: [LENGTHS],
  'margin-top': SIZE,
  'margin-right': SIZE,
  'margin-bottom': SIZE,
  'margin-left': SIZE,
  padding: [LENGTHS],
  'padding-top': [LENGTH],
  'padding-right': [LENGTH],
  'padding-bottom': [LENGTH],
  'padding-left': [LENGTH],
  width: SIZE,
  'max-width': SIZE,
  'min-width': SIZE,
  height: SIZE,
  'max-height': SIZE,
  'min-height': SIZE,
  'aspect-ratio': [/^\d+(\.\d+)?(\s*\/\s*\d+(\.\d+)?)?$/],
  float: [/^(left|right|none)$/],
  clear: [/^(left|right|both|none)$/],
  display: [/^(block|inline|inline-block|flex|inline-flex|grid|none|table|table-cell|table-row)$/],
  'justify-content': [/^(flex-start|flex-end|center|space-between|space-around|space-evenly|start|end)$/],
  'align-items': [/^(flex-start|flex-end|center|baseline|stretch|start|end)$/],
  'flex-wrap': [/^(wrap|nowrap)$/],
  gap: [LENGTHS],
  border: BORDER,
  'border-top': BORDER,
  'border-right': BORDER,
  'border-bottom': BORDER,
  'border-left': BORDER,
  'border-color': COLOR,
  'border-width': [LENGTHS],
  'border-style': [/^(none|solid|dashed|dotted|double)$/],
  'border-radius': [LENGTHS],
  'border-collapse': [/^(collapse|separate)$/],
  'object-fit': [/^(contain|cover|fill|none|scale-down)$/],
};

const ALLOWED_TAGS = [
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'div', 'span', 'section', 'article', 'header', 'footer', 'aside',
  'blockquote', 'pre', 'code', 'ul', 'ol', 'li', 'dl', 'dt', 'dd',
  'table', 'caption', 'colgroup', 'col', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td',
  'strong', 'b', 'em', 'i', 'u', 's', 'del', 'ins', 'small', 'sub', 'sup', 'mark', 'abbr', 'cite', 'q', 'time',
  'a', 'img', 'figure', 'figcaption', 'iframe',
];

const COMMON_ATTRS = ['class', 'style', 'title', 'lang', 'dir'];

const SANITIZE_OPTIONS: sanitize.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: {
    '*': COMMON_ATTRS,
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height', 'loading', 'decoding'],
    iframe: ['src', 'width', 'height', 'allow', 'allowfullscreen', 'frameborder', 'loading', 'referrerpolicy', 'scrolling'],
    ol: ['start', 'reversed', 'type'],
    li: ['value'],
    td: ['colspan', 'rowspan', 'align', 'valign'],
    th: ['colspan', 'rowspan', 'align', 'valign', 'scope'],
    col: ['span', 'width'],
    colgroup: ['span'],
    table: ['border', 'cellpadding', 'cellspacing'],
    time: ['datetime'],
  },
  allowedClasses: { '*': [...CONTENT_CLASSES] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'], iframe: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  allowedIframeHostnames: ['www.youtube.com', 'www.youtube-nocookie.com', 'www.facebook.com'],
  allowIframeRelativeUrls: false,
  allowedStyles: { '*': STYLES },
  disallowedTagsMode: 'discard',
  // Dropped together with their text: raw-text and foreign-content elements.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'xmp', 'noscript', 'noembed', 'noframes', 'template', 'title', 'svg', 'math', 'object', 'embed', 'select'],
  enforceHtmlBoundary: false,
  transformTags: {
    a: (tagName, attribs) => {
      const out: sanitize.Attributes = { ...attribs };
      const target = (attribs.target ?? '').toLowerCase();
      if (target === '_blank') {
        out.target = '_blank';
        out.rel = 'noopener noreferrer';
      } else {
        delete out.target;
        const rel = (attribs.rel ?? '').toLowerCase().split(/\s+/).filter((t) => ['nofollow', 'noopener', 'noreferrer', 'ugc', 'sponsored'].includes(t));
        if (rel.length) out.rel = [...new Set(rel)].join(' ');
        else delete out.rel;
      }
      return { tagName, attribs: out };
    },
    img: (tagName, attribs) => {
      const out: sanitize.Attributes = { ...attribs };
      const src = attribs.src ?? '';
      if (/^\s*data:/i.test(src) && !isRasterDataImage(src)) delete out.src;
      else if (src && !safeUrl(src, 'image')) delete out.src;
      if (out.loading && !['lazy', 'eager'].includes(out.loading)) delete out.loading;
      return { tagName, attribs: out };
    },
    iframe: (tagName, attribs) => {
      const src = allowedEmbedSrc(attribs.src);
      // A refused embed keeps its name and loses its src; `exclusiveFilter` then drops it
      // with its fallback text. (Renaming it instead leaks sanitize-html's close-tag map:
      // the next allowed iframe was then closed by `</iframe-removed>`, left open, and the
      // browser swallowed the rest of the page into it.)
      if (!src) return { tagName, attribs: {} };
      const { srcdoc: _srcdoc, ...rest } = attribs;
      return { tagName, attribs: { ...rest, src } };
    },
  },
  exclusiveFilter: (frame) => frame.tag === 'iframe' && !frame.attribs.src,
};

/**
 * Sanitizes admin-authored HTML for shoppers. Used when serving and by admin writes before saving.
 * Throws AppError 413 (HTML_MSG.tooComplex) when the markup passes HTML_LIMITS.
 */
export function sanitizeRichHtml(dirty: string | null | undefined): string {
  if (!dirty) return '';
  assertHtmlBounds(dirty);
  return sanitize(dirty, SANITIZE_OPTIONS);
}
