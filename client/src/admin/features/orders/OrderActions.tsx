import { Button, Input, Modal, Space } from 'antd';
import { useState } from 'react';
import type { AdminOrderView } from '@api/admin';
import { messageOf, useNotify } from './notify';
import { useCancelOrderByStaffMutation, useStartProcessingMutation } from './orderActionsApi';

/** Failure texts when the server sends none. */
const FAILED = { start: '開始備貨失敗', cancel: '取消訂單失敗' } as const;

/**
 * The order's staff moves in the detail (shown only when the server's lifecycle allows them now,
 * `order.can`): 開始備貨 (a paid order, or cash on delivery not yet paid → 備貨中) and 取消訂單 of an
 * unpaid cash-on-delivery order, confirmed with an optional reason. An order that moved on meanwhile
 * answers 訂單狀態已變更，請重新整理.
 */
export function OrderActions({ order }: { order: AdminOrderView }) {
  const notify = useNotify();
  const [start, starting] = useStartProcessingMutation();
  const [cancel, cancelling] = useCancelOrderByStaffMutation();
  const [confirming, setConfirming] = useState(false);
  const [reason, setReason] = useState('');
  if (!order.can.startProcessing && !order.can.cancel) return null;

  const onStart = async () => {
    try {
      const a = await start({ order_id: order.order_id }).unwrap();
      notify.success(a.message || '已開始備貨');
    } catch (e) {
      notify.error(messageOf(e, FAILED.start));
    }
  };
  const onCancel = async () => {
    try {
      const a = await cancel({ order_id: order.order_id, reason: reason.trim() }).unwrap();
      notify.success(a.message || '訂單已取消');
      setConfirming(false);
    } catch (e) {
      notify.error(messageOf(e, FAILED.cancel));
    }
  };

  return (
    <Space wrap className="ss-aord-actions" data-testid="order-actions">
      {order.can.startProcessing && (
        <Button type="primary" onClick={() => void onStart()} loading={starting.isLoading} data-testid="start-processing">
          開始備貨
        </Button>
      )}
      {order.can.cancel && (
        <Button danger onClick={() => setConfirming(true)} data-testid="staff-cancel">
          取消訂單
        </Button>
      )}
      {confirming && (
        <Modal
          open
          title={`確定要取消訂單 #${order.order_id} 嗎？`}
          okText="取消訂單"
          okButtonProps={{ danger: true, loading: cancelling.isLoading }}
          cancelText="返回"
          onOk={() => void onCancel()}
          onCancel={() => setConfirming(false)}
          destroyOnHidden
        >
          <p>貨到付款訂單取消後，商品庫存會退回，且無法恢復。</p>
          <Input.TextArea
            aria-label="取消原因"
            placeholder="取消原因（選填）"
            maxLength={100}
            showCount
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </Modal>
      )}
    </Space>
  );
}
