/**
 * Track arithmetic of the looping carousel. The track holds a copy of the last slide, the
 * n slides, and a copy of the first: positions 0 … n+1, the real slides at 1 … n. Moving
 * past either end lands on a copy, which then jumps (without animation) to its original.
 */
export const AUTOPLAY_MS = 3000;
export const SLIDE_MS = 600;

/** The slide (0 … n-1) shown at a track position. */
export function slideAt(pos: number, n: number): number {
  return n > 0 ? (((pos - 1) % n) + n) % n : 0;
}

/** Where a copy jumps to once the move onto it ended; other positions stay. */
export function settledPosition(pos: number, n: number): number {
  if (n < 2) return 1;
  if (pos <= 0) return n;
  if (pos >= n + 1) return 1;
  return pos;
}

/** The slides in track order: with the two copies when there is more than one slide. */
export function trackSlides<T>(slides: readonly T[]): { slide: T; index: number; copy: boolean }[] {
  const real = slides.map((slide, index) => ({ slide, index, copy: false }));
  if (slides.length < 2) return real;
  const n = slides.length;
  return [{ slide: slides[n - 1], index: n - 1, copy: true }, ...real, { slide: slides[0], index: 0, copy: true }];
}
