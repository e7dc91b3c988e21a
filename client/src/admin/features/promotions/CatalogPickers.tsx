import type { AdminProductRow } from '@api/admin-catalog';
import { Select } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useDebounced } from '../images/useDebounced';
import { useProductsListQuery, useProductTypesQuery } from '../products/catalogApi';

/** Products the picker loads at once (the server's cap); typing searches by title or id. */
const PICKER_LIMIT = 100;

interface Known {
  products: Map<number, string>;
  variants: Map<number, string>;
}

/** `玻尿酸精華｜30ml（NT$ 1,280）`. */
const variantLabel = (p: AdminProductRow, v: AdminProductRow['product_variants'][number]) =>
  `${p.title}｜${v.variant_name}（NT$ ${v.discount_price.toLocaleString('zh-TW')}）`;

/**
 * The admin product list (POST /api/admin/productslist) searched as staff type (300 ms), and every
 * product and variant seen so far, so a chosen one keeps its name when the search moves on.
 */
function useCatalogSearch() {
  const [search, setSearch] = useState('');
  const keyword = useDebounced(search.trim(), 300);
  const { data, isFetching } = useProductsListQuery({ limit: PICKER_LIMIT, offset: 0, searchKeyword: keyword, product_type: '' });
  const rows = useMemo(() => (data?.success ? data.products : []), [data]);
  const [known, setKnown] = useState<Known>({ products: new Map(), variants: new Map() });
  useEffect(() => {
    if (rows.length === 0) return;
    setKnown((k) => {
      const products = new Map(k.products);
      const variants = new Map(k.variants);
      for (const p of rows) {
        products.set(p.product_id, p.title);
        for (const v of p.product_variants ?? []) variants.set(v.id, variantLabel(p, v));
      }
      return { products, variants };
    });
  }, [rows]);
  return { rows, known, isFetching, setSearch };
}

interface MultiProps {
  value?: number[];
  onChange?: (value: number[]) => void;
  disabled?: boolean;
  id?: string;
  'aria-label': string;
  placeholder?: string;
}

/** Several products (scope 指定商品, exclusions). */
export function ProductsSelect({ value, onChange, disabled, id, 'aria-label': label, placeholder = '輸入商品名稱或編號搜尋' }: MultiProps) {
  const { rows, known, isFetching, setSearch } = useCatalogSearch();
  const options = useMemo(() => {
    const seen = new Set(rows.map((p) => p.product_id));
    const chosen = (value ?? []).filter((pid) => !seen.has(pid)).map((pid) => ({ value: pid, label: known.products.get(pid) ?? `商品 #${pid}` }));
    return [...chosen, ...rows.map((p) => ({ value: p.product_id, label: `${p.title}（#${p.product_id}）` }))];
  }, [rows, known, value]);
  return (
    <Select<number[]>
      id={id}
      mode="multiple"
      value={value ?? []}
      onChange={(v) => onChange?.(v)}
      disabled={disabled}
      options={options}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      loading={isFetching}
      placeholder={placeholder}
      notFoundContent={isFetching ? '搜尋中…' : '找不到商品'}
      aria-label={label}
      onBlur={() => setSearch('')}
      allowClear
    />
  );
}

interface VariantProps {
  value?: number | null;
  onChange?: (value: number | null) => void;
  disabled?: boolean;
  id?: string;
  'aria-label': string;
}

/** One product variant (the gift, an add-on item): product｜variant (price). */
export function VariantSelect({ value, onChange, disabled, id, 'aria-label': label }: VariantProps) {
  const { rows, known, isFetching, setSearch } = useCatalogSearch();
  const options = useMemo(() => {
    const listed = rows.flatMap((p) => (p.product_variants ?? []).map((v) => ({ value: v.id, label: variantLabel(p, v) })));
    const missing = value != null && !listed.some((o) => o.value === value) ? [{ value, label: known.variants.get(value) ?? `規格 #${value}` }] : [];
    return [...missing, ...listed];
  }, [rows, known, value]);
  return (
    <Select<number | null>
      id={id}
      value={value ?? null}
      onChange={(v) => onChange?.(v ?? null)}
      disabled={disabled}
      options={options}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      loading={isFetching}
      placeholder="輸入商品名稱或編號搜尋規格"
      notFoundContent={isFetching ? '搜尋中…' : '找不到商品'}
      aria-label={label}
      onBlur={() => setSearch('')}
      allowClear
    />
  );
}

/** Categories (product types) for scope 指定分類. */
export function CategoriesSelect({ value, onChange, disabled, id, 'aria-label': label }: MultiProps) {
  const { data, isFetching } = useProductTypesQuery();
  const options = (data?.success ? data.productTypes : []).map((t) => ({ value: t.id, label: t.is_active === 1 ? t.type_name : `${t.type_name}（停用）` }));
  const listed = new Set(options.map((o) => o.value));
  const missing = (value ?? []).filter((cid) => !listed.has(cid)).map((cid) => ({ value: cid, label: `分類 #${cid}` }));
  return (
    <Select<number[]>
      id={id}
      mode="multiple"
      value={value ?? []}
      onChange={(v) => onChange?.(v)}
      disabled={disabled}
      options={[...missing, ...options]}
      showSearch={{ optionFilterProp: 'label' }}
      loading={isFetching}
      placeholder="選擇商品分類"
      aria-label={label}
      allowClear
    />
  );
}
