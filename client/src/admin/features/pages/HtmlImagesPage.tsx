import type { AdminHtmlImageRow } from '@api/admin-content';
import { App, Button, Grid, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { adminErrorStatus } from '../../api/adminApi';
import { ImageUrlField } from '../../components/ImageUrlField';
import { AdminPage } from '../../layout/AdminPage';
import { AdminSearchBar, LoadFailedAlert } from '../../layout/AdminListBar';
import { messageOf, showTotal } from '../../lib';
import { isAdminUrl } from '@rules/admin-content';
import { HTML_IMAGES_PAGE_SIZE, useHtmlImagesQuery, useUpdateImageUrlMutation } from './pagesApi';
import { useListParams } from '../../layout/useListParams';
import './pages.css';

const UPDATE_FAILED = '更新失敗';

/**
 * /admin/htmlimages (spec 3 §2, §7, §8): the image slots of the content pages, 30 a page, each with
 * its thumbnail and an editable URL saved by 更新 (updateImageUrl). A refusal shows 更新失敗 with
 * the server's message; a call that never reached the server, 請稍後再試.
 */
export default function HtmlImagesPage() {
  const { message, modal } = App.useApp();
  const { keyword, page, go } = useListParams();
  const { data, error, isFetching, refetch } = useHtmlImagesQuery({ limit: HTML_IMAGES_PAGE_SIZE, offset: (page - 1) * HTML_IMAGES_PAGE_SIZE, keyword });
  const [updateImageUrl] = useUpdateImageUrlMutation();
  /** URLs typed but not yet saved, by row id. */
  const [edits, setEdits] = useState<Record<number, string>>({});
  const [saving, setSaving] = useState<number | null>(null);
  const failed = !!error || (data !== undefined && !data.success);
  const narrow = Grid.useBreakpoint().md === false;

  const valueOf = (row: AdminHtmlImageRow) => edits[row.id] ?? row.image_url;
  const fail = (content?: string) => modal.error({ title: UPDATE_FAILED, content: content && content !== UPDATE_FAILED ? content : undefined, okText: '確定' });

  const save = async (row: AdminHtmlImageRow) => {
    const url = valueOf(row).trim();
    if (!isAdminUrl(url)) {
      fail('請輸入圖片 URL');
      return;
    }
    setSaving(row.id);
    try {
      const answer = await updateImageUrl({ version_page_type: row.version_page_type, image_type: row.image_type, image_url: url }).unwrap();
      if (answer.success) {
        void message.success(answer.message || '更新成功');
        setEdits(({ [row.id]: _done, ...rest }) => rest);
      } else fail(answer.message);
    } catch (err) {
      fail(typeof adminErrorStatus(err) === 'number' ? messageOf(err) : '請稍後再試');
    } finally {
      setSaving(null);
    }
  };

  const titleCell = (r: AdminHtmlImageRow) => (
    <div>
      <div>{r.title}</div>
      <div className="ss-admin-muted">
        {r.version_page_type} / {r.image_type}
      </div>
    </div>
  );
  const thumb = (r: AdminHtmlImageRow) =>
    r.image_url ? (
      <a href={r.image_url} target="_blank" rel="noreferrer" className="ss-htmlimg-thumb">
        <img src={r.image_url} alt={`${r.title} 縮圖`} loading="lazy" />
      </a>
    ) : (
      <span className="ss-admin-muted">無圖片</span>
    );
  const urlField = (r: AdminHtmlImageRow) => (
    <ImageUrlField value={valueOf(r)} aria-label={`${r.title} 圖片 URL`} onChange={(url) => setEdits((all) => ({ ...all, [r.id]: url }))} />
  );
  const updateButton = (r: AdminHtmlImageRow) => (
    <Button type="primary" loading={saving === r.id} disabled={valueOf(r).trim() === r.image_url} onClick={() => void save(r)} aria-label={`更新 ${r.title}`}>
      更新
    </Button>
  );

  /** Phones: each slot stacked in one cell (title and thumbnail, the URL, then 更新). */
  const columns: TableColumnsType<AdminHtmlImageRow> = narrow
    ? [
        {
          title: '圖片',
          key: 'slot',
          render: (_, r) => (
            <div className="ss-htmlimg-stack">
              <div className="ss-htmlimg-stack-head">
                {thumb(r)}
                {titleCell(r)}
              </div>
              {urlField(r)}
              <div className="ss-htmlimg-stack-actions">{updateButton(r)}</div>
            </div>
          ),
        },
      ]
    : [
        { title: '標題', key: 'title', width: 180, render: (_, r) => titleCell(r) },
        { title: '縮圖', key: 'thumb', width: 112, render: (_, r) => thumb(r) },
        { title: '圖片 URL', key: 'url', width: 420, render: (_, r) => urlField(r) },
        { title: '操作', key: 'actions', width: 96, fixed: 'right', render: (_, r) => updateButton(r) },
      ];

  return (
    <AdminPage title="內容圖片" subtitle="內容頁面使用的圖片；更新後，顧客下次開啟該頁即可看到。" testId="admin-html-images">
      <div className="ss-admin-panel">
        <AdminSearchBar keyword={keyword} placeholder="標題或圖片類型" aria-label="搜尋圖片" onSearch={(q) => go(q, 1)} onRefresh={() => void refetch()} />
        {failed && (
          <LoadFailedAlert title={messageOf(error ?? data) ?? '讀取失敗'} onRetry={() => void refetch()} />
        )}
        <Table<AdminHtmlImageRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={data?.success ? data.htmlimages : []}
          loading={isFetching}
          scroll={narrow ? undefined : { x: 808 }}
          locale={{ emptyText: '沒有任何圖片資料' }}
          pagination={{
            current: page,
            pageSize: HTML_IMAGES_PAGE_SIZE,
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
