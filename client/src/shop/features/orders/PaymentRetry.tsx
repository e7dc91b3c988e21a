import { Button, Modal, Radio } from 'antd';
import { useMemo, useState } from 'react';
import type { OrderView, SubmitOrderAnswer } from '@api/orders';
import { ATM_BANKS, DEFAULT_ATM_BANK, paymentAllowed } from '@rules/checkout-rules';
import { toast } from '../../../app/lazyToast';
import { apiErrorMessage } from '../../../shared/api/baseApi';
import { ErrorText } from '../../../shared/components/ErrorText';
import { browser, isWebUrl } from '../checkout/browser';
import { useLoadPaymentQuery } from '../checkout/checkoutApi';
import { submitOutcome } from '../checkout/checkoutForm';
import { errorStatus, useChangePaymentMutation, useRetryPaymentMutation } from './ordersApi';
import { taipeiDateTime } from './orderView';

export const RETRY_TEXT = {
  failed: '付款失敗或尚未完成，訂單仍保留中。',
  until: (at: string) => `請於 ${at} 前重新付款或更換付款方式，逾時訂單將自動取消。`,
  retry: '重新付款',
  change: '更換付款方式',
  modalTitle: '更換付款方式',
  confirm: '確認更換',
  noMethods: '目前沒有其他可用的付款方式。',
  bank: '轉帳銀行',
  loadFailed: '付款方式載入失敗，請稍後再試。',
  failedDefault: '付款服務暫時無法使用，請稍後再試',
} as const;

/** Whether 重新付款 / 更換付款方式 are offered now (the server's window, still open on this clock). */
export function canRetryPayment(o: Pick<OrderView, 'payment_retry_until' | 'status_name' | 'payment_status'>, now = Date.now()): boolean {
  if (!o.payment_retry_until || o.status_name !== 'pending' || o.payment_status === 1) return false;
  const end = Date.parse(o.payment_retry_until);
  return Number.isFinite(end) && end > now;
}

/** The methods the order may switch to: active, allowed for its shipping and total, not the current one; LINE Pay only with the member carrier. */
export function switchableMethods<M extends { method_code: string }>(
  o: Pick<OrderView, 'payment' | 'shipping' | 'total_amount' | 'invoice_type' | 'carrier_type'>,
  methods: readonly M[],
): M[] {
  return methods.filter((m) => {
    if (m.method_code === o.payment) return false;
    if (!paymentAllowed(m.method_code, o.shipping, o.total_amount)) return false;
    if (m.method_code === 'linepay') return o.invoice_type === 'personal' && o.carrier_type === 'amego';
    return true;
  });
}

interface Props {
  order: OrderView;
  /** Ask the server for the order again (after a switch to a code / cash on delivery, or a refusal). */
  onChanged: () => void;
  /** Compact layout for a row of /orders. */
  compact?: boolean;
}

/**
 * 重新付款 and 更換付款方式 of an unpaid card / LINE Pay order inside its payment window (issue 19 §6),
 * on the payment slip and in /orders. 重新付款 opens the card (or LINE Pay) page again; 更換付款方式
 * lists the other methods this order may use (ATM with its bank, CVS code, LINE Pay, cash on
 * delivery). A gateway page is opened as checkout does; a code or cash on delivery refreshes the order.
 */
export function PaymentRetry({ order, onChanged, compact = false }: Props) {
  const [retry, retrying] = useRetryPaymentMutation();
  const [change, changing] = useChangePaymentMutation();
  const [open, setOpen] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const [error, setError] = useState('');

  if (!canRetryPayment(order)) return null;
  const until = taipeiDateTime(order.payment_retry_until);

  /** A gateway page to open, or the order to ask again; a refusal shows the server's message. */
  const follow = async (call: Promise<SubmitOrderAnswer>): Promise<boolean> => {
    setError('');
    try {
      const answer = await call;
      if (!answer.success) throw { status: 200, data: answer };
      const outcome = submitOutcome(answer);
      if (outcome && outcome.kind !== 'slip') {
        if (!isWebUrl(outcome.url)) throw { status: 502, data: {} };
        setLeaving(true);
        if (outcome.kind === 'post') browser.postForm(outcome.url, outcome.fields);
        else browser.assign(outcome.url);
        return true;
      }
      toast.success(answer.message || '付款方式已更新');
      onChanged();
      return true;
    } catch (err) {
      if (errorStatus(err) === 401) return false;
      const message = apiErrorMessage(err) ?? RETRY_TEXT.failedDefault;
      setError(message);
      toast.error(message);
      // 409: paid or cancelled meanwhile — show what it is now.
      if (errorStatus(err) === 409) onChanged();
      return false;
    }
  };

  return (
    <div className={compact ? 'ss-ord-retry ss-ord-retry--compact' : 'ss-ord-retry'} data-testid="payment-retry">
      <p className="ss-ord-note ss-ord-note--bad">
        {RETRY_TEXT.failed}
        {until && <span className="ss-ord-retry-until">{RETRY_TEXT.until(until)}</span>}
      </p>
      <div className="ss-ord-retry-actions">
        <Button type="primary" loading={retrying.isLoading || (leaving && !open)} disabled={changing.isLoading} onClick={() => void follow(retry({ order_id: order.order_id }).unwrap())}>
          {RETRY_TEXT.retry}
        </Button>
        <Button disabled={retrying.isLoading || leaving} onClick={() => setOpen(true)}>
          {RETRY_TEXT.change}
        </Button>
      </div>
      {error && !open && <ErrorText message={error} block testId="payment-retry-error" />}
      {open && (
        <ChangePaymentModal
          order={order}
          busy={changing.isLoading || leaving}
          error={error}
          onClose={() => {
            setOpen(false);
            setError('');
          }}
          onSubmit={async (payment, bankCode) => {
            const done = await follow(change({ order_id: order.order_id, payment, ...(payment === 'atm' ? { bankCode } : {}) }).unwrap());
            if (done && !leaving) setOpen(false);
          }}
        />
      )}
    </div>
  );
}

interface ModalProps {
  order: OrderView;
  busy: boolean;
  error: string;
  onClose: () => void;
  onSubmit: (payment: string, bankCode: string) => Promise<void>;
}

function ChangePaymentModal({ order, busy, error, onClose, onSubmit }: ModalProps) {
  const query = useLoadPaymentQuery();
  const methods = useMemo(() => switchableMethods(order, query.data?.paymentMethods ?? []), [order, query.data]);
  const [payment, setPayment] = useState('');
  const [bank, setBank] = useState<string>(DEFAULT_ATM_BANK);
  const chosen = methods.some((m) => m.method_code === payment) ? payment : '';

  let body;
  if (query.isLoading) body = <p role="status">載入中…</p>;
  else if (query.isError) body = <ErrorText message={RETRY_TEXT.loadFailed} block />;
  else if (methods.length === 0) body = <p>{RETRY_TEXT.noMethods}</p>;
  else
    body = (
      <Radio.Group value={chosen} onChange={(e) => setPayment(String(e.target.value))} aria-label="付款方式" className="ss-ord-retry-methods">
        <div className="ss-ord-retry-list">
          {methods.map((m) => (
            <Radio key={m.method_code} value={m.method_code}>
              {m.method_label}
            </Radio>
          ))}
        </div>
      </Radio.Group>
    );

  return (
    <Modal
      open
      title={RETRY_TEXT.modalTitle}
      okText={RETRY_TEXT.confirm}
      cancelText="返回"
      onOk={() => void onSubmit(chosen, bank)}
      onCancel={onClose}
      okButtonProps={{ disabled: !chosen, loading: busy }}
      cancelButtonProps={{ disabled: busy }}
      destroyOnHidden
    >
      {body}
      {chosen === 'atm' && (
        <fieldset className="ss-ord-retry-bank">
          <legend>{RETRY_TEXT.bank}</legend>
          <Radio.Group value={bank} onChange={(e) => setBank(String(e.target.value))} aria-label={RETRY_TEXT.bank}>
            <div className="ss-ord-retry-list">
              {ATM_BANKS.map((b) => (
                <Radio key={b.code} value={b.code}>
                  {b.code} {b.name}
                </Radio>
              ))}
            </div>
          </Radio.Group>
        </fieldset>
      )}
      {error && <ErrorText message={error} block testId="change-payment-error" />}
    </Modal>
  );
}
