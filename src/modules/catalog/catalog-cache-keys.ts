/**
 * ReadCache keys of the catalogue (everything under `catalog:`; the SEO module caches its
 * product-based pages under `catalog:seo:` so they go with the rest).
 */
export const CATALOG_CACHE = {
  root: 'catalog:',
  /** `GET /api/load/loadProducts`. */
  list: 'catalog:list',
  /** The typed list other modules read (home products, SEO pages). */
  listed: 'catalog:listed',
  /** SEO descriptions and last changes (sitemap, heads); not about stock. */
  seoEntries: 'catalog:seo-entries',
  /** Server-rendered pages of the SEO module, keyed by origin first. */
  seoPages: 'catalog:seo:',
  /** Every answer about one product (its page and its popup): drop this prefix to drop them. */
  product: (id: number) => `catalog:product:${id}:`,
  page: (id: number) => `catalog:product:${id}:page`,
  details: (id: number) => `catalog:product:${id}:details`,
} as const;

/** Keys whose answers show many products' stock: dropped at most once a second after sales. */
export const CATALOG_LIST_KEYS = [CATALOG_CACHE.list, CATALOG_CACHE.listed, CATALOG_CACHE.seoPages] as const;
