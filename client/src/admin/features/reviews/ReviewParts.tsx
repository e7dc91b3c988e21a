import type { AdminReviewView } from '@api/reviews';
import { App, Button, Image, Space, Tag, Typography } from 'antd';
import { taipeiDateTime } from '../../lib';
import { messageOf } from '../../lib';
import { useUpdateReviewMutation } from './reviewsApi';
import { REVIEW_TEXT, reviewStatus, starsText, STATUS_COLOR, STATUS_LABEL } from './reviewText';

export function ReviewStatusTag({ review }: { review: AdminReviewView }) {
  const s = reviewStatus(review);
  return (
    <Tag color={STATUS_COLOR[s]} data-testid={`review-status-${review.id}`}>
      {STATUS_LABEL[s]}
    </Tag>
  );
}

export function Stars({ rating }: { rating: number }) {
  return (
    <span className="ss-areview-stars" aria-label={`${rating} 顆星`} title={`${rating} 顆星`}>
      {starsText(rating)}
    </span>
  );
}

/** A review's words, photos, why it is held and the shop's reply. */
export function ReviewBody({ review }: { review: AdminReviewView }) {
  return (
    <div className="ss-areview-body">
      {review.held === 1 && review.held_reason && (
        <div className="ss-areview-held" data-testid={`review-held-${review.id}`}>
          待審核原因：{review.held_reason}
        </div>
      )}
      <Typography.Paragraph className="ss-areview-content" ellipsis={{ rows: 3, expandable: 'collapsible', symbol: (open) => (open ? '收合' : '展開') }}>
        {review.content}
      </Typography.Paragraph>
      {review.photos.length > 0 && (
        <Image.PreviewGroup>
          <div className="ss-areview-photos">
            {review.photos.map((url, i) => (
              <Image key={url} src={url} width={48} height={48} alt={`評價照片 ${i + 1}`} className="ss-areview-photo" />
            ))}
          </div>
        </Image.PreviewGroup>
      )}
      {review.reply && (
        <div className="ss-areview-reply">
          <strong>店家回覆</strong>
          {review.replied_at && <span className="ss-admin-muted"> {taipeiDateTime(review.replied_at)}</span>}
          <div>{review.reply}</div>
        </div>
      )}
    </div>
  );
}

/** 隱藏 / 顯示 (each asked first) and 回覆 / 編輯回覆 of one review. */
export function ReviewActions({ review, onReply, size = 'small' }: { review: AdminReviewView; onReply: (r: AdminReviewView) => void; size?: 'small' | 'middle' }) {
  const { message, modal } = App.useApp();
  const [update] = useUpdateReviewMutation();
  const status = reviewStatus(review);
  const who = `${review.display_name}對「${review.title}」的評價`;

  const setVisible = (visible: 0 | 1) =>
    modal.confirm({
      title: visible ? `顯示${who}？` : `隱藏${who}？`,
      content: visible
        ? status === 'held'
          ? '評價會公開在商品頁，並依規則發放評價回饋。'
          : '評價會重新顯示在商品頁。'
        : '評價不再顯示於商品頁，會員仍可在「我的評價」看到。',
      okText: visible ? '顯示' : '隱藏',
      okButtonProps: visible ? undefined : { danger: true },
      cancelText: '取消',
      onOk: async () => {
        try {
          const answer = await update({ id: review.id, is_visible: visible }).unwrap();
          if (!answer.success) message.error(answer.message || REVIEW_TEXT.updateFailed);
          else message.success(answer.message || (visible ? REVIEW_TEXT.shown : REVIEW_TEXT.hidden));
        } catch (err) {
          message.error(messageOf(err) ?? REVIEW_TEXT.updateFailed);
        }
      },
    });

  return (
    <Space size={4} wrap>
      {status === 'shown' ? (
        <Button size={size} danger onClick={() => setVisible(0)} aria-label={`隱藏${who}`}>
          隱藏
        </Button>
      ) : (
        <Button size={size} onClick={() => setVisible(1)} aria-label={`顯示${who}`}>
          顯示
        </Button>
      )}
      <Button size={size} onClick={() => onReply(review)} aria-label={`${review.reply ? '編輯回覆' : '回覆'}${who}`}>
        {review.reply ? '編輯回覆' : '回覆'}
      </Button>
    </Space>
  );
}
