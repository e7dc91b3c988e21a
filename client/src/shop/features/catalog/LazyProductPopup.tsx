import { lazy, Suspense, useEffect, useState } from 'react';
import type { ProductListItem } from './catalogTypes';

/** The popup (Modal, variants, quantity) loads on first use, keeping it out of the list's first download. */
export const loadProductPopup = () => import('./ProductPopup');
// antd's theme and locale come with the popup (app/AntdScope.tsx): the list itself uses no antd.
const ProductPopup = lazy(async () => {
  const [{ default: Popup }, { AntdScope }] = await Promise.all([loadProductPopup(), import('../../../app/AntdScope')]);
  return {
    default: (props: Props) => (
      <AntdScope>
        <Popup {...props} />
      </AntdScope>
    ),
  };
});

interface Props {
  product: ProductListItem | null;
  onClose: () => void;
}

/** Mounts the popup once a product was opened; later openings reuse it (and its close animation). */
export function LazyProductPopup({ product, onClose }: Props) {
  const [used, setUsed] = useState(false);
  useEffect(() => {
    if (product) setUsed(true);
  }, [product]);
  // Fetch the chunk once the shopper starts using the page (scroll, touch, key, pointer), so
  // the first click opens at once, without adding its evaluation to the page's start-up work.
  useEffect(() => {
    const events = ['scroll', 'pointerdown', 'touchstart', 'keydown'] as const;
    const prefetch = () => {
      events.forEach((e) => window.removeEventListener(e, prefetch));
      void loadProductPopup();
    };
    events.forEach((e) => window.addEventListener(e, prefetch, { passive: true, once: true }));
    return () => events.forEach((e) => window.removeEventListener(e, prefetch));
  }, []);
  if (!used && !product) return null;
  return (
    <Suspense fallback={null}>
      <ProductPopup product={product} onClose={onClose} />
    </Suspense>
  );
}
