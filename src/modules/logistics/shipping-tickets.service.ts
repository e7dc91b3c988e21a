import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import { In, QueryFailedError } from 'typeorm';
import type { CreateShippingOrderAnswer, ShippingTicketAnswer, ShippingTicketView } from '../../common/api/admin';
import type { SessionAdmin } from '../../common/auth/admin-auth';
import { AppError, NotFoundError } from '../../common/errors/app-error';
import { ok } from '../../common/http/envelope';
import { taipeiToday } from '../../common/time/taipei-time';
import { DomainEvents } from '../../common/events/domain-events';
import { Transactions } from '../../common/transactions/transactions';
import { ADMIN_MSG } from '../../common/validation/admin';
import { CHECKOUT_MSG, HOME_SHIPPINGS, SHIPPING } from '../../common/validation/checkout-rules';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { consigneeNameOk, payuniFormMarkup } from '../../integrations/payuni/payuni-client';
import { PayuniError, type PayuniForm } from '../../integrations/payuni/payuni-gateway';
import type { PayuniLogistics } from '../../integrations/payuni/payuni-logistics';
import { PAYUNI_LOGISTICS } from '../../integrations/providers/provider-tokens';
import { Outbox } from '../../jobs/outbox/outbox.service';
import { JobName } from '../../jobs/job-types';
import { AuditTrail } from '../audit/audit-trail.service';
import { OrderStateService } from '../orders/order-state.service';
import type { CreateShippingOrderDto, MarkShippedDto } from './dto/admin-shipping.dto';
import { ShippingTicket } from './entities/shipping-ticket.entity';
import { autoSubmitPage, SHIPPING_MSG } from './shipping-pages';
import { isDuplicateKey, lockForRead } from '../../database/db-dialect';
import { canMove } from '../orders/order-lifecycle';

/** An order as OrderStateService answers it (the orders module's entity stays its own). */
type Order = NonNullable<Awaited<ReturnType<OrderStateService['findById']>>>;

/** Ticket states: the job is queued, PAYUNi made it, it failed, or HOME01092 (made before). */
export const TICKET_STATUS = { pending: 'pending', created: 'created', failed: 'failed', duplicate: 'duplicate' } as const;
/** States in which a ticket is the order's shipment (one at a time: `live_order_id`). */
const LIVE = [TICKET_STATUS.pending, TICKET_STATUS.created, TICKET_STATUS.duplicate] as string[];

/** Where the status notify of PAYUNi goes (set in PAYUNi's back office to `${PUBLIC_URL}` + this). */
export const STATUS_NOTIFY_PATH = '/api/logistics/payuni/notify';

/** The ticket form after the defaults (spec 2 §4 ship-ticket modal). */
export interface TicketForm {
  lgsType: 'C2C' | 'HOME';
  shipType: '1' | '2';
  goodsType: '1' | '2' | '3';
  shipDate: string;
  deliveryDate: string;
  spec: string;
  hideProdDesc: 'Y' | 'N' | '';
  labelMode: string;
  memo: string;
}

/** `YYYY-MM-DD` plus `days` (calendar arithmetic on the date itself). */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * The ticket form for an order: what staff sent, else the defaults — home and island delivery:
 * ship date tomorrow, delivery 3 days ahead, HOME, shipType 2, spec 1, hideProdDesc Y; stores:
 * C2C, shipType 1, labelMode 2; goods ambient. Throws AppError on a form that does not fit the order.
 */
export function ticketFormFor(shipping: number, dto: Omit<CreateShippingOrderDto, 'order_id'>, today: string): TicketForm {
  const home = HOME_SHIPPINGS.includes(shipping);
  const lgsType = (dto.lgsType ?? (home ? 'HOME' : 'C2C')) as 'C2C' | 'HOME';
  if ((lgsType === 'HOME') !== home || (!home && shipping !== SHIPPING.seven)) throw new AppError(SHIPPING_MSG.lgsTypeMismatch, HttpStatus.BAD_REQUEST);
  const shipType = (dto.shipType ?? (home ? '2' : '1')) as '1' | '2';
  if (shipType !== (home ? '2' : '1')) throw new AppError(SHIPPING_MSG.lgsTypeMismatch, HttpStatus.BAD_REQUEST);
  const goodsType = (dto.goodsType ?? '1') as TicketForm['goodsType'];
  if (!home && goodsType === '3') throw new AppError(SHIPPING_MSG.lgsTypeMismatch, HttpStatus.BAD_REQUEST);
  if (!home) return { lgsType, shipType, goodsType, shipDate: '', deliveryDate: '', spec: '', hideProdDesc: '', labelMode: dto.labelMode ?? '2', memo: dto.memo ?? '' };
  const shipDate = dto.shipDate ?? addDays(today, 1);
  const deliveryDate = dto.deliveryDate ?? addDays(today, 3);
  if (shipDate < today || deliveryDate < shipDate || Number.isNaN(Date.parse(`${shipDate}T00:00:00Z`)) || Number.isNaN(Date.parse(`${deliveryDate}T00:00:00Z`))) throw new AppError(SHIPPING_MSG.badDate, HttpStatus.BAD_REQUEST);
  const spec = dto.spec ?? '1';
  if (spec === '4' && goodsType !== '1') throw new AppError(SHIPPING_MSG.spec150Ambient, HttpStatus.BAD_REQUEST);
  return { lgsType, shipType, goodsType, shipDate, deliveryDate, spec, hideProdDesc: (dto.hideProdDesc ?? 'Y') as 'Y' | 'N', labelMode: '', memo: dto.memo ?? '' };
}

/** The shipment's own MerTradeNo at PAYUNi: the order's number without `SS` + `T` + the ticket id (base 36), ≤ 25. */
export function shipmentMerTradeNo(orderMerTradeNo: string, ticketId: number): string {
  return `${orderMerTradeNo.replace(/^SS/, '').slice(0, 18)}T${ticketId.toString(36).toUpperCase()}`.slice(0, 25);
}

const LGS_LABEL: Record<string, string> = { C2C: '7-11 C2C', B2C: '7-11 B2C', HOME: '黑貓宅配', MANUAL: '手動出貨' };

/**
 * Shipping tickets (spec 2 §4 ship-ticket modal, issue 11): created by staff, made at PAYUNi by
 * the `shipping.create-ticket` job (outbox, idempotent), one live ticket per order, a stored
 * printable label; 全家 / 萊爾富 marked shipped by hand with the carrier's tracking number.
 * `listForOrder` serves the admin order details.
 */
@Injectable()
export class ShippingTickets {
  private readonly log = new Logger('ShippingTickets');

  constructor(
    private readonly tx: Transactions,
    private readonly orders: OrderStateService,
    private readonly outbox: Outbox,
    private readonly audit: AuditTrail,
    @Inject(PAYUNI_LOGISTICS) private readonly payuni: PayuniLogistics,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly events: DomainEvents,
  ) {}

  /** Every ticket of an order, newest first (admin order details). */
  async listForOrder(orderId: number): Promise<ShippingTicketView[]> {
    const rows = await this.tx.repo(ShippingTicket).find({ where: { order_id: orderId }, order: { created_at: 'DESC', id: 'DESC' } });
    return rows.map((t) => this.view(t));
  }

  /** The tickets of several orders (a page of the admin list) in one read, newest first per order. */
  async listForOrders(orderIds: readonly number[]): Promise<Map<number, ShippingTicketView[]>> {
    const out = new Map<number, ShippingTicketView[]>(orderIds.map((id) => [id, []]));
    if (!orderIds.length) return out;
    const rows = await this.tx.repo(ShippingTicket).find({ where: { order_id: In([...orderIds]) }, order: { created_at: 'DESC', id: 'DESC' } });
    for (const t of rows) out.get(t.order_id)?.push(this.view(t));
    return out;
  }

  findById(id: number): Promise<ShippingTicket | null> {
    return this.tx.repo(ShippingTicket).findOne({ where: { id } });
  }

  /** The newest ticket with this shipment number. */
  findByShipTradeNo(shipTradeNo: string): Promise<ShippingTicket | null> {
    return this.tx.repo(ShippingTicket).findOne({ where: { ship_trade_no: shipTradeNo }, order: { id: 'DESC' } });
  }

  /**
   * `createShippingOrder`: checks the order, records a pending ticket and its job in one
   * transaction (a double click finds the live ticket and answers it), then waits for the job up
   * to SHIPPING_TICKET_WAIT_MS; still running → `pending` (the screen polls getShippingTicket).
   * `origin`: the shop origin the admin is on (label links).
   */
  async create(dto: CreateShippingOrderDto, admin: SessionAdmin, origin: string): Promise<CreateShippingOrderAnswer> {
    const ticketId = await this.tx.run(async () => {
      const order = await this.orders.findById(dto.order_id);
      if (!order) throw new NotFoundError(CHECKOUT_MSG.orderNotFound);
      // The order's live ticket answers again (a double click, a reprint): one shipment per order.
      // A failed or cancelled shipment is not live: a new ticket is made (whatever ship_trade_no the form carries).
      const live = await this.tx.repo(ShippingTicket).findOne({ where: { live_order_id: order.id } });
      if (live) return live.id;
      if (order.shipping === SHIPPING.family || order.shipping === SHIPPING.hilife) throw new AppError(SHIPPING_MSG.manualOnly, HttpStatus.CONFLICT);
      this.checkShippable(order);
      // PAYUNi's consignee rules are narrower than the checkout's (any number of 漢字): refuse before a ticket fails.
      if (!consigneeNameOk(order.name)) throw new AppError(SHIPPING_MSG.consigneeName, HttpStatus.CONFLICT);
      if (!/^09\d{8}$/.test(order.phone.trim())) throw new AppError(SHIPPING_MSG.consigneeMobile, HttpStatus.CONFLICT);
      const form = ticketFormFor(order.shipping, dto, taipeiToday());
      const id = await this.insertLive(order, {
        ship_type: form.shipType,
        lgs_type: form.lgsType,
        goods_type: form.goodsType,
        ship_date: form.shipDate,
        delivery_date: form.deliveryDate,
        spec: form.spec,
        memo: form.memo,
        hide_prod_desc: form.hideProdDesc,
        label_mode: form.labelMode,
        status: TICKET_STATUS.pending,
        created_by: admin.id,
        created_by_name: admin.username.slice(0, 50),
      });
      if (id === null) return (await this.liveTicketNow(order.id))!.id;
      await this.tx.repo(ShippingTicket).update({ id }, { mer_trade_no: shipmentMerTradeNo(order.mer_trade_no, id) });
      // A few attempts (about 5 minutes): staff wait for the ticket; the last one fails it.
      await this.outbox.enqueue(JobName.ShippingCreateTicket, { orderId: order.id, ticketId: id, adminId: admin.id }, { jobId: `ship-ticket:${id}`, attempts: 6 });
      await this.audit.record({
        admin,
        action: 'shipping.create-ticket',
        entity: 'order',
        entityId: order.id,
        changes: { ticket: [null, { id, lgsType: form.lgsType, shipType: form.shipType, goodsType: form.goodsType, shipDate: form.shipDate, deliveryDate: form.deliveryDate, spec: form.spec, memo: form.memo }] },
        summary: `建立出貨單 ${LGS_LABEL[form.lgsType]}`,
      });
      return id;
    });
    const ticket = await this.waitFor(ticketId, this.config.logistics?.ticketWaitMs ?? 8000);
    return this.answer(ticket, origin);
  }

  /** `getShippingTicket`: the ticket as it is now (the screen polls a pending one). */
  async get(ticketId: number, origin: string): Promise<ShippingTicketAnswer> {
    const t = await this.findById(ticketId);
    if (!t) throw new NotFoundError(SHIPPING_MSG.ticketNotFound);
    return this.answer(t, origin);
  }

  /**
   * `markShipped`: a 全家 / 萊爾富 order shipped with the carrier's tracking number (no PAYUNi
   * service): a MANUAL ticket, the order moved to shipped (its COD invoice enqueued), audited.
   */
  async markShipped(dto: MarkShippedDto, admin: SessionAdmin): Promise<ShippingTicketAnswer> {
    const ticket = await this.tx.run(async () => {
      const order = await this.orders.findById(dto.order_id);
      if (!order) throw new NotFoundError(CHECKOUT_MSG.orderNotFound);
      if (order.shipping !== SHIPPING.family && order.shipping !== SHIPPING.hilife) throw new AppError(SHIPPING_MSG.notManual, HttpStatus.CONFLICT);
      if (await this.tx.repo(ShippingTicket).exists({ where: { live_order_id: order.id } })) throw new AppError(SHIPPING_MSG.alreadyShipped, HttpStatus.CONFLICT);
      this.checkShippable(order);
      const id = await this.insertLive(order, {
        ship_type: '1',
        lgs_type: 'MANUAL',
        goods_type: '1',
        carrier: dto.carrier.slice(0, 20),
        ship_trade_no: dto.tracking_no,
        status: TICKET_STATUS.created,
        created_by: admin.id,
        created_by_name: admin.username.slice(0, 50),
      });
      if (id === null) throw new AppError(SHIPPING_MSG.alreadyShipped, HttpStatus.CONFLICT);
      const moved = await this.orders.markShipped(order.id, dto.tracking_no);
      if (moved === 'refused') throw new AppError(SHIPPING_MSG.notShippable, HttpStatus.CONFLICT);
      // Issue 22: order news (shipped), once — only the move itself publishes, in this transaction.
      if (moved === 'shipped') await this.events.publish('order.shipped', { orderId: order.id });
      await this.audit.record({
        admin,
        action: 'shipping.mark-shipped',
        entity: 'order',
        entityId: order.id,
        before: { status_name: order.status_name, ship_trade_no: order.ship_trade_no },
        after: { status_name: 'shipped', ship_trade_no: dto.tracking_no, carrier: dto.carrier },
        summary: `手動出貨 ${dto.carrier} ${dto.tracking_no}`,
      });
      return (await this.findById(id))!;
    });
    return ok({ ticket: this.view(ticket) }, SHIPPING_MSG.markedShipped);
  }

  /** The label page of a ticket: 7-11 the stored page; T-cat the auto-submit form to PAYUNi's PDF. Null: none. */
  labelPage(t: ShippingTicket, origin: string): string | null {
    if (t.lgs_type === 'HOME' && t.ship_trade_no) {
      const form = this.homeLabelForm(t, origin);
      return form ? autoSubmitPage(form, `黑貓託運單 ${t.ship_trade_no}`) : null;
    }
    return t.label_html || null;
  }

  /**
   * An order was fully refunded (Refunds, in its transaction): a live PAYUNi ticket whose parcel was
   * not handed over yet (no status, 91 new, 92/98 processing) is cancelled at PAYUNi by the
   * `shipping.cancel-ticket` job (outbox, after commit); a ticket still waiting for its job is
   * failed here, so the job makes no shipment for a refunded order. Answers the ticket id, or null when none.
   */
  async cancelUnsentAfterRefund(orderId: number): Promise<number | null> {
    const live = await this.tx.repo(ShippingTicket).findOne({ where: { live_order_id: orderId } });
    if (live?.status === TICKET_STATUS.pending) {
      const res = await this.tx
        .repo(ShippingTicket)
        .update({ id: live.id, status: TICKET_STATUS.pending }, { status: TICKET_STATUS.failed, live_order_id: null, message: SHIPPING_MSG.cancelledAfterRefund });
      if (res.affected === 1) return live.id;
    }
    if (!live || live.lgs_type === 'MANUAL' || !live.ship_trade_no || !['', '91', '92', '98'].includes(live.ship_status)) return null;
    await this.outbox.enqueue(JobName.ShippingCancelTicket, { orderId, ticketId: live.id }, { jobId: `ship-cancel:${live.id}`, attempts: 6 });
    return live.id;
  }

  /** The view the admin screens read (ShippingTicketView). */
  view(t: ShippingTicket): ShippingTicketView {
    const printable = (t.status === TICKET_STATUS.created || t.status === TICKET_STATUS.duplicate) && Boolean(t.ship_trade_no) && (t.lgs_type === 'HOME' || Boolean(t.label_html));
    return {
      id: t.id,
      order_id: t.order_id,
      ship_trade_no: t.ship_trade_no,
      ship_type: t.ship_type,
      lgs_type: t.lgs_type,
      goods_type: t.goods_type,
      ship_date: t.ship_date,
      delivery_date: t.delivery_date,
      spec: t.spec,
      memo: t.memo,
      status: t.status,
      message: t.message,
      carrier: t.carrier,
      label_url: printable ? labelUrl(t.id) : '',
      ship_status: t.ship_status,
      ship_status_desc: t.ship_status_desc,
      ship_status_time: t.ship_status_time ? new Date(t.ship_status_time).toISOString() : null,
      created_by: t.created_by_name,
      created_at: new Date(t.created_at).toISOString(),
    };
  }

  /** The answer for a ticket's state (create and poll): HOME01092 → 409 已重複領取 with the PDF link, a failure → 502 出貨單建立失敗. */
  private answer(t: ShippingTicket, origin: string): CreateShippingOrderAnswer & ShippingTicketAnswer {
    const ticket = this.view(t);
    switch (t.status) {
      case TICKET_STATUS.pending:
        return ok({ ticket, pending: true }, SHIPPING_MSG.pending);
      case TICKET_STATUS.created: {
        const result = this.resultHtml(t, origin);
        return ok({ ticket, ...(result ? { result } : {}), ...(t.lgs_type === 'HOME' && ticket.label_url ? { pdfUrl: ticket.label_url } : {}) }, SHIPPING_MSG.created);
      }
      // Refusals answer like the other admin calls (AppError: `{ success: false, message, … }`), with the ticket.
      case TICKET_STATUS.duplicate:
        throw new AppError(ADMIN_MSG.duplicateTicket, HttpStatus.CONFLICT, { ticket, ...(ticket.label_url ? { pdfUrl: ticket.label_url } : {}) });
      default:
        throw new AppError(ADMIN_MSG.ticketFailed, HttpStatus.BAD_GATEWAY, { ticket });
    }
  }

  /** `result` of spec 2 §7 (an HTML string for the ticket): the 7-11 page, or the T-cat label form. */
  private resultHtml(t: ShippingTicket, origin: string): string | undefined {
    if (t.lgs_type === 'HOME') {
      const form = this.homeLabelForm(t, origin);
      return form ? payuniFormMarkup(form, { id: 'shipLabelForm', target: '_blank' }) : undefined;
    }
    return t.label_html ?? undefined;
  }

  private homeLabelForm(t: ShippingTicket, origin: string): PayuniForm | null {
    try {
      return this.payuni.homeLabelForm({ shipTradeNo: t.ship_trade_no, shipDate: t.ship_date, deliveryDate: t.delivery_date, spec: t.spec || '1', origin });
    } catch (e) {
      if (!(e instanceof PayuniError)) throw e;
      this.log.warn(`label form of ticket #${t.id} refused: ${e.message}`);
      return null;
    }
  }

  /**
   * Shippable now: cash on delivery whatever its payment (not refunded), else paid; not cancelled
   * or returned; not yet delivered. A shipped order (its shipment cancelled) may get a new ticket.
   */
  private checkShippable(order: Order): void {
    if (order.payment !== 'cod' && order.payment_status !== 1) throw new AppError(ADMIN_MSG.noTicketUnpaid, HttpStatus.CONFLICT);
    // The lifecycle's `ship` (order-lifecycle.ts) decides; a shipped order may get a new ticket (its `already` branch).
    const reticket = order.status_name === 'shipped' && order.payment_status !== 3;
    if (!reticket && !canMove('ship', order, { kind: 'staff', role: 'owner' })) throw new AppError(SHIPPING_MSG.notShippable, HttpStatus.CONFLICT);
  }

  /** Inserts a live ticket; null when another one became live meanwhile (the unique live_order_id). */
  private async insertLive(order: Order, fields: Partial<ShippingTicket>): Promise<number | null> {
    try {
      const res = await this.tx.repo(ShippingTicket).insert({ order_id: order.id, live_order_id: order.id, ...fields } as never);
      return Number(res.identifiers[0].id);
    } catch (e) {
      if (e instanceof QueryFailedError && isDuplicateKey(e)) return null;
      throw e;
    }
  }

  /**
   * The order's live ticket as committed now (the one a concurrent click inserted): on MariaDB a
   * plain read inside the transaction sees its older snapshot (REPEATABLE READ); a locking read sees the latest.
   */
  private liveTicketNow(orderId: number): Promise<ShippingTicket | null> {
    return lockForRead(this.tx.repo(ShippingTicket).createQueryBuilder('t').where('t.live_order_id = :orderId', { orderId })).getOne();
  }

  /** Polls the ticket until its job has answered or `ms` passed. */
  private async waitFor(id: number, ms: number): Promise<ShippingTicket> {
    const until = Date.now() + ms;
    for (;;) {
      const t = (await this.findById(id))!;
      if (t.status !== TICKET_STATUS.pending || Date.now() >= until) return t;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

export function labelUrl(ticketId: number): string {
  return `/api/admin/shippingLabel/${ticketId}`;
}


export { LIVE as LIVE_TICKET_STATUSES };
