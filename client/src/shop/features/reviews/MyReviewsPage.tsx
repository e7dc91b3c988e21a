import CommentOutlined from '@ant-design/icons/CommentOutlined';
import { Button, Empty, Skeleton, Tabs } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { MyReviewView, ReviewableItem, ReviewStatus } from '@api/reviews';
import { usePageTitle } from '../../../app/site/usePageTitle';
import { apiErrorMessage } from '../../../shared/api/baseApi';
import { LinkButton } from '../../../shared/components/LinkButton';
import { LoadError } from '../../../shared/components/LoadError';
import { RequireMember } from '../auth/RequireMember';
import { errorStatusOf } from '../auth/watchSession';
import { taipeiDate } from '../rewards/pointsView';
import { PhotoViewer } from './PhotoViewer';
import { ReviewForm } from './ReviewForm';
import { useReviewablesQuery } from './reviewsApi';
import { Stars } from './Stars';
import './MyReviews.css';

export const MY_REVIEWS_LOAD_FAILED = '評價載入失敗，請稍後再試。';
export const NOTHING_TO_REVIEW = '目前沒有待評價的商品';
export const NO_REVIEWS_WRITTEN = '您還沒有寫過評價';

/** The state of the member's own review: 待審核 (held), 已隱藏 (hidden by staff), else shown. */
export function reviewState(r: Pick<MyReviewView, 'held' | 'is_visible'> & Partial<Pick<MyReviewView, 'status'>>): { text: string; tone: ReviewStatus } {
  const status: ReviewStatus = r.status ?? (r.held ? 'held' : r.is_visible ? 'shown' : 'hidden');
  return { text: STATE_TEXT[status], tone: status };
}

const STATE_TEXT: Record<ReviewStatus, string> = { held: '待審核', hidden: '已隱藏', shown: '已公開' };

/**
 * /reviews 我的評價 (spec 4 §2): 待評價 (items of delivered or completed orders within 90 days, each with
 * 撰寫評價) and 已評價 (the member's reviews with their state and the shop's reply). `?order=` (from
 * /orders' 評價) shows that order's items first and opens the form when it has one item to review.
 */
export default function MyReviewsPage() {
  usePageTitle('我的評價');
  return (
    <RequireMember>
      <div className="ss-container ss-page ss-mr-page">
        <h1 className="ss-page-title">我的評價</h1>
        <MyReviews />
      </div>
    </RequireMember>
  );
}

function MyReviews() {
  const [params, setParams] = useSearchParams();
  // ?order= is dropped once read (below); the page keeps that order first and highlighted after.
  const arrival = Number(params.get('order')) || 0;
  const [orderId, setOrderId] = useState(arrival);
  if (arrival && arrival !== orderId) setOrderId(arrival);
  const { data, error, isLoading, isFetching, isError, refetch } = useReviewablesQuery(undefined, { refetchOnMountOrArgChange: true });
  const [writing, setWriting] = useState<ReviewableItem | null>(null);
  const [tab, setTab] = useState<'waiting' | 'written'>('waiting');

  const items = useMemo(() => {
    const all = data?.success ? data.items : [];
    return orderId ? [...all].sort((a, b) => Number(b.order_id === orderId) - Number(a.order_id === orderId)) : all;
  }, [data, orderId]);
  const reviews = data?.success ? data.reviews : [];

  // From /orders' 評價: an order with one item left to review opens its form at once.
  useEffect(() => {
    if (!arrival || !data?.success) return;
    const ofOrder = data.items.filter((i) => i.order_id === arrival);
    if (ofOrder.length === 1) setWriting(ofOrder[0]);
    else if (ofOrder.length === 0) setTab('written');
    setParams((p) => {
      p.delete('order');
      return p;
    }, { replace: true });
    // Once per arrival with ?order= (the parameter is dropped here).
  }, [arrival, data, setParams]);

  if (isLoading) {
    return (
      <div aria-busy="true" data-testid="my-reviews-loading">
        <span className="ss-visually-hidden" role="status">
          載入中…
        </span>
        <Skeleton active paragraph={{ rows: 4 }} />
      </div>
    );
  }
  if (isError || !data?.success) {
    if (errorStatusOf(error) === 401) return null;
    return <LoadError message={(data && data.message) || apiErrorMessage(error) || MY_REVIEWS_LOAD_FAILED} onRetry={() => void refetch()} retrying={isFetching} />;
  }

  return (
    <>
      <Tabs
        activeKey={tab}
        onChange={(k) => setTab(k as 'waiting' | 'written')}
        items={[
          {
            key: 'waiting',
            label: `待評價（${items.length}）`,
            children: <Waiting items={items} highlight={orderId} onWrite={setWriting} />,
          },
          {
            key: 'written',
            label: `已評價（${reviews.length}）`,
            children: <Written reviews={reviews} />,
          },
        ]}
      />
      {writing && <ReviewForm key={writing.order_item_id} item={writing} onClose={() => setWriting(null)} />}
    </>
  );
}

function Waiting({ items, highlight, onWrite }: { items: readonly ReviewableItem[]; highlight: number; onWrite: (i: ReviewableItem) => void }) {
  if (items.length === 0) {
    return (
      <Empty className="ss-mr-empty" image={<CommentOutlined className="ss-mr-empty-icon" aria-hidden />} description={NOTHING_TO_REVIEW}>
        <LinkButton to="/orders">查看我的訂單</LinkButton>
      </Empty>
    );
  }
  return (
    <ul className="ss-mr-list" aria-label="待評價商品">
      {items.map((i) => (
        <li key={i.order_item_id} className={`ss-mr-item${i.order_id === highlight ? ' is-highlight' : ''}`} data-testid="reviewable">
          {i.image_url ? <img src={i.image_url} alt="" width={72} height={72} className="ss-mr-img" /> : <span className="ss-mr-img" />}
          <div className="ss-mr-info">
            <Link to={`/product/${i.product_id}`} className="ss-mr-title">
              {i.title}
            </Link>
            {i.variant_name && <span className="ss-mr-muted">規格：{i.variant_name}</span>}
            <span className="ss-mr-muted">訂單 {i.order_no}</span>
            <span className="ss-mr-muted">評價期限 {taipeiDate(i.deadline)}</span>
          </div>
          <Button type="primary" onClick={() => onWrite(i)} className="ss-mr-action" aria-label={`撰寫評價：${i.title}`}>
            撰寫評價
          </Button>
        </li>
      ))}
    </ul>
  );
}

function Written({ reviews }: { reviews: readonly MyReviewView[] }) {
  if (reviews.length === 0) return <Empty className="ss-mr-empty" description={NO_REVIEWS_WRITTEN} />;
  return (
    <ul className="ss-mr-list" aria-label="已評價商品">
      {reviews.map((r) => (
        <WrittenItem key={r.id} review={r} />
      ))}
    </ul>
  );
}

function WrittenItem({ review: r }: { review: MyReviewView }) {
  const [viewing, setViewing] = useState<number | null>(null);
  const state = reviewState(r);
  return (
    <li className="ss-mr-item ss-mr-written" data-testid="my-review">
      {r.image_url ? <img src={r.image_url} alt="" width={72} height={72} className="ss-mr-img" /> : <span className="ss-mr-img" />}
      <div className="ss-mr-info">
        <div className="ss-mr-head">
          <Link to={`/product/${r.product_id}`} className="ss-mr-title">
            {r.title}
          </Link>
          <span className={`ss-mr-state is-${state.tone}`} data-testid="my-review-state">
            {state.text}
          </span>
        </div>
        {r.variant_name && <span className="ss-mr-muted">規格：{r.variant_name}</span>}
        <div className="ss-mr-head">
          <Stars value={r.rating} label={`${r.rating} 顆星`} />
          <time className="ss-mr-muted" dateTime={r.created_at}>
            {taipeiDate(r.created_at)}
          </time>
        </div>
        <p className="ss-mr-content">{r.content}</p>
        {r.photos.length > 0 && (
          <div className="ss-mr-photos">
            {r.photos.map((url, i) => (
              <button key={url} type="button" className="ss-mr-photo" onClick={() => setViewing(i)} aria-label={`放大照片 ${i + 1}`}>
                <img src={url} alt="" width={64} height={64} loading="lazy" />
              </button>
            ))}
          </div>
        )}
        {r.reply && (
          <div className="ss-mr-reply" data-testid="my-review-reply">
            <span className="ss-mr-reply-label">店家回覆</span>
            <p>{r.reply}</p>
          </div>
        )}
      </div>
      {viewing !== null && <PhotoViewer photos={r.photos} start={viewing} onClose={() => setViewing(null)} />}
    </li>
  );
}
