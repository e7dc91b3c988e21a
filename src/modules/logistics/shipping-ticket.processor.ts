import { Inject, Injectable, Logger } from '@nestjs/common';
import { In } from 'typeorm';
import { DomainEvents } from '../../common/events/domain-events';
import { Transactions } from '../../common/transactions/transactions';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { PayuniError } from '../../integrations/payuni/payuni-gateway';
import type { PayuniLogistics, ShipmentResult } from '../../integrations/payuni/payuni-logistics';
import { PAYUNI_LOGISTICS } from '../../integrations/providers/provider-tokens';
import { JobHandler } from '../../jobs/job-handler.decorator';
import { JobName, type JobOf } from '../../jobs/job-types';
import { OrderStateService } from '../orders/order-state.service';
import { ShippingTicket } from './entities/shipping-ticket.entity';
import { SHIPPING_MSG, storeLabelHtml } from './shipping-pages';
import { TICKET_STATUS } from './shipping-tickets.service';

/** An order and its lines as OrderStateService.withItems answers them (the orders module's entities stay its own). */
type OrderWithItems = NonNullable<Awaited<ReturnType<OrderStateService['withItems']>>>;
type Order = OrderWithItems['order'];
type OrderItem = OrderWithItems['items'][number];

/** PAYUNi's "already collected" (spec 2 §8): the T-cat shipment exists; its label can be printed again. */
export const HOME_DUPLICATE = 'HOME01092';

/** ProdDesc of a T-cat shipment (≤ 20): a neutral text when hidden, else the first item (+ how many more). */
export function prodDescOf(items: Pick<OrderItem, 'title' | 'quantity'>[], hide: boolean): string {
  if (hide || items.length === 0) return '商品一批';
  const count = items.reduce((n, i) => n + i.quantity, 0);
  const tail = count > 1 ? `等${count}件` : '';
  const head = [...items[0].title.replace(/\s+/g, ' ').trim()].slice(0, 20 - [...tail].length).join('');
  return `${head}${tail}` || '商品一批';
}

/** The receiver's address on one line (zip, city, district, street), ≤ 120. */
export function addressOf(o: Pick<Order, 'zip' | 'city' | 'district' | 'street'>): string {
  return [...`${o.zip}${o.city}${o.district}${o.street}`.replace(/\s+/g, '')].slice(0, 120).join('');
}

/**
 * `shipping.create-ticket`: makes the ticket's shipment at PAYUNi (7-11 `logistics/trade`, T-cat
 * `home_delivery/trade`) and records the answer; a made shipment moves the order to shipped (a
 * cash-on-delivery order's e-invoice is enqueued then, by OrderStateService.markShipped).
 *
 * Idempotent: a ticket no longer pending is left alone; the shipment's MerTradeNo is the same on
 * every attempt, so an attempt after a lost answer meets PAYUNi's duplicate — HOME01092 (the ticket
 * becomes `duplicate`, its label printable again) or, for 7-11, the MerTradeNo reuse naming the
 * shipment made (recorded as made). A refusal (our rules, PAYUNi's field errors) fails the ticket
 * at once (staff may create another); network and gateway trouble retries, and the last attempt
 * fails the ticket.
 */
@Injectable()
export class ShippingTicketProcessor {
  private readonly log = new Logger('ShippingTicketJob');

  constructor(
    private readonly tx: Transactions,
    private readonly orders: OrderStateService,
    @Inject(PAYUNI_LOGISTICS) private readonly payuni: PayuniLogistics,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly events: DomainEvents,
  ) {}

  @JobHandler(JobName.ShippingCreateTicket)
  async run(job: JobOf<'shipping.create-ticket'>): Promise<{ status: string; shipTradeNo?: string }> {
    const ticket = await this.tx.repo(ShippingTicket).findOne({ where: { id: job.data.ticketId } });
    if (!ticket) return { status: 'gone' };
    if (ticket.status !== TICKET_STATUS.pending) return { status: ticket.status, shipTradeNo: ticket.ship_trade_no };
    const found = await this.orders.withItems(ticket.order_id);
    if (!found) return this.fail(ticket, '訂單不存在');
    const { order, items } = found;
    let made: ShipmentResult;
    try {
      made = await this.make(ticket, order, items);
    } catch (e) {
      if (!(e instanceof PayuniError)) throw e;
      const fields = (e as PayuniError & { fields?: Record<string, string> }).fields ?? {};
      if (e.code === HOME_DUPLICATE) return this.record(ticket, order, { shipTradeNo: fields.ShipTradeNo ?? '', raw: fields }, TICKET_STATUS.duplicate, e.message);
      if (/01007$/.test(e.code) && fields.ShipTradeNo && job.attempt > 1) return this.record(ticket, order, { shipTradeNo: fields.ShipTradeNo, raw: fields }, TICKET_STATUS.created);
      if (e.retryable && job.attempt < job.maxAttempts) {
        this.log.warn(`ticket #${ticket.id} attempt ${job.attempt}: ${e.message}; retrying`);
        throw e;
      }
      return this.fail(ticket, e.code === 'VALIDATION' ? `${SHIPPING_MSG.invalidForCarrier}（${e.message.replace(/^VALIDATION: /, '')}）` : e.message);
    }
    return this.record(ticket, order, made, TICKET_STATUS.created);
  }

  private make(t: ShippingTicket, order: Order, items: OrderItem[]): Promise<ShipmentResult> {
    const cod = order.payment === 'cod' && order.payment_status !== 1;
    const common = { merTradeNo: t.mer_trade_no, tradeAmt: order.total_amount, serviceType: (cod ? 1 : 3) as 1 | 3, consignee: order.name.trim(), consigneeMobile: order.phone.trim() };
    if (t.lgs_type === 'HOME') {
      return this.payuni.createHomeShipment({
        ...common,
        // T-cat takes 30–20 000: a declared goods value below 30 is raised; cash to collect never is (PAYUNi refuses it).
        tradeAmt: cod ? common.tradeAmt : Math.max(common.tradeAmt, 30),
        goodsType: Number(t.goods_type) as 1 | 2 | 3,
        deliveryTimeTag: (['01', '02', '04'].includes(order.delivery_time_slot) ? order.delivery_time_slot : '04') as '01' | '02' | '04',
        consigneeAddress: addressOf(order),
        prodDesc: prodDescOf(items, t.hide_prod_desc !== 'N'),
      });
    }
    const logistics = this.config.logistics;
    return this.payuni.createStoreShipment({
      ...common,
      lgsType: 'C2C',
      goodsType: Number(t.goods_type) === 2 ? 2 : 1,
      storeId: order.store_id,
      refundStoreId: logistics?.returnStoreId ?? order.store_id,
      senderName: logistics?.senderName ?? '肌研舍',
      senderMobile: logistics?.senderMobile ?? '0912345678',
    });
  }

  /** A shipment exists at PAYUNi: the ticket records it (once) and the order ships. */
  private async record(t: ShippingTicket, order: Order, made: Pick<ShipmentResult, 'shipTradeNo' | 'raw'> & Partial<ShipmentResult>, status: string, message = '') {
    await this.tx.run(async () => {
      const label =
        t.lgs_type === 'HOME' || !made.shipTradeNo
          ? null
          : storeLabelHtml({
              merTradeNo: order.mer_trade_no,
              shipTradeNo: made.shipTradeNo,
              partnerId: made.partnerId,
              validationNo: made.raw.ValidationNo,
              storeId: order.store_id,
              storeName: made.storeName ?? order.store_name,
              storeAddr: made.storeAddr ?? order.store_addr,
              consignee: order.name,
              consigneeMobile: order.phone,
              collectAmount: order.payment === 'cod' && order.payment_status !== 1 ? order.total_amount : 0,
              senderName: this.config.logistics?.senderName ?? '肌研舍',
              memo: t.memo,
              labelMode: t.label_mode,
            });
      const res = await this.tx
        .repo(ShippingTicket)
        .update({ id: t.id, status: TICKET_STATUS.pending }, { status, ship_trade_no: made.shipTradeNo.slice(0, 64), raw: made.raw as never, label_html: label, message: message.slice(0, 255) });
      if (!res.affected) return;
      if (made.shipTradeNo) {
        const moved = await this.orders.markShipped(order.id, made.shipTradeNo);
        // Issue 22: order news (shipped), once — only the move itself publishes, in this transaction.
        if (moved === 'shipped') await this.events.publish('order.shipped', { orderId: order.id });
        if (moved === 'refused') this.log.warn(`order #${order.id} not moved to shipped (status ${order.status_name}) though ticket #${t.id} was made`);
      }
    });
    this.log.log(`ticket #${t.id} of order #${order.id}: ${status} ${made.shipTradeNo}`);
    return { status, shipTradeNo: made.shipTradeNo };
  }

  /** The ticket failed: no longer the order's live ticket (staff may create another). */
  private async fail(t: ShippingTicket, message: string) {
    await this.tx.repo(ShippingTicket).update({ id: t.id, status: In([TICKET_STATUS.pending]) }, { status: TICKET_STATUS.failed, live_order_id: null, message: message.slice(0, 255) });
    this.log.warn(`ticket #${t.id} failed: ${message}`);
    return { status: TICKET_STATUS.failed };
  }
}
