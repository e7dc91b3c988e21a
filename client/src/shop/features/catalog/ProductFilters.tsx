import CloseCircleFilled from '@ant-design/icons/CloseCircleFilled';
import SearchOutlined from '@ant-design/icons/SearchOutlined';
import { useId } from 'react';
import type { ProductType } from './catalogTypes';
import { SORT_OPTIONS, type ListQuery, type SortKey } from './productListing';
import './ProductFilters.css';

interface Props {
  query: ListQuery;
  types: ProductType[];
  onChange: (next: ListQuery) => void;
}

/**
 * Search box, category chips (全部 + each type) and the sort choice. Native controls, styled:
 * this is the first screen, and the native select is the best picker on phones.
 */
export function ProductFilters({ query, types, onChange }: Props) {
  const searchId = useId();
  const sortId = useId();
  const chips = [{ id: null as number | null, type_name: '全部' }, ...types];
  return (
    <div className="ss-filters" role="search">
      <div className="ss-filters-top">
        <div className="ss-search">
          <label htmlFor={searchId} className="ss-visually-hidden">
            搜尋商品
          </label>
          <SearchOutlined className="ss-search-icon" aria-hidden />
          <input
            id={searchId}
            type="search"
            className="ss-search-input"
            placeholder="搜尋商品名稱或描述"
            autoComplete="off"
            enterKeyHint="search"
            value={query.q}
            onChange={(e) => onChange({ ...query, q: e.target.value })}
          />
          {query.q && (
            <button type="button" className="ss-search-clear" aria-label="清除搜尋" onClick={() => onChange({ ...query, q: '' })}>
              <CloseCircleFilled aria-hidden />
            </button>
          )}
        </div>
        <div className="ss-sort">
          <label htmlFor={sortId}>排序</label>
          <select id={sortId} className="ss-select" value={query.sort} onChange={(e) => onChange({ ...query, sort: e.target.value as SortKey })}>
            {SORT_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="ss-chips" role="group" aria-label="商品分類">
        {chips.map((t) => {
          const active = query.type === t.id;
          return (
            <button
              key={t.id ?? 'all'}
              type="button"
              className={`ss-chip${active ? ' is-active' : ''}`}
              aria-pressed={active}
              onClick={() => onChange({ ...query, type: t.id })}
            >
              {t.type_name}
            </button>
          );
        })}
      </div>
    </div>
  );
}
