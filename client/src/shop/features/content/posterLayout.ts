import type { PosterLayoutType } from './contentTypes';

/** Poster layouts and animations (spec 3 §3). */
export const POSTER_LAYOUTS: readonly PosterLayoutType[] = ['image-left', 'image-right', 'full-width'];
export const POSTER_ANIMATIONS = ['fade-left', 'fade-right', 'fade-up', 'zoom-in'] as const;
export type PosterAnimation = (typeof POSTER_ANIMATIONS)[number];

export const DEFAULT_IMAGE_WIDTH = 50;
const SIDE_WIDTH = { min: 20, max: 80 };
const FULL_WIDTH = { min: 20, max: 100 };

const clamp = (n: number, { min, max }: { min: number; max: number }) => Math.min(max, Math.max(min, n));

/**
 * The layout to draw and the image's share of the width in percent. Unknown layouts fall
 * back to image-left; beside the text the image keeps 20–80 % so the text has room.
 */
export function posterLayout(layoutType: string, imageWidth: number | null | undefined): { layout: PosterLayoutType; imageWidth: number } {
  const layout = (POSTER_LAYOUTS as readonly string[]).includes(layoutType) ? (layoutType as PosterLayoutType) : 'image-left';
  const width = Number.isFinite(imageWidth) && (imageWidth as number) > 0 ? Math.round(imageWidth as number) : DEFAULT_IMAGE_WIDTH;
  return { layout, imageWidth: clamp(width, layout === 'full-width' ? FULL_WIDTH : SIDE_WIDTH) };
}

/**
 * CSS classes of an entrance animation, played when the block scrolls into view. Empty or
 * unknown names, and visitors who prefer reduced motion, get none.
 */
export function animationClass(name: string | null | undefined, reducedMotion: boolean): string {
  if (reducedMotion || !name || !(POSTER_ANIMATIONS as readonly string[]).includes(name)) return '';
  return `ss-anim ss-anim--${name}`;
}

export const POSTER_MISSING_ID = '缺少 id 參數';
export const POSTER_LOAD_FAILED = '載入 poster 資料失敗';
