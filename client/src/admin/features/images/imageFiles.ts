/** Spec 3 §9: each file at most 8 MB (8388608 bytes). */
export const IMAGE_MAX_BYTES = 8 * 1024 * 1024;
/** Spec 3 §9: WebP quality 0.82. */
export const WEBP_QUALITY = 0.82;
/** Page sizes of the library (spec 3 §9). */
export const IMAGE_PAGE_SIZES = [12, 24, 48] as const;
export const IMAGE_DEFAULT_PAGE_SIZE = 24;

export const MSG = {
  loadFailed: '讀取失敗',
  uploadFailed: '上傳失敗',
  deleteFailed: '刪除失敗',
  copyFailed: '複製失敗，請手動選取網址',
  copied: '已複製圖片網址',
  deleted: '已刪除',
  empty: '目前沒有符合條件的圖片。',
  tooLarge: '以下檔案超過大小限制',
  notImage: '以下檔案不是圖片',
  uploaded: (n: number) => `已上傳 ${n} 個檔案`,
} as const;

/** "12.3 KB" / "1.2 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** A site-relative URL (`/media/…`) made absolute with this site's origin; absolute URLs unchanged. */
export function absoluteUrl(url: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//')) return url;
  return `${window.location.origin}${url.startsWith('/') ? '' : '/'}${url}`;
}

export function isImageFile(f: File): boolean {
  return f.type.startsWith('image/');
}

/** The names of files above the 8 MB limit. */
export function oversizedNames(files: File[]): string[] {
  return files.filter((f) => f.size > IMAGE_MAX_BYTES).map((f) => f.name);
}

/**
 * A non-WebP image drawn on a canvas and saved as WebP at quality 0.82 (spec 3 §5); the original
 * when the browser cannot (no canvas, no WebP encoder, undecodable file) or the result would pass the
 * 8 MB limit.
 * The server re-encodes every upload anyway.
 */
export async function toWebp(file: File): Promise<{ file: File; converted: boolean }> {
  if (file.type === 'image/webp' || !isImageFile(file)) return { file, converted: false };
  if (typeof createImageBitmap !== 'function') return { file, converted: false };
  try {
    const bitmap = await createImageBitmap(file);
    const canvas = document.createElement('canvas');
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    const ctx = canvas.getContext('2d');
    if (!ctx || !canvas.width || !canvas.height) {
      bitmap.close();
      return { file, converted: false };
    }
    ctx.drawImage(bitmap, 0, 0);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/webp', WEBP_QUALITY));
    if (!blob || blob.type !== 'image/webp' || blob.size > IMAGE_MAX_BYTES) return { file, converted: false };
    const name = `${file.name.replace(/\.[^.]+$/, '') || 'image'}.webp`;
    return { file: new File([blob], name, { type: 'image/webp' }), converted: true };
  } catch {
    return { file, converted: false };
  }
}

/** Converts each file (in parallel); `converted` counts those now WebP. */
export async function prepareUploads(files: File[]): Promise<{ files: File[]; converted: number }> {
  const out = await Promise.all(files.map(toWebp));
  return { files: out.map((o) => o.file), converted: out.filter((o) => o.converted).length };
}
