import { Alert, Button, Form, Input, Modal, Select, Spin, Switch } from 'antd';
import { useEffect, useRef, useState } from 'react';
import type { AdminOrderView, ShippingTicketView } from '@api/admin';
import { ADMIN_MSG } from '@rules/admin';
import { useCreateShippingOrderMutation, useGetShippingTicketMutation } from './adminOrdersApi';
import { messageOf, useNotify } from './notify';
import { GOODS_TYPES, specsFor, ticketDefaults, type TicketForm } from './orderRules';

/** The server's text (src/modules/logistics SHIPPING_MSG.created) when it sends none. */
export const TICKET_CREATED = '出貨單建立成功';

/** How often and how long a pending ticket is asked for (the job normally ends within seconds). */
export const POLL_MS = 2000;
export const POLL_LIMIT = 30;

type Outcome =
  | { kind: 'pending' }
  | { kind: 'created'; ticket?: ShippingTicketView; message?: string }
  | { kind: 'duplicate'; pdfUrl?: string }
  | { kind: 'warning'; message: string }
  | { kind: 'failed'; message: string };

/** What an answer (create or poll) means for the screen. */
function outcomeOf(answer: { success: boolean; message?: string; pending?: boolean; ticket?: ShippingTicketView; pdfUrl?: string }): Outcome {
  const t = answer.ticket;
  if (answer.pending || t?.status === 'pending') return { kind: 'pending' };
  if (t?.status === 'duplicate' || answer.message?.includes(ADMIN_MSG.duplicateTicket) || answer.message?.includes('HOME01092')) {
    return { kind: 'duplicate', pdfUrl: answer.pdfUrl || t?.label_url || undefined };
  }
  if (answer.success && (!t || t.status === 'created')) return { kind: 'created', ticket: t, message: answer.message };
  if (answer.message === ADMIN_MSG.noTicketUnpaid) return { kind: 'warning', message: answer.message };
  return { kind: 'failed', message: answer.message || t?.message || ADMIN_MSG.ticketFailed };
}

/**
 * 建立出貨單 (spec 2 §4, §7, §8): the spec's defaults — home and island: ship tomorrow, deliver in
 * 3 days, HOME, shipType 2, spec 1, hideProdDesc Y; 7-11: C2C, shipType 1, labelMode 2 — editable
 * where PAYUNi lets staff choose (goods type, package size, dates, memo). The server runs it as a
 * job: a `pending` answer is asked again until the ticket is made or failed.
 */
export function ShipTicketModal({ order, onClose }: { order: AdminOrderView; onClose: () => void }) {
  const notify = useNotify();
  const [form] = Form.useForm<TicketForm>();
  const [initial] = useState(() => ticketDefaults(order.shipping));
  const home = initial.lgsType === 'HOME';
  const goodsType = Form.useWatch('goodsType', form) ?? initial.goodsType;
  const [create, { isLoading }] = useCreateShippingOrderMutation();
  const [poll] = useGetShippingTicketMutation();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // Mounted (StrictMode mounts twice: set again on each mount): a closed dialog stops polling.
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  // 150 cm is for ambient goods only: a colder choice brings the size down.
  useEffect(() => {
    const spec: unknown = form.getFieldValue('spec');
    if (spec && !specsFor(goodsType).some((s) => s.value === spec)) form.setFieldValue('spec', '3');
  }, [goodsType, form]);

  const waitFor = async (ticketId: number): Promise<Outcome> => {
    for (let i = 0; i < POLL_LIMIT && alive.current; i++) {
      await new Promise((r) => setTimeout(r, POLL_MS));
      if (!alive.current) break;
      try {
        const answer = await poll(ticketId).unwrap();
        const next = outcomeOf(answer);
        if (next.kind !== 'pending') return next;
      } catch {
        // a failed poll is asked again
      }
    }
    return { kind: 'failed', message: '出貨單仍在建立中，請稍後重新開啟訂單查看' };
  };

  const submit = async (v: TicketForm) => {
    const body = home
      ? { order_id: order.order_id, ship_trade_no: order.ship_trade_no ?? '', lgsType: 'HOME' as const, shipType: '2' as const, goodsType: v.goodsType, shipDate: v.shipDate, deliveryDate: v.deliveryDate, spec: v.spec, hideProdDesc: v.hideProdDesc, memo: v.memo ?? '' }
      : { order_id: order.order_id, ship_trade_no: order.ship_trade_no ?? '', lgsType: 'C2C' as const, shipType: '1' as const, goodsType: v.goodsType, labelMode: initial.labelMode, memo: v.memo ?? '' };
    let result: Outcome;
    try {
      const answer = await create(body).unwrap();
      result = outcomeOf(answer);
      if (result.kind === 'pending' && answer.ticket) {
        setOutcome(result);
        result = await waitFor(answer.ticket.id);
      }
    } catch (err) {
      const data = (err as { data?: { success: boolean; message?: string; pdfUrl?: string } }).data;
      result = data ? outcomeOf({ ...data, success: false }) : { kind: 'failed', message: messageOf(err, ADMIN_MSG.systemError) };
    }
    if (!alive.current) return;
    setOutcome(result);
    if (result.kind === 'created') {
      notify.success(result.message || TICKET_CREATED);
      onClose();
    } else if (result.kind === 'warning') notify.warning(result.message);
    else if (result.kind === 'duplicate') notify.warning(ADMIN_MSG.duplicateTicket);
    else if (result.kind === 'failed') notify.error(result.message);
  };

  const busy = isLoading || outcome?.kind === 'pending';
  return (
    <Modal
      open
      title={`建立出貨單 — 訂單 #${order.order_id}`}
      onCancel={onClose}
      okText="建立出貨單"
      cancelText="關閉"
      onOk={() => form.submit()}
      okButtonProps={{ loading: busy, disabled: outcome?.kind === 'duplicate' }}
      destroyOnHidden
      maskClosable={!busy}
      className="ss-aord-submodal"
    >
      <Form<TicketForm> form={form} name="aord-ticket" layout="vertical" initialValues={initial} onFinish={(v) => void submit(v)} disabled={busy} className="ss-aord-ticket-form">
        <div className="ss-aord-grid">
          <Form.Item label="物流類型">
            <Input value={home ? '黑貓宅配（HOME）' : '7-11 店到店（C2C）'} readOnly data-testid="ticket-lgs" />
          </Form.Item>
          <Form.Item label="溫層" name="goodsType">
            <Select options={(home ? GOODS_TYPES : GOODS_TYPES.slice(0, 2)).map((g) => ({ value: g.value, label: g.label }))} />
          </Form.Item>
          {home && (
            <>
              <Form.Item label="出貨日期" name="shipDate" rules={[{ required: true, message: '請選擇出貨日期' }]}>
                <Input type="date" />
              </Form.Item>
              <Form.Item
                label="預計到貨日期"
                name="deliveryDate"
                dependencies={['shipDate']}
                rules={[
                  { required: true, message: '請選擇到貨日期' },
                  ({ getFieldValue }) => ({
                    validator: (_, value: string) => (value && value < getFieldValue('shipDate') ? Promise.reject(new Error('到貨日期不可早於出貨日期')) : Promise.resolve()),
                  }),
                ]}
              >
                <Input type="date" />
              </Form.Item>
              <Form.Item label="包裹尺寸" name="spec">
                <Select options={specsFor(goodsType).map((s) => ({ value: s.value, label: s.label }))} />
              </Form.Item>
              <Form.Item label="隱藏商品名稱" name="hideProdDesc" getValueProps={(v: string) => ({ checked: v === 'Y' })} normalize={(checked: boolean) => (checked ? 'Y' : 'N')}>
                <Switch checkedChildren="Y" unCheckedChildren="N" />
              </Form.Item>
            </>
          )}
        </div>
        <Form.Item label="備註" name="memo">
          <Input.TextArea maxLength={100} showCount autoSize={{ minRows: 1, maxRows: 3 }} />
        </Form.Item>
      </Form>
      {outcome?.kind === 'pending' && (
        <div className="ss-aord-pending" role="status">
          <Spin size="small" /> 出貨單建立中，請稍候…
        </div>
      )}
      {outcome?.kind === 'duplicate' && (
        <Alert
          type="warning"
          showIcon
          role="alert"
          title={ADMIN_MSG.duplicateTicket}
          description={
            <>
              此宅配單已領取過，可下載 PDF 重新列印。
              {outcome.pdfUrl && (
                <div>
                  <Button type="link" href={outcome.pdfUrl} target="_blank" rel="noopener" className="ss-aord-link">
                    下載 PDF
                  </Button>
                </div>
              )}
            </>
          }
        />
      )}
      {(outcome?.kind === 'failed' || outcome?.kind === 'warning') && <Alert type={outcome.kind === 'warning' ? 'warning' : 'error'} showIcon role="alert" title={outcome.message} />}
    </Modal>
  );
}
