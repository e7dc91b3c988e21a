import InboxOutlined from '@ant-design/icons/InboxOutlined';
import { useDeferredValue, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../../app/site/usePageTitle';
import { LoadError } from '../../../shared/components/LoadError';
import { useAfterFirstFrame } from '../../../shared/hooks/useAfterFirstFrame';
import { LOAD_FAILED_TEXT, useLoadProductsQuery } from './catalogApi';
import { LazyProductPopup } from './LazyProductPopup';
import { ProductCard } from './ProductCard';
import { useCardExtras } from './useCardExtras';
import { ProductFilters } from './ProductFilters';
import { ProductGridSkeleton } from './ProductGridSkeleton';
import { listProducts, parseListQuery, searchWords, toSearchParams, type ListQuery } from './productListing';
import { useProductPopup } from './useProductPopup';
import { usePromotionBadges } from './usePromotionBadges';
import { useSearchFold } from './useSearchFold';
import './ProductCard.css';

export const NO_MATCH_TEXT = '沒有符合條件的商品';
/** Cards in the first render (the first screen's rows on any width); the rest follow a frame later. */
const FIRST_CARDS = 8;

/** /products: search, category filter, five sorts, cards and the product popup (spec 1 §2). */
export default function ProductsPage() {
  usePageTitle('全部商品');
  const [params, setParams] = useSearchParams();
  const query = parseListQuery(params);
  const { q, type, sort } = query;
  const { data: live, isError, isFetching, refetch } = useLoadProductsQuery();
  // The cards render in the background (time-sliced) once the list arrives; the skeleton stays until then.
  const data = useDeferredValue(live);
  const isLoading = !data && !isError;
  // The popup's product is in the URL (?product=): Back closes it and keeps the search and filter.
  const popup = useProductPopup(live?.products);
  const badgesOf = usePromotionBadges();
  const { ratingOf, wishOf } = useCardExtras();

  // Simplified and Traditional forms match once a search runs (the tables load then, not on the first screen).
  const fold = useSearchFold(searchWords(q).length > 0);
  const products = useMemo(() => listProducts(data?.products ?? [], { q, type, sort }, fold), [data, q, type, sort, fold]);
  const allCards = useAfterFirstFrame(products.length > 0);
  const shown = allCards ? products : products.slice(0, FIRST_CARDS);
  const setQuery = (next: ListQuery) => setParams(toSearchParams(next), { replace: true, preventScrollReset: true });

  return (
    <div className="ss-container ss-page">
      <header>
        <h1 className="ss-page-title">全部商品</h1>
        <p className="ss-page-subtitle">溫和有感的日常保養，為你的肌膚找到剛剛好的呵護。</p>
      </header>
      <ProductFilters query={query} types={data?.productsTypes ?? []} onChange={setQuery} />
      {isLoading ? (
        <ProductGridSkeleton />
      ) : isError ? (
        <LoadError message={LOAD_FAILED_TEXT} onRetry={() => void refetch()} retrying={isFetching} />
      ) : products.length === 0 ? (
        <div className="ss-empty-state">
          <InboxOutlined className="ss-empty-state-icon" aria-hidden />
          <p>{NO_MATCH_TEXT}</p>
          <button type="button" className="ss-btn" onClick={() => setQuery({ ...query, q: '', type: null })}>
            清除搜尋與分類
          </button>
        </div>
      ) : (
        <>
          <p className="ss-result-count" aria-live="polite">
            共 {products.length} 件商品
          </p>
          {/* Cards carry h3 titles (as on the home page): keep the outline h1 → h2 → h3. */}
          <h2 className="ss-visually-hidden">商品列表</h2>
          <div className="ss-grid">
            {shown.map((p, i) => (
              <ProductCard key={p.product_id} product={p} onOpen={popup.open} eager={i < 4} badges={badgesOf(p)} rating={ratingOf(p.product_id)} wish={wishOf(p.product_id)} />
            ))}
          </div>
        </>
      )}
      <LazyProductPopup product={popup.product} onClose={popup.close} />
    </div>
  );
}
