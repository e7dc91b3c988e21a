import { EditOutlined } from '@ant-design/icons';
import type { AdminHtmlPageRow } from '@api/admin-content';
import { App, Button, Grid, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import { AdminPage } from '../../layout/AdminPage';
import { AdminSearchBar, LoadFailedAlert } from '../../layout/AdminListBar';
import { messageOf, showTotal, taipeiDateTime } from '../../lib';
import { HTML_PAGES_PAGE_SIZE, useHtmlPagesQuery } from './pagesApi';
import { openEditorWindow } from '../../components/editorWindow';
import { useListParams } from '../../layout/useListParams';
import './pages.css';

/**
 * /admin/htmlpages (spec 3 §2): keyword search, title and the first 50 characters of each page's
 * text, 30 a page; 編輯 opens the page's HTML in /editor in its own window.
 */
export default function HtmlPagesPage() {
  const { message } = App.useApp();
  const { keyword, page, go } = useListParams();
  const { data, error, isFetching, refetch } = useHtmlPagesQuery({ limit: HTML_PAGES_PAGE_SIZE, offset: (page - 1) * HTML_PAGES_PAGE_SIZE, keyword });
  const failed = !!error || (data !== undefined && !data.success);
  const narrow = Grid.useBreakpoint().md === false;

  const openEditor = (row: AdminHtmlPageRow) => {
    openEditorWindow({ edittype: 'htmlpage', htmlname: row.html_type, vpage: row.version_page_type }, (text) => void message.warning(text));
  };

  const editButton = (p: AdminHtmlPageRow) => (
    <Button icon={<EditOutlined />} onClick={() => openEditor(p)} aria-label={`編輯 ${p.title}`}>
      編輯
    </Button>
  );
  const titleCell = (p: AdminHtmlPageRow) => (
    <div>
      <div>{p.title}</div>
      <div className="ss-admin-muted">{p.html_type}</div>
    </div>
  );
  const previewText = (v: string) => v || <span className="ss-admin-muted">（無內容）</span>;

  /** Phones: title and text in one column, no sideways scrolling. */
  const columns: TableColumnsType<AdminHtmlPageRow> = narrow
    ? [
        {
          title: '標題／內容',
          key: 'page',
          render: (_, p) => (
            <div>
              {titleCell(p)}
              <div className="ss-htmlpage-preview">{previewText(p.preview)}</div>
            </div>
          ),
        },
        { title: '操作', key: 'actions', width: 92, render: (_, p) => editButton(p) },
      ]
    : [
        { title: '標題', key: 'title', width: 200, render: (_, p) => titleCell(p) },
        { title: '內容', dataIndex: 'preview', width: 360, render: previewText },
        { title: '最後更新', dataIndex: 'updated_at', width: 150, render: (v: string) => <span className="ss-admin-nowrap">{taipeiDateTime(v)}</span> },
        { title: '操作', key: 'actions', width: 96, fixed: 'right', render: (_, p) => editButton(p) },
      ];

  return (
    <AdminPage title="內容頁面" subtitle="頁面的 HTML 於編輯器中修改（僅限電腦）。" testId="admin-html-pages">
      <div className="ss-admin-panel">
        <AdminSearchBar keyword={keyword} placeholder="標題或內容" aria-label="搜尋文章" onSearch={(q) => go(q, 1)} onRefresh={() => void refetch()} />
        {failed && (
          <LoadFailedAlert title={messageOf(error ?? data) ?? '讀取失敗'} onRetry={() => void refetch()} />
        )}
        <Table<AdminHtmlPageRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={data?.success ? data.htmlpages : []}
          loading={isFetching}
          scroll={narrow ? undefined : { x: 806 }}
          locale={{ emptyText: '沒有任何文章資料' }}
          pagination={{
            current: page,
            pageSize: HTML_PAGES_PAGE_SIZE,
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
