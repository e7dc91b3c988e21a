import { useEffect } from 'react';

/**
 * While `active` (an online payment is awaited), asks again as soon as the tab is shown again:
 * the member paid on the simulator's, the bank's or LINE Pay's page in another tab or app.
 */
export function useRefetchOnReturn(active: boolean, refetch: () => unknown) {
  useEffect(() => {
    if (!active) return;
    const onVisible = () => {
      if (document.visibilityState === 'visible') refetch();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [active, refetch]);
}
