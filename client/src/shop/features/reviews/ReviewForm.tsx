import CloseOutlined from '@ant-design/icons/CloseOutlined';
import PictureOutlined from '@ant-design/icons/PictureOutlined';
import StarFilled from '@ant-design/icons/StarFilled';
import { Button, Input, Modal, Progress } from 'antd';
import { useId, useRef, useState } from 'react';
import type { ReviewableItem } from '@api/reviews';
import { toast } from '../../../app/lazyToast';
import { apiErrorMessage } from '../../../shared/api/baseApi';
import { ErrorText } from '../../../shared/components/ErrorText';
import { errorStatusOf } from '../auth/watchSession';
import { contentLength, REVIEW_MSG, REVIEW_RULES, reviewProblems, type ReviewErrors } from './reviewRules';
import { useCreateReviewMutation } from './reviewsApi';
import { usePhotoUploads } from './usePhotoUploads';
import './MyReviews.css';

const RATING_WORDS = ['', '很不滿意', '不滿意', '普通', '滿意', '非常滿意'];

interface Props {
  item: ReviewableItem;
  onClose: () => void;
}

/**
 * 撰寫評價 (spec 4 §5, §7, §8): stars 1–5, 10–1000 characters with a counter, up to 5 photos uploaded
 * one by one with their progress; checked here with the server's rules and messages, each under its
 * field; the server's answer (評價已送出 / 評價已送出，待審核後顯示) as a toast, a refusal under the form.
 */
export function ReviewForm({ item, onClose }: Props) {
  const [rating, setRating] = useState(0);
  const [content, setContent] = useState('');
  const [errors, setErrors] = useState<ReviewErrors>({});
  const [tried, setTried] = useState(false);
  const [failure, setFailure] = useState('');
  const photos = usePhotoUploads();
  const [createReview, { isLoading: sending }] = useCreateReviewMutation();
  const fileRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const length = contentLength(content);

  // Once a submit showed the problems, each goes as soon as it is fixed.
  const recheck = (next: { rating?: number; content?: string }) => {
    if (!tried) return;
    setErrors(reviewProblems({ rating: next.rating ?? rating, content: next.content ?? content, photos: photos.urls }));
  };

  const submit = async () => {
    setTried(true);
    setFailure('');
    const problems = reviewProblems({ rating, content, photos: photos.urls });
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      document.getElementById(`${id}-${problems.rating ? 'rating' : problems.content ? 'content' : 'photos'}`)?.focus();
      return;
    }
    if (photos.busy) return;
    try {
      const answer = await createReview({ order_item_id: item.order_item_id, rating, content: content.trim(), photos: photos.urls }).unwrap();
      if (!answer.success) throw { data: answer };
      toast.success(answer.message || (answer.review?.held ? REVIEW_MSG.held : REVIEW_MSG.published), 'review-sent');
      onClose();
    } catch (err) {
      if (errorStatusOf(err) === 401) {
        onClose();
        return;
      }
      setFailure(apiErrorMessage(err) ?? REVIEW_MSG.failed);
    }
  };

  return (
    <Modal
      open
      title="撰寫評價"
      okText="送出評價"
      cancelText="取消"
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={sending}
      okButtonProps={{ disabled: photos.busy }}
      destroyOnHidden
      keyboard
      maskClosable={false}
    >
      <div className="ss-rf-item">
        {item.image_url && <img src={item.image_url} alt="" width={56} height={56} />}
        <div>
          <div className="ss-rf-title">{item.title}</div>
          {item.variant_name && <div className="ss-rf-muted">規格：{item.variant_name}</div>}
        </div>
      </div>

      <fieldset className="ss-rf-field">
        <legend className="ss-rf-label">評分</legend>
        <div
          id={`${id}-rating`}
          className="ss-rf-stars"
          role="radiogroup"
          aria-label="評分"
          aria-invalid={errors.rating ? true : undefined}
          aria-describedby={errors.rating ? `${id}-rating-error` : undefined}
          tabIndex={-1}
        >
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className={`ss-rf-star${n <= rating ? ' is-lit' : ''}`} title={RATING_WORDS[n]}>
              <input
                type="radio"
                name={`${id}-stars`}
                value={n}
                checked={rating === n}
                onChange={() => {
                  setRating(n);
                  recheck({ rating: n });
                }}
                aria-label={`${n} 星 ${RATING_WORDS[n]}`}
              />
              <StarFilled aria-hidden />
            </label>
          ))}
          {rating > 0 && <span className="ss-rf-muted">{RATING_WORDS[rating]}</span>}
        </div>
        <ErrorText id={`${id}-rating-error`} message={errors.rating} testId="review-rating-error" />
      </fieldset>

      <div className="ss-rf-field">
        <label className="ss-rf-label" htmlFor={`${id}-content`}>
          評價內容
        </label>
        <Input.TextArea
          id={`${id}-content`}
          value={content}
          onChange={(e) => {
            setContent(e.target.value);
            recheck({ content: e.target.value });
          }}
          autoSize={{ minRows: 4, maxRows: 10 }}
          placeholder={`分享使用心得（${REVIEW_RULES.minContent}–${REVIEW_RULES.maxContent} 個字）`}
          status={errors.content ? 'error' : undefined}
          aria-invalid={errors.content ? true : undefined}
          aria-describedby={`${id}-counter${errors.content ? ` ${id}-content-error` : ''}`}
        />
        <div className="ss-rf-counter-row">
          <ErrorText id={`${id}-content-error`} message={errors.content} testId="review-content-error" />
          <span id={`${id}-counter`} className={`ss-rf-counter${length > REVIEW_RULES.maxContent ? ' is-over' : ''}`} data-testid="review-counter">
            {length} / {REVIEW_RULES.maxContent}
          </span>
        </div>
      </div>

      <div className="ss-rf-field">
        <span className="ss-rf-label" id={`${id}-photos-label`}>
          照片（最多 {REVIEW_RULES.maxPhotos} 張，選填）
        </span>
        <ul className="ss-rf-photos" aria-labelledby={`${id}-photos-label`}>
          {photos.slots.map((s) => (
            <li key={s.key} className={`ss-rf-photo is-${s.status}`} data-testid="review-photo">
              {s.preview ? <img src={s.preview} alt={s.name} /> : <PictureOutlined aria-hidden className="ss-rf-photo-icon" />}
              {(s.status === 'uploading' || s.status === 'waiting') && (
                <>
                  <span className="ss-rf-photo-percent" data-testid="photo-percent" aria-live="polite">
                    {s.status === 'waiting' ? '等待上傳' : `上傳中 ${s.percent}%`}
                  </span>
                  <Progress className="ss-rf-photo-progress" percent={s.percent} size="small" showInfo={false} />
                </>
              )}
              {s.status === 'failed' && (
                <span className="ss-rf-photo-error" role="alert">
                  {s.message}
                </span>
              )}
              <button type="button" className="ss-rf-photo-remove" onClick={() => photos.remove(s.key)} aria-label={`移除照片 ${s.name}`}>
                <CloseOutlined aria-hidden />
              </button>
            </li>
          ))}
        </ul>
        <input
          ref={fileRef}
          id={`${id}-photos`}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif"
          multiple
          className="ss-visually-hidden"
          onChange={(e) => {
            photos.add([...(e.target.files ?? [])]);
            e.target.value = '';
          }}
          data-testid="review-file"
          tabIndex={-1}
        />
        <Button icon={<PictureOutlined aria-hidden />} onClick={() => fileRef.current?.click()} disabled={photos.slots.length >= REVIEW_RULES.maxPhotos}>
          上傳照片
        </Button>
        <ErrorText message={photos.limitMessage || errors.photos} testId="review-photos-error" />
        {photos.busy && <p className="ss-rf-muted">照片上傳中，完成後即可送出</p>}
      </div>
      <ErrorText message={failure} block testId="review-failure" />
    </Modal>
  );
}
