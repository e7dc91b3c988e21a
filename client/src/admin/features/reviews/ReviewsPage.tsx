import { ReloadOutlined } from '@ant-design/icons';
import type { AdminReviewView } from '@api/reviews';
import { Button, Segmented, Select, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { ResponsiveList } from '../../components/ResponsiveList';
import { AdminSearchBar, LoadFailedAlert } from '../../layout/AdminListBar';
import { AdminPage } from '../../layout/AdminPage';
import { useListParams } from '../../layout/useListParams';
import { adminOrderLink, messageOf, showTotal, taipeiDateTime } from '../../lib';
import { useAdminSession } from '../auth/useAdminSession';
import { ReplyModal } from './ReplyModal';
import { ReviewActions, ReviewBody, ReviewStatusTag, Stars } from './ReviewParts';
import { REVIEWS_PAGE_SIZE, useAdminReviewsQuery, type ReviewStatus } from './reviewsApi';
import { isReviewStatus, REVIEW_TEXT, STATUS_FILTERS } from './reviewText';
import './reviews.css';

const STAR_OPTIONS = [{ value: 0, label: '全部評分' }, ...[5, 4, 3, 2, 1].map((n) => ({ value: n, label: `${n} 星` }))];

/**
 * /admin/reviews 評價管理 (spec 4 §2, §6, §7): reviews newest first, 20 a page, filtered by state
 * (待審核 / 已隱藏 / 顯示中), stars, product (from a row's 只看此商品), member and keyword, all kept in
 * the address. Each row shows the words, photos, why it is held and the reply; owners and staff
 * hide or show it (asked first) and reply (≤ 500 characters, the member is told); editors read.
 * Phones get one card per review.
 */
export default function ReviewsPage() {
  const { keyword, page, params, go } = useListParams();
  const session = useAdminSession();
  const canWrite = session.allows('staff');
  const rawStatus = params.get('status');
  const status: ReviewStatus | '' = isReviewStatus(rawStatus) ? rawStatus : '';
  const starsParam = Number(params.get('stars'));
  const stars = Number.isInteger(starsParam) && starsParam >= 1 && starsParam <= 5 ? starsParam : 0;
  const productParam = Number(params.get('product'));
  const productId = Number.isInteger(productParam) && productParam > 0 ? productParam : 0;
  const userParam = Number(params.get('user'));
  const userId = Number.isInteger(userParam) && userParam > 0 ? userParam : 0;
  const filters = { status, stars, product: productId, user: userId };
  const { data, error, isLoading, isFetching, refetch } = useAdminReviewsQuery({
    limit: REVIEWS_PAGE_SIZE,
    offset: (page - 1) * REVIEWS_PAGE_SIZE,
    status,
    stars,
    product_id: productId,
    user_id: userId,
    keyword,
  });
  const [replying, setReplying] = useState<AdminReviewView | null>(null);
  const rows = data?.success ? data.reviews : [];
  const productTitle = rows.find((r) => r.product_id === productId)?.title ?? `商品 #${productId}`;
  const memberName = rows.find((r) => r.user_id === userId)?.username ?? `會員 #${userId}`;

  const product = (r: AdminReviewView) => (
    <div>
      <div className="ss-areview-title">{r.title}</div>
      {r.variant_name && <div className="ss-admin-muted">{r.variant_name}</div>}
      {productId !== r.product_id && (
        <Button type="link" size="small" className="ss-areview-only" onClick={() => go(keyword, 1, { ...filters, product: r.product_id })}>
          只看此商品
        </Button>
      )}
    </div>
  );
  const member = (r: AdminReviewView) => (
    <div>
      <div>{r.username || r.display_name}</div>
      <Link to={adminOrderLink(r.order_id, r.order_no)} className="ss-admin-muted">
        訂單 {r.order_no}
      </Link>
    </div>
  );

  const columns: TableColumnsType<AdminReviewView> = [
    { title: '商品', key: 'product', width: 170, render: (_, r) => product(r) },
    { title: '評分', dataIndex: 'rating', width: 96, render: (v: number) => <Stars rating={v} /> },
    { title: '評價內容', key: 'content', render: (_, r) => <ReviewBody review={r} /> },
    { title: '會員', key: 'member', width: 150, render: (_, r) => member(r) },
    { title: '狀態', key: 'status', width: 84, render: (_, r) => <ReviewStatusTag review={r} /> },
    { title: '評價時間', dataIndex: 'created_at', width: 100, render: (v: string) => <span className="ss-areview-time">{taipeiDateTime(v)}</span> },
    ...(canWrite ? [{ title: '操作', key: 'actions', width: 130, render: (_: unknown, r: AdminReviewView) => <ReviewActions review={r} onReply={setReplying} /> }] : []),
  ];

  const failed = error || (data && !data.success);
  const filtered = Boolean(keyword || status || stars || productId || userId);
  return (
    <AdminPage
      title={REVIEW_TEXT.title}
      subtitle={canWrite ? REVIEW_TEXT.subtitle : REVIEW_TEXT.readOnly}
      extra={
        <Button icon={<ReloadOutlined />} onClick={() => void refetch()} loading={isFetching && !isLoading}>
          重新整理
        </Button>
      }
      testId="admin-reviews"
    >
      <div className="ss-admin-panel">
        <div className="ss-areview-status">
          <Segmented<ReviewStatus | ''> options={STATUS_FILTERS} value={status} onChange={(s) => go(keyword, 1, { ...filters, status: s })} aria-label="評價狀態" />
        </div>
        <AdminSearchBar keyword={keyword} placeholder="評價內容、商品或會員" aria-label="搜尋評價" onSearch={(q) => go(q, 1, filters)}>
          <Select<number> value={stars} options={STAR_OPTIONS} onChange={(v) => go(keyword, 1, { ...filters, stars: v })} aria-label="評分篩選" className="ss-areview-stars-filter" />
        </AdminSearchBar>
        {(productId > 0 || userId > 0) && (
          <div className="ss-areview-chips">
            {productId > 0 && (
              <Tag closable onClose={() => go(keyword, 1, { ...filters, product: 0 })} closeIcon={<span aria-label="清除商品篩選">×</span>}>
                商品：{productTitle}
              </Tag>
            )}
            {userId > 0 && (
              <Tag closable onClose={() => go(keyword, 1, { ...filters, user: 0 })} closeIcon={<span aria-label="清除會員篩選">×</span>}>
                會員：{memberName}
              </Tag>
            )}
          </div>
        )}
        {failed && <LoadFailedAlert title={REVIEW_TEXT.loadFailed} description={messageOf(error ?? data)} onRetry={() => void refetch()} />}
        <ResponsiveList<AdminReviewView>
          label="評價列表"
          testId="reviews"
          rowKey={(r) => r.id}
          columns={columns}
          dataSource={rows}
          loading={isFetching}
          emptyText={filtered ? REVIEW_TEXT.emptyFiltered : REVIEW_TEXT.empty}
          tableProps={{ className: 'ss-areview-table' }}
          pagination={{
            current: page,
            pageSize: REVIEWS_PAGE_SIZE,
            total: data?.success ? data.total : 0,
            showSizeChanger: false,
            showTotal,
            onChange: (p) => go(keyword, p, filters),
          }}
          card={(r) => ({
            title: r.title,
            extra: <ReviewStatusTag review={r} />,
            fields: [
              ['評分', <Stars key="s" rating={r.rating} />],
              ['會員', member(r)],
              ['評價', <ReviewBody key="b" review={r} />],
              ['時間', taipeiDateTime(r.created_at)],
            ],
            actions: canWrite ? <ReviewActions review={r} onReply={setReplying} size="middle" /> : undefined,
          })}
        />
      </div>
      {replying && canWrite && <ReplyModal key={replying.id} review={replying} onClose={() => setReplying(null)} />}
    </AdminPage>
  );
}
