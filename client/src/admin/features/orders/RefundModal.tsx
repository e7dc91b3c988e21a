import { Alert, Checkbox, Form, Input, InputNumber, Modal, Radio } from 'antd';
import { BankTransferFields } from './BankTransferFields';
import { useState } from 'react';
import type { AdminOrderView, RefundableView } from '@api/admin';
import { REFUND_MSG, REFUND_REASON_MAX, refundOverMessage, refundQuantityOverMessage } from '@rules/admin';
import { moneyProblem, parseMoney } from '@rules/money';
import { unitsValue } from '@rules/refund-units';
import { formatNT } from '../../../shared/lib/format';
import { useAdminSession } from '../auth/useAdminSession';
import { useRefundableQuery, useRefundOrderMutation, useRefundSettingsQuery } from './adminOrdersApi';
import { messageOf, useNotify } from './notify';
import { needsBankAccount, refundable } from './orderRules';

interface Values {
  mode: 'full' | 'partial' | 'items';
  /** As typed (checked, never coerced: "-5", "abc", "1.5" are refused). */
  amount?: string;
  /** Refunds by line: ticked lines (`pick`) and their units (`qty`), by order_item_id. */
  pick?: Record<string, boolean>;
  qty?: Record<string, number | null>;
  shipping?: boolean;
  reason: string;
  restock: boolean;
  bank_code?: string;
  account?: string;
  bank_name?: string;
}

/** The partial refund's amount as an NT$ field (the shared money rule; the maximum is checked with its own message). */
const REFUND_AMOUNT = { label: '退款金額', min: 1, max: Number.MAX_SAFE_INTEGER };

const newKey = () => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`);

/** What a refund answer means for staff. */
export function refundNotice(status: string, message?: string): string {
  if (message) return message;
  if (status === 'manual') return REFUND_MSG.manualRecorded;
  if (status === 'pending') return REFUND_MSG.refundUnknown;
  return '退款完成';
}

/** The lines and units ticked in the form (refunds by line). */
export function pickedItems(v: Pick<Values, 'pick' | 'qty'>, view: RefundableView | undefined): { order_item_id: number; quantity: number }[] {
  return (view?.lines ?? []).filter((l) => v.pick?.[l.order_item_id] && l.left_quantity > 0).map((l) => ({ order_item_id: l.order_item_id, quantity: Number(v.qty?.[l.order_item_id] ?? 0) }));
}

/** What the ticked lines (and the shipping fee) give back, as the server computes it. */
export function pickedAmount(v: Pick<Values, 'pick' | 'qty' | 'shipping'>, view: RefundableView | undefined): number {
  if (!view) return 0;
  const goods = pickedItems(v, view).reduce((s, it) => {
    const line = view.lines.find((l) => l.order_item_id === it.order_item_id)!;
    return s + (it.quantity >= 1 && it.quantity <= line.left_quantity ? unitsValue(line, it.quantity) : 0);
  }, 0);
  return goods + (v.shipping ? view.shipping_left : 0);
}

/**
 * 退款 (beyond the spec): the whole refundable amount, a part (an amount the server spreads over the
 * lines), or chosen lines and units (依品項退款, with the shipping fee if ticked), a reason, whether the goods came
 * back (stock returned), and for ATM / CVS / cash on delivery the shopper's bank account (a manual
 * transfer). Confirmed before it is sent; one idempotency key per opened form, so a double click
 * or a retry makes one refund.
 */
export function RefundModal({ order, onClose }: { order: AdminOrderView; onClose: () => void }) {
  const notify = useNotify();
  const [form] = Form.useForm<Values>();
  const [key] = useState(newKey);
  const [refund, { isLoading }] = useRefundOrderMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Values | null>(null);
  const mode = Form.useWatch('mode', form) ?? 'full';
  const watched = Form.useWatch([], form) as Values | undefined;
  // The lines and what each may still give back (the server's numbers); without them the form keeps full and amount refunds.
  const { data: lines } = useRefundableQuery(order.order_id);
  const view = lines?.success ? lines.refundable : undefined;
  const max = view ? view.refundable : refundable(order);
  // Staff refund up to the owner's limit (the server refuses above it with the same text).
  const { role } = useAdminSession();
  const { data: settings } = useRefundSettingsQuery(undefined, { skip: role !== 'staff' });
  const staffLimit = role === 'staff' && settings?.success ? settings.staffRefundLimit : undefined;
  const bank = needsBankAccount(order.payment);

  const send = async (v: Values) => {
    setProblem(null);
    const amount = v.mode === 'partial' ? (parseMoney(v.amount) ?? undefined) : undefined;
    const items = v.mode === 'items' ? pickedItems(v, view) : undefined;
    try {
      const answer = await refund({
        idempotencyKey: key,
        order_id: order.order_id,
        ...(amount !== undefined ? { amount } : {}),
        ...(items ? { items, ...(v.shipping ? { shipping: true } : {}) } : {}),
        reason: v.reason.trim(),
        restock: !!v.restock,
        ...(bank ? { bank: { bank_code: (v.bank_code ?? '').trim(), account: (v.account ?? '').trim(), name: (v.bank_name ?? '').trim() } } : {}),
      }).unwrap();
      if (!answer.success) throw { data: answer };
      const status = answer.refund?.status ?? 'done';
      if (status === 'pending') notify.warning(refundNotice(status, answer.message));
      else notify.success(refundNotice(status, answer.message));
      onClose();
    } catch (err) {
      const text = messageOf(err, REFUND_MSG.refundFailed);
      setProblem(text);
      notify.error(text);
      // The server names the field it refused (超過可退金額（最多 NT$ n）…): show it there too.
      const errors = (err as { data?: { errors?: { field: string; message: string }[] } })?.data?.errors ?? [];
      form.setFields(
        errors.flatMap((e): { name: string | string[]; errors: string[] }[] => {
          if (e.field === 'amount' && v.mode === 'partial') return [{ name: 'amount', errors: [e.message] }];
          const m = /^items\.(\d+)\.(quantity|order_item_id)$/.exec(e.field);
          const line = m && items ? items[Number(m[1])] : undefined;
          return line ? [{ name: ['qty', String(line.order_item_id)], errors: [e.message] }] : [];
        }) as Parameters<typeof form.setFields>[0],
      );
    }
  };

  const amountOf = (v: Values) => (v.mode === 'partial' ? (parseMoney(v.amount) ?? 0) : v.mode === 'items' ? pickedAmount(v, view) : max);
  const overLimit = (v: Values) => staffLimit !== undefined && amountOf(v) > staffLimit;

  return (
    <>
      <Modal
        open={!confirming}
        title={`退款 — 訂單 #${order.order_id}`}
        okText="退款"
        okButtonProps={{ danger: true, loading: isLoading }}
        cancelText="取消"
        onOk={() => form.submit()}
        onCancel={onClose}
        destroyOnHidden={false}
        maskClosable={!isLoading}
        className="ss-aord-submodal"
      >
        <p className="ss-aord-muted">
          訂單金額 {formatNT(order.total_amount)}，已退款 {formatNT(order.refunded_amount ?? 0)}，可退 <strong data-testid="refundable">{formatNT(max)}</strong>（{order.paymentname || order.payment}）
          {staffLimit !== undefined && <span data-testid="staff-refund-limit">；客服人員退款上限 {formatNT(staffLimit)}</span>}
        </p>
        <Form<Values> form={form} name="aord-refund" layout="vertical" initialValues={{ mode: 'full', restock: false }} onValuesChange={() => setProblem(null)} onFinish={(v) => {
            if (v.mode === 'items' && pickedItems(v, view).length === 0) return setProblem(REFUND_MSG.itemsRequired);
            return overLimit(v) ? setProblem(REFUND_MSG.overStaffLimit) : setConfirming(v);
          }}
        >
          <Form.Item label="退款方式" name="mode">
            <Radio.Group
              options={[
                { value: 'full', label: `全額退款（${formatNT(max)}）` },
                { value: 'partial', label: '部分退款' },
                ...(view && view.lines.some((l) => l.left_quantity > 0) ? [{ value: 'items', label: '依品項退款' }] : []),
              ]}
            />
          </Form.Item>
          {mode === 'items' && view && (
            <fieldset className="ss-aord-fieldset" data-testid="refund-lines">
              <legend>退款品項</legend>
              {view.lines
                .filter((l) => l.left_quantity > 0)
                .map((l) => (
                  <div key={l.order_item_id} className="ss-aord-grid" data-testid={`refund-line-${l.order_item_id}`}>
                    <Form.Item name={['pick', String(l.order_item_id)]} valuePropName="checked">
                      <Checkbox>
                        {l.line_kind === 'gift' ? '【贈品】' : l.line_kind === 'addon' ? '【加價購】' : ''}
                        {l.title}
                        {l.variant_name ? `（${l.variant_name}）` : ''}：可退 {l.left_quantity} 件，{formatNT(l.left_amount)}
                      </Checkbox>
                    </Form.Item>
                    <Form.Item
                      label={`${l.title} 退款數量`}
                      name={['qty', String(l.order_item_id)]}
                      initialValue={l.left_quantity}
                      dependencies={[['pick', String(l.order_item_id)]]}
                      rules={[
                        ({ getFieldValue }) => ({
                          validator: (_r, value: number | null) => {
                            if (!getFieldValue(['pick', String(l.order_item_id)])) return Promise.resolve();
                            if (!Number.isInteger(value) || (value as number) < 1) return Promise.reject(new Error(REFUND_MSG.quantityInvalid));
                            if ((value as number) > l.left_quantity) return Promise.reject(new Error(refundQuantityOverMessage(l.left_quantity)));
                            return Promise.resolve();
                          },
                        }),
                      ]}
                    >
                      <InputNumber style={{ width: '100%' }} inputMode="numeric" disabled={!watched?.pick?.[l.order_item_id]} />
                    </Form.Item>
                  </div>
                ))}
              {view.shipping_left > 0 && (
                <Form.Item name="shipping" valuePropName="checked">
                  <Checkbox>退還運費（{formatNT(view.shipping_left)}）</Checkbox>
                </Form.Item>
              )}
              <p className="ss-aord-muted">
                退款金額 <strong data-testid="refund-items-total">{formatNT(watched ? pickedAmount(watched, view) : 0)}</strong>
              </p>
            </fieldset>
          )}
          {mode === 'partial' && (
            <Form.Item
              label="退款金額（NT$）"
              name="amount"
              rules={[
                {
                  // Checked, never coerced or clamped: above what is left is refused on the field (a typed 99999 once refunded the whole order).
                  validator: (_r, value: unknown) => {
                    const problem = moneyProblem(value, REFUND_AMOUNT);
                    if (problem) return Promise.reject(new Error(problem));
                    return parseMoney(value)! > max ? Promise.reject(new Error(refundOverMessage(max))) : Promise.resolve();
                  },
                },
              ]}
            >
              <Input inputMode="numeric" autoComplete="off" />
            </Form.Item>
          )}
          <Form.Item label="退款原因" name="reason" rules={[{ required: true, whitespace: true, message: REFUND_MSG.reasonRequired }]}>
            <Input.TextArea maxLength={REFUND_REASON_MAX} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
          </Form.Item>
          <Form.Item name="restock" valuePropName="checked" extra="商品已退回時勾選，庫存會加回。">
            <Checkbox>退回庫存</Checkbox>
          </Form.Item>
          {bank && (
            <BankTransferFields legend={`退款帳戶（${order.paymentname || order.payment} 以銀行轉帳退款）`} />
          )}
        </Form>
        {problem && <Alert type="error" showIcon role="alert" title={problem} />}
      </Modal>
      <Modal
        open={!!confirming}
        title="確定要退款嗎？"
        okText="確定退款"
        okButtonProps={{ danger: true, loading: isLoading }}
        cancelText="返回"
        onCancel={() => setConfirming(null)}
        onOk={async () => {
          const v = confirming!;
          await send(v);
          setConfirming(null);
        }}
        className="ss-aord-submodal"
      >
        {confirming && (
          <p data-testid="refund-confirm">
            訂單 #{order.order_id} 將退款 <strong>{formatNT(amountOf(confirming))}</strong>
            {confirming.restock ? '，並退回庫存' : ''}。此操作無法復原。
          </p>
        )}
      </Modal>
    </>
  );
}
