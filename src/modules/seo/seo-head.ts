import { esc, jsonLdScript } from './seo-text';

/** Everything the server writes into one page's `<head>`, and its status. */
export interface PageHead {
  status: number;
  /** The whole `<title>` text, e.g. `全部商品 | 肌研舍股份有限公司`. */
  title: string;
  description: string;
  /** `noindex` for private and missing pages (no canonical, Open Graph or JSON-LD then). */
  robots?: 'noindex';
  canonical?: string;
  ogType?: 'website' | 'product' | 'article';
  /** Absolute image URL for share cards. */
  image?: string;
  siteName: string;
  /** Extra `<meta property>` pairs (product:price:amount …). */
  extraOg?: readonly [string, string][];
  jsonLd?: readonly object[];
  /** The page's largest image (first product card, product photo): fetched early, before the app renders it. */
  preloadImage?: string;
}

/** A page ready to be poured into index.html: status, `<title>`, head tags and the `#root` fallback. */
export interface RenderedPage {
  status: number;
  titleTag: string;
  headTags: string;
  /** Semantic HTML for crawlers inside the root element; React replaces it when it mounts. */
  body: string;
}

const meta = (name: string, content: string) => `<meta name="${esc(name)}" content="${esc(content)}" />`;
const prop = (property: string, content: string) => `<meta property="${esc(property)}" content="${esc(content)}" />`;

/** A high-priority image preload; `media` limits it to the viewports whose `<picture>` picks that file. */
export function imagePreloadTag(href: string, media?: string): string {
  return `<link rel="preload" as="image" href="${esc(href)}"${media ? ` media="${esc(media)}"` : ''} fetchpriority="high" />`;
}

export function renderHead(h: PageHead, body = ''): RenderedPage {
  const tags: string[] = [meta('description', h.description)];
  if (h.preloadImage) tags.push(imagePreloadTag(h.preloadImage));
  if (h.robots) {
    tags.push(meta('robots', h.robots));
  } else {
    if (h.canonical) tags.push(`<link rel="canonical" href="${esc(h.canonical)}" />`);
    tags.push(
      prop('og:type', h.ogType ?? 'website'),
      prop('og:title', h.title),
      prop('og:description', h.description),
      ...(h.canonical ? [prop('og:url', h.canonical)] : []),
      ...(h.image ? [prop('og:image', h.image)] : []),
      prop('og:site_name', h.siteName),
      prop('og:locale', 'zh_TW'),
      ...(h.extraOg ?? []).map(([k, v]) => prop(k, v)),
      meta('twitter:card', h.image ? 'summary_large_image' : 'summary'),
      meta('twitter:title', h.title),
      meta('twitter:description', h.description),
      ...(h.image ? [meta('twitter:image', h.image)] : []),
      ...(h.jsonLd ?? []).map(jsonLdScript),
    );
  }
  return { status: h.status, titleTag: `<title>${esc(h.title)}</title>`, headTags: tags.join('\n    '), body };
}
