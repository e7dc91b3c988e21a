import { useEffect, useState } from 'react';
import { plainFold, type SearchFold } from './productListing';

let loaded: SearchFold | null = null;
let loading: Promise<SearchFold> | null = null;

/** The Chinese fold (chineseFold.ts, OpenCC's character tables) in its own chunk, fetched once. */
export function loadChineseFold(): Promise<SearchFold> {
  loading ??= import('./chineseFold').then(
    (m) => (loaded = m.foldChinese),
    (err: unknown) => {
      loading = null; // offline: the next search asks again
      throw err;
    },
  );
  return loading;
}

/**
 * The fold a search should use: the Chinese one once a search has run (loaded then, so the first
 * screen of /products never downloads it), the plain one until it arrives or if it cannot load.
 */
export function useSearchFold(searching: boolean): SearchFold {
  const [fold, setFold] = useState<SearchFold | null>(() => loaded); // a function: never the initializer itself
  useEffect(() => {
    if (!searching || fold) return;
    let live = true;
    loadChineseFold().then(
      (f) => live && setFold(() => f),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [searching, fold]);
  return fold ?? plainFold;
}
