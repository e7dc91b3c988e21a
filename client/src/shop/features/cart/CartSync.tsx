import { useEffect } from 'react';
import { useStore } from 'react-redux';
import type { RootState } from '../../../app/store';
import type { SyncStore } from './cartSync';

/**
 * Keeps the member's cart on the server (cartSync.ts), loaded after the first screen: its code
 * (and the catalogue API it uses) stays out of the entry chunk. Renders nothing.
 */
export function CartSync() {
  const store = useStore<RootState>() as unknown as SyncStore;
  useEffect(() => {
    let stop: (() => void) | undefined;
    let gone = false;
    void import('./cartSync').then(({ startCartSync }) => {
      if (!gone) stop = startCartSync(store).stop;
    });
    return () => {
      gone = true;
      stop?.();
    };
  }, [store]);
  return null;
}
