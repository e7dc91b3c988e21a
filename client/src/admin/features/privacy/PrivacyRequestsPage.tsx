import { ReloadOutlined } from '@ant-design/icons';
import type { PrivacyRequestRow } from '@api/privacy';
import { Button, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import type { HTMLAttributes } from 'react';
import { PRIVACY_PAGE_SIZE, useAdminPrivacyRequestsQuery } from '../../api/complianceApi';
import { ResponsiveList } from '../../components/ResponsiveList';
import { LoadFailedAlert } from '../../layout/AdminListBar';
import { AdminPage } from '../../layout/AdminPage';
import { useListParams } from '../../layout/useListParams';
import { messageOf, showTotal, taipeiDateTime } from '../../lib';
import { CONFIRMED_BY_LABEL, KIND_COLOR, KIND_LABEL } from './privacyText';

const kindTag = (r: PrivacyRequestRow) => <Tag color={KIND_COLOR[r.kind]}>{KIND_LABEL[r.kind] ?? r.kind}</Tag>;
const confirmedBy = (r: PrivacyRequestRow) => CONFIRMED_BY_LABEL[r.confirmed_by] ?? r.confirmed_by;
const when = (r: PrivacyRequestRow) => <span className="ss-admin-nowrap">{taipeiDateTime(r.created_at)}</span>;

/**
 * /admin/privacy 個資請求紀錄 (issue 22 §4; owner and staff): each 下載我的資料 and 刪除帳號 a
 * member made, newest first, 20 a page (the page lives in the address): time, kind, member number,
 * the phone as the server masks it, and how the deletion was confirmed. A table on wide windows,
 * one card per request on phones.
 */
export default function PrivacyRequestsPage() {
  const { page, go } = useListParams();
  const { data, error, isFetching, refetch } = useAdminPrivacyRequestsQuery({ limit: PRIVACY_PAGE_SIZE, offset: (page - 1) * PRIVACY_PAGE_SIZE });
  const failed = error || (data && !data.success);

  const columns: TableColumnsType<PrivacyRequestRow> = [
    { title: '時間', dataIndex: 'created_at', width: 160, render: (_: string, r) => when(r) },
    { title: '種類', dataIndex: 'kind', width: 90, render: (_: string, r) => kindTag(r) },
    { title: '會員編號', dataIndex: 'user_id', width: 110, render: (v: number) => `#${v}` },
    { title: '手機', dataIndex: 'phone_hint', width: 140, render: (v: string) => <span className="ss-admin-nowrap">{v || '—'}</span> },
    { title: '確認方式', dataIndex: 'confirmed_by', render: (_: string, r) => confirmedBy(r) },
  ];

  return (
    <AdminPage
      title="個資請求紀錄"
      subtitle="會員依個資法行使權利的紀錄：下載我的資料（匯出）與刪除帳號。刪除後訂單保留並去識別化，以供發票與稅務留存。"
      extra={
        <Button icon={<ReloadOutlined />} onClick={() => void refetch()} loading={isFetching}>
          重新整理
        </Button>
      }
      testId="admin-privacy"
    >
      <div className="ss-admin-panel">
        {failed && <LoadFailedAlert title={messageOf(error ?? data) ?? '載入個資請求紀錄失敗'} onRetry={() => void refetch()} />}
        <ResponsiveList<PrivacyRequestRow>
          label="個資請求列表"
          testId="privacy-requests"
          rowKey={(r) => r.id}
          columns={columns}
          dataSource={data?.success ? data.requests : []}
          loading={isFetching}
          emptyText="目前沒有個資請求紀錄"
          pagination={{
            current: page,
            pageSize: PRIVACY_PAGE_SIZE,
            total: data?.success ? data.total : 0,
            showSizeChanger: false,
            showTotal,
            onChange: (p) => go('', p),
          }}
          tableProps={{ onRow: (r) => ({ 'data-testid': `privacy-row-${r.id}` }) as HTMLAttributes<HTMLElement> }}
          cardTestId={(r) => `privacy-row-${r.id}`}
          card={(r) => ({
            title: `會員 #${r.user_id}`,
            extra: kindTag(r),
            fields: [
              ['時間', taipeiDateTime(r.created_at)],
              ['手機', r.phone_hint || '—'],
              ['確認方式', confirmedBy(r)],
            ],
          })}
        />
      </div>
    </AdminPage>
  );
}
