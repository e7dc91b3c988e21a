import { ReloadOutlined } from '@ant-design/icons';
import type { AdminPromotion, PromotionReportDay } from '@api/promotions';
import { Alert, Button, Card, Col, Drawer, Empty, Grid, Row, Statistic, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import { lazy, Suspense } from 'react';
import { messageOf } from '../../lib';
import { usePromotionReportQuery } from './promotionsApi';
import { ntd, periodText, PROMO_TEXT } from './promotionText';

// recharts is large: loaded when a report with orders opens, not with the list.
const ReportChart = lazy(() => import('./ReportChart'));

const columns: TableColumnsType<PromotionReportDay> = [
  { title: '日期', dataIndex: 'date', width: 110 },
  { title: '訂單數', dataIndex: 'orders', align: 'right', render: (n: number) => n.toLocaleString('zh-TW') },
  { title: '折扣總額', dataIndex: 'discountTotal', align: 'right', render: ntd },
  { title: '營收', dataIndex: 'revenue', align: 'right', render: ntd },
];

function Stat({ title, value, testId }: { title: string; value: string; testId: string }) {
  return (
    <Card size="small" className="ss-promo-stat" data-testid={testId}>
      <Statistic title={title} value={0} formatter={() => value} />
    </Card>
  );
}

/**
 * What a promotion earned (spec 4 §7, issue 20 rule 17): orders, discount given, revenue (paid goods
 * after discounts, less refunds, without shipping), codes used, and the same by Taipei day as a
 * chart and a table. Owners, staff and editors may read it.
 */
export function ReportDrawer({ promotion, onClose }: { promotion: AdminPromotion; onClose: () => void }) {
  const screens = Grid.useBreakpoint();
  const compact = !screens.md;
  const { data, error, isFetching, refetch } = usePromotionReportQuery(promotion.id, { refetchOnMountOrArgChange: true });
  const report = data?.success ? data : undefined;
  const failed = !isFetching && (error || (data && !data.success));
  return (
    <Drawer
      open
      title={`活動報表：${promotion.name}`}
      onClose={onClose}
      size={screens.md ? 760 : '100%'}
      loading={isFetching && !report}
      destroyOnHidden
      className="ss-promo-drawer"
      extra={<Button icon={<ReloadOutlined />} onClick={() => void refetch()} aria-label="重新整理報表" loading={isFetching && Boolean(report)} />}
    >
      <p className="ss-admin-muted">活動期間：{periodText(promotion)}（台北時間）</p>
      {failed && (
        <Alert
          type="error"
          showIcon
          title={PROMO_TEXT.reportFailed}
          description={messageOf(error ?? data)}
          action={
            <Button size="small" onClick={() => void refetch()}>
              重試
            </Button>
          }
        />
      )}
      {report && (
        <>
          <Row gutter={[12, 12]} className="ss-promo-stats">
            <Col xs={12} md={6}>
              <Stat testId="report-orders" title="訂單數" value={report.orders.toLocaleString('zh-TW')} />
            </Col>
            <Col xs={12} md={6}>
              <Stat testId="report-discount" title="折扣總額" value={ntd(report.discountTotal)} />
            </Col>
            <Col xs={12} md={6}>
              <Stat testId="report-revenue" title="營收" value={ntd(report.revenue)} />
            </Col>
            <Col xs={12} md={6}>
              <Stat testId="report-codes" title="已使用折扣碼" value={report.codesUsed.toLocaleString('zh-TW')} />
            </Col>
          </Row>
          <p className="ss-admin-muted ss-promo-note">營收為已付款訂單的商品金額（折扣後、扣除退款，不含運費）。</p>
          {report.orders === 0 || report.byDay.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={PROMO_TEXT.reportEmpty} />
          ) : (
            <>
              <Suspense fallback={<div className="ss-promo-chart-wait" aria-busy="true" />}>
                <ReportChart days={report.byDay} compact={compact} />
              </Suspense>
              <Table<PromotionReportDay>
                rowKey="date"
                size="small"
                columns={columns}
                dataSource={report.byDay}
                pagination={report.byDay.length > 31 ? { pageSize: 31, showSizeChanger: false } : false}
                // On a phone the four columns fit the drawer (a figure may wrap) instead of 營收 sliding off-screen.
                scroll={compact ? undefined : { x: 420 }}
                aria-label="每日明細"
              />
            </>
          )}
        </>
      )}
    </Drawer>
  );
}
