import { useSyncExternalStore } from 'react';

/** True once the page is scrolled more than `threshold` px (navbar scrolled style: 50 px). */
export function useScrolled(threshold = 50): boolean {
  return useSyncExternalStore(
    (notify) => {
      window.addEventListener('scroll', notify, { passive: true });
      return () => window.removeEventListener('scroll', notify);
    },
    () => window.scrollY > threshold,
    () => false,
  );
}
