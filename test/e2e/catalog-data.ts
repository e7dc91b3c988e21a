import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** The API contract of issue 2, as the tests need it. */
export interface ListItem {
  product_id: number;
  title: string;
  description: string;
  product_type: number | null;
  type_name: string;
  discount_price: number;
  stock: number;
}

export interface Variant {
  variant_id: number;
  variant_name: string;
  discount_price: number;
  stock: number;
}

export interface Catalogue {
  products: ListItem[];
  productsTypes: { id: number; type_name: string }[];
}

export interface Pick {
  product: ListItem;
  variants: Variant[];
  /** An in-stock variant to buy. */
  variant: Variant;
}

export async function loadCatalogue(request: APIRequestContext): Promise<Catalogue> {
  const res = await request.get('/api/load/loadProducts');
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as Catalogue & { success: boolean };
  expect(body.success).toBe(true);
  return body;
}

/**
 * The catalogue as `page` itself received it (its GET /api/load/loadProducts): what its cards must
 * show, whatever products other tests running alongside add meanwhile. Call before the page loads.
 */
export function catalogueSeenBy(page: Page): () => Promise<Catalogue> {
  let seen: Promise<Catalogue> | undefined;
  page.on('response', (res) => {
    if (new URL(res.url()).pathname === '/api/load/loadProducts' && res.status() === 200) seen = res.json() as Promise<Catalogue>;
  });
  return async () => {
    await expect.poll(() => seen !== undefined, { message: 'the page loads the catalogue' }).toBe(true);
    return seen!;
  };
}

/** Variants of a product, read through the product-page endpoint. */
export async function variantsOf(request: APIRequestContext, id: number): Promise<Variant[]> {
  const res = await request.get(`/api/load/productD/${id}`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { pDetails: { Variants: Variant[] } }).pDetails.Variants;
}

/**
 * The first listed product (of a type, with a unique title) whose variants match `want`.
 * Picks from what the demo seed really holds; product names are never hard-coded.
 */
export async function findProduct(
  request: APIRequestContext,
  want: (variants: Variant[], product: ListItem) => Variant | undefined,
): Promise<Pick> {
  const { products } = await loadCatalogue(request);
  const titles = new Map<string, number>();
  for (const p of products) titles.set(p.title, (titles.get(p.title) ?? 0) + 1);
  for (const product of products) {
    if (product.stock <= 0 || !product.product_type || titles.get(product.title) !== 1) continue;
    const variants = await variantsOf(request, product.product_id);
    const variant = want(variants, product);
    if (variant) return { product, variants, variant };
  }
  throw new Error('the demo catalogue has no product of the kind this test needs');
}

export const severalVariants = (vs: Variant[]) => (vs.length >= 2 ? vs.find((v) => v.stock > 1) : undefined);
export const anyInStock = (vs: Variant[]) => vs.find((v) => v.stock > 1);
export const withSoldOutVariant = (vs: Variant[]) => (vs.some((v) => v.stock > 0) ? vs.find((v) => v.stock === 0) : undefined);

/** "NT$ 1,280" as the shop writes prices. */
export const nt = (n: number) => `NT$ ${n.toLocaleString('en-US')}`;

/** A string as a literal inside a RegExp. */
export const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
