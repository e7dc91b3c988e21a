import { Button } from 'antd';
import type { TableColumnsType } from 'antd';
import type { AdminMemberView } from '@api/admin';
import { MEMBERS_PAGE_SIZE, useGetUsersByPageQuery } from '../../api/membersApi';
import { ResponsiveList } from '../../components/ResponsiveList';
import { AdminPage } from '../../layout/AdminPage';
import { AdminSearchBar, LoadFailedAlert } from '../../layout/AdminListBar';
import { useListParams } from '../../layout/useListParams';
import { messageOf, showTotal, taipeiDateTime } from '../../lib';
import { MemberDrawer, MemberStatusTag } from './MemberDrawer';
import './members.css';

const nameOf = (m: AdminMemberView) => m.username || '（未填姓名）';

/**
 * /admin/users (spec 2, issue 11, issue 21 §6): search by phone, name, e-mail or account, 20
 * members a page; 查看 opens the member (profile, addresses, orders, points, reviews, notes, 停權).
 * The search, the page and the open member live in the address (?q=&page=&member=). The table
 * fits 1440 px (the rest is in the member); phones get one card per member.
 */
export default function MembersPage() {
  const { keyword, page, params, go } = useListParams();
  const memberParam = Number(params.get('member'));
  const openId = Number.isInteger(memberParam) && memberParam > 0 ? memberParam : 0;
  const { data, error, isFetching, refetch } = useGetUsersByPageQuery({ limit: MEMBERS_PAGE_SIZE, offset: (page - 1) * MEMBERS_PAGE_SIZE, keyword });
  const open = (id: number) => go(keyword, page, { member: id });
  const close = () => go(keyword, page);

  const openButton = (m: AdminMemberView, text = '查看') => (
    <Button size="small" onClick={() => open(m.user_id)} aria-label={`查看「${nameOf(m)}」`}>
      {text}
    </Button>
  );

  const columns: TableColumnsType<AdminMemberView> = [
    {
      title: '會員',
      key: 'member',
      width: 180,
      render: (_, m) => (
        <div>
          <Button type="link" className="ss-amember-name" onClick={() => open(m.user_id)}>
            {m.username || <span className="ss-admin-muted">（未填姓名）</span>}
          </Button>
          <div className="ss-admin-muted">#{m.user_id}</div>
        </div>
      ),
    },
    { title: '手機', dataIndex: 'phone', width: 130, render: (v: string) => <span className="ss-admin-nowrap">{v}</span> },
    { title: 'Email', dataIndex: 'email', ellipsis: true },
    { title: '訂單數', dataIndex: 'order_count', width: 80, align: 'right' },
    { title: '狀態', key: 'status', width: 80, render: (_, m) => <MemberStatusTag m={m} /> },
    { title: '註冊時間', dataIndex: 'created_at', width: 150, render: (v: string) => <span className="ss-admin-nowrap">{taipeiDateTime(v)}</span> },
    { title: '操作', key: 'actions', width: 90, render: (_, m) => openButton(m) },
  ];

  const failed = error || (data && !data.success);

  return (
    <AdminPage title="會員管理" testId="admin-members">
      <div className="ss-admin-panel">
        <AdminSearchBar keyword={keyword} placeholder="手機、姓名、Email 或帳號" aria-label="搜尋會員" onSearch={(q) => go(q, 1)} onRefresh={() => void refetch()} />
        {failed && <LoadFailedAlert title={messageOf(error ?? data) ?? '載入會員資料失敗'} onRetry={() => void refetch()} />}
        <ResponsiveList<AdminMemberView>
          label="會員列表"
          testId="members"
          rowKey={(m) => m.user_id}
          columns={columns}
          dataSource={data?.success ? data.users : []}
          loading={isFetching}
          emptyText={keyword ? '沒有符合條件的會員' : '目前沒有會員'}
          pagination={{
            current: page,
            pageSize: MEMBERS_PAGE_SIZE,
            total: data?.total ?? 0,
            showSizeChanger: false,
            showTotal,
            onChange: (p) => go(keyword, p),
          }}
          card={(m) => ({
            title: `${nameOf(m)}・#${m.user_id}`,
            extra: <MemberStatusTag m={m} />,
            fields: [
              ['手機', m.phone],
              ['Email', m.email],
              ['訂單數', String(m.order_count)],
              ['註冊時間', taipeiDateTime(m.created_at)],
            ],
            actions: openButton(m, '查看會員'),
          })}
        />
      </div>
      {openId > 0 && <MemberDrawer key={openId} memberId={openId} onClose={close} />}
    </AdminPage>
  );
}
