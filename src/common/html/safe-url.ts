/**
 * URL checks shared by the HTML sanitizer and by plain URL fields that the client
 * puts into `href` / `src` (banner links, cover images, image slots).
 */

/** Characters browsers ignore inside a scheme (`java\tscript:`), plus C0 controls and spaces. */
// eslint-disable-next-line no-control-regex
const IGNORED = /[\u0000-\u0020\u007f-\u009f\u00ad\u200b-\u200f\u2028\u2029\ufeff]/g;
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
/** Raster images only: an SVG data URI is a document of its own, so it stays out. */
const RASTER_DATA_IMAGE = /^data:image\/(?:png|jpe?g|gif|webp|avif);base64,[a-z0-9+/]+=*$/i;

export type UrlKind = 'link' | 'image' | 'embed';

const SCHEMES: Record<UrlKind, readonly string[]> = {
  link: ['http', 'https', 'mailto', 'tel'],
  image: ['http', 'https'],
  embed: ['https'],
};

/** Iframe sources allowed in admin HTML: origin + path prefix, compared after URL normalisation. */
export const ALLOWED_EMBED_PREFIXES: readonly { origin: string; path: string }[] = [
  { origin: 'https://www.youtube.com', path: '/embed/' },
  { origin: 'https://www.youtube-nocookie.com', path: '/embed/' },
  { origin: 'https://www.facebook.com', path: '/plugins/video.php' },
];

/** The URL a browser would act on, with the characters it ignores removed. */
function clean(url: string): string {
  return url.replace(IGNORED, '');
}

/**
 * `url` when it is safe for `kind`, else ''. Relative URLs (`/media/a.webp`, `#top`,
 * `products`) are safe; protocol-relative `//host` is not (it changes origin silently).
 * Images also accept base64 raster data URIs.
 */
export function safeUrl(url: string | null | undefined, kind: UrlKind = 'link'): string {
  if (typeof url !== 'string') return '';
  const trimmed = url.trim();
  if (trimmed === '') return '';
  const cleaned = clean(trimmed);
  if (/^[/\\]{2}/.test(cleaned)) return '';
  const m = SCHEME.exec(cleaned);
  if (!m) return kind === 'embed' ? '' : trimmed;
  if (kind === 'image' && m[1].toLowerCase() === 'data') return RASTER_DATA_IMAGE.test(cleaned.replace(/\s/g, '')) ? trimmed : '';
  return SCHEMES[kind].includes(m[1].toLowerCase()) ? trimmed : '';
}

/** True for a raster `data:image/...;base64,` URI (the only data: URL the sanitizer keeps). */
export function isRasterDataImage(url: string): boolean {
  return RASTER_DATA_IMAGE.test(clean(url));
}

/**
 * The normalised iframe `src` when it points into an allowed player (YouTube embed,
 * Facebook video plugin), else undefined. `..` segments and backslashes are resolved
 * by the URL parser first, so `/embed/../redirect` does not pass.
 */
export function allowedEmbedSrc(src: string | undefined): string | undefined {
  if (!src) return undefined;
  let u: URL;
  try {
    u = new URL(clean(src));
  } catch {
    return undefined;
  }
  if (u.username || u.password || u.port) return undefined;
  const ok = ALLOWED_EMBED_PREFIXES.some((p) => u.origin === p.origin && u.pathname.startsWith(p.path));
  return ok ? u.href : undefined;
}
