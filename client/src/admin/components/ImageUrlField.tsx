import { PictureOutlined } from '@ant-design/icons';
import { Button, Input, Space } from 'antd';
import { useState } from 'react';
import { ImagePickerModal } from './ImagePickerModal';
import '../features/images/images.css';

export interface ImageUrlFieldProps {
  value?: string;
  onChange?: (url: string) => void;
  placeholder?: string;
  /** A line under the field (e.g. the recommended size). */
  hint?: string;
  'aria-label'?: string;
}

/**
 * An image URL input with a 「圖片庫」 button opening the library picker (choose or upload) and a
 * small preview. A controlled antd Form.Item child (value / onChange). A chosen library image is
 * set as its site-relative `/media/…` URL (the server accepts it, and the library then knows the
 * image is in use).
 */
export function ImageUrlField({ value, onChange, placeholder, hint, 'aria-label': ariaLabel }: ImageUrlFieldProps) {
  const [open, setOpen] = useState(false);
  const [broken, setBroken] = useState<string | null>(null);
  const url = (value ?? '').trim();
  const showPreview = url !== '' && broken !== url && /^(https?:\/\/|\/)/i.test(url);

  return (
    <div className="ss-image-url-field">
      <div className="ss-image-url-row">
        {showPreview ? (
          <a className="ss-image-url-preview" href={url} target="_blank" rel="noreferrer" aria-label="在新分頁開啟圖片">
            <img src={url} alt="" onError={() => setBroken(url)} />
          </a>
        ) : (
          <span className="ss-image-url-preview ss-image-url-preview-empty" aria-hidden>
            <PictureOutlined />
          </span>
        )}
        <Space.Compact className="ss-image-url-input">
          <Input value={value ?? ''} onChange={(e) => onChange?.(e.target.value)} placeholder={placeholder ?? 'https://… 或 /media/…'} aria-label={ariaLabel} allowClear />
          <Button icon={<PictureOutlined />} onClick={() => setOpen(true)}>
            圖片庫
          </Button>
        </Space.Compact>
      </div>
      {hint && <div className="ss-image-url-hint">{hint}</div>}
      <ImagePickerModal
        open={open}
        onClose={() => setOpen(false)}
        onPick={(item) => {
          onChange?.(item.url);
          setOpen(false);
        }}
      />
    </div>
  );
}

export default ImageUrlField;
