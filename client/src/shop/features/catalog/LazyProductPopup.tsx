import { lazy, Suspense, useEffect, useState } from 'react';
import type { ProductListItem } from './catalogTypes';

/** The popup (Modal, variants, quantity) loads on first use, keeping it out of the list's first download. */
export const loadProductPopup = () => import('./ProductPopup');
const ProductPopup = lazy(loadProductPopup);

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
  // Fetch the chunk when the browser is idle so the first click opens at once.
  useEffect(() => {
    const id = window.setTimeout(() => void loadProductPopup(), 1500);
    return () => window.clearTimeout(id);
  }, []);
  if (!used && !product) return null;
  return (
    <Suspense fallback={null}>
      <ProductPopup product={product} onClose={onClose} />
    </Suspense>
  );
}
