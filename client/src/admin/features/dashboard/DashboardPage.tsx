import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, Empty, Grid, Row, Skeleton, Statistic, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import type { AdminDashboard, DashboardLowStockVariant, DashboardStatusCount, DashboardTopProduct } from '@api/admin-dashboard';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { roleAllows, useCheckLoginQuery } from '../../api/adminApi';
import { AdminPage } from '../../layout/AdminPage';
import { navItemOf } from '../../layout/adminNav';
import { messageOf, taipeiDateTime } from '../../lib';
import { useGetDashboardQuery } from './dashboardApi';
import { ntd } from './format';
import { RevenueChart } from './RevenueChart';
import './dashboard.css';

const TITLE = '營運總覽';

type ProductLink = ((title: string, children: ReactNode) => ReactNode) | null;

/** The product screen's link for a product (its title as the search), when this admin may open that screen. */
function useProductLink(): ProductLink {
  const { data } = useCheckLoginQuery();
  const role = data?.isLoggedIn ? data.role : undefined;
  if (!roleAllows(role, navItemOf('/admin/products')?.roles)) return null;
  return (title, children) => <Link to={`/admin/products?q=${encodeURIComponent(title)}`}>{children}</Link>;
}

function StatCard({ title, value, note, testId }: { title: string; value: ReactNode; note: ReactNode; testId: string }) {
  return (
    <Card className="ss-dash-card" size="small" data-testid={testId}>
      <Statistic title={title} value={0} formatter={() => value} />
      <div className="ss-dash-note">{note}</div>
    </Card>
  );
}

function Stats({ d }: { d: AdminDashboard }) {
  const days = d.daily.reduce((s, x) => ({ amount: s.amount + x.amount, orders: s.orders + x.orders }), { amount: 0, orders: 0 });
  // Not shipped yet (the order list's "open" statuses): waiting for payment, paid, being prepared.
  const open = d.statuses.filter((s) => s.status_name === 'pending' || s.status_name === 'paid' || s.status_name === 'processing').reduce((n, s) => n + s.count, 0);
  return (
    <Row gutter={[12, 12]} className="ss-dash-section">
      <Col xs={12} lg={6}>
        <StatCard testId="dash-today" title="今日營收" value={ntd(d.revenue.today.amount)} note={`${d.revenue.today.orders} 筆已付款訂單`} />
      </Col>
      <Col xs={12} lg={6}>
        <StatCard testId="dash-month" title="本月營收" value={ntd(d.revenue.month.amount)} note={`${d.revenue.month.orders} 筆已付款訂單`} />
      </Col>
      <Col xs={12} lg={6}>
        <StatCard testId="dash-30d" title={`近 ${d.daily.length} 天營收`} value={ntd(days.amount)} note={`${days.orders} 筆已付款訂單`} />
      </Col>
      <Col xs={12} lg={6}>
        <StatCard
          testId="dash-open"
          title="未出貨訂單"
          value={open.toLocaleString('zh-TW')}
          note={<Link to="/admin/orders?range=all">前往訂單管理</Link>}
        />
      </Col>
    </Row>
  );
}

function StatusList({ statuses }: { statuses: DashboardStatusCount[] }) {
  const total = statuses.reduce((n, s) => n + s.count, 0);
  if (total === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="目前沒有訂單" />;
  return (
    <ul className="ss-dash-statuses" aria-label="各狀態訂單數">
      {statuses.map((s) => (
        <li key={s.status_name}>
          <Link to={`/admin/orders?range=all&status=${encodeURIComponent(s.status_name)}`} aria-label={`${s.status_label} ${s.count} 筆`}>
            <span className="ss-dash-dot" style={{ background: /^#[0-9a-f]{3,8}$/i.test(s.color) ? s.color : '#8c8c8c' }} aria-hidden />
            <span className="ss-dash-label">{s.status_label}</span>
            <span className="ss-dash-count">{s.count.toLocaleString('zh-TW')}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** Product lists: narrow fixed columns, so on a phone the title wraps and every number stays in view. */
function TopProducts({ rows, link, compact }: { rows: DashboardTopProduct[]; link: ProductLink; compact: boolean }) {
  const columns: TableColumnsType<DashboardTopProduct> = [
    { title: '#', key: 'rank', width: compact ? 32 : 44, render: (_v, _r, i) => i + 1 },
    { title: '商品', dataIndex: 'title', render: (t: string) => (link ? link(t, t) : t) },
    { title: '售出', dataIndex: 'quantity', width: compact ? 52 : 80, align: 'right', render: (n: number) => n.toLocaleString('zh-TW') },
    { title: '銷售額', dataIndex: 'amount', width: compact ? 100 : 120, align: 'right', render: (n: number) => <span className="ss-admin-nowrap">{ntd(n)}</span> },
  ];
  return (
    <Table<DashboardTopProduct>
      rowKey="product_id"
      size="small"
      columns={columns}
      dataSource={rows}
      pagination={false}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="本月尚無售出商品" /> }}
    />
  );
}

function LowStock({ data, link, compact }: { data: AdminDashboard['lowStock']; link: ProductLink; compact: boolean }) {
  const columns: TableColumnsType<DashboardLowStockVariant> = [
    { title: '商品', dataIndex: 'title', render: (t: string) => (link ? link(t, t) : t) },
    { title: '規格', dataIndex: 'variant_name', width: compact ? 96 : 160 },
    {
      title: '庫存',
      dataIndex: 'quantity',
      width: compact ? 64 : 90,
      align: 'right',
      render: (n: number) => (n <= 0 ? <Tag color="red">缺貨</Tag> : <Tag color="orange">{n}</Tag>),
    },
  ];
  return (
    <>
      <Table<DashboardLowStockVariant>
        rowKey="variant_id"
        size="small"
        columns={columns}
        dataSource={data.variants}
        pagination={data.variants.length > 10 ? { pageSize: 10, size: 'small', showSizeChanger: false } : false}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={`沒有庫存 ${data.threshold} 件以下的規格`} /> }}
      />
      {data.total > data.variants.length && (
        <div className="ss-admin-muted ss-dash-more">
          共 {data.total.toLocaleString('zh-TW')} 個規格庫存偏低，僅列出最少的 {data.variants.length} 個
        </div>
      )}
    </>
  );
}

function Loading() {
  return (
    <div data-testid="dash-loading" aria-busy="true" aria-label="載入中">
      <Row gutter={[12, 12]} className="ss-dash-section">
        {[0, 1, 2, 3].map((i) => (
          <Col key={i} xs={12} lg={6}>
            <Card size="small" className="ss-dash-card">
              <Skeleton active paragraph={{ rows: 1 }} title={{ width: '40%' }} />
            </Card>
          </Col>
        ))}
      </Row>
      <Card size="small" className="ss-dash-section">
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    </div>
  );
}

/**
 * /admin/dashboard (issue 12, beyond the spec): the back-office home of owners and staff. Paid
 * revenue today, this month and per Taipei day for 30 days, orders per status (each a link to the
 * filtered order list), this month's best sellers and the variants low on stock.
 */
export default function DashboardPage() {
  const { data, error, isLoading, isFetching, refetch } = useGetDashboardQuery(undefined, { refetchOnMountOrArgChange: 30 });
  const screens = Grid.useBreakpoint();
  const compact = !screens.md;
  const link = useProductLink();
  const d = data?.success ? data.dashboard : undefined;
  const failed = error || (data && !data.success);

  return (
    <AdminPage
      title={TITLE}
      testId="admin-dashboard"
      subtitle={d ? `台北時間 ${d.today}・更新於 ${taipeiDateTime(d.generatedAt).slice(11)}` : undefined}
      extra={
        <Button icon={<ReloadOutlined />} onClick={() => void refetch()} loading={isFetching && !isLoading}>
          重新整理
        </Button>
      }
    >
      {failed && (
        <Alert
          type="error"
          showIcon
          title={messageOf(error ?? data) ?? '載入營運資料失敗'}
          action={
            <Button size="small" onClick={() => void refetch()}>
              重試
            </Button>
          }
          className="ss-dash-section"
        />
      )}
      {isLoading && <Loading />}
      {d && (
        <>
          <Stats d={d} />
          <Row gutter={[12, 12]} className="ss-dash-section">
            <Col xs={24} xl={16}>
              <Card size="small" title={`近 ${d.daily.length} 天營收（已付款）`} className="ss-dash-fill">
                {d.daily.some((x) => x.amount > 0) ? (
                  <RevenueChart days={d.daily} compact={compact} />
                ) : (
                  <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={`近 ${d.daily.length} 天沒有已付款訂單`} />
                )}
              </Card>
            </Col>
            <Col xs={24} xl={8}>
              <Card size="small" title="訂單狀態" className="ss-dash-fill">
                <StatusList statuses={d.statuses} />
              </Card>
            </Col>
          </Row>
          <Row gutter={[12, 12]} className="ss-dash-section">
            <Col xs={24} lg={12}>
              <Card size="small" title="本月熱銷商品" className="ss-dash-fill" data-testid="dash-top">
                <TopProducts rows={d.topProducts} link={link} compact={compact} />
              </Card>
            </Col>
            <Col xs={24} lg={12}>
              <Card
                size="small"
                title={`低庫存規格（${d.lowStock.threshold} 件以下）`}
                extra={d.lowStock.total > 0 ? <Tag color="orange">{d.lowStock.total}</Tag> : undefined}
                className="ss-dash-fill"
                data-testid="dash-low"
              >
                <LowStock data={d.lowStock} link={link} compact={compact} />
              </Card>
            </Col>
          </Row>
        </>
      )}
    </AdminPage>
  );
}
