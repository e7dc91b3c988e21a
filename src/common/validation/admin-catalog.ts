import { parseMoney } from './money';

/**
 * Back-office catalogue rules and texts (spec 3 §5 and issue 12's decided departures), shared by the
 * server (createOrUpdateProduct, categories) and the admin client. Every product rule is checked at
 * once: `productProblems` answers every failing field with its spec text.
 */
export const CATALOG_MSG = {
  /** The first banner when any product field fails (spec 3 §5 "check the form fields"). */
  checkFields: '請檢查表單欄位',
  seoDescription: '請輸入SEO描述',
  productType: '請選擇商品分類',
  title: '請輸入商品名稱',
  description: '請輸入商品描述',
  unit: '請輸入單位',
  views: '請輸入觀看數',
  stock: '請輸入庫存',
  sold: '請輸入已售數量',
  imageUrl: '請輸入有效的商品主圖 (必須以 http 開頭)',
  mediaRequired: '請新增商品媒體',
  mediaUrl: '請輸入有效的媒體資源 URL (必須以 http 開頭)',
  ordering: '請輸入有效的排序 (必須大於或等於 0)',
  variantRequired: '請新增商品規格',
  variantName: '請輸入規格名稱',
  /** Decided: a quantity is the variant's stock and may be 0; negative or non-integer values fail. */
  quantity: '請輸入有效的數量',
  originalPrice: '請輸入原價',
  discountPrice: '請輸入折扣價',
  discountAbove: '折扣價不可高於原價',
  saved: '新增或更新成功',
  saveFailed: '新增或更新失敗',
  productNotFound: '找不到商品',
  updated: '更新成功',
  deleted: '刪除成功',
  /** A product that was ever ordered is hidden instead of deleted (order items keep their snapshot). */
  hiddenInstead: '商品已有訂單紀錄，已改為下架隱藏',
  typeName: '請輸入類別名稱',
  typeNotFound: '找不到類別',
  typeHasProducts: '類別仍有商品，無法刪除',
} as const;

export const PRODUCT_LIMITS = {
  title: 120,
  description: 500,
  unit: 20,
  url: 500,
  seoDescription: 300,
  variantName: 100,
  typeName: 50,
  media: 30,
  variants: 50,
  /** Largest price / count accepted (int column). */
  maxInt: 2_000_000_000,
} as const;

/** Admin product list page size (spec 3 §9) and the most one page may hold. */
export const ADMIN_PRODUCTS_PAGE_SIZE = 10;
export const ADMIN_MAX_PAGE_SIZE = 100;

/**
 * Image and media URLs: absolute http(s) or a site-relative library path `/media/…`; never
 * `javascript:`, `data:` or a protocol-relative `//host`.
 */
export function isCatalogUrl(v: unknown): v is string {
  if (typeof v !== 'string') return false;
  const s = v.trim();
  if (s.length === 0 || s.length > PRODUCT_LIMITS.url || /[\s<>"]/.test(s)) return false;
  if (/^\/media\/[^/]/.test(s)) return !s.includes('..');
  if (!/^https?:\/\//i.test(s)) return false;
  try {
    const u = new URL(s);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.length > 0;
  } catch {
    return false;
  }
}

/** A whole number ≥ 0 (numbers or digit strings); otherwise null. */
export function wholeNumber(v: unknown): number | null {
  const n = typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v;
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= PRODUCT_LIMITS.maxInt ? n : null;
}

/** A price: the shared NT$ rule (./money: digits, thousands commas "1,200" → 1200); a whole number > 0, else null. */
export function price(v: unknown): number | null {
  const n = parseMoney(v);
  return n !== null && n > 0 && n <= PRODUCT_LIMITS.maxInt ? n : null;
}

export interface ProductProblem {
  /** `title`, `media.0.media_url`, `variants.1.discount_price` … */
  field: string;
  message: string;
}

const filled = (v: unknown, max: number) => typeof v === 'string' && v.trim().length > 0 && v.trim().length <= max;

/** Every failing rule of a product save (spec 3 §5 + the departures), in form order. */
export function productProblems(p: Record<string, unknown>): ProductProblem[] {
  const out: ProductProblem[] = [];
  const add = (field: string, message: string) => out.push({ field, message });
  if (typeof p.seo_description !== 'string' || p.seo_description.length > PRODUCT_LIMITS.seoDescription) add('seo_description', CATALOG_MSG.seoDescription);
  if (wholeNumber(p.product_type) === null || wholeNumber(p.product_type) === 0) add('product_type', CATALOG_MSG.productType);
  if (!filled(p.title, PRODUCT_LIMITS.title)) add('title', CATALOG_MSG.title);
  if (!filled(p.description, PRODUCT_LIMITS.description)) add('description', CATALOG_MSG.description);
  if (!filled(p.unit, PRODUCT_LIMITS.unit)) add('unit', CATALOG_MSG.unit);
  if (wholeNumber(p.views_count ?? 0) === null) add('views_count', CATALOG_MSG.views);
  if (wholeNumber(p.stock ?? 0) === null) add('stock', CATALOG_MSG.stock);
  if (wholeNumber(p.sold_quantity ?? 0) === null) add('sold_quantity', CATALOG_MSG.sold);
  if (!isCatalogUrl(p.image_url)) add('image_url', CATALOG_MSG.imageUrl);

  const media = Array.isArray(p.product_media) ? (p.product_media as unknown[]) : [];
  if (media.length === 0) add('product_media', CATALOG_MSG.mediaRequired);
  media.slice(0, PRODUCT_LIMITS.media + 1).forEach((m, i) => {
    const row = (m && typeof m === 'object' ? m : {}) as Record<string, unknown>;
    if (!isCatalogUrl(row.media_url)) add(`product_media.${i}.media_url`, CATALOG_MSG.mediaUrl);
    if (wholeNumber(row.ordering) === null) add(`product_media.${i}.ordering`, CATALOG_MSG.ordering);
  });
  if (media.length > PRODUCT_LIMITS.media) add('product_media', CATALOG_MSG.mediaUrl);

  const variants = Array.isArray(p.product_variants) ? (p.product_variants as unknown[]) : [];
  if (variants.length === 0) add('product_variants', CATALOG_MSG.variantRequired);
  variants.slice(0, PRODUCT_LIMITS.variants + 1).forEach((v, i) => {
    const row = (v && typeof v === 'object' ? v : {}) as Record<string, unknown>;
    if (!filled(row.variant_name, PRODUCT_LIMITS.variantName)) add(`product_variants.${i}.variant_name`, CATALOG_MSG.variantName);
    if (wholeNumber(row.quantity) === null) add(`product_variants.${i}.quantity`, CATALOG_MSG.quantity);
    const original = price(row.original_price);
    const discount = price(row.discount_price);
    if (original === null) add(`product_variants.${i}.original_price`, CATALOG_MSG.originalPrice);
    if (discount === null) add(`product_variants.${i}.discount_price`, CATALOG_MSG.discountPrice);
    if (original !== null && discount !== null && discount > original) add(`product_variants.${i}.discount_price`, CATALOG_MSG.discountAbove);
  });
  if (variants.length > PRODUCT_LIMITS.variants) add('product_variants', CATALOG_MSG.variantRequired);
  return out;
}
