import { startTransition, useEffect, useState } from 'react';

/**
 * False until `from` is true (by default at once) and that render has painted; then true,
 * set as a transition, and it stays true. Long pages render their first screen first (cards beyond the first rows,
 * the home sections below the banner) and the rest right after it: two short tasks
 * instead of one long style, layout and paint of the whole page that blocks input.
 */
export function useAfterFirstFrame(from = true): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (ready || !from) return;
    let timer = 0;
    // An animation frame runs just before a paint; the timeout after it, once that frame is on screen.
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => startTransition(() => setReady(true)));
    });
    // A hidden tab paints no frame.
    const fallback = window.setTimeout(() => startTransition(() => setReady(true)), 500);
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
      window.clearTimeout(fallback);
    };
  }, [ready, from]);
  return ready;
}
