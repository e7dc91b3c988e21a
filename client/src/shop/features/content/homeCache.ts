import { isArrayOf, isObject, isString, readVersioned, resolveVersioned, writeVersioned, type Versioned } from '../../../shared/lib/versionCache';
import type { ProductListItem } from '../catalog/catalogTypes';
import type { HomeData, HomePageContent, HomepageResponse } from './contentTypes';

/** Storage keys of the two independently versioned parts of the home page. */
export const HOME_KEY = 'home';
export const HOME_PRODUCTS_KEY = 'homeProducts';

const hasId = (x: unknown) => isObject(x) && typeof x.id === 'number';
const isProduct = (x: unknown) => isObject(x) && typeof x.product_id === 'number' && typeof x.title === 'string';

export const isHomeContent = (d: unknown): d is HomePageContent =>
  isObject(d) &&
  isArrayOf(hasId)(d.banners) &&
  isArrayOf(hasId)(d.usersTestimonials) &&
  isArrayOf(hasId)(d.usersBEs) &&
  isArrayOf(hasId)(d.certificates) &&
  isString(d.home_001) &&
  isString(d.home_002);

export const isHomeProducts = isArrayOf<ProductListItem>(isProduct);

export interface StoredHome {
  page?: Versioned<HomePageContent>;
  products?: Versioned<ProductListItem[]>;
}

export function readStoredHome(): StoredHome {
  return { page: readVersioned(HOME_KEY, isHomeContent), products: readVersioned(HOME_PRODUCTS_KEY, isHomeProducts) };
}

/** The full stored home, for an instant first paint on a repeat visit. */
export function storedHomeData(stored: StoredHome = readStoredHome()): HomeData | undefined {
  return stored.page && stored.products ? { ...stored.page.data, homeProducts: stored.products.data } : undefined;
}

/** The body of `POST /api/load/homepage`: only versions of copies we really hold. */
export function homeRequest(stored: StoredHome): { homeVersion?: string; homeProductsVersion?: string } {
  return {
    ...(stored.page ? { homeVersion: stored.page.version } : {}),
    ...(stored.products ? { homeProductsVersion: stored.products.version } : {}),
  };
}

const pickPage = (a: HomepageResponse): HomePageContent => ({
  banners: a.banners ?? [],
  usersTestimonials: a.usersTestimonials ?? [],
  usersBEs: a.usersBEs ?? [],
  certificates: a.certificates ?? [],
  home_001: a.home_001 ?? '',
  home_002: a.home_002 ?? '',
});

/**
 * Applies an answer (spec 1 §4): each part flagged as updated replaces the stored copy and its
 * version; the other reuses the stored copy. Undefined when a part is neither sent nor stored.
 */
export function resolveHome(stored: StoredHome, answer: HomepageResponse): { data: HomeData; next: Required<StoredHome>; changed: { page: boolean; products: boolean } } | undefined {
  const page = resolveVersioned(stored.page, answer.isPageUpdated, answer.serverHomeVersion, () => pickPage(answer));
  const products = resolveVersioned(stored.products, answer.isProductUpdated, answer.serverHomeProductsVersion, () => answer.homeProducts ?? []);
  if (!page || !products) return undefined;
  return {
    data: { ...page.entry.data, homeProducts: products.entry.data },
    next: { page: page.entry, products: products.entry },
    changed: { page: page.changed, products: products.changed },
  };
}

export function storeHome(next: Required<StoredHome>, changed: { page: boolean; products: boolean }): void {
  if (changed.page) writeVersioned(HOME_KEY, next.page);
  if (changed.products) writeVersioned(HOME_PRODUCTS_KEY, next.products);
}
