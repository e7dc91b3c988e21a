import { ReloadOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Input, Modal, Pagination, Spin } from 'antd';
import { useRef, useState } from 'react';
import type { ImageLibraryItemView } from '@api/images';
import { absoluteUrl, formatBytes, MSG } from '../features/images/imageFiles';
import { useAdminImagesQuery } from '../features/images/imagesApi';
import { useDebounced } from '../features/images/useDebounced';
import { useImageUpload } from '../features/images/useImageUpload';

const PICKER_PAGE_SIZE = 12;

interface Props {
  open: boolean;
  onClose: () => void;
  /** The chosen image. */
  onPick: (item: ImageLibraryItemView) => void;
}

/**
 * The image library in a modal (spec 3 §5): search (300 ms debounce), a grid of thumbnails to
 * choose from, upload (the uploaded image is chosen when it is a single one), pager.
 */
export function ImagePickerModal({ open, onClose, onPick }: Props) {
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [lastQ, setLastQ] = useState(q);
  if (lastQ !== q) {
    setLastQ(q);
    setPage(1);
  }
  const { data, isFetching, isError, refetch } = useAdminImagesQuery({ page, pageSize: PICKER_PAGE_SIZE, q }, { skip: !open });
  const { upload, uploading } = useImageUpload();
  const fileInput = useRef<HTMLInputElement>(null);
  const items = data?.success ? data.items : [];
  const total = data?.success ? data.total : 0;
  const failed = isError || (data !== undefined && !data.success);

  const onFiles = async (list: FileList | null) => {
    const files = list ? Array.from(list) : [];
    if (fileInput.current) fileInput.current.value = '';
    const stored = await upload(files);
    if (stored.length === 1) onPick(stored[0]);
    else if (stored.length > 1) setPage(1);
  };

  return (
    <Modal
      open={open}
      onCancel={onClose}
      title="選擇圖片"
      footer={null}
      width={760}
      destroyOnHidden
      className="ss-image-picker"
    >
      <div className="ss-image-picker-bar">
        <Input.Search
          type="search"
          allowClear
          placeholder="搜尋圖片名稱"
          aria-label="搜尋圖片"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          onSearch={(v) => setSearch(v)}
        />
        <Button icon={<ReloadOutlined />} onClick={() => void refetch()} aria-label="重新整理" />
        <Button type="primary" icon={<UploadOutlined />} loading={uploading} onClick={() => fileInput.current?.click()}>
          上傳
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept="image/*"
          multiple
          hidden
          aria-label="上傳圖片"
          onChange={(e) => void onFiles(e.target.files)}
        />
      </div>
      {failed ? (
        <Alert
          type="error"
          showIcon
          title={MSG.loadFailed}
          action={
            <Button size="small" onClick={() => void refetch()}>
              重試
            </Button>
          }
        />
      ) : (
        <Spin spinning={isFetching}>
          {items.length === 0 && !isFetching ? (
            <Empty description={MSG.empty} />
          ) : (
            <ul className="ss-image-picker-grid" aria-label="圖片列表">
              {items.map((it) => (
                <li key={it.id}>
                  <button type="button" className="ss-image-picker-item" onClick={() => onPick(it)} title={absoluteUrl(it.url)} aria-label={`選擇 ${it.name}`}>
                    <img src={it.thumbUrl || it.url} alt={it.name} loading="lazy" />
                    <span className="ss-image-picker-name">{it.name}</span>
                    <span className="ss-image-picker-meta">
                      {it.width}×{it.height} · {formatBytes(it.size)}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </Spin>
      )}
      {total > PICKER_PAGE_SIZE && (
        <Pagination className="ss-image-picker-pager" size="small" current={page} pageSize={PICKER_PAGE_SIZE} total={total} showSizeChanger={false} onChange={setPage} />
      )}
    </Modal>
  );
}
