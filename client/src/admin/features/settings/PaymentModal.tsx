import type { AdminPaymentMethodView } from '@api/admin-settings';
import { App, Empty, Modal, Switch, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { messageOf } from '../../lib';
import { failText, SETTINGS_TEXT } from './settingsText';
import { useUpdatePaymentMutation } from './settingsApi';

interface Props {
  open: boolean;
  onClose: () => void;
  methods: AdminPaymentMethodView[];
}

/**
 * 付款方式 (spec 3 §3, §7): each payment method (label read-only) with its switch, saved at once
 * (updatepayment); the screen waits for the answer and returns the switch on a failure.
 */
export function PaymentModal({ open, onClose, methods }: Props) {
  const { message } = App.useApp();
  const [update] = useUpdatePaymentMutation();
  const [pending, setPending] = useState<Record<number, number>>({});

  const toggle = async (m: AdminPaymentMethodView, on: boolean) => {
    const value = on ? 1 : 0;
    setPending((p) => ({ ...p, [m.payment_method_id]: value }));
    try {
      const answer = await update({ payment_method_id: m.payment_method_id, status: value }).unwrap();
      if (answer.success) message.success(`「${m.method_label}」已${on ? '啟用' : '停用'}`);
      else message.error(failText(SETTINGS_TEXT.updateFailed, answer.message));
    } catch (err) {
      message.error(failText(SETTINGS_TEXT.updateFailed, messageOf(err)));
    } finally {
      setPending(({ [m.payment_method_id]: _, ...rest }) => rest);
    }
  };

  const columns: TableColumnsType<AdminPaymentMethodView> = [
    { title: '付款方式', dataIndex: 'method_label' },
    {
      title: '狀態',
      key: 'status',
      width: 110,
      align: 'center',
      render: (_, m) => {
        const busy = m.payment_method_id in pending;
        const value = busy ? pending[m.payment_method_id] : m.status;
        return (
          <Switch
            checked={value === 1}
            loading={busy}
            disabled={busy}
            checkedChildren="啟用"
            unCheckedChildren="停用"
            onChange={(on) => void toggle(m, on)}
            aria-label={`${m.method_label} 啟用`}
          />
        );
      },
    },
  ];

  return (
    <Modal title="付款方式" open={open} onCancel={onClose} footer={null} width={520} data-testid="payment-modal">
      <p className="ss-admin-muted ss-settings-note">開關會立即生效：停用的付款方式不會出現在結帳頁。</p>
      <Table<AdminPaymentMethodView>
        rowKey="payment_method_id"
        size="middle"
        columns={columns}
        dataSource={methods}
        pagination={false}
        locale={{ emptyText: <Empty description="沒有付款方式" /> }}
      />
    </Modal>
  );
}
