import { Button, Form, Input, Modal, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import type { AdminOrderView, ReturnRequestView } from '@api/admin';
import { ADMIN_MSG, REFUND_MSG, REFUND_REASON_MAX } from '@rules/admin';
import { taipeiDateTime } from '../../../shop/features/orders/orderView';
import { useHandleReturnRequestMutation } from './adminOrdersApi';
import { messageOf, useNotify } from './notify';
import { RETURN_STATUS_LABEL } from './orderRules';

/**
 * The member's return requests (鑑賞期, beyond the spec): staff approve or refuse with a reason
 * (required to refuse). Approving does not refund by itself: the refund follows with 退款 once
 * the goods are back.
 */
export function ReturnsSection({ order, requests }: { order: AdminOrderView; requests: ReturnRequestView[] }) {
  const [deciding, setDeciding] = useState<{ request: ReturnRequestView; approve: boolean } | null>(null);
  if (requests.length === 0) return null;
  return (
    <section aria-labelledby="aord-sec-returns" data-testid="returns-section">
      <h3 id="aord-sec-returns" className="ss-aord-h">
        退貨申請
      </h3>
      <ul className="ss-aord-list">
        {requests.map((r) => (
          <li key={r.id} className="ss-aord-item" data-testid={`return-${r.id}`}>
            <div className="ss-aord-item-head">
              <Tag color={r.status === 'approved' ? 'green' : r.status === 'refused' ? 'red' : 'orange'}>{RETURN_STATUS_LABEL[r.status] ?? r.status}</Tag>
              <span className="ss-aord-muted">申請時間 {taipeiDateTime(r.created_at)}</span>
            </div>
            <div className="ss-aord-break">顧客原因：{r.reason}</div>
            {r.staff_reason && (
              <div className="ss-aord-break">
                處理說明：{r.staff_reason}
                {r.handled_at && <span className="ss-aord-muted">（{taipeiDateTime(r.handled_at)}）</span>}
              </div>
            )}
            {r.status === 'requested' && (
              <Space wrap className="ss-aord-item-actions">
                <Button type="primary" onClick={() => setDeciding({ request: r, approve: true })}>
                  同意退貨
                </Button>
                <Button danger onClick={() => setDeciding({ request: r, approve: false })}>
                  拒絕
                </Button>
              </Space>
            )}
          </li>
        ))}
      </ul>
      {deciding && <DecisionModal order={order} {...deciding} onClose={() => setDeciding(null)} />}
    </section>
  );
}

function DecisionModal({ order, request, approve, onClose }: { order: AdminOrderView; request: ReturnRequestView; approve: boolean; onClose: () => void }) {
  const notify = useNotify();
  const [form] = Form.useForm<{ reason: string }>();
  const [handle, { isLoading }] = useHandleReturnRequestMutation();
  const submit = async ({ reason }: { reason: string }) => {
    try {
      const answer = await handle({ order_id: order.order_id, request_id: request.id, approve, reason: (reason ?? '').trim() }).unwrap();
      if (!answer.success) throw { data: answer };
      notify.success(answer.message || (approve ? REFUND_MSG.returnApproved : REFUND_MSG.returnRefused));
      onClose();
    } catch (err) {
      notify.error(messageOf(err, ADMIN_MSG.systemError));
    }
  };
  return (
    <Modal
      open
      title={approve ? '同意退貨申請' : '拒絕退貨申請'}
      okText={approve ? '同意' : '拒絕'}
      okButtonProps={{ danger: !approve, loading: isLoading }}
      cancelText="取消"
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      className="ss-aord-submodal"
    >
      <Typography.Paragraph className="ss-aord-break">顧客原因：{request.reason}</Typography.Paragraph>
      <Form form={form} name="aord-return" layout="vertical" onFinish={(v) => void submit(v)}>
        <Form.Item
          label={approve ? '說明（選填）' : '拒絕原因'}
          name="reason"
          rules={approve ? [] : [{ required: true, whitespace: true, message: REFUND_MSG.returnRefuseReasonRequired }]}
        >
          <Input.TextArea maxLength={REFUND_REASON_MAX} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
