import { CopyOutlined, DeleteOutlined, InboxOutlined, ReloadOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, App, AutoComplete, Button, Empty, Input, Modal, Pagination, Select, Skeleton, Spin, Tag } from 'antd';
import { useEffect, useRef, useState } from 'react';
import type { DragEvent, KeyboardEvent } from 'react';
import type { ImageLibraryItemView } from '@api/images';
import { AdminPage } from '../../layout/AdminPage';
import { messageOf } from '../../lib';
import { absoluteUrl, formatBytes, IMAGE_DEFAULT_PAGE_SIZE, IMAGE_PAGE_SIZES, isImageFile, MSG } from './imageFiles';
import { useAdminImagesQuery, useDeleteImageMutation } from './imagesApi';
import { useDebounced } from './useDebounced';
import { useImageUpload } from './useImageUpload';
import './images.css';

/** The places an image is used, from a refused delete (409 with usedBy). */
function usedByOf(error: unknown): string[] {
  const data = error && typeof error === 'object' && 'data' in error ? (error as { data?: unknown }).data : undefined;
  const usedBy = data && typeof data === 'object' && 'usedBy' in data ? (data as { usedBy?: unknown }).usedBy : undefined;
  return Array.isArray(usedBy) ? usedBy.filter((u): u is string => typeof u === 'string') : [];
}

/**
 * /admin/images (spec 3 §2, §5): search (300 ms debounce), folder filter, upload by button or
 * drag and drop (8 MB a file, converted to WebP in the browser), a grid of cards with copy URL
 * and delete, a preview, 12 / 24 / 48 a page.
 */
export default function ImagesPage() {
  const { message, modal } = App.useApp();
  const [search, setSearch] = useState('');
  const [submitted, setSubmitted] = useState<string | null>(null);
  const debounced = useDebounced(search.trim(), 300);
  const q = submitted ?? debounced;
  const [folder, setFolder] = useState('');
  const [uploadFolder, setUploadFolder] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(IMAGE_DEFAULT_PAGE_SIZE);
  const [preview, setPreview] = useState<ImageLibraryItemView | null>(null);
  const [deleting, setDeleting] = useState<ReadonlySet<number>>(new Set());
  const [dragging, setDragging] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  // A new search or filter starts at page 1.
  const filterKey = `${q}\u0000${folder}\u0000${pageSize}`;
  const [lastKey, setLastKey] = useState(filterKey);
  if (lastKey !== filterKey) {
    setLastKey(filterKey);
    setPage(1);
  }

  // Escape closes the preview wherever the focus is (it may open from a failed copy, focus outside it).
  const previewOpen = preview !== null;
  useEffect(() => {
    if (!previewOpen) return;
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key === 'Escape') setPreview(null);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [previewOpen]);

  const { data, error, isLoading, isFetching, refetch } = useAdminImagesQuery({ page, pageSize, q, folder });
  const [deleteImage] = useDeleteImageMutation();
  const { upload, uploading } = useImageUpload();

  const ok = data?.success ? data : undefined;
  const items = ok?.items ?? [];
  const total = ok?.total ?? 0;
  const folders = ok?.folders ?? [];
  const failed = Boolean(error) || (data !== undefined && !data.success);
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  // The last page emptied (deleted from elsewhere, or its last image here): show the one before.
  if (ok && items.length === 0 && page > lastPage) setPage(lastPage);

  const send = async (files: File[]) => {
    const stored = await upload(files, uploadFolder);
    if (stored.length) setPage(1);
  };

  const onPicked = (list: FileList | null) => {
    const files = list ? Array.from(list) : [];
    if (fileInput.current) fileInput.current.value = '';
    void send(files);
  };

  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setDragging(false);
    if (uploading) return;
    const files = Array.from(e.dataTransfer.files);
    if (files.length === 0) return;
    const notImages = files.filter((f) => !isImageFile(f)).map((f) => f.name);
    if (notImages.length) {
      message.error(`${MSG.notImage}：${notImages.join('、')}`);
      return;
    }
    void send(files);
  };

  const onDragOver = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    e.dataTransfer.dropEffect = 'copy';
    if (!dragging) setDragging(true);
  };

  const onZoneKey = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      fileInput.current?.click();
    }
  };

  const copy = async (item: ImageLibraryItemView) => {
    try {
      if (!navigator.clipboard?.writeText) throw new Error('no clipboard');
      await navigator.clipboard.writeText(absoluteUrl(item.url));
      message.success({ content: MSG.copied, duration: 1.5 });
    } catch {
      message.error(MSG.copyFailed);
      setPreview(item);
    }
  };

  const remove = async (item: ImageLibraryItemView) => {
    setDeleting((s) => new Set(s).add(item.id));
    try {
      const r = await deleteImage(item.id).unwrap();
      if (r.success) {
        message.success(MSG.deleted);
        if (preview?.id === item.id) setPreview(null);
      } else message.error(r.message || MSG.deleteFailed);
    } catch (e) {
      const usedBy = usedByOf(e);
      if (usedBy.length) {
        modal.error({
          title: MSG.deleteFailed,
          content: (
            <div>
              <p>此圖片使用中，無法刪除。使用位置：</p>
              <ul className="ss-image-usedby">
                {usedBy.map((u) => (
                  <li key={u}>{u}</li>
                ))}
              </ul>
            </div>
          ),
          okText: '知道了',
        });
      } else message.error(messageOf(e) ?? MSG.deleteFailed);
    } finally {
      setDeleting((s) => {
        const next = new Set(s);
        next.delete(item.id);
        return next;
      });
    }
  };

  const confirmRemove = (item: ImageLibraryItemView) => {
    modal.confirm({
      title: '刪除圖片',
      content: `確定要刪除「${item.name}」嗎？刪除後無法復原。`,
      okText: '刪除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () => {
        void remove(item);
      },
    });
  };

  return (
    <AdminPage
      title="圖片庫"
      testId="admin-images"
      subtitle={ok ? `共 ${total.toLocaleString('zh-TW')} 張圖片` : undefined}
      extra={
        <>
          <Button icon={<ReloadOutlined />} onClick={() => void refetch()} loading={isFetching && !isLoading}>
            重新整理
          </Button>
          <Button type="primary" icon={<UploadOutlined />} loading={uploading} onClick={() => fileInput.current?.click()}>
            上傳圖片
          </Button>
        </>
      }
    >
      <input ref={fileInput} type="file" accept="image/*" multiple hidden aria-label="選擇要上傳的圖片" onChange={(e) => onPicked(e.target.files)} />
      <div className="ss-admin-panel">
        <div className="ss-admin-filters ss-images-filters">
          <Input.Search
            type="search"
            allowClear
            placeholder="搜尋圖片名稱"
            aria-label="搜尋圖片"
            maxLength={100}
            className="ss-admin-search"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setSubmitted(null);
            }}
            onSearch={(v) => setSubmitted(v.trim())}
          />
          <Select
            aria-label="資料夾"
            className="ss-images-folder"
            value={folder}
            onChange={setFolder}
            options={[{ value: '', label: '全部資料夾' }, ...folders.map((f) => ({ value: f, label: f }))]}
          />
          <Select
            aria-label="每頁張數"
            className="ss-images-size"
            value={pageSize}
            onChange={setPageSize}
            options={IMAGE_PAGE_SIZES.map((n) => ({ value: n, label: `每頁 ${n} 張` }))}
          />
        </div>

        <div
          className={`ss-images-drop${dragging ? ' is-dragging' : ''}${uploading ? ' is-busy' : ''}`}
          role="button"
          tabIndex={0}
          aria-label="拖曳圖片到這裡上傳，或按此選擇檔案"
          aria-busy={uploading}
          onClick={() => !uploading && fileInput.current?.click()}
          onKeyDown={onZoneKey}
          onDragOver={onDragOver}
          onDragEnter={onDragOver}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          data-testid="image-drop-zone"
        >
          <Spin spinning={uploading} description="上傳中…">
            <div className="ss-images-drop-inner">
              <InboxOutlined className="ss-images-drop-icon" />
              <div>將圖片拖曳到這裡上傳，或點擊選擇檔案</div>
              <div className="ss-admin-muted ss-images-drop-note">JPEG、PNG、WebP、GIF，每個檔案最多 8 MB，上傳前會轉為 WebP</div>
            </div>
          </Spin>
          <div className="ss-images-upload-folder" onClick={(e) => e.stopPropagation()} onKeyDown={(e) => e.stopPropagation()}>
            <AutoComplete
              aria-label="上傳到資料夾"
              placeholder="上傳到資料夾（選填）"
              allowClear
              value={uploadFolder}
              onChange={(v: string) => setUploadFolder(v ?? '')}
              options={folders.map((f) => ({ value: f }))}
              filterOption={(input, o) => String(o?.value ?? '').includes(input)}
              maxLength={50}
            />
          </div>
        </div>

        {failed ? (
          <Alert
            type="error"
            showIcon
            title={MSG.loadFailed}
            description={messageOf(error ?? data)}
            action={
              <Button size="small" onClick={() => void refetch()}>
                重試
              </Button>
            }
          />
        ) : isLoading ? (
          <Skeleton active paragraph={{ rows: 6 }} />
        ) : items.length === 0 ? (
          <Empty description={MSG.empty} />
        ) : (
          <Spin spinning={isFetching}>
            <ul className="ss-images-grid" aria-label="圖片列表">
              {items.map((it) => {
                const busy = deleting.has(it.id);
                return (
                  <li key={it.id} className={`ss-images-card${busy ? ' is-busy' : ''}`} aria-busy={busy}>
                    <button type="button" className="ss-images-thumb" onClick={() => setPreview(it)} aria-label={`預覽 ${it.name}`}>
                      <img src={it.thumbUrl || it.url} alt={it.name} loading="lazy" />
                      {busy && (
                        <span className="ss-images-card-busy">
                          <Spin size="small" /> 刪除中…
                        </span>
                      )}
                    </button>
                    <div className="ss-images-card-body">
                      <div className="ss-images-name" title={it.name}>
                        {it.name}
                      </div>
                      <div className="ss-admin-muted ss-images-meta">
                        {formatBytes(it.size)} · {it.width}×{it.height}
                      </div>
                      {it.folder && <Tag className="ss-images-folder-tag">{it.folder}</Tag>}
                    </div>
                    <div className="ss-images-card-actions">
                      <Button size="small" icon={<CopyOutlined />} onClick={() => void copy(it)}>
                        複製網址
                      </Button>
                      <Button size="small" danger icon={<DeleteOutlined />} loading={busy} onClick={() => confirmRemove(it)} aria-label={`刪除 ${it.name}`}>
                        刪除
                      </Button>
                    </div>
                  </li>
                );
              })}
            </ul>
          </Spin>
        )}

        {total > pageSize && (
          <Pagination
            className="ss-images-pager"
            current={Math.min(page, lastPage)}
            pageSize={pageSize}
            total={total}
            showSizeChanger={false}
            showTotal={(t) => `共 ${t.toLocaleString('zh-TW')} 張`}
            onChange={setPage}
          />
        )}
      </div>

      <Modal
        open={preview !== null}
        onCancel={() => setPreview(null)}
        footer={null}
        title={preview?.name}
        width={900}
        centered
        className="ss-images-preview"
      >
        {preview && (
          <div className="ss-images-preview-body">
            <div className="ss-images-preview-frame">
              <img src={preview.url} alt={preview.name} />
            </div>
            <div className="ss-admin-muted ss-images-meta">
              {formatBytes(preview.size)} · {preview.width}×{preview.height}
              {preview.folder ? ` · ${preview.folder}` : ''}
            </div>
            <div className="ss-images-preview-url">
              <Input readOnly value={absoluteUrl(preview.url)} aria-label="圖片網址" onFocus={(e) => e.currentTarget.select()} />
              <Button icon={<CopyOutlined />} onClick={() => void copy(preview)}>
                複製網址
              </Button>
            </div>
          </div>
        )}
      </Modal>
    </AdminPage>
  );
}
