/** Product media derived on the client (spec 1 §3, spec 2 §3). */
export type MediaType = 'image' | 'youtube' | 'facebook' | 'video' | 'unknown';

export interface ParsedMedia {
  media_url: string;
  media_type: MediaType;
  /** Set for YouTube media only. */
  youtube_id?: string;
}

const YT_ID = /^[A-Za-z0-9_-]{11}$/;
const IMAGE_EXT = /\.(avif|bmp|gif|jpe?g|png|svg|webp)$/i;
const VIDEO_EXT = /\.(m4v|mov|mp4|ogg|ogv|webm)$/i;
const ANY_EXT = /\.[a-z0-9]{2,5}$/i;

function toUrl(raw: string): URL | undefined {
  try {
    return new URL(raw, 'https://shop.invalid');
  } catch {
    return undefined;
  }
}

function youtubeId(url: URL): string | undefined {
  const host = url.hostname.replace(/^(www\.|m\.|music\.)/, '');
  let id: string | null | undefined;
  if (host === 'youtu.be') id = url.pathname.split('/')[1];
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    const [, first, second] = url.pathname.split('/');
    if (first === 'watch') id = url.searchParams.get('v');
    else if (first === 'embed' || first === 'shorts' || first === 'live' || first === 'v') id = second;
  }
  return id && YT_ID.test(id) ? id : undefined;
}

function isFacebookVideo(url: URL): boolean {
  const host = url.hostname.replace(/^(www\.|m\.|web\.)/, '');
  if (host === 'fb.watch') return url.pathname.length > 1;
  if (host !== 'facebook.com' && host !== 'fb.com') return false;
  return /\/videos\/|^\/watch\/?$|^\/reel\/|\/video\.php$/.test(url.pathname) || url.searchParams.has('v');
}

/** Classifies one media URL: YouTube, Facebook video, image, video file or unknown. */
export function parseMedia(mediaUrl: string | null | undefined): ParsedMedia {
  const media_url = (mediaUrl ?? '').trim();
  if (!media_url) return { media_url, media_type: 'unknown' };
  if (/^data:image\//i.test(media_url)) return { media_url, media_type: 'image' };
  const url = toUrl(media_url);
  if (!url || !/^https?:$/.test(url.protocol)) return { media_url, media_type: 'unknown' };
  const id = youtubeId(url);
  if (id) return { media_url, media_type: 'youtube', youtube_id: id };
  const host = url.hostname.replace(/^www\./, '');
  if (host === 'youtube.com' || host === 'youtu.be') return { media_url, media_type: 'unknown' };
  if (isFacebookVideo(url)) return { media_url, media_type: 'facebook' };
  if (IMAGE_EXT.test(url.pathname)) return { media_url, media_type: 'image' };
  if (VIDEO_EXT.test(url.pathname)) return { media_url, media_type: 'video' };
  // Image hosts often serve extension-less URLs; other file types are not shown.
  if (!ANY_EXT.test(url.pathname) && url.pathname.length > 1) return { media_url, media_type: 'image' };
  return { media_url, media_type: 'unknown' };
}

export const youtubeEmbedUrl = (id: string): string => `https://www.youtube-nocookie.com/embed/${id}?rel=0`;
export const youtubeThumbnailUrl = (id: string): string => `https://img.youtube.com/vi/${id}/hqdefault.jpg`;
export const facebookEmbedUrl = (url: string): string =>
  `https://www.facebook.com/plugins/video.php?href=${encodeURIComponent(url)}&show_text=false&width=560`;
