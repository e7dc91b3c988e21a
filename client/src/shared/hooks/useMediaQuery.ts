import { useSyncExternalStore } from 'react';

/** Breakpoints of the spec (1 §9): navbar goes mobile below 946 px, pages at 768 px or less. */
export const NAVBAR_MOBILE_QUERY = '(max-width: 945.98px)';
export const MOBILE_QUERY = '(max-width: 768px)';

function mediaList(query: string): MediaQueryList | undefined {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(query) : undefined;
}

/** Live result of a CSS media query. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (notify) => {
      const mql = mediaList(query);
      mql?.addEventListener('change', notify);
      return () => mql?.removeEventListener('change', notify);
    },
    () => mediaList(query)?.matches ?? false,
    () => false,
  );
}
