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

/** Case-insensitive substring match on title or description; blank queries match everything. */
export function matchesSearch(p: Pick<ProductListItem, 'title' | 'description'>, q: string): boolean {
  const needle = q.trim().toLocaleLowerCase();
  if (!needle) return true;
  return p.title.toLocaleLowerCase().includes(needle) || (p.description ?? '').toLocaleLowerCase().includes(needle);
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
export function listProducts(products: readonly ProductListItem[], query: ListQuery): ProductListItem[] {
  return products
    .filter((p) => (query.type == null || p.product_type === query.type) && matchesSearch(p, query.q))
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
