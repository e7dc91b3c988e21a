import { skipToken } from '@reduxjs/toolkit/query';
import { lazy, Suspense, useDeferredValue, useEffect, useMemo, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { usePageTitle } from '../../../app/site/usePageTitle';
import { isNotFound, LoadError } from '../../../shared/components/LoadError';
import { NotFoundState } from '../../../shared/components/NotFoundState';
import { useInView } from '../../../shared/hooks/useInView';
import { useMetaDescription } from '../../../shared/hooks/useMetaDescription';
import { track } from '../../../shared/analytics/analytics';
import { viewItemEvent } from '../../../shared/analytics/events';
import { formatNumber } from '../../../shared/lib/format';
import { parseMedia } from '../../../shared/lib/media';
import { LOAD_FAILED_TEXT, useProductPageQuery } from './catalogApi';
import { MediaViewer } from './MediaViewer';
import { PurchasePanel } from './PurchasePanel';
import { usePromotionBadges } from './usePromotionBadges';
import { CosmeticsFacts, cosmeticsFacts } from './CosmeticsFacts';
import { ProductTabs } from './ProductTabs';
import { useRatingsQuery } from '../reviews/reviewsApi';
import { averageText, Stars } from '../reviews/Stars';
import { RestockButton } from '../wishlist/RestockButton';
import { useWishlist } from '../wishlist/useWishlist';
import { WishHeart } from '../wishlist/WishHeart';
import './ProductPage.css';

// The reviews sit below the fold: their code and their first page load when the shopper scrolls near them.
const ProductReviews = lazy(() => import('../reviews/ProductReviews'));

function HtmlBlock({ html }: { html: string }) {
  // The server sanitises product html before storing and serving it.
  if (!html.trim()) return <p className="ss-muted-note">尚無內容</p>;
  return <div className="ss-html-content" dangerouslySetInnerHTML={{ __html: html }} />;
}

/** /product/:id (spec 2): breadcrumb, media, price, variants, quantity, add / buy now, detail and spec tabs. */
export default function ProductPage() {
  const { id } = useParams();
  const productId = /^\d+$/.test(id ?? '') ? Number(id) : undefined;
  const { data: live, error, isLoading, isFetching, refetch } = useProductPageQuery(productId ?? skipToken);
  // The page renders in the background (time-sliced) once the product arrives.
  const data = useDeferredValue(live);
  const p = data?.pDetails && data.pDetails.product_id === productId ? data.pDetails : undefined;
  // Only the server's 404 (or an id that cannot exist) means the product is gone; any other
  // failure (network, 5xx) offers 重新載入.
  const notFound = productId === undefined || (!p && isNotFound(error));
  // Asked beside the product (an id that cannot exist asks nothing).
  const badgesOf = usePromotionBadges({ skip: productId === undefined });
  const failed = !notFound && !!error && !p;
  const wishes = useWishlist();
  const { data: ratings } = useRatingsQuery(undefined, { skip: productId === undefined });
  const rating = productId !== undefined && ratings?.success ? ratings.ratings[String(productId)] : undefined;
  const reviewsRef = useRef<HTMLElement>(null);
  const reviewsNear = useInView(reviewsRef, { enabled: !!p });

  useEffect(() => {
    if (error && !isNotFound(error)) console.error('product load failed', error);
  }, [error]);
  // view_item once per product shown (sent only with consent; issue 22 §7).
  const viewed = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (!p || viewed.current === p.product_id) return;
    viewed.current = p.product_id;
    track(viewItemEvent(p));
  }, [p]);
  usePageTitle(p?.title ?? (notFound ? '找不到商品' : failed ? '載入失敗' : undefined));
  useMetaDescription(p?.seo_description || p?.description);

  const media = useMemo(() => {
    const list = (data?.pMedias ?? []).map((m) => parseMedia(m.media_url));
    return list.length ? list : p ? [parseMedia(p.image_url)] : [];
  }, [data, p]);

  if (notFound) {
    return (
      <div className="ss-container ss-page">
        <NotFoundState title="找不到商品" description="這個商品可能已下架或不存在，看看其他熱銷好物吧。" />
      </div>
    );
  }
  if (failed) {
    return (
      <div className="ss-container ss-page">
        <h1 className="ss-page-title">載入失敗</h1>
        <LoadError message={LOAD_FAILED_TEXT} onRetry={() => void refetch()} retrying={isFetching} />
      </div>
    );
  }

  return (
    <div className="ss-container ss-page ss-product-page">
      {/* Plain CSS breadcrumb, tags and tabs: antd's would generate their styles on the first screen. */}
      <nav className="ss-breadcrumb" aria-label="麵包屑">
        <ol>
          <li>
            <Link to="/products">全部商品</Link>
          </li>
          {p?.product_type && p.type_name ? (
            <li>
              <Link to={`/products?type=${p.product_type}`}>{p.type_name}</Link>
            </li>
          ) : null}
          <li aria-current="page">{p?.title ?? '…'}</li>
        </ol>
      </nav>
      {isLoading || !p ? (
        // Plain CSS placeholders: antd's Skeleton would generate its styles on the first screen.
        <div className="ss-product-layout" role="status" aria-busy="true" aria-label="商品載入中">
          <div className="ss-skeleton ss-product-skeleton" />
          <div className="ss-product-skeleton-lines">
            {[45, 96, 88, 30, 92, 70, 94, 60].map((w, i) => (
              <div key={i} className="ss-skeleton" style={{ width: `${w}%` }} />
            ))}
          </div>
        </div>
      ) : (
        <>
          <div className="ss-product-layout">
            <MediaViewer media={media} title={p.title} />
            <section className="ss-product-info" aria-labelledby="product-title">
              <div className="ss-product-tags">
                {p.type_name && <span className="ss-tag">{p.type_name}</span>}
                {p.is_new === 1 && <span className="ss-tag ss-tag-new">新品</span>}
                {p.is_hot === 1 && <span className="ss-tag ss-tag-hot">熱銷</span>}
                {badgesOf(p).map((b) => (
                  <span key={b.id} className="ss-tag ss-tag-promo" data-testid="promotion-badge">
                    {b.text}
                  </span>
                ))}
              </div>
              <div className="ss-product-title-row">
                <h1 id="product-title" className="ss-product-title">
                  {p.title}
                </h1>
                <WishHeart title={p.title} wished={wishes.isWished(p.product_id)} onToggle={() => wishes.toggle(p.product_id)} variant="page" />
              </div>
              {rating && rating.count > 0 && (
                <a href="#reviews" className="ss-product-rating" data-testid="product-rating">
                  <Stars value={rating.average} label={`平均 ${averageText(rating.average)} 顆星`} />
                  <span>{averageText(rating.average)}</span>
                  <span className="ss-product-rating-count">（{rating.count} 則評價）</span>
                </a>
              )}
              <p className="ss-product-desc">{p.description}</p>
              {p.sold_quantity > 0 && (
                <p className="ss-product-sold">
                  已售出 {formatNumber(p.sold_quantity)} {p.unit}
                </p>
              )}
              <PurchasePanel
                product={p}
                buyNow
                soldOutAction={(variantId) =>
                  variantId ? (
                    <RestockButton variantId={variantId} />
                  ) : p.Variants.length > 1 ? (
                    <p className="ss-purchase-soldout-hint">選擇規格後可設定貨到通知</p>
                  ) : null
                }
              />
            </section>
          </div>
          <ProductTabs
            className="ss-product-tabs"
            items={[
              { key: 'detail', label: '商品詳情', children: <HtmlBlock html={p.detail_html ?? ''} /> },
              {
                key: 'spec',
                label: '規格說明',
                children: (
                  <>
                    <CosmeticsFacts cosmetics={p.cosmetics} />
                    {/* With the label fields shown, an empty spec html says nothing more. */}
                    {cosmeticsFacts(p.cosmetics).length && !(p.spec_html ?? '').trim() ? null : <HtmlBlock html={p.spec_html ?? ''} />}
                  </>
                ),
              },
            ]}
          />
          <section id="reviews" ref={reviewsRef} className="ss-product-reviews" aria-labelledby="reviews-title">
            <h2 id="reviews-title" className="ss-product-reviews-title">
              商品評價
            </h2>
            {reviewsNear ? (
              <Suspense fallback={<div className="ss-skeleton ss-product-reviews-skeleton" role="status" aria-label="評價載入中" />}>
                <ProductReviews productId={p.product_id} />
              </Suspense>
            ) : (
              <div className="ss-product-reviews-skeleton" />
            )}
          </section>
        </>
      )}
    </div>
  );
}
