import type { ProductListItem } from './catalogTypes';

/** The five sorts of spec 1 §2; managerRec is the default. */
export type SortKey = 'managerRec' | 'viewsDesc' | 'salesDesc' | 'priceAsc' | 'priceDesc';
export const DEFAULT_SORT: SortKey = 'managerRec';

export const SORT_OPTIONS: ReadonlyArray<{ value: SortKey; label: string }> = [
  { value: 'managerRec', label: '店長推薦' },
  { value: 'viewsDesc', label: '最多瀏覽' },
  { value: 'salesDesc', label: '熱銷排行' },
  { value: 'priceAsc', label: '價格低到高' },
  { value: 'priceDesc', label: '價格高到低' },
];

const SORT_KEYS = new Set<string>(SORT_OPTIONS.map((o) => o.value));

export interface ListQuery {
  /** Search text as typed; blank means no search. */
  q: string;
  /** Product type id, or null for 全部. */
  type: number | null;
  sort: SortKey;
}

/** Text folded for matching: query and product text go through the same function. */
export type SearchFold = (text: string) => string;

/** Without the Chinese tables: full-width forms to half-width, lower case. */
export const plainFold: SearchFold = (text) => text.normalize('NFKC').toLocaleLowerCase();

/** The query's words: split on any white space (full-width too), blanks dropped. */
export function searchWords(q: string): string[] {
  return q.split(/\s+/).filter(Boolean);
}

/** Folded title and description per product and fold (the list objects are kept while the list is). */
const folded = new WeakMap<SearchFold, WeakMap<object, readonly [string, string]>>();

function foldedFields(p: Pick<ProductListItem, 'title' | 'description'>, fold: SearchFold): readonly [string, string] {
  let byProduct = folded.get(fold);
  if (!byProduct) folded.set(fold, (byProduct = new WeakMap()));
  let fields = byProduct.get(p);
  if (!fields) byProduct.set(p, (fields = [fold(p.title), fold(p.description ?? '')]));
  return fields;
}

/**
 * Spec 1 §5 product search, case-insensitive substring on title or description, extended: every
 * white-space separated word must be found (AND), each in the title or the description, and with
 * `fold` = the Chinese fold (chineseFold.ts) Simplified and Traditional forms match each other.
 * A blank query matches everything.
 */
export function matchesSearch(p: Pick<ProductListItem, 'title' | 'description'>, q: string, fold: SearchFold = plainFold): boolean {
  const words = searchWords(q);
  if (words.length === 0) return true;
  const [title, description] = foldedFields(p, fold);
  return words.every((w) => {
    const needle = fold(w);
    return title.includes(needle) || description.includes(needle);
  });
}

type Compare = (a: ProductListItem, b: ProductListItem) => number;
const byId: Compare = (a, b) => a.product_id - b.product_id;
const desc = (f: (p: ProductListItem) => number): Compare => (a, b) => f(b) - f(a) || byId(a, b);
const asc = (f: (p: ProductListItem) => number): Compare => (a, b) => f(a) - f(b) || byId(a, b);

const COMPARATORS: Record<SortKey, Compare> = {
  managerRec: desc((p) => p.manager_rank),
  viewsDesc: desc((p) => p.views),
  salesDesc: desc((p) => p.sales ?? p.sold_quantity),
  priceAsc: asc((p) => p.discount_price),
  priceDesc: desc((p) => p.discount_price),
};

/** Search, filter by type, then sort — returns a new array. */
export function listProducts(products: readonly ProductListItem[], query: ListQuery, fold: SearchFold = plainFold): ProductListItem[] {
  return products
    .filter((p) => (query.type == null || p.product_type === query.type) && matchesSearch(p, query.q, fold))
    .sort(COMPARATORS[query.sort] ?? COMPARATORS[DEFAULT_SORT]);
}

/** Reads `?q=&type=&sort=` leniently: unknown values fall back to the defaults. */
export function parseListQuery(params: URLSearchParams): ListQuery {
  const sort = params.get('sort') ?? '';
  const type = Number.parseInt(params.get('type') ?? '', 10);
  return {
    q: params.get('q') ?? '',
    type: Number.isInteger(type) && type > 0 ? type : null,
    sort: SORT_KEYS.has(sort) ? (sort as SortKey) : DEFAULT_SORT,
  };
}

/** Writes a query back, leaving defaults out so URLs stay short. */
export function toSearchParams(query: ListQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.q.trim()) params.set('q', query.q);
  if (query.type != null) params.set('type', String(query.type));
  if (query.sort !== DEFAULT_SORT) params.set('sort', query.sort);
  return params;
}
