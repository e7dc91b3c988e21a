import { Form, Input, Modal, Select } from 'antd';
import type { AdminOrderView } from '@api/admin';
import { ADMIN_MSG } from '@rules/admin';
import { useMarkShippedMutation } from './adminOrdersApi';
import { messageOf, useNotify } from './notify';
import { defaultCarrier, MANUAL_CARRIERS } from './orderRules';

interface Values {
  carrier: string;
  tracking_no: string;
}

/** 手動出貨: 全家 and 萊爾富 have no PAYUNi service; staff type the carrier's tracking number. */
export function MarkShippedModal({ order, onClose }: { order: AdminOrderView; onClose: () => void }) {
  const notify = useNotify();
  const [form] = Form.useForm<Values>();
  const [markShipped, { isLoading }] = useMarkShippedMutation();

  const submit = async (v: Values) => {
    try {
      const answer = await markShipped({ order_id: order.order_id, carrier: v.carrier, tracking_no: v.tracking_no.trim() }).unwrap();
      if (!answer.success) throw { data: answer };
      notify.success(answer.message || '已登錄出貨');
      onClose();
    } catch (err) {
      notify.error(messageOf(err, ADMIN_MSG.systemError));
    }
  };

  return (
    <Modal
      open
      title={`手動出貨 — 訂單 #${order.order_id}`}
      okText="標記已出貨"
      cancelText="取消"
      onOk={() => form.submit()}
      onCancel={onClose}
      okButtonProps={{ loading: isLoading }}
      destroyOnHidden
      className="ss-aord-submodal"
    >
      <Form<Values> form={form} name="aord-shipped" layout="vertical" initialValues={{ carrier: defaultCarrier(order.shipping), tracking_no: '' }} onFinish={(v) => void submit(v)}>
        <Form.Item label="物流業者" name="carrier" rules={[{ required: true, message: '請選擇物流業者' }]}>
          <Select options={MANUAL_CARRIERS.map((c) => ({ value: c, label: c }))} />
        </Form.Item>
        <Form.Item
          label="物流單號"
          name="tracking_no"
          rules={[
            { required: true, whitespace: true, message: '請輸入物流單號' },
            { pattern: /^[A-Za-z0-9]{4,30}$/, message: '請輸入正確的物流單號（英數字 4–30 碼）' },
          ]}
        >
          <Input maxLength={30} autoComplete="off" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
