import type { ReviewSort, ReviewView } from '@api/reviews';
import { useId, useState, type ReactNode } from 'react';
import { formatNumber } from '../../../shared/lib/format';
import { taipeiDate } from '../rewards/pointsView';
import { PhotoViewer } from './PhotoViewer';
import { REVIEWS_PAGE_SIZE, useProductReviewsQuery } from './reviewsApi';
import { averageText, Stars } from './Stars';
import './ProductReviews.css';

export const REVIEWS_LOAD_FAILED = '評價載入失敗，請稍後再試。';
export const NO_REVIEWS = '還沒有評價，購買後成為第一位分享心得的人吧！';
export const NO_MATCHING_REVIEWS = '沒有符合條件的評價';

const SORTS: { value: ReviewSort; label: string }[] = [
  { value: 'newest', label: '最新' },
  { value: 'highest', label: '評分高到低' },
  { value: 'lowest', label: '評分低到高' },
];

/**
 * The product page's reviews (spec 4 §2, §7 `GET /api/load/productReviews/{id}`): the summary (average
 * to one decimal, count, 5→1 bars), filters by stars and with photos, three sorts, pages of 10, masked
 * names, the variant bought, photos to enlarge and the shop's reply. Loaded lazily below the fold;
 * plain React (the product page has no antd).
 */
export default function ProductReviews({ productId }: { productId: number }) {
  const [page, setPage] = useState(1);
  const [stars, setStars] = useState(0);
  const [withPhotos, setWithPhotos] = useState(false);
  const [sort, setSort] = useState<ReviewSort>('newest');
  const sortId = useId();
  const { data, isLoading, isFetching, isError, refetch } = useProductReviewsQuery({ id: productId, page, stars, withPhotos, sort });
  const filter = (next: { stars?: number; withPhotos?: boolean; sort?: ReviewSort }) => {
    if (next.stars !== undefined) setStars(next.stars);
    if (next.withPhotos !== undefined) setWithPhotos(next.withPhotos);
    if (next.sort !== undefined) setSort(next.sort);
    setPage(1);
  };

  if (isLoading) {
    return (
      <div className="ss-rv-loading" aria-busy="true" data-testid="reviews-loading">
        <span className="ss-visually-hidden" role="status">
          評價載入中…
        </span>
        <div className="ss-skeleton ss-rv-skeleton" />
      </div>
    );
  }
  if (isError || !data?.success) {
    // Not an alert: the product above is what the shopper came for.
    return (
      <div className="ss-empty-state" data-testid="reviews-error">
        <p>{REVIEWS_LOAD_FAILED}</p>
        <button type="button" className="ss-btn" onClick={() => void refetch()} disabled={isFetching}>
          {isFetching ? '重新載入中…' : '重新載入'}
        </button>
      </div>
    );
  }

  const { summary, reviews, total } = data;
  const pages = Math.max(1, Math.ceil(total / REVIEWS_PAGE_SIZE));
  if (summary.count === 0) {
    return (
      <p className="ss-rv-none" data-testid="reviews-none">
        {NO_REVIEWS}
      </p>
    );
  }
  return (
    <div className="ss-rv">
      <div className="ss-rv-summary" data-testid="reviews-summary">
        <div className="ss-rv-average">
          <strong data-testid="reviews-average">{averageText(summary.average)}</strong>
          <Stars value={summary.average} size={18} label={`平均 ${averageText(summary.average)} 顆星`} />
          <span className="ss-rv-muted" data-testid="reviews-count">
            {formatNumber(summary.count)} 則評價
          </span>
        </div>
        <ul className="ss-rv-bars" aria-label="評分分布">
          {summary.distribution.map((n, i) => {
            const star = 5 - i;
            const pct = summary.count > 0 ? Math.round((n / summary.count) * 100) : 0;
            return (
              <li key={star}>
                <button
                  type="button"
                  className={`ss-rv-bar-row${stars === star ? ' is-on' : ''}`}
                  onClick={() => filter({ stars: stars === star ? 0 : star })}
                  aria-pressed={stars === star}
                  aria-label={`${star} 星 ${n} 則`}
                  data-testid="reviews-bar"
                >
                  <span className="ss-rv-bar-star">{star} 星</span>
                  <span className="ss-rv-bar" aria-hidden>
                    <span style={{ width: `${pct}%` }} />
                  </span>
                  <span className="ss-rv-bar-count">{n}</span>
                </button>
              </li>
            );
          })}
        </ul>
      </div>

      <div className="ss-rv-tools">
        <div className="ss-rv-chips" role="group" aria-label="篩選評價">
          <Chip on={stars === 0 && !withPhotos} onClick={() => filter({ stars: 0, withPhotos: false })}>
            全部
          </Chip>
          {[5, 4, 3, 2, 1].map((s) => (
            <Chip key={s} on={stars === s} onClick={() => filter({ stars: stars === s ? 0 : s })}>
              {s} 星
            </Chip>
          ))}
          <Chip on={withPhotos} onClick={() => filter({ withPhotos: !withPhotos })}>
            有照片{summary.withPhotos > 0 ? `（${summary.withPhotos}）` : ''}
          </Chip>
        </div>
        <label className="ss-rv-sort" htmlFor={sortId}>
          排序
          <select id={sortId} value={sort} onChange={(e) => filter({ sort: e.target.value as ReviewSort })} className="ss-rv-select">
            {SORTS.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </label>
      </div>

      {reviews.length === 0 ? (
        <p className="ss-rv-none" data-testid="reviews-no-match">
          {NO_MATCHING_REVIEWS}
        </p>
      ) : (
        <ul className="ss-rv-list" aria-busy={isFetching || undefined} aria-label="評價列表">
          {reviews.map((r) => (
            <ReviewItem key={r.id} review={r} />
          ))}
        </ul>
      )}

      {pages > 1 && (
        <nav className="ss-rv-pager" aria-label="評價分頁">
          <button type="button" className="ss-btn" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            上一頁
          </button>
          <span aria-live="polite" data-testid="reviews-page">
            第 {page} / {pages} 頁
          </span>
          <button type="button" className="ss-btn" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            下一頁
          </button>
        </nav>
      )}
    </div>
  );
}

function Chip({ on, onClick, children }: { on: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" className={`ss-rv-chip${on ? ' is-on' : ''}`} aria-pressed={on} onClick={onClick}>
      {children}
    </button>
  );
}

/** One review: stars, masked name, date, variant, content, photos (enlarge on click) and the shop's reply. */
export function ReviewItem({ review: r }: { review: ReviewView }) {
  const [viewing, setViewing] = useState<number | null>(null);
  return (
    <li className="ss-rv-item" data-testid="review">
      <div className="ss-rv-item-head">
        <Stars value={r.rating} label={`${r.rating} 顆星`} />
        <span className="ss-rv-name">{r.display_name}</span>
        <time className="ss-rv-muted" dateTime={r.created_at}>
          {taipeiDate(r.created_at)}
        </time>
      </div>
      {r.variant_name && <p className="ss-rv-muted ss-rv-variant">規格：{r.variant_name}</p>}
      <p className="ss-rv-content">{r.content}</p>
      {r.photos.length > 0 && (
        <div className="ss-rv-photos">
          {r.photos.map((url, i) => (
            <button key={url} type="button" className="ss-rv-photo" onClick={() => setViewing(i)} aria-label={`放大照片 ${i + 1}`}>
              <img src={url} alt="" loading="lazy" width={72} height={72} />
            </button>
          ))}
        </div>
      )}
      {r.reply && (
        <div className="ss-rv-reply" data-testid="review-reply">
          <span className="ss-rv-reply-label">店家回覆</span>
          <p>{r.reply}</p>
        </div>
      )}
      {viewing !== null && <PhotoViewer photos={r.photos} start={viewing} onClose={() => setViewing(null)} />}
    </li>
  );
}
