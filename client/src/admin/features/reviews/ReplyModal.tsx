import type { AdminReviewView } from '@api/reviews';
import { App, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { escapeCloses } from '../../components/escapeCloses';
import { messageOf } from '../../lib';
import { useUpdateReviewMutation } from './reviewsApi';
import { REPLY_MAX, replyError, REVIEW_TEXT, starsText } from './reviewText';

/** 回覆 a review (≤ 500 characters), or edit the reply it has; the member is told by the server. */
export function ReplyModal({ review, onClose }: { review: AdminReviewView; onClose: () => void }) {
  const { message } = App.useApp();
  const [text, setText] = useState(review.reply ?? '');
  const [error, setError] = useState('');
  const [update, { isLoading }] = useUpdateReviewMutation();
  const editing = Boolean(review.reply);

  const submit = async () => {
    const problem = replyError(text, editing);
    setError(problem);
    if (problem) return;
    try {
      const answer = await update({ id: review.id, reply: text.trim() }).unwrap();
      if (!answer.success) {
        setError(answer.message || REVIEW_TEXT.updateFailed);
        return;
      }
      message.success(answer.message || (text.trim() ? REVIEW_TEXT.replied : REVIEW_TEXT.replyRemoved));
      onClose();
    } catch (err) {
      setError(messageOf(err) ?? REVIEW_TEXT.updateFailed);
    }
  };

  return (
    <Modal
      open
      title={editing ? '編輯回覆' : '回覆評價'}
      okText={editing ? '儲存回覆' : '送出回覆'}
      cancelText="取消"
      onOk={() => void submit()}
      onCancel={onClose}
      modalRender={escapeCloses(onClose)}
      confirmLoading={isLoading}
      destroyOnHidden
    >
      <blockquote className="ss-areview-quote">
        <div>
          <span className="ss-areview-stars" aria-label={`${review.rating} 顆星`}>
            {starsText(review.rating)}
          </span>{' '}
          {review.display_name}・{review.title}
        </div>
        <p>{review.content}</p>
      </blockquote>
      <Form layout="vertical" requiredMark={false} onFinish={() => void submit()}>
        <Form.Item label="回覆內容" validateStatus={error ? 'error' : undefined} help={error || undefined} extra={editing ? '清空內容後儲存即移除回覆。' : undefined}>
          <Input.TextArea
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              if (error) setError('');
            }}
            autoSize={{ minRows: 4, maxRows: 10 }}
            count={{ show: true, max: REPLY_MAX }}
            aria-label="回覆內容"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
