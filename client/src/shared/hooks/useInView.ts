import { useEffect, useState, type RefObject } from 'react';

/**
 * True once the element has scrolled into view (it stays true: entrance animations run once).
 * Any visible part counts, so a block taller than the screen still appears. Without
 * IntersectionObserver the element counts as visible at once.
 */
export function useInView(ref: RefObject<Element | null>, { enabled = true, threshold = 0 } = {}): boolean {
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!enabled || seen || !el) return;
    if (typeof IntersectionObserver === 'undefined') {
      setSeen(true);
      return;
    }
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setSeen(true);
          io.disconnect();
        }
      },
      { threshold, rootMargin: '0px 0px -8% 0px' },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [ref, enabled, seen, threshold]);
  return seen;
}
