import { Alert, Button, Form, Modal, Tag, Typography } from 'antd';
import { BankTransferFields } from './BankTransferFields';
import { useState } from 'react';
import type { ExtraPaymentView, RefundExtraPaymentAnswer } from '@api/admin';
import { formatNT } from '../../../shared/lib/format';
import { taipeiDateTime } from '../../../shop/features/orders/orderView';
import { adminOrdersApi } from './adminOrdersApi';
import { messageOf, useNotify } from './notify';

export interface RefundExtraPaymentInput {
  order_id: number;
  extra_payment_id: number;
  bank?: { bank_code: string; account: string; name: string };
}

/** `POST /api/admin/refundExtraPayment`: refreshes the order's detail. */
const extraPaymentsApi = adminOrdersApi.injectEndpoints({
  endpoints: (build) => ({
    refundExtraPayment: build.mutation<RefundExtraPaymentAnswer, RefundExtraPaymentInput>({
      query: ({ extra_payment_id, bank }) => ({ url: '/admin/refundExtraPayment', method: 'POST', body: { extra_payment_id, ...(bank ? { bank } : {}) } }),
      invalidatesTags: (_r, _e, { order_id }) => ['AdminOrders', { type: 'AdminOrder', id: order_id }],
    }),
  }),
});

export const { useRefundExtraPaymentMutation } = extraPaymentsApi;

const COLOR: Record<string, string> = { open: 'red', pending: 'blue', refunded: 'green' };

interface BankValues {
  bank_code: string;
  account: string;
  bank_name: string;
}

/**
 * 待退款的額外付款 (issue 19 §8) in the admin order detail: money received beyond the order (after a
 * full refund, a second payment, an old amount after re-pricing), each with its amount, why, the
 * trade, its state, and 退款: a card / LINE Pay payment goes back at the gateway after a confirm;
 * an ATM / CVS payment asks for the account staff transferred it to. The order's own refunds are
 * not affected. Nothing is shown for an order without any.
 */
export function ExtraPaymentsSection({ orderId, extraPayments }: { orderId: number; extraPayments: ExtraPaymentView[] | undefined }) {
  const [refunding, setRefunding] = useState<ExtraPaymentView | null>(null);
  const list = extraPayments ?? [];
  if (list.length === 0) return null;
  return (
    <section aria-labelledby="aord-sec-extra">
      <h3 id="aord-sec-extra" className="ss-aord-h">
        待退款的額外付款
      </h3>
      <ul className="ss-aord-list" data-testid="detail-extra-payments">
        {list.map((x) => (
          <li key={x.id} className="ss-aord-item" data-testid="detail-extra-payment">
            <div className="ss-aord-item-head">
              <strong>{formatNT(x.amount)}</strong>
              <Tag color={COLOR[x.status] ?? 'default'}>{x.status_label}</Tag>
              <span>{x.source_label}</span>
              {x.status !== 'refunded' && (
                <Button size="small" danger onClick={() => setRefunding(x)}>
                  退款
                </Button>
              )}
            </div>
            <div className="ss-aord-muted">
              交易 {x.mer_trade_no} · 序號 {x.trade_no} · 收到 {taipeiDateTime(x.created_at)}
            </div>
            {x.status === 'refunded' && (
              <div className="ss-aord-muted">
                已退款 {x.refunded_at ? taipeiDateTime(x.refunded_at) : ''}（{x.refunded_by || '—'}）{x.refund_ref ? ` · ${x.refund_ref}` : ''}
              </div>
            )}
            {x.message && x.status !== 'refunded' && (
              <Typography.Text type="danger" className="ss-aord-muted">
                {x.message}
              </Typography.Text>
            )}
          </li>
        ))}
      </ul>
      {refunding && <RefundExtraModal orderId={orderId} extra={refunding} onClose={() => setRefunding(null)} />}
    </section>
  );
}

function RefundExtraModal({ orderId, extra, onClose }: { orderId: number; extra: ExtraPaymentView; onClose: () => void }) {
  const [form] = Form.useForm<BankValues>();
  const [refund, { isLoading }] = useRefundExtraPaymentMutation();
  const [problem, setProblem] = useState('');
  const notify = useNotify();

  const submit = async () => {
    let bank: RefundExtraPaymentInput['bank'];
    if (extra.manual) {
      const v = await form.validateFields().catch(() => null);
      if (!v) return;
      bank = { bank_code: v.bank_code.trim(), account: v.account.trim(), name: v.bank_name.trim() };
    }
    setProblem('');
    try {
      const r = await refund({ order_id: orderId, extra_payment_id: extra.id, ...(bank ? { bank } : {}) }).unwrap();
      notify.success(messageOf(r, '額外付款已退款'));
      onClose();
    } catch (err) {
      setProblem(messageOf(err, '退款失敗，請稍後再試'));
    }
  };

  return (
    <Modal open title="退還額外付款" okText="確定退款" okButtonProps={{ danger: true, loading: isLoading }} cancelText="返回" onOk={submit} onCancel={onClose} className="ss-aord-submodal">
      <p data-testid="extra-refund-confirm">
        將退還 <strong>{formatNT(extra.amount)}</strong>（{extra.source_label}，交易 {extra.mer_trade_no}）。
        {extra.manual ? '請先以銀行轉帳退款，再填寫轉入的帳戶記錄。' : '將向金流退款這筆交易。'}此操作無法復原，訂單本身的金額與退款不受影響。
      </p>
      {extra.manual && (
        <Form form={form} layout="vertical" requiredMark={false}>
          <BankTransferFields legend="退款帳戶（銀行轉帳）" />
        </Form>
      )}
      {problem && <Alert type="error" showIcon role="alert" title={problem} />}
    </Modal>
  );
}
