import { REDUCED_MOTION_QUERY } from '../hooks/useReducedMotion';

/**
 * Shows a form's first error: focuses `focus` without scrolling, then brings `box` (the field with its
 * label and error line) to the top of the screen. `block: 'start'` honours the box's CSS
 * `scroll-margin-top` (the sticky header's height + a gap), so on a phone the error is never left
 * under the header. Focusing first: a browser that ignores `preventScroll` (older iOS Safari) scrolls
 * the input to the very top edge, under the header; the scroll that follows puts it right.
 */
export function revealField(box: Element, focus?: HTMLElement | null): void {
  focus?.focus({ preventScroll: true });
  const reduced = typeof window.matchMedia === 'function' && window.matchMedia(REDUCED_MOTION_QUERY).matches;
  box.scrollIntoView?.({ block: 'start', behavior: reduced ? 'auto' : 'smooth' });
}
