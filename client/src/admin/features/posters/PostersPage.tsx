import { DeleteOutlined, EditOutlined, PictureOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import type { AdminPosterRow } from '@api/admin-posters';
import { App, Button, Space, Switch, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { AdminPage } from '../../layout/AdminPage';
import { AdminSearchBar, LoadFailedAlert } from '../../layout/AdminListBar';
import { useListParams } from '../../layout/useListParams';
import { messageOf, showTotal } from '../../lib';
import { failText, POSTER_TEXT } from './posterForm';
import { PosterModal } from './PosterModal';
import { POSTERS_PAGE_SIZE, useDeletePosterMutation, useLoadPostersQuery, useUpdatePosterIsActiveMutation } from './postersApi';
import './posters.css';

/**
 * /admin/adposters (spec 3 §2, §4, §7): skincare-knowledge posters, 20 a page, newest first,
 * searched by title or SEO description. The 顯示/隱藏 switch saves at once (and returns to the old
 * value when the server refuses); edit and add in a modal; delete asks first. Search and page live
 * in the address (?q=&page=).
 */
export default function PostersPage() {
  const { message, modal } = App.useApp();
  const { keyword, page, go } = useListParams();
  const { data, error, isLoading, isFetching, refetch } = useLoadPostersQuery({ limit: POSTERS_PAGE_SIZE, offset: (page - 1) * POSTERS_PAGE_SIZE, keyword });
  const [setActive] = useUpdatePosterIsActiveMutation();
  const [remove] = useDeletePosterMutation();
  const [editing, setEditing] = useState<AdminPosterRow | 'new' | null>(null);
  /** id → the value being saved. */
  const [pending, setPending] = useState<Record<number, number>>({});

  const toggle = async (row: AdminPosterRow, on: boolean) => {
    const value = on ? 1 : 0;
    setPending((p) => ({ ...p, [row.id]: value }));
    try {
      const answer = await setActive({ id: row.id, is_active: value }).unwrap();
      if (answer.success) message.success(`「${row.title}」已${on ? '顯示' : '隱藏'}`);
      else message.error(failText(POSTER_TEXT.updateFailed, answer.message));
    } catch (err) {
      message.error(failText(POSTER_TEXT.updateFailed, messageOf(err)));
    } finally {
      setPending(({ [row.id]: _, ...rest }) => rest);
    }
  };

  const confirmDelete = (row: AdminPosterRow) =>
    modal.confirm({
      title: `刪除「${row.title}」？`,
      content: '刪除後無法復原，網站上的這篇海報也會立即消失。',
      okText: '刪除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: async () => {
        try {
          const answer = await remove({ id: row.id }).unwrap();
          if (answer.success) {
            message.success(answer.message || POSTER_TEXT.deleted);
            // The last row of a later page: go back one page.
            if (data?.rows.length === 1 && page > 1) go(keyword, page - 1);
          } else message.error(failText(POSTER_TEXT.deleteFailed, answer.message));
        } catch (err) {
          message.error(failText(POSTER_TEXT.deleteFailed, messageOf(err)));
        }
      },
    });

  const columns: TableColumnsType<AdminPosterRow> = [
    {
      title: '狀態',
      key: 'is_active',
      width: 90,
      render: (_, row) => {
        const saving = row.id in pending;
        const value = saving ? pending[row.id] : row.is_active;
        return (
          <Switch
            checked={value === 1}
            loading={saving}
            disabled={saving}
            checkedChildren="顯示"
            unCheckedChildren="隱藏"
            onChange={(on) => void toggle(row, on)}
            aria-label={`「${row.title}」顯示於網站`}
            data-testid={`poster-active-${row.id}`}
          />
        );
      },
    },
    {
      title: '標題',
      dataIndex: 'title',
      width: 280,
      render: (title: string, row) => (
        <div>
          <div className="ss-posters-title">{title}</div>
          {row.seo_description && <div className="ss-admin-muted ss-posters-seo">{row.seo_description}</div>}
        </div>
      ),
    },
    {
      title: '封面',
      dataIndex: 'coverImage',
      width: 110,
      render: (url: string, row) =>
        url ? (
          <a href={url} target="_blank" rel="noreferrer" className="ss-posters-cover" aria-label={`「${row.title}」封面圖片`}>
            <img src={url} alt="" loading="lazy" />
          </a>
        ) : (
          <span className="ss-posters-cover ss-posters-cover--empty" aria-label="沒有封面">
            <PictureOutlined />
          </span>
        ),
    },
    { title: 'ID', dataIndex: 'id', width: 70 },
    {
      title: '操作',
      key: 'actions',
      width: 170,
      render: (_, row) => (
        <Space size={4}>
          <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(row)} aria-label={`編輯「${row.title}」`}>
            編輯
          </Button>
          <Button size="small" danger icon={<DeleteOutlined />} onClick={() => confirmDelete(row)} aria-label={`刪除「${row.title}」`}>
            刪除
          </Button>
        </Space>
      ),
    },
  ];

  const failed = error || (data && !data.success);
  return (
    <AdminPage
      title="保養知識海報"
      subtitle="網站「保養知識」的圖文海報；隱藏的海報不會出現在網站上。"
      extra={
        <>
          <Button icon={<ReloadOutlined />} onClick={() => void refetch()} loading={isFetching && !isLoading}>
            重新整理
          </Button>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            新增海報
          </Button>
        </>
      }
      testId="admin-posters"
    >
      <div className="ss-admin-panel">
        <AdminSearchBar keyword={keyword} placeholder="標題或 SEO 描述" aria-label="搜尋海報" onSearch={(q) => go(q, 1)} />
        {failed && (
          <LoadFailedAlert title={POSTER_TEXT.loadFailed} description={messageOf(error ?? data)} onRetry={() => void refetch()} />
        )}
        <Table<AdminPosterRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={data?.success ? data.rows : []}
          loading={isFetching}
          scroll={{ x: 720 }}
          locale={{ emptyText: POSTER_TEXT.empty }}
          pagination={{
            current: page,
            pageSize: POSTERS_PAGE_SIZE,
            total: data?.total ?? 0,
            showSizeChanger: false,
            showTotal,
            onChange: (p) => go(keyword, p),
          }}
        />
      </div>
      <PosterModal poster={editing} onClose={() => setEditing(null)} />
    </AdminPage>
  );
}
