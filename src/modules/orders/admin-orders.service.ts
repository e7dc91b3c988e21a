import { HttpStatus, Injectable } from '@nestjs/common';
import { Brackets, In, SelectQueryBuilder } from 'typeorm';
import type {
  AdminConfigAnswer,
  AdminOrderDetailsAnswer,
  AdminOrderView,
  AdminOrdersAnswer,
  AuditEntryView,
  MemberOrderRow,
  RefundView,
  ReturnRequestView,
  ShippingTicketView,
} from '../../common/api/admin';
import type { Envelope } from '../../common/api/envelope';
import type { SessionAdmin } from '../../common/auth/admin-auth';
import { AppError, NotFoundError } from '../../common/errors/app-error';
import { GENERIC_BAD_REQUEST, ok } from '../../common/http/envelope';
import { TAIPEI_OFFSET_MS } from '../../common/time/taipei-time';
import { Transactions } from '../../common/transactions/transactions';
import { ReadCache } from '../../common/cache/read-cache.service';
import { ADMIN_MSG } from '../../common/validation/admin';
import { CHECKOUT_MSG, checkoutProblems, HOME_SHIPPINGS, SHIPPING } from '../../common/validation/checkout-rules';
import { lookupArea } from '../../common/validation/tw-zipcodes';
import { AuditTrail } from '../audit/audit-trail.service';
import { ShippingTickets } from '../logistics/shipping-tickets.service';
import { Refunds } from '../refunds/refunds.service';
import { Returns } from '../refunds/returns.service';
import { SETTINGS_CACHE, SettingsService } from '../settings/settings.service';
import { ADMIN_ORDERS_PAGE_SIZE, AdminOrdersPageDto, UpdateOrderReceiverDto } from './admin-orders.dto';
import { OrderItem } from './entities/order-item.entity';
import { OrderStatusCode } from './entities/order-status-code.entity';
import { Order } from './entities/order.entity';
import { PaymentStatusCode } from './entities/payment-status-code.entity';
import { ONLINE_PAYMENTS, ORDER_STATUS, PAYMENT_STATUS } from './order-state.service';
import { adjustmentsOf } from './order-adjustments';
import { OrderLabels, toOrderItemView, toOrderView } from './order-views';
import { ACTOR_LABEL, canMove, transitionSentence, type Actor, type ActorKind } from './order-lifecycle';
import { OrderLifecycle } from './order-lifecycle.runner';
import { ExtraPayments } from './extra-payments.service';
import { lockForWrite } from '../../database/db-dialect';

/** Any staff member (owner or staff) for the `can` flags: the endpoints check the real role. */
const STAFF: Actor = { kind: 'staff', role: 'staff' };
/** The order column each machine writes (the audit's field names). */
const MACHINE_FIELD: Record<string, string> = { order: 'status_name', payment: 'payment_status', return: 'return_status', refund: 'refund_status' };

const DAY_MS = 24 * 3600_000;

/** A Taipei calendar day `YYYY-MM-DD` → the UTC instant of its 00:00 (null when no such day). */
export function taipeiDayStart(day: string): Date | null {
  const utcMidnight = Date.parse(`${day}T00:00:00.000Z`);
  if (!Number.isFinite(utcMidnight) || new Date(utcMidnight).toISOString().slice(0, 10) !== day) return null;
  return new Date(utcMidnight - TAIPEI_OFFSET_MS);
}

/** `%`, `_` and the escape itself taken literally in a LIKE pattern (ESCAPE '!', the same on both dialects). */
function likeContains(keyword: string): string {
  return `%${escapeLike(keyword)}%`;
}
function likePrefix(keyword: string): string {
  return `${escapeLike(keyword)}%`;
}
function escapeLike(keyword: string): string {
  return keyword.replace(/[!%_]/g, (c) => `!${c}`);
}

/** A whole Taiwan mobile number, an order number (two letters and digits), an e-mail (has @). */
const FULL_PHONE = /^09\d{8}$/;
const ORDER_NUMBER = /^[A-Za-z]{2}\d{6}[0-9A-Za-z]*$/;

/**
 * The keyword (spec 2 §7: order number, buyer or receiver name and phone, e-mail). What it looks
 * like picks the match, so the common searches use an index: a whole mobile number → either phone
 * equal; an order number → its prefix; something with @ → the e-mail's prefix; anything else (a
 * name, part of a number) → contained in any of the six, within the date range.
 */
function keywordFilter(qb: SelectQueryBuilder<Order>, keyword: string): void {
  if (FULL_PHONE.test(keyword)) {
    qb.andWhere('(o.buy_phone = :kw OR o.phone = :kw)', { kw: keyword });
  } else if (ORDER_NUMBER.test(keyword)) {
    qb.andWhere(`o.mer_trade_no LIKE :kw ESCAPE '!'`, { kw: likePrefix(keyword) });
  } else if (keyword.includes('@')) {
    qb.andWhere(`o.buy_email LIKE :kw ESCAPE '!'`, { kw: likePrefix(keyword) });
  } else {
    const kw = likeContains(keyword);
    qb.andWhere(
      new Brackets((w) => {
        for (const col of ['mer_trade_no', 'buy_name', 'buy_phone', 'buy_email', 'name', 'phone']) w.orWhere(`o.${col} LIKE :kw ESCAPE '!'`, { kw });
      }),
    );
  }
}

/** Statuses in which the goods have not left yet: the receiver may change, a ticket may be made. */
const OPEN_STATUSES: readonly string[] = [ORDER_STATUS.pending, ORDER_STATUS.paid, 'processing'];
/** Ticket states that mean a shipment exists (a failed one does not). */
const LIVE_TICKET: readonly string[] = ['pending', 'created', 'duplicate'];
/** Shipping methods with a PAYUNi logistics service (7-11 C2C, T-cat home / island); 全家 and 萊爾富 are shipped by hand. */
const TICKET_SHIPPINGS: readonly number[] = [SHIPPING.seven, SHIPPING.home, SHIPPING.island];

/** What the detail needs from the shipping and refund modules, per order. */
interface OrderParts {
  tickets: ShippingTicketView[];
  refunds: RefundView[];
  returnRequests: ReturnRequestView[];
}

/**
 * The back-office's orders (spec 2 §4–9, spec 1 loadconifg): the filtered list with the paid
 * total, one order's detail (items, tickets, refunds, returns, its audit history), and the
 * receiver edit. Reads the orders module's own tables; shipping tickets and refunds come from
 * their modules' services.
 */
@Injectable()
export class AdminOrdersService {
  constructor(
    private readonly tx: Transactions,
    private readonly settings: SettingsService,
    private readonly cache: ReadCache,
    private readonly audit: AuditTrail,
    // The refunds and logistics modules are global (they import this module for OrderStateService).
    private readonly tickets: ShippingTickets,
    private readonly refunds: Refunds,
    private readonly returns: Returns,
    private readonly lifecycle: OrderLifecycle,
    private readonly extras: ExtraPayments,
  ) {}

  /** `GET /api/admin/loadconifg`: status codes, payment and shipping methods (every one, so old orders' values have labels). */
  async config(): Promise<AdminConfigAnswer> {
    const [{ payment, status }, methods] = await Promise.all([this.codes(), this.settings.allMethods()]);
    return ok({
      payment_status_methods: payment.map(({ status_code, status_label, color }) => ({ status_code, status_label, color })),
      payment_methods: methods.payment.map(({ method_code, method_label }) => ({ method_code, method_label })),
      shipping_methods: methods.shipping.map(({ id, name, icon_url }) => ({ id, name, icon_url })),
      order_status_codes: status.map(({ status_name, status_label, color }) => ({ status_name, status_label, color })),
    });
  }

  /**
   * `POST /api/admin/getOrdersByPage`: newest first; `total` of the matching orders and
   * `totalPaidAmount` = Σ (total − refunded) of the matching orders that are paid (payment_status 1;
   * fully refunded ones are payment_status 3 and count nothing).
   */
  async page(dto: AdminOrdersPageDto): Promise<AdminOrdersAnswer> {
    const from = dto.startDate ? taipeiDayStart(dto.startDate) : null;
    const endStart = dto.endDate ? taipeiDayStart(dto.endDate) : null;
    if ((dto.startDate && !from) || (dto.endDate && !endStart)) throw new AppError(GENERIC_BAD_REQUEST, HttpStatus.BAD_REQUEST);
    const to = endStart ? new Date(endStart.getTime() + DAY_MS) : null;
    if (from && to && from >= to) throw new AppError(ADMIN_MSG.dateRangeInvalid, HttpStatus.BAD_REQUEST);

    const filtered = (qb: SelectQueryBuilder<Order>): SelectQueryBuilder<Order> => {
      if (from) qb.andWhere('o.created_at >= :from', { from });
      if (to) qb.andWhere('o.created_at < :to', { to });
      if (dto.status_code) qb.andWhere('o.status_name = :status', { status: dto.status_code });
      if (dto.payment_status !== undefined) qb.andWhere('o.payment_status = :pay', { pay: dto.payment_status });
      const keyword = dto.keyword?.trim();
      if (keyword) keywordFilter(qb, keyword);
      return qb;
    };

    const repo = this.tx.repo(Order);
    const limit = dto.limit ?? ADMIN_ORDERS_PAGE_SIZE;
    const totals = filtered(repo.createQueryBuilder('o'));
    // Without a keyword the count and paid total need only the covering index; MariaDB's optimizer
    // would otherwise pick the status / payment index and read every matching row (12 ms → 1.6 ms
    // for a 90-day 已付款 filter over 10,000 orders). SQLite ignores the hint.
    if (!dto.keyword?.trim()) totals.useIndex('idx_orders_created_money');
    const [rows, sums] = await Promise.all([
      filtered(repo.createQueryBuilder('o'))
        .orderBy('o.created_at', 'DESC')
        .addOrderBy('o.id', 'DESC')
        .limit(limit)
        .offset(dto.offset ?? 0)
        .getMany(),
      totals
        .select('COUNT(*)', 'total')
        .addSelect('COALESCE(SUM(CASE WHEN o.payment_status = :paidStatus THEN o.total_amount - o.refunded_amount ELSE 0 END), 0)', 'paid')
        .setParameter('paidStatus', PAYMENT_STATUS.paid)
        .getRawOne<{ total: string | number; paid: string | number }>(),
    ]);
    return ok({ orders: await this.views(rows), total: Number(sums?.total ?? 0), totalPaidAmount: Number(sums?.paid ?? 0) });
  }

  /** `POST /api/admin/getAdminOrderDetails {order_id}`: 404 取得訂單明細失敗！ for an unknown order. */
  async details(orderId: number): Promise<AdminOrderDetailsAnswer> {
    const order = await this.tx.repo(Order).findOne({ where: { id: orderId } });
    if (!order) throw new NotFoundError(ADMIN_MSG.orderDetailFailed);
    const [items, parts, history, extraPayments] = await Promise.all([
      this.tx.repo(OrderItem).find({ where: { order_id: orderId }, order: { id: 'ASC' } }),
      this.parts(orderId),
      this.history(orderId, order.payment),
      this.extras.listForOrder(orderId),
    ]);
    const [view] = await this.views([order], new Map([[orderId, parts.tickets]]));
    return ok({ orderDetails: { order: view, items: items.map(toOrderItemView), tickets: parts.tickets, refunds: parts.refunds, returnRequests: parts.returnRequests, extraPayments, history } });
  }

  /**
   * `POST /api/admin/updateOrderReceiver`: the checkout's receiver rules and texts; store orders
   * (7-11, 全家, 萊爾富) change name and phone only. Refused once a shipping ticket exists or the
   * goods have left (shipped, delivered …) or the order is cancelled. Audited with the changed fields.
   */
  async updateReceiver(admin: SessionAdmin, dto: UpdateOrderReceiverDto): Promise<Envelope<object>> {
    return this.tx.run(async () => {
      const order = await this.lockedOrder(dto.order_id);
      if (!order) throw new NotFoundError(CHECKOUT_MSG.orderNotFound);
      const tickets = await this.ticketsOf([order.id]);
      if ((tickets.get(order.id) ?? []).some((t) => LIVE_TICKET.includes(t.status))) throw new AppError(ADMIN_MSG.receiverLockedTicket, HttpStatus.CONFLICT);
      if (!OPEN_STATUSES.includes(order.status_name)) throw new AppError(ADMIN_MSG.receiverLockedStatus, HttpStatus.CONFLICT);

      const home = HOME_SHIPPINGS.includes(order.shipping);
      const input = {
        name: dto.name ?? order.name,
        phone: dto.phone ?? order.phone,
        shipping: order.shipping,
        city: home ? (dto.city ?? order.city) : '',
        district: home ? (dto.district ?? order.district) : '',
        zip: home ? (dto.zip ?? order.zip) : '',
        street: home ? (dto.street ?? order.street) : '',
        store_id: order.store_id,
        store_name: order.store_name,
        store_addr: order.store_addr,
      };
      const problem = checkoutProblems(input, { shippingIds: [order.shipping], paymentCodes: [] }).find(
        (p) => p.field === 'name' || p.field === 'phone' || (home && p.field === 'address'),
      );
      if (problem) throw new AppError(problem.message, HttpStatus.BAD_REQUEST);

      const next: Partial<Pick<Order, 'name' | 'phone' | 'zip' | 'city' | 'district' | 'street'>> = { name: input.name, phone: input.phone };
      if (home) {
        const area = lookupArea(input.city, input.district)!;
        Object.assign(next, { zip: area.zip, city: area.city, district: area.district, street: input.street });
      }
      const before: Record<string, unknown> = {};
      const after: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(next) as Array<[keyof typeof next, string]>) {
        if (order[k] !== v) {
          before[k] = order[k];
          after[k] = v;
        }
      }
      if (Object.keys(after).length === 0) return ok({}, ADMIN_MSG.receiverUpdated);
      const res = await this.tx
        .repo(Order)
        .createQueryBuilder()
        .update(Order)
        .set(after)
        .where('id = :id AND version = :version AND status_name IN (:...open)', { id: order.id, version: order.version, open: OPEN_STATUSES })
        .execute();
      // Someone changed the order meanwhile (a payment, a ticket): the screen reloads and tries again.
      if (res.affected !== 1) throw new AppError(ADMIN_MSG.receiverUpdateFailed, HttpStatus.CONFLICT);
      await this.audit.record({ admin, action: 'order.update-receiver', entity: 'order', entityId: order.id, before, after, summary: '修改收件人' });
      return ok({}, ADMIN_MSG.receiverUpdated);
    });
  }

  /** Orders per member (the admin members list), for `userIds`. */
  async countByUsers(userIds: number[]): Promise<Map<number, number>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.tx
      .repo(Order)
      .createQueryBuilder('o')
      .select('o.user_id', 'user_id')
      .addSelect('COUNT(*)', 'n')
      .where({ user_id: In(userIds) })
      .groupBy('o.user_id')
      .getRawMany<{ user_id: number; n: number | string }>();
    return new Map(rows.map((r) => [Number(r.user_id), Number(r.n)]));
  }

  /** A member's latest orders (the admin member detail): newest first, at most `limit`, and how many they have. */
  async latestOfMember(userId: number, limit: number): Promise<{ rows: MemberOrderRow[]; total: number }> {
    const [orders, total] = await this.tx.repo(Order).findAndCount({ where: { user_id: userId }, order: { id: 'DESC' }, take: limit });
    if (orders.length === 0) return { rows: [], total };
    const labels = await this.labels();
    const rows = orders.map((o) => {
      const v = toOrderView(o, labels);
      return { id: o.id, MerTradeNo: o.mer_trade_no, created_at: new Date(o.created_at).toISOString(), total_amount: o.total_amount, status_label: v.status_label, payment_status_label: v.payment_status_label };
    });
    return { rows, total };
  }

  private async views(orders: Order[], known?: Map<number, ShippingTicketView[]>): Promise<AdminOrderView[]> {
    if (orders.length === 0) return [];
    const [labels, tickets, adjustments] = await Promise.all([
      this.labels(),
      known ? Promise.resolve(known) : this.ticketsOf(orders.map((o) => o.id)),
      adjustmentsOf(this.tx, orders.map((o) => o.id)),
    ]);
    return orders.map((o) => {
      const { cancellable: _cancellable, ...view } = toOrderView(o, labels, adjustments.get(o.id));
      const own = tickets.get(o.id) ?? [];
      const latest = own[0];
      const live = own.some((t) => LIVE_TICKET.includes(t.status));
      const open = OPEN_STATUSES.includes(o.status_name);
      const paid = o.payment_status === PAYMENT_STATUS.paid;
      const payable = paid || o.payment === 'cod';
      return {
        ...view,
        invoice_status: o.invoice_status,
        refunded_amount: o.refunded_amount,
        ticket_status: latest?.status ?? '',
        can: {
          editReceiver: open && !live,
          createTicket: open && payable && !live && TICKET_SHIPPINGS.includes(o.shipping),
          markShipped: open && payable && !live && !TICKET_SHIPPINGS.includes(o.shipping),
          queryStatus: own.some((t) => t.status === 'created' && t.ship_trade_no !== '' && t.lgs_type !== 'MANUAL'),
          // As the refund itself asks (refunds.service.ts): the lifecycle's refundFull guard (paid), with money left.
          refund: canMove('refundFull', o, STAFF) && o.refunded_amount < o.total_amount && (ONLINE_PAYMENTS.includes(o.payment) || o.payment === 'cod'),
          // The lifecycle says which staff moves fit the order now (開始備貨, cancel an unpaid cash-on-delivery order).
          startProcessing: canMove('startProcessing', o, STAFF),
          cancel: canMove('staffCancel', o, STAFF),
        },
      };
    });
  }

  /** Status and payment status codes in display order (reference rows; cached like the settings, dropped with them). */
  private codes(): Promise<{ status: OrderStatusCode[]; payment: PaymentStatusCode[] }> {
    return this.cache.getOrLoad(`${SETTINGS_CACHE}order-status-codes`, async () => {
      const [status, payment] = await Promise.all([
        this.tx.repo(OrderStatusCode).find({ order: { sort_order: 'ASC', status_name: 'ASC' } }),
        this.tx.repo(PaymentStatusCode).find({ order: { sort_order: 'ASC', status_code: 'ASC' } }),
      ]);
      return { status, payment };
    });
  }

  /** What an order view is labelled with: the cached codes and methods (no query per page). */
  private async labels(): Promise<OrderLabels> {
    const [{ status, payment }, methods] = await Promise.all([this.codes(), this.settings.allMethods()]);
    return {
      status: new Map(status.map((c) => [c.status_name, { label: c.status_label, color: c.color }])),
      payment: new Map(payment.map((c) => [c.status_code, { label: c.status_label, color: c.color }])),
      methods,
    };
  }

  /** A read that holds the row until the transaction ends (MariaDB); SQLite runs one writer at a time. */
  private lockedOrder(orderId: number): Promise<Order | null> {
    return lockForWrite(this.tx.repo(Order).createQueryBuilder('o').where('o.id = :orderId', { orderId })).getOne();
  }

  /** Each order's shipping tickets, newest first. */
  private async ticketsOf(orderIds: number[]): Promise<Map<number, ShippingTicketView[]>> {
    // One read for the page (idx_shipping_tickets_order); the logistics module owns the table.
    return this.tickets.listForOrders(orderIds);
  }

  private async parts(orderId: number): Promise<OrderParts> {
    const [tickets, refunds, returnRequests] = await Promise.all([
      this.ticketsOf([orderId]).then((m) => m.get(orderId) ?? []),
      this.refunds.listForOrder(orderId),
      this.returns.listForOrder(orderId),
    ]);
    return { tickets, refunds, returnRequests };
  }

  /**
   * The order's history, newest first: the audit entries of staff writes and the lifecycle's moves
   * made by others (the shopper, a gateway, a job — staff moves are audited already), each as
   * sentences of labels (訂單狀態：待付款 → 已付款).
   */
  private async history(orderId: number, payment: string): Promise<AuditEntryView[]> {
    const [entries, moves] = await Promise.all([this.audit.history('order', orderId), this.lifecycle.history(orderId)]);
    const fromMoves: AuditEntryView[] = moves
      .filter((t) => t.actor !== 'staff')
      .map((t) => ({
        id: -t.id,
        created_at: new Date(t.created_at).toISOString(),
        admin_id: null,
        admin_username: t.actor_name ? `${ACTOR_LABEL[t.actor as ActorKind] ?? t.actor}（${t.actor_name}）` : (ACTOR_LABEL[t.actor as ActorKind] ?? t.actor),
        action: `order.${t.machine}-transition`,
        entity: 'order',
        entity_id: String(orderId),
        changes: { [MACHINE_FIELD[t.machine] ?? t.machine]: [t.from_state, t.to_state] },
        lines: [transitionSentence(t, payment)],
        summary: t.reason,
      }));
    return [...entries, ...fromMoves].sort((a, b) => b.created_at.localeCompare(a.created_at) || Math.abs(b.id) - Math.abs(a.id));
  }
}
