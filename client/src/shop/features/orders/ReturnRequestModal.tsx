import { Form, Input, Modal } from 'antd';
import { useId, useState } from 'react';
import type { OrderView } from '@api/orders';

/** Member return-request texts (the server's, src/common/validation/admin.ts REFUND_MSG; shop code may not import admin files). */
export const RETURN_MSG = {
  reasonRequired: '請填寫退貨原因',
  requested: '已送出退貨申請，我們會盡快與您聯繫',
  failed: '退貨申請失敗，請稍後再試',
} as const;
export const RETURN_REASON_MAX = 255;

/** The member's return request as a short text ('' when none). */
export const RETURN_STATUS_TEXT: Record<string, string> = { requested: '退貨申請審核中', approved: '已同意退貨', refused: '退貨申請未通過' };

interface Props {
  order: OrderView;
  /** Sends the request; resolves when the server answered (the modal then closes). */
  onSubmit: (reason: string) => Promise<void>;
  onClose: () => void;
}

/**
 * 申請退貨 (鑑賞期, 7 days after delivery / pickup): the reason, then 送出申請. Staff approve or
 * refuse it in the back-office; the order shows the request's state.
 */
export function ReturnRequestModal({ order, onSubmit, onClose }: Props) {
  const [form] = Form.useForm<{ reason: string }>();
  const id = useId();
  const [sending, setSending] = useState(false);
  return (
    <Modal
      open
      title={`申請退貨 — 訂單 #${order.order_id}`}
      okText="送出申請"
      cancelText="返回"
      onCancel={onClose}
      confirmLoading={sending}
      onOk={async () => {
        let reason: string;
        try {
          reason = (await form.validateFields()).reason;
        } catch {
          return; // the field says what is missing
        }
        setSending(true);
        try {
          await onSubmit(reason.trim());
        } finally {
          setSending(false);
        }
      }}
      destroyOnHidden
      keyboard
    >
      <p className="ss-ord-muted">商品到貨（取貨）後 7 天內可申請退貨，我們收到申請後會與您聯繫退貨方式，商品退回後辦理退款。</p>
      <Form form={form} name={`return-${id}`} layout="vertical">
        <Form.Item label="退貨原因" name="reason" rules={[{ required: true, whitespace: true, message: RETURN_MSG.reasonRequired }]}>
          <Input.TextArea maxLength={RETURN_REASON_MAX} showCount autoSize={{ minRows: 3, maxRows: 6 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
