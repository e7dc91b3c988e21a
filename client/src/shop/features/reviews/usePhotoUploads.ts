import { useCallback, useEffect, useRef, useState } from 'react';
import { csrfHeaders, refreshCsrfToken } from '../../../shared/api/csrf';
import { REVIEW_MSG, REVIEW_RULES } from './reviewRules';
import { uploadReviewPhoto, type PhotoUpload } from './reviewsApi';

export interface PhotoSlot {
  key: number;
  name: string;
  /** A local preview while uploading, the server's url once done. */
  preview: string;
  status: 'waiting' | 'uploading' | 'done' | 'failed';
  percent: number;
  url?: string;
  message?: string;
}

/** The upload's size limit (spec 4 §7: one image ≤ 8 MB); the server checks it again with the image pipeline. */
export const PHOTO_MAX_BYTES = 8 * 1024 * 1024;
export const PHOTO_TOO_BIG = '照片不可超過 8 MB';
export const PHOTO_NOT_IMAGE = '請選擇圖片檔';

type Uploader = (file: File, onProgress: (percent: number) => void) => Promise<PhotoUpload>;

/** The real upload: the session's CSRF token, asked again once after a 403 (a stale token). */
const upload: Uploader = async (file, onProgress) => {
  const first = await uploadReviewPhoto(file, await csrfHeaders('shop'), onProgress).done;
  if (first.ok || first.status !== 403) return first;
  refreshCsrfToken('shop');
  return uploadReviewPhoto(file, await csrfHeaders('shop'), onProgress).done;
};

let nextKey = 1;
const preview = (file: File): string => (typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : '');

/**
 * Up to 5 review photos (spec 4 §5 最多上傳 5 張照片), uploaded one at a time to
 * `POST /api/member/reviews/photos` with each one's progress and error; a failed one can be removed
 * and chosen again. `urls` are the uploaded ones, in order.
 */
export function usePhotoUploads(uploader: Uploader = upload) {
  const [slots, setSlots] = useState<PhotoSlot[]>([]);
  const [limitMessage, setLimitMessage] = useState('');
  const queue = useRef<{ key: number; file: File }[]>([]);
  const running = useRef(false);
  const alive = useRef(true);
  useEffect(
    () => () => {
      alive.current = false;
    },
    [],
  );

  const patch = (key: number, change: Partial<PhotoSlot>) => {
    if (alive.current) setSlots((list) => list.map((s) => (s.key === key ? { ...s, ...change } : s)));
  };

  const run = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    while (queue.current.length > 0 && alive.current) {
      const { key, file } = queue.current.shift()!;
      patch(key, { status: 'uploading', percent: 0 });
      const answer = await uploader(file, (percent) => patch(key, { percent }));
      if (answer.ok) patch(key, { status: 'done', percent: 100, url: answer.url, preview: answer.url });
      else patch(key, { status: 'failed', message: answer.message || '照片上傳失敗，請稍後再試' });
    }
    running.current = false;
  }, [uploader]);

  const add = useCallback(
    (files: readonly File[]) => {
      const room = REVIEW_RULES.maxPhotos - slots.length;
      setLimitMessage(files.length > room ? REVIEW_MSG.photos : '');
      const taken = files.slice(0, Math.max(0, room));
      const added: PhotoSlot[] = taken.map((file) => {
        const key = nextKey++;
        const problem = !file.type.startsWith('image/') ? PHOTO_NOT_IMAGE : file.size > PHOTO_MAX_BYTES ? PHOTO_TOO_BIG : '';
        if (!problem) queue.current.push({ key, file });
        return { key, name: file.name, preview: problem ? '' : preview(file), status: problem ? 'failed' : 'waiting', percent: 0, message: problem || undefined };
      });
      if (added.length === 0) return;
      setSlots((list) => [...list, ...added]);
      void run();
    },
    [slots.length, run],
  );

  const remove = useCallback((key: number) => {
    queue.current = queue.current.filter((q) => q.key !== key);
    setSlots((list) => list.filter((s) => s.key !== key));
    setLimitMessage('');
  }, []);

  const urls = slots.filter((s) => s.status === 'done' && s.url).map((s) => s.url!);
  const busy = slots.some((s) => s.status === 'waiting' || s.status === 'uploading');
  return { slots, urls, busy, add, remove, limitMessage };
}
