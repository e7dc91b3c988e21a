import type { ProductListItem } from '../catalog/catalog.types';

/** How many featured products the home page shows. */
export const HOME_PRODUCTS_LIMIT = 8;

/** A listed product (`is_manager`: store-manager recommended). */
export type HomeProduct = ProductListItem;

/**
 * Featured products for the home page from the listed catalogue (already ordered by
 * manager_rank, highest first): manager-recommended or hot products first, then the
 * best-ranked others until `limit` is reached.
 */
export function selectHomeProducts(listed: readonly HomeProduct[], limit = HOME_PRODUCTS_LIMIT): HomeProduct[] {
  const isFeatured = (p: HomeProduct) => p.is_manager === 1 || p.is_hot === 1;
  return [...listed.filter(isFeatured), ...listed.filter((p) => !isFeatured(p))].slice(0, limit);
}

/** Up to `n` entries in random order (partial Fisher–Yates). */
export function sample<T>(items: readonly T[], n: number): T[] {
  const copy = [...items];
  const k = Math.min(n, copy.length);
  for (let i = 0; i < k; i++) {
    const j = i + Math.floor(Math.random() * (copy.length - i));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy.slice(0, k);
}
