import { Button, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import type { AdminOrderView, ShippingTicketView } from '@api/admin';
import { ADMIN_MSG } from '@rules/admin';
import { taipeiDateTime } from '../../../shop/features/orders/orderView';
import { useCallCarrierMutation } from './adminOrdersApi';
import { MarkShippedModal } from './MarkShippedModal';
import { messageOf, useNotify } from './notify';
import { LGS_TYPE_LABEL, TICKET_STATUS_LABEL, ticketKind } from './orderRules';
import { ShippingStatusModal } from './ShippingStatusModal';
import { ShipTicketModal } from './ShipTicketModal';

type Open = { kind: 'ticket' } | { kind: 'manual' } | { kind: 'status'; ticket: ShippingTicketView } | null;

/** The ticket whose parcel status can be asked (a created PAYUNi ticket, newest first). */
export function statusTicket(tickets: readonly ShippingTicketView[]): ShippingTicketView | undefined {
  return tickets.find((t) => t.lgs_type !== 'MANUAL' && (t.status === 'created' || t.status === 'duplicate') && t.ship_trade_no);
}

/**
 * Shipping of an order (spec 2 §4, §8): its tickets (print again, status), 建立出貨單 (7-11 C2C,
 * T-cat HOME), 手動出貨 (全家 / 萊爾富: carrier and tracking number by hand), 查詢物流狀態, 叫車.
 */
export function ShippingSection({ order, tickets }: { order: AdminOrderView; tickets: ShippingTicketView[] }) {
  const notify = useNotify();
  const [open, setOpen] = useState<Open>(null);
  const [callCarrier, { isLoading: calling }] = useCallCarrierMutation();
  const kind = ticketKind(order.shipping);
  const forStatus = statusTicket(tickets);

  const call = async () => {
    try {
      const answer = await callCarrier({ order_id: order.order_id }).unwrap();
      if (answer.success) notify.success(answer.message || '已通知物流叫車');
      else notify.error(answer.message || ADMIN_MSG.callCarrierClosed);
    } catch (err) {
      notify.error(messageOf(err, ADMIN_MSG.callCarrierClosed));
    }
  };

  return (
    <section aria-labelledby="aord-sec-shipping" data-testid="shipping-section">
      <div className="ss-aord-h-row">
        <h3 id="aord-sec-shipping" className="ss-aord-h">
          出貨
        </h3>
        <Space wrap>
          {kind !== 'MANUAL' && order.can.createTicket && (
            <Button type="primary" onClick={() => setOpen({ kind: 'ticket' })}>
              建立出貨單
            </Button>
          )}
          {order.can.markShipped && <Button onClick={() => setOpen({ kind: 'manual' })}>手動出貨</Button>}
          {order.can.queryStatus && forStatus && <Button onClick={() => setOpen({ kind: 'status', ticket: forStatus })}>查詢物流狀態</Button>}
          {kind === 'HOME' && (
            <Button onClick={() => void call()} loading={calling}>
              叫車
            </Button>
          )}
        </Space>
      </div>
      {tickets.length === 0 ? (
        <Typography.Text type="secondary">尚未建立出貨單</Typography.Text>
      ) : (
        <ul className="ss-aord-list" data-testid="detail-tickets">
          {tickets.map((t) => (
            <li key={t.id} className="ss-aord-item" data-testid={`ticket-${t.id}`}>
              <div className="ss-aord-item-head">
                <strong>{LGS_TYPE_LABEL[t.lgs_type] ?? t.lgs_type}</strong>
                <Tag color={t.status === 'created' ? 'green' : t.status === 'failed' ? 'red' : 'orange'} data-testid="ticket-status">
                  {TICKET_STATUS_LABEL[t.status] ?? t.status}
                </Tag>
                {t.ship_trade_no && <span>物流單號 {t.ship_trade_no}</span>}
                {t.carrier && <span>{t.carrier}</span>}
              </div>
              {(t.ship_status_desc || t.ship_status) && (
                <div data-testid="ticket-ship-status">
                  物流狀態：{t.ship_status_desc || t.ship_status}
                  {t.ship_status_time ? <span className="ss-aord-muted">（{taipeiDateTime(t.ship_status_time) || t.ship_status_time}）</span> : null}
                </div>
              )}
              {t.message && <div className="ss-aord-muted">{t.message}</div>}
              <div className="ss-aord-muted">
                {taipeiDateTime(t.created_at)} · {t.created_by}
                {t.ship_date && ` · 出貨日 ${t.ship_date}`}
                {t.memo && ` · 備註 ${t.memo}`}
              </div>
              {t.label_url && (
                <a href={t.label_url} target="_blank" rel="noopener" className="ss-aord-link">
                  列印出貨單
                </a>
              )}
            </li>
          ))}
        </ul>
      )}
      {open?.kind === 'ticket' && <ShipTicketModal order={order} onClose={() => setOpen(null)} />}
      {open?.kind === 'manual' && <MarkShippedModal order={order} onClose={() => setOpen(null)} />}
      {open?.kind === 'status' && <ShippingStatusModal order={order} ticket={open.ticket} onClose={() => setOpen(null)} />}
    </section>
  );
}
