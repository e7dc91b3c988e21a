import CloseOutlined from '@ant-design/icons/CloseOutlined';
import LeftOutlined from '@ant-design/icons/LeftOutlined';
import RightOutlined from '@ant-design/icons/RightOutlined';
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { keepTabInside } from '../../../shared/lib/focusTrap';

interface Props {
  photos: readonly string[];
  start: number;
  onClose: () => void;
  label?: string;
}

/**
 * A review's photos enlarged (plain React: the product page has no antd): a modal dialog; Escape,
 * the ✕ and a click outside close it and focus goes back where it was; ←/→ move between photos.
 */
export function PhotoViewer({ photos, start, onClose, label = '評價照片' }: Props) {
  const [i, setI] = useState(start);
  const closeRef = useRef<HTMLButtonElement>(null);
  const n = photos.length;
  const move = (d: number) => setI((x) => (x + d + n) % n);

  useEffect(() => {
    const back = document.activeElement as HTMLElement | null;
    closeRef.current?.focus();
    return () => back?.focus?.();
  }, []);

  // Escape and the arrows wherever focus is (a click on the photo leaves it on the page).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
      else if (e.key === 'ArrowRight' && n > 1) setI((x) => (x + 1) % n);
      else if (e.key === 'ArrowLeft' && n > 1) setI((x) => (x - 1 + n) % n);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose, n]);

  return createPortal(
    <div
      className="ss-photo-viewer"
      role="dialog"
      aria-modal="true"
      aria-label={label}
      onClick={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
      onKeyDown={(e) => keepTabInside(e, e.currentTarget, 'button')}
    >
      <figure className="ss-photo-viewer-figure">
        <img src={photos[i]} alt={`${label} ${i + 1} / ${n}`} />
        {n > 1 && (
          <figcaption aria-live="polite">
            {i + 1} / {n}
          </figcaption>
        )}
      </figure>
      <button ref={closeRef} type="button" className="ss-photo-viewer-btn ss-photo-viewer-close" aria-label="關閉" onClick={onClose}>
        <CloseOutlined aria-hidden />
      </button>
      {n > 1 && (
        <>
          <button type="button" className="ss-photo-viewer-btn ss-photo-viewer-prev" aria-label="上一張" onClick={() => move(-1)}>
            <LeftOutlined aria-hidden />
          </button>
          <button type="button" className="ss-photo-viewer-btn ss-photo-viewer-next" aria-label="下一張" onClick={() => move(1)}>
            <RightOutlined aria-hidden />
          </button>
        </>
      )}
    </div>,
    document.body,
  );
}
