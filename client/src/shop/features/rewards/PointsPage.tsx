import { Pagination } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import type { MemberPointsAnswer, PointsEntryView } from '@api/rewards';
import { usePageTitle } from '../../../app/site/usePageTitle';
import { apiErrorMessage } from '../../../shared/api/baseApi';
import { LoadError } from '../../../shared/components/LoadError';
import { formatNT, formatNumber } from '../../../shared/lib/format';
import { RequireMember } from '../auth/RequireMember';
import { errorStatusOf } from '../auth/watchSession';
import { discountText, isPending, orderLink, signedPoints, taipeiDate, tierPercent } from './pointsView';
import { POINTS_PAGE_SIZE, useMemberPointsQuery } from './rewardsApi';
import './Points.css';

export const POINTS_LOAD_FAILED = '購物金載入失敗，請稍後再試。';
export const POINTS_EMPTY = '目前還沒有購物金紀錄';

/** /points 我的購物金 (spec 4 §2): balance, pending, expiring soon, tier and progress, history by 20. Member only. */
export default function PointsPage() {
  usePageTitle('我的購物金');
  return (
    <RequireMember>
      <div className="ss-container ss-page ss-pts-page">
        <h1 className="ss-page-title">我的購物金</h1>
        <PointsView />
      </div>
    </RequireMember>
  );
}

function PointsView() {
  const [page, setPage] = useState(1);
  const { data, error, isLoading, isFetching, isError, refetch } = useMemberPointsQuery({ page }, { refetchOnMountOrArgChange: true });

  if (isLoading) return <PointsSkeleton />;
  if (isError || !data?.success) {
    if (errorStatusOf(error) === 401) return null;
    return <LoadError message={(data && data.message) || apiErrorMessage(error) || POINTS_LOAD_FAILED} onRetry={() => void refetch()} retrying={isFetching} />;
  }
  return (
    <>
      <PointsSummary data={data} />
      <section className="ss-pts-card" aria-labelledby="pts-history">
        <h2 id="pts-history" className="ss-pts-card-title">
          購物金紀錄
        </h2>
        {data.entries.length === 0 ? (
          <div className="ss-empty-state" data-testid="points-empty">
            <p>{POINTS_EMPTY}</p>
            <Link to="/products" className="ss-btn ss-btn--primary">
              去逛逛
            </Link>
          </div>
        ) : (
          <ul className="ss-pts-list" aria-label="購物金紀錄" aria-busy={isFetching || undefined}>
            {data.entries.map((e) => (
              <EntryRow key={e.id} entry={e} />
            ))}
          </ul>
        )}
        {data.total > POINTS_PAGE_SIZE && (
          <Pagination
            className="ss-pts-pager"
            current={page}
            pageSize={POINTS_PAGE_SIZE}
            total={data.total}
            showSizeChanger={false}
            onChange={(p) => {
              setPage(p);
              document.getElementById('pts-history')?.scrollIntoView?.({ block: 'start' });
            }}
          />
        )}
      </section>
    </>
  );
}

function PointsSummary({ data }: { data: MemberPointsAnswer }) {
  const { tier } = data;
  const percent = tierPercent(tier.spend, tier.next);
  return (
    <section className="ss-pts-card ss-pts-summary" aria-label="購物金總覽">
      <div className="ss-pts-balance">
        <span className="ss-pts-label">可用購物金</span>
        <strong data-testid="points-balance">{formatNumber(data.balance)}</strong>
        <span className="ss-pts-unit">點（1 點 = NT$ 1）</span>
      </div>
      <dl className="ss-pts-facts">
        <div>
          <dt>待入帳</dt>
          <dd data-testid="points-pending">{formatNumber(data.pending)} 點</dd>
        </div>
        <div>
          <dt>即將到期</dt>
          <dd data-testid="points-expiring">
            {data.expiring.amount > 0 && data.expiring.date ? `${formatNumber(data.expiring.amount)} 點將於 ${taipeiDate(data.expiring.date)} 到期` : '無'}
          </dd>
        </div>
      </dl>
      <div className="ss-pts-tier" data-testid="points-tier">
        <div className="ss-pts-tier-head">
          <span className="ss-pts-tier-name">{tier.name}</span>
          <span className="ss-pts-muted">
            回饋 {tier.earn_rate}%{tier.discount_percent > 0 ? `・會員享 ${discountText(tier.discount_percent)}` : ''}
          </span>
        </div>
        <div
          className="ss-pts-bar"
          role="progressbar"
          aria-label={tier.next ? `升級${tier.next.name}進度` : '會員等級'}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
        >
          <span style={{ width: `${percent}%` }} />
        </div>
        <p className="ss-pts-tier-text" data-testid="points-tier-text">
          {tier.text || (tier.next ? `再消費 ${formatNT(tier.missing)} 升級${tier.next.name}` : '您已是最高等級會員')}
        </p>
        <p className="ss-pts-muted">近 12 個月消費 {formatNT(tier.spend)}</p>
      </div>
    </section>
  );
}

function EntryRow({ entry: e }: { entry: PointsEntryView }) {
  const pending = isPending(e);
  const tone = e.amount > 0 ? 'is-plus' : e.amount < 0 ? 'is-minus' : '';
  return (
    <li className="ss-pts-row" data-testid="points-entry">
      <div className="ss-pts-row-main">
        <span className="ss-pts-kind">{e.kind_label}</span>
        {pending && <span className="ss-pts-pending">待入帳</span>}
        <time className="ss-pts-muted" dateTime={e.created_at}>
          {taipeiDate(e.created_at)}
        </time>
      </div>
      <div className="ss-pts-row-sub">
        {e.order_no && (
          <Link to={orderLink(e.order_no)} className="ss-pts-order">
            訂單 {e.order_no}
          </Link>
        )}
        {e.note && <span className="ss-pts-note">{e.note}</span>}
        {e.expires_at && e.amount > 0 && !pending && <span className="ss-pts-muted">{taipeiDate(e.expires_at)} 到期</span>}
      </div>
      <span className={`ss-pts-amount ${tone}`} data-testid="points-amount">
        {signedPoints(e.amount)}
      </span>
    </li>
  );
}

function PointsSkeleton() {
  return (
    <div aria-busy="true" data-testid="points-loading">
      <span className="ss-visually-hidden" role="status">
        載入中…
      </span>
      <div className="ss-skeleton ss-pts-skeleton" />
      <div className="ss-skeleton ss-pts-skeleton ss-pts-skeleton--tall" />
    </div>
  );
}
