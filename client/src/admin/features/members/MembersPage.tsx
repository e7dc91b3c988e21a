import { Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import type { AdminMemberView } from '@api/admin';
import { MEMBERS_PAGE_SIZE, useGetUsersByPageQuery } from '../../api/membersApi';
import { AdminPage } from '../../layout/AdminPage';
import { AdminSearchBar, LoadFailedAlert } from '../../layout/AdminListBar';
import { useListParams } from '../../layout/useListParams';
import { messageOf, showTotal, taipeiDateTime } from '../../lib';

const LOGIN_LABEL: Record<AdminMemberView['logins'][number], string> = { password: '密碼', google: 'Google', facebook: 'Facebook', line: 'LINE' };
const GENDER_LABEL: Record<string, string> = { male: '男', female: '女' };

const columns: TableColumnsType<AdminMemberView> = [
  {
    title: '會員',
    key: 'member',
    fixed: 'left',
    width: 150,
    render: (_, m) => (
      <div>
        <div className="ss-admin-nowrap">{m.username || <span className="ss-admin-muted">（未填姓名）</span>}</div>
        <div className="ss-admin-muted">#{m.user_id}</div>
      </div>
    ),
  },
  { title: '手機', dataIndex: 'phone', width: 120, render: (v: string) => <span className="ss-admin-nowrap">{v}</span> },
  { title: '帳號', dataIndex: 'account', width: 130, render: (v: string | null) => v ?? '' },
  { title: 'Email', dataIndex: 'email', width: 220, ellipsis: true },
  {
    title: '登入方式',
    dataIndex: 'logins',
    width: 150,
    render: (logins: AdminMemberView['logins']) => logins.map((l) => <Tag key={l}>{LOGIN_LABEL[l] ?? l}</Tag>),
  },
  { title: '性別', dataIndex: 'gender', width: 64, render: (v: string) => GENDER_LABEL[v] ?? '' },
  { title: '生日', dataIndex: 'birthday', width: 110 },
  { title: '訂單數', dataIndex: 'order_count', width: 80, align: 'right' },
  {
    title: '狀態',
    dataIndex: 'is_active',
    width: 80,
    render: (v: number) => (v ? <Tag color="green">正常</Tag> : <Tag>停用</Tag>),
  },
  { title: '註冊時間', dataIndex: 'created_at', width: 150, render: (v: string) => <span className="ss-admin-nowrap">{taipeiDateTime(v)}</span> },
];

/**
 * /admin/users (spec 2, issue 11): search by phone, name, e-mail or account, 20 members a page.
 * The search and the page live in the address (?q=&page=), so back and reload keep them.
 */
export default function MembersPage() {
  const { keyword, page, go } = useListParams();
  const { data, error, isFetching, refetch } = useGetUsersByPageQuery({ limit: MEMBERS_PAGE_SIZE, offset: (page - 1) * MEMBERS_PAGE_SIZE, keyword });

  const failed = error || (data && !data.success);

  return (
    <AdminPage title="會員管理" testId="admin-members">
      <div className="ss-admin-panel">
        <AdminSearchBar keyword={keyword} placeholder="手機、姓名、Email 或帳號" aria-label="搜尋會員" onSearch={(q) => go(q, 1)} onRefresh={() => void refetch()} />
        {failed && (
          <LoadFailedAlert title={messageOf(error ?? data) ?? '載入會員資料失敗'} onRetry={() => void refetch()} />
        )}
        <Table<AdminMemberView>
          rowKey="user_id"
          size="middle"
          columns={columns}
          dataSource={data?.success ? data.users : []}
          loading={isFetching}
          scroll={{ x: 1250 }}
          locale={{ emptyText: keyword ? '沒有符合條件的會員' : '目前沒有會員' }}
          pagination={{
            current: page,
            pageSize: MEMBERS_PAGE_SIZE,
            total: data?.total ?? 0,
            showSizeChanger: false,
            showTotal,
            onChange: (p) => go(keyword, p),
          }}
        />
      </div>
    </AdminPage>
  );
}
