import type sharpType from 'sharp';

/** Spec 3 §9: each file at most 8 MB (8388608 bytes). */
export const IMAGE_MAX_BYTES = 8 * 1024 * 1024;
/** Files per upload request. */
export const IMAGE_MAX_FILES = 20;
/** WebP quality of the stored image (spec 3 §9: 0.82) and of its thumbnail. */
export const WEBP_QUALITY = 82;
export const THUMB_SIZE = 320;
/** Decoding bombs: refuse images above this many pixels (e.g. 8000 × 5000). */
export const MAX_INPUT_PIXELS = 40_000_000;

export type RasterFormat = 'jpeg' | 'png' | 'webp' | 'gif';

/** The raster format the first bytes announce, or null (SVG, HTML, text, anything else). */
export function sniffRaster(bytes: Buffer): RasterFormat | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(bytes.toString('latin1', 0, 6))) return 'gif';
  return null;
}

/**
 * Markup or script hidden in an image file (a polyglot: a valid image that a browser or another
 * tool would also read as HTML/SVG/script/PHP). The stored copy is re-encoded anyway, so none of
 * these bytes would survive; such files are refused all the same, as the issue asks.
 */
const EMBEDDED_MARKUP = /<\s*(script|html|svg|iframe|object|embed|body|\?php)\b|<!doctype\s+html|javascript:/i;

export function hasEmbeddedMarkup(bytes: Buffer): boolean {
  return EMBEDDED_MARKUP.test(bytes.toString('latin1'));
}

export interface EncodedImage {
  image: Buffer;
  thumb: Buffer;
  width: number;
  height: number;
  /** The format the upload was in. */
  sourceFormat: RasterFormat;
}

export type InspectFailure = 'not-image' | 'markup' | 'undecodable';

/**
 * Checks an upload and re-encodes it: magic bytes of a raster format, no embedded markup, decoded
 * fully by sharp (format as announced, size within MAX_INPUT_PIXELS); then WebP at quality 82
 * (EXIF orientation applied, all metadata dropped — sharp keeps none unless asked) and a
 * THUMB_SIZE thumbnail. Animated GIF/WebP keep their first frame.
 */
export async function inspectAndEncode(bytes: Buffer): Promise<EncodedImage | InspectFailure> {
  const format = sniffRaster(bytes);
  if (!format) return 'not-image';
  if (hasEmbeddedMarkup(bytes)) return 'markup';
  try {
    // sharp (libvips) is loaded with the first upload, not at start (a plain require: the server is CommonJS).
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const sharp = require('sharp') as typeof sharpType;
    const input = () => sharp(bytes, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS, animated: false });
    const meta = await input().metadata();
    if (meta.format !== format || !meta.width || !meta.height) return 'undecodable';
    const { data: image, info } = await input().rotate().webp({ quality: WEBP_QUALITY }).toBuffer({ resolveWithObject: true });
    const thumb = await input()
      .rotate()
      .resize(THUMB_SIZE, THUMB_SIZE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer();
    return { image, thumb, width: info.width, height: info.height, sourceFormat: format };
  } catch {
    return 'undecodable';
  }
}
