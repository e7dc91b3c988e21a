import { useEffect, useState } from 'react';

/**
 * True once the page is scrolled more than `threshold` px (navbar scrolled style: 50 px).
 * `scrollY` is read in an animation frame, never while React renders or commits: reading it
 * forces a synchronous style and layout of the whole page, which on the first render made
 * the app's commit one long task.
 */
export function useScrolled(threshold = 50): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    let frame = 0;
    const check = () => {
      frame = 0;
      setScrolled(window.scrollY > threshold);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(check);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    onScroll();
    return () => {
      window.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
    };
  }, [threshold]);
  return scrolled;
}
