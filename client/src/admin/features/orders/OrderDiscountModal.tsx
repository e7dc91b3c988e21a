import { Alert, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import type { AdminOrderView } from '@api/admin';
import { ORDER_DISCOUNT_MSG, ORDER_DISCOUNT_REASON_MAX, orderDiscountProblems } from '@rules/order-discount-rules';
import { formatNT } from '../../../shared/lib/format';
import { messageOf, useNotify } from './notify';
import { useAddOrderDiscountMutation } from './orderDiscountApi';

interface Values {
  amount: string;
  reason: string;
}

/** Payment states of an order still unpaid (unpaid, or a failed card / LINE Pay payment). */
const UNPAID = [0, 2];

/** Methods paid on the gateway's own page: discounted only once that payment failed (no page holds the old amount). */
const PAGE_METHODS = ['credit', 'linepay'];

/** Whether 訂單折扣 is offered: pending and unpaid, not while a card / LINE Pay page may be open (the server judges the rest, e.g. tickets). */
export function discountable(order: Pick<AdminOrderView, 'status_name' | 'payment_status' | 'payment'>): boolean {
  if (order.status_name !== 'pending' || !UNPAID.includes(order.payment_status)) return false;
  return !(PAGE_METHODS.includes(order.payment) && order.payment_status === 0);
}

/** The goods left to discount: the total without its shipping fee (Σ the lines' amounts). */
export function goodsOf(order: Pick<AdminOrderView, 'total_amount' | 'shipping_fee' | 'points_used'>): number {
  return order.total_amount - order.shipping_fee + (order.points_used ?? 0);
}

/**
 * 訂單折扣 (issue 19): a whole NT$ below the goods and a reason (1–100 characters), checked with the
 * server's rules and texts, confirmed before it is sent. An issued ATM / CVS code is issued again
 * for the new total by the server.
 */
export function OrderDiscountModal({ order, onClose }: { order: AdminOrderView; onClose: () => void }) {
  const notify = useNotify();
  const [form] = Form.useForm<Values>();
  const [send, { isLoading }] = useAddOrderDiscountMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Values | null>(null);
  const goods = goodsOf(order);

  const rule = (field: 'amount' | 'reason') => ({
    validator: (_: unknown, value: unknown) => {
      const values = { amount: form.getFieldValue('amount'), reason: form.getFieldValue('reason'), [field]: value };
      const p = orderDiscountProblems(values, goods).find((x) => x.field === field);
      return p ? Promise.reject(new Error(p.message)) : Promise.resolve();
    },
  });

  const submit = async (v: Values) => {
    setProblem(null);
    try {
      const answer = await send({ order_id: order.order_id, amount: String(v.amount).trim(), reason: v.reason.trim() }).unwrap();
      if (!answer.success) throw { data: answer };
      if (answer.repriced) notify.success(answer.message || ORDER_DISCOUNT_MSG.done);
      else notify.warning(answer.message || ORDER_DISCOUNT_MSG.repriceFailed);
      onClose();
    } catch (err) {
      const text = messageOf(err, '訂單折扣失敗');
      setProblem(text);
      notify.error(text);
    }
  };

  const amountOf = (v: Values) => Number(String(v.amount).trim());
  return (
    <>
      <Modal
        open={!confirming}
        title={`訂單折扣 — 訂單 #${order.order_id}`}
        okText="下一步"
        okButtonProps={{ loading: isLoading }}
        cancelText="取消"
        onOk={() => form.submit()}
        onCancel={onClose}
        destroyOnHidden={false}
        maskClosable={!isLoading}
        className="ss-aord-submodal"
      >
        <p className="ss-aord-muted">
          訂單金額 {formatNT(order.total_amount)}（含運費 {formatNT(order.shipping_fee)}），商品金額 <strong data-testid="discount-goods">{formatNT(goods)}</strong>
        </p>
        <Form<Values> form={form} name="aord-discount" layout="vertical" onValuesChange={() => setProblem(null)} onFinish={(v) => setConfirming(v)}>
          <Form.Item label="折扣金額（NT$）" name="amount" rules={[rule('amount')]} validateFirst>
            <Input inputMode="numeric" autoComplete="off" maxLength={9} />
          </Form.Item>
          <Form.Item label="折扣原因" name="reason" rules={[rule('reason')]}>
            <Input.TextArea maxLength={ORDER_DISCOUNT_REASON_MAX} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
          </Form.Item>
        </Form>
        {problem && <Alert type="error" showIcon role="alert" title={problem} />}
      </Modal>
      <Modal
        open={!!confirming}
        title={confirming ? ORDER_DISCOUNT_MSG.confirmTitle(amountOf(confirming)) : ''}
        okText="確定折扣"
        okButtonProps={{ loading: isLoading }}
        cancelText="返回"
        onCancel={() => setConfirming(null)}
        onOk={async () => {
          await submit(confirming!);
          setConfirming(null);
        }}
        className="ss-aord-submodal"
      >
        {confirming && (
          <p data-testid="discount-confirm">
            訂單 #{order.order_id} 金額將由 {formatNT(order.total_amount)} 降為 <strong>{formatNT(order.total_amount - amountOf(confirming))}</strong>。{ORDER_DISCOUNT_MSG.confirmText}
          </p>
        )}
      </Modal>
    </>
  );
}
