import { HttpStatus, Injectable } from '@nestjs/common';
import { In, LessThan } from 'typeorm';
import { AppError, NotFoundError } from '../../common/errors/app-error';
import { DomainEvents } from '../../common/events/domain-events';
import { Transactions } from '../../common/transactions/transactions';
import { CHECKOUT_MSG } from '../../common/validation/checkout-rules';
import { Outbox } from '../../jobs/outbox/outbox.service';
import { JobName } from '../../jobs/job-types';
import { StockService } from '../catalog/stock.service';
import { OrderAdjustment } from './entities/order-adjustment.entity';
import { OrderItem } from './entities/order-item.entity';
import { Order } from './entities/order.entity';
import { OrderStatusCode } from './entities/order-status-code.entity';
import { PaymentStatusCode } from './entities/payment-status-code.entity';

/** order_status_codes.status_name values the order flow sets. */
export const ORDER_STATUS = { pending: 'pending', paid: 'paid', cancelled: 'cancelled' } as const;
/** payment_status_codes.status_code values. */
export const PAYMENT_STATUS = { unpaid: 0, paid: 1, failed: 2, refunded: 3 } as const;
/** Methods paid at a gateway (PAYUNi, LINE Pay): the others (cod) are paid on delivery. */
export const ONLINE_PAYMENTS: readonly string[] = ['atm', 'cvs', 'credit', 'linepay'];

export const AMOUNT_MISMATCH = '金額不符';

/** A payment confirmed by a gateway (notify, browser return, LINE Pay confirm, trade query). */
export interface PaymentFact {
  /** The provider's name (PaymentProvider.gateway). */
  gateway: string;
  tradeNo: string;
  amount: number;
  source: 'notify' | 'return' | 'confirm' | 'query';
  raw?: Record<string, unknown>;
  paidAt?: Date;
}

/** The columns a state change writes. */
type OrderChange = Partial<
  Pick<Order, 'status_name' | 'payment_status' | 'paid_at' | 'trade_no' | 'cancelled_at' | 'order_status_msg' | 'payment_code' | 'bank_code' | 'expire_date'>
>;

export type CancelledBy = 'member' | 'expired' | 'payment-failed' | 'abandoned' | 'payment-start-failed';

/** What the order's `order_status_msg` says after a cancel (unless the caller gives a text). */
export const CANCEL_MSG: Record<CancelledBy, string> = {
  member: '會員取消訂單',
  expired: '付款期限已過，訂單已取消',
  'payment-failed': '付款失敗，訂單已取消',
  abandoned: '未完成付款，訂單已取消',
  'payment-start-failed': '付款服務無法使用，訂單未成立',
};

/** Status labels and colours of an order, for refusals that show the order's state (spec 1 §7). */
export interface OrderStatusFields {
  status_name: string;
  status_label: string;
  status_color: string;
  payment_status: number;
  payment_status_label: string;
  payment_status_color: string;
}

/**
 * An order's state changes (paid, cancelled, payment started, invoice), for checkout, my orders,
 * the payment callbacks, reconciliation and the message/invoice jobs. Every change is a
 * conditional update (`WHERE id AND status_name = 'pending' AND payment_status <> 1` …) whose
 * affected rows decide who won: of a paid notify racing a cancel exactly one applies, and the
 * other sees the new state and takes its documented branch. Each method joins the caller's
 * transaction (`Transactions.run`), with its stock, outbox rows and events.
 */
@Injectable()
export class OrderStateService {
  constructor(
    private readonly tx: Transactions,
    private readonly stock: StockService,
    private readonly events: DomainEvents,
    private readonly outbox: Outbox,
  ) {}

  findByMerTradeNo(merTradeNo: string): Promise<Order | null> {
    return this.tx.repo(Order).findOne({ where: { mer_trade_no: merTradeNo } });
  }

  findById(orderId: number): Promise<Order | null> {
    return this.tx.repo(Order).findOne({ where: { id: orderId } });
  }

  /** The order and its lines (in checkout order), for jobs (mails, invoice). */
  async withItems(orderId: number): Promise<{ order: Order; items: OrderItem[] } | null> {
    const order = await this.findById(orderId);
    if (!order) return null;
    const items = await this.tx.repo(OrderItem).find({ where: { order_id: orderId }, order: { id: 'ASC' } });
    return { order, items };
  }

  /** An order's adjustments (spec 4 §3), oldest first: the invoice prints each as its own line. */
  async adjustmentsOf(orderId: number): Promise<OrderAdjustment[]> {
    return this.tx.repo(OrderAdjustment).find({ where: { order_id: orderId }, order: { id: 'ASC' } });
  }

  /**
   * pending + unpaid → paid (status 'paid', payment_status 1, paid_at, trade_no); outbox
   * invoice.issue (not for cod), mail.order-paid, sms.order-paid; event order.paid. Already paid
   * → 'duplicate' (no change). Cancelled → payment_status 1 recorded on the cancelled order
   * ('paid-after-cancel', event order.paid-after-cancel; staff refund it). An amount other than
   * the order's total throws 400 金額不符.
   */
  async markPaid(orderId: number, fact: PaymentFact): Promise<'paid' | 'duplicate' | 'paid-after-cancel'> {
    return this.tx.run(async () => {
      const order = await this.findById(orderId);
      if (!order) throw new NotFoundError(CHECKOUT_MSG.orderNotFound);
      if (!Number.isSafeInteger(fact.amount) || fact.amount !== order.total_amount) {
        throw new AppError(AMOUNT_MISMATCH, HttpStatus.BAD_REQUEST, { order_id: orderId });
      }
      const paidAt = fact.paidAt ?? new Date();
      const tradeNo = fact.tradeNo.slice(0, 64);

      const won = await this.update(orderId, { status_name: ORDER_STATUS.paid, payment_status: PAYMENT_STATUS.paid, paid_at: paidAt, trade_no: tradeNo }, [ORDER_STATUS.pending]);
      if (won) {
        if (order.payment !== 'cod') await this.outbox.enqueue(JobName.InvoiceIssue, { orderId }, { jobId: `invoice:${orderId}` });
        await this.outbox.enqueue(JobName.MailOrderPaid, { orderId }, { jobId: `mail-paid:${orderId}` });
        await this.outbox.enqueue(JobName.SmsOrderPaid, { orderId }, { jobId: `sms-paid:${orderId}` });
        await this.events.publish('order.paid', { orderId, payment: order.payment, total: order.total_amount });
        return 'paid';
      }

      const now = await this.current(orderId);
      if (!now || now.payment_status === PAYMENT_STATUS.paid) return 'duplicate';
      if (now.status_name === ORDER_STATUS.cancelled) {
        const recorded = await this.update(orderId, { payment_status: PAYMENT_STATUS.paid, paid_at: paidAt, trade_no: tradeNo }, [ORDER_STATUS.cancelled]);
        if (!recorded) return 'duplicate';
        // Money arrived for an order that no longer exists for the buyer: staff must refund it.
        await this.outbox.enqueue(
          JobName.TelegramNotify,
          { settingType: REFUND_ALERT_TYPE, text: paidAfterCancelAlert(order, fact.amount) },
          { jobId: `alert-paid-after-cancel:${orderId}` },
        );
        await this.events.publish('order.paid-after-cancel', { orderId, payment: order.payment, amount: fact.amount });
        return 'paid-after-cancel';
      }
      // Moved on unpaid (a cash-on-delivery order being prepared): the payment is recorded, the status kept.
      const recorded = await this.update(orderId, { payment_status: PAYMENT_STATUS.paid, paid_at: paidAt, trade_no: tradeNo }, [now.status_name]);
      if (!recorded) return 'duplicate';
      if (order.payment !== 'cod') await this.outbox.enqueue(JobName.InvoiceIssue, { orderId }, { jobId: `invoice:${orderId}` });
      await this.outbox.enqueue(JobName.MailOrderPaid, { orderId }, { jobId: `mail-paid:${orderId}` });
      await this.outbox.enqueue(JobName.SmsOrderPaid, { orderId }, { jobId: `sms-paid:${orderId}` });
      await this.events.publish('order.paid', { orderId, payment: order.payment, total: order.total_amount });
      return 'paid';
    });
  }

  /**
   * pending + unpaid → cancelled (cancelled_at, order_status_msg), its stock released, event
   * order.cancelled, outbox payments.cancel-code for a CVS order with a code. Already cancelled →
   * 'duplicate'. Paid → AppError 409 付款已完成，無法取消訂單 with the payment and order status
   * fields; any other state → 409 此訂單目前無法取消. Unknown → 404.
   */
  async cancel(orderId: number, by: CancelledBy, msg?: string): Promise<'cancelled' | 'duplicate'> {
    return this.tx.run(async () => {
      const won = await this.update(
        orderId,
        { status_name: ORDER_STATUS.cancelled, cancelled_at: new Date(), order_status_msg: (msg ?? CANCEL_MSG[by]).slice(0, 255) },
        [ORDER_STATUS.pending],
      );
      if (!won) {
        const now = await this.current(orderId);
        if (!now) throw new NotFoundError(CHECKOUT_MSG.orderNotFound);
        if (now.status_name === ORDER_STATUS.cancelled) return 'duplicate';
        const fields = await this.statusFields(now);
        if (now.payment_status === PAYMENT_STATUS.paid) throw new AppError(CHECKOUT_MSG.cancelPaid, HttpStatus.CONFLICT, { ...fields });
        throw new AppError(CHECKOUT_MSG.cancelNotAllowed, HttpStatus.CONFLICT, { ...fields });
      }
      const order = (await this.findById(orderId))!;
      const items = await this.tx.repo(OrderItem).find({ where: { order_id: orderId }, order: { id: 'ASC' } });
      await this.stock.releaseStock(items.filter((i) => i.variant_id).map((i) => ({ variantId: i.variant_id!, quantity: i.quantity })));
      if (order.payment === 'cvs' && order.payment_code) {
        await this.outbox.enqueue(JobName.PaymentsCancelCode, { orderId }, { jobId: `cancel-code:${orderId}` });
      }
      await this.events.publish('order.cancelled', { orderId, by });
      return 'cancelled';
    });
  }

  /**
   * Records the gateway's trade number / code / expiry once a payment was started (atm, cvs,
   * credit, linepay). The confirmation mail of an online order is enqueued here, in the same
   * transaction: ATM / CVS mails carry the account or code and its expiry, and an order whose start
   * failed (cancelled, 訂單未成立) is never confirmed.
   */
  async setPaymentStarted(orderId: number, f: { tradeNo?: string; paymentCode?: string; bankCode?: string; expireDate?: Date | null }): Promise<void> {
    await this.tx.run(async () => {
      const order = await this.findById(orderId);
      if (!order) throw new NotFoundError(CHECKOUT_MSG.orderNotFound);
      const set: OrderChange = {};
      if (f.tradeNo !== undefined) set.trade_no = f.tradeNo.slice(0, 64);
      if (f.paymentCode !== undefined) set.payment_code = f.paymentCode.slice(0, 64);
      if (f.bankCode !== undefined) set.bank_code = f.bankCode.slice(0, 3);
      if (f.expireDate !== undefined) set.expire_date = f.expireDate;
      if (Object.keys(set).length > 0) await this.tx.repo(Order).update({ id: orderId }, set);
      if (order.payment !== 'cod' && order.status_name === ORDER_STATUS.pending) {
        await this.outbox.enqueue(JobName.MailOrderConfirmation, { orderId }, { jobId: `mail-order:${orderId}` });
      }
    });
  }

  /** The invoice job's result on the order. */
  async setInvoice(orderId: number, f: { invoiceNo: string; status: 'issued' | 'failed' | 'void' }): Promise<void> {
    await this.tx.repo(Order).update({ id: orderId }, { invoice_no: f.invoiceNo.slice(0, 20), invoice_status: f.status });
  }

  /**
   * Adds `amount` (NT$ > 0) to the order's `refunded_amount` (issue 11, refunds) in one conditional
   * `UPDATE … SET refunded_amount = refunded_amount + :amount WHERE id AND refunded_amount + :amount
   * <= total_amount`: concurrent refunds can never exceed the total — false when this one would (the
   * caller refuses it). Joins the caller's transaction; status and payment status are the caller's.
   */
  async recordRefund(orderId: number, amount: number): Promise<boolean> {
    if (!Number.isSafeInteger(amount) || amount <= 0) return false;
    const res = await this.tx.manager
      .createQueryBuilder()
      .update(Order)
      .set({ refunded_amount: () => 'refunded_amount + :amount' })
      .where('id = :orderId AND refunded_amount + :amount <= total_amount', { orderId, amount })
      .execute();
    return res.affected === 1;
  }

  /** Pending unpaid orders of online methods created before `before` (reconciliation), oldest first. */
  pendingOnline(before: Date, limit: number): Promise<Order[]> {
    return this.tx.repo(Order).find({
      where: { status_name: ORDER_STATUS.pending, payment_status: In([PAYMENT_STATUS.unpaid, PAYMENT_STATUS.failed]), payment: In([...ONLINE_PAYMENTS]), created_at: LessThan(before) },
      order: { created_at: 'ASC', id: 'ASC' },
      take: Math.min(Math.max(1, Math.floor(limit)), 1000),
    });
  }

  // ---- shipping (the logistics module) ------------------------------------------------------

  /**
   * A shipment was made for the order (a PAYUNi ticket, or a carrier's tracking number entered by
   * staff): paid / processing (paid) → `shipped`, and cash on delivery from pending, paid or
   * processing; the order's ship_trade_no becomes the shipment's. Cash-on-delivery orders get their
   * e-invoice now (outbox `invoice.issue`, the job id a payment would use: issued once). 'already':
   * the order had shipped (a new ticket after a cancelled shipment; ship_trade_no updated).
   * 'refused': any other state (cancelled, an unpaid online order, refunded …).
   */
  async markShipped(orderId: number, shipTradeNo: string): Promise<'shipped' | 'already' | 'refused'> {
    return this.tx.run(async () => {
      const res = await this.tx.manager
        .createQueryBuilder()
        .update(Order)
        .set({ status_name: 'shipped', ship_trade_no: shipTradeNo.slice(0, 64) })
        .where(
          `id = :orderId AND status_name IN ('pending', 'paid', 'processing') AND (payment_status = :paid OR (payment = 'cod' AND payment_status = :unpaid))`,
          { orderId, paid: PAYMENT_STATUS.paid, unpaid: PAYMENT_STATUS.unpaid },
        )
        .execute();
      if (res.affected === 1) {
        const order = (await this.findById(orderId))!;
        if (order.payment === 'cod') await this.outbox.enqueue(JobName.InvoiceIssue, { orderId }, { jobId: `invoice:${orderId}` });
        return 'shipped';
      }
      const again = await this.tx.manager
        .createQueryBuilder()
        .update(Order)
        .set({ ship_trade_no: shipTradeNo.slice(0, 64) })
        .where(`id = :orderId AND status_name = 'shipped'`, { orderId })
        .execute();
      return again.affected === 1 ? 'already' : 'refused';
    });
  }

  /**
   * The parcel was picked up at the store or delivered home (logistics status 11): shipped →
   * `delivered` with delivered_at (the 7-day return window starts). Cash on delivery is paid now
   * (payment_status 1, paid_at; event order.paid). False when the order was not `shipped`.
   */
  async markDelivered(orderId: number, at: Date): Promise<boolean> {
    return this.tx.run(async () => {
      const res = await this.tx.manager
        .createQueryBuilder()
        .update(Order)
        .set({ status_name: 'delivered', delivered_at: at })
        .where(`id = :orderId AND status_name = 'shipped'`, { orderId })
        .execute();
      if (res.affected !== 1) return false;
      const collected = await this.tx.manager
        .createQueryBuilder()
        .update(Order)
        .set({ payment_status: PAYMENT_STATUS.paid, paid_at: at })
        .where(`id = :orderId AND payment = 'cod' AND payment_status = :unpaid`, { orderId, unpaid: PAYMENT_STATUS.unpaid })
        .execute();
      if (collected.affected === 1) {
        const order = (await this.findById(orderId))!;
        await this.events.publish('order.paid', { orderId, payment: order.payment, total: order.total_amount });
      }
      return true;
    });
  }

  /**
   * The parcel went back to the sender unclaimed (logistics status 51–56): shipped → `returned`
   * with the text. An unpaid cash-on-delivery order's invoice (issued when it shipped) is voided
   * (outbox `invoice.void`, the refunds' job id); a paid order waits for staff to refund it.
   */
  async markReturnedToSender(orderId: number, msg: string): Promise<boolean> {
    return this.tx.run(async () => {
      const res = await this.tx.manager
        .createQueryBuilder()
        .update(Order)
        .set({ status_name: 'returned', order_status_msg: msg.slice(0, 255) })
        .where(`id = :orderId AND status_name = 'shipped'`, { orderId })
        .execute();
      if (res.affected !== 1) return false;
      const order = (await this.findById(orderId))!;
      if (order.payment === 'cod' && order.payment_status === PAYMENT_STATUS.unpaid) {
        await this.outbox.enqueue(JobName.InvoiceVoid, { orderId, reason: '包裹退回' }, { jobId: `invoice-void:${orderId}` });
      }
      return true;
    });
  }

  // ---- refunds and returns (the refunds module) -------------------------------------------

  /**
   * The order read with a write lock (MariaDB `FOR UPDATE`; SQLite's transactions take turns), so
   * refunds of one order are decided one after another. Call it inside the caller's transaction,
   * as its first read.
   */
  lockForRefund(orderId: number): Promise<Order | null> {
    const qb = this.tx.repo(Order).createQueryBuilder('o').where('o.id = :orderId', { orderId });
    if (this.tx.manager.connection.options.type !== 'better-sqlite3') qb.setLock('pessimistic_write');
    return qb.getOne();
  }

  /**
   * A refund made (or recorded for a manual transfer): `refunded_amount += amount` through
   * `recordRefund` (never above the total; the caller checked the order is paid under
   * `lockForRefund`). Fully refunded → payment_status 3 (已退款) and status `returned` when
   * the goods had left (shipped, delivered, completed), else `cancelled` (cancelled_at,
   * order_status_msg). `restock`: the order's lines go back to stock. null when refused.
   */
  async applyRefund(orderId: number, r: { amount: number; restock: boolean }): Promise<{ full: boolean; status_name: string } | null> {
    return this.tx.run(async () => {
      if (!(await this.recordRefund(orderId, r.amount))) return null;
      const order = (await this.findById(orderId))!;
      if (r.restock) {
        const items = await this.tx.repo(OrderItem).find({ where: { order_id: orderId }, order: { id: 'ASC' } });
        await this.stock.releaseStock(items.filter((i) => i.variant_id).map((i) => ({ variantId: i.variant_id!, quantity: i.quantity })));
      }
      if (order.refunded_amount < order.total_amount) return { full: false, status_name: order.status_name };
      const left = SHIPPED_STATUSES.includes(order.status_name);
      const status = left ? ORDER_STATUS_RETURNED : ORDER_STATUS.cancelled;
      await this.tx.repo(Order).update(
        { id: orderId },
        {
          payment_status: PAYMENT_STATUS.refunded,
          status_name: status,
          ...(status === ORDER_STATUS.cancelled ? { cancelled_at: order.cancelled_at ?? new Date(), order_status_msg: order.status_name === ORDER_STATUS.cancelled ? order.order_status_msg : REFUND_CANCEL_MSG } : {}),
        },
      );
      return { full: true, status_name: status };
    });
  }

  /** The member's return request state on the order ('requested', 'approved', 'refused'); `from`: the states it may move from. */
  async setReturnStatus(orderId: number, status: string, from: string[]): Promise<boolean> {
    const res = await this.tx.manager
      .createQueryBuilder()
      .update(Order)
      .set({ return_status: status })
      .where('id = :orderId AND return_status IN (:...from)', { orderId, from })
      .execute();
    return res.affected === 1;
  }

  /** Status and payment status of an order with their labels and colours (order_status_codes, payment_status_codes). */
  async statusFields(o: Pick<Order, 'status_name' | 'payment_status'>): Promise<OrderStatusFields> {
    const [status, payment] = await Promise.all([
      this.tx.repo(OrderStatusCode).findOne({ where: { status_name: o.status_name } }),
      this.tx.repo(PaymentStatusCode).findOne({ where: { status_code: o.payment_status } }),
    ]);
    return {
      status_name: o.status_name,
      status_label: status?.status_label ?? o.status_name,
      status_color: status?.color ?? '',
      payment_status: o.payment_status,
      payment_status_label: payment?.status_label ?? '',
      payment_status_color: payment?.color ?? '',
    };
  }

  /**
   * `UPDATE orders SET … WHERE id = :id AND status_name IN (:from) AND payment_status <> 1`
   * (version + 1): true when this call changed the row.
   */
  private async update(orderId: number, set: OrderChange, from: string[]): Promise<boolean> {
    const res = await this.tx.manager
      .createQueryBuilder()
      .update(Order)
      .set(set)
      .where('id = :orderId AND status_name IN (:...from) AND payment_status <> :paid', { orderId, from, paid: PAYMENT_STATUS.paid })
      .execute();
    return res.affected === 1;
  }

  /**
   * The order's state as committed now. On MariaDB a plain read inside the transaction may see
   * its older snapshot (REPEATABLE READ) after a conditional update found nothing to change; a
   * locking read sees the latest.
   */
  private current(orderId: number): Promise<Pick<Order, 'id' | 'status_name' | 'payment_status'> | null> {
    const qb = this.tx
      .repo(Order)
      .createQueryBuilder('o')
      .select(['o.id', 'o.status_name', 'o.payment_status'])
      .where('o.id = :orderId', { orderId });
    if (this.tx.manager.connection.options.type !== 'better-sqlite3') qb.setLock('pessimistic_read');
    return qb.getOne();
  }
}

/** Statuses in which the goods have left the warehouse: a full refund then makes the order `returned`. */
export const SHIPPED_STATUSES: readonly string[] = ['shipped', 'delivered', 'completed', 'returned'];
export const ORDER_STATUS_RETURNED = 'returned';
/** order_status_msg of an order cancelled by a full refund before shipping. */
export const REFUND_CANCEL_MSG = '訂單已退款並取消';

/** The notification setting of the refund alerts (a reference row, Telegram on). */
export const REFUND_ALERT_TYPE = 'refund_required';

/** The staff alert of a payment that arrived after its order was cancelled (ids and amounts only, no personal data). */
export function paidAfterCancelAlert(order: Pick<Order, 'id' | 'mer_trade_no' | 'payment'>, amount: number): string {
  return `【待退款】訂單 #${order.id}（${order.mer_trade_no}）已取消後收到付款 NT$ ${amount.toLocaleString('en-US')}（${order.payment}），訂單維持取消，請至後台辦理退款。`;
}
