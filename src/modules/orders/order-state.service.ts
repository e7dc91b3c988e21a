import { Injectable } from '@nestjs/common';
import { In, LessThan } from 'typeorm';
import { NotFoundError } from '../../common/errors/app-error';
import { Transactions } from '../../common/transactions/transactions';
import { CHECKOUT_MSG } from '../../common/validation/checkout-rules';
import { Outbox } from '../../jobs/outbox/outbox.service';
import { JobName } from '../../jobs/job-types';
import { StockService } from '../catalog/stock.service';
import { OrderAdjustment } from './entities/order-adjustment.entity';
import { OrderItem } from './entities/order-item.entity';
import { Order } from './entities/order.entity';

import { SYSTEM, type Actor } from './order-lifecycle';
import { OrderMoves } from './order-moves.service';
import { ONLINE_PAYMENTS, ORDER_STATUS, PAYMENT_STATUS, type CancelledBy, type OrderChange, type OrderStatusFields, type PaymentFact } from './order-state.constants';
import { OrderRepository } from './order.repository';
import { plainFind, plainFindOne } from '../../database/plain-sql';
import { adjustmentsOf } from './order-adjustments';

export * from './order-state.constants';

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
    private readonly outbox: Outbox,
    private readonly orders: OrderRepository,
    private readonly moves: OrderMoves,
  ) {}

  findByMerTradeNo(merTradeNo: string): Promise<Order | null> {
    return plainFindOne(this.tx.manager, Order, { where: { mer_trade_no: merTradeNo } });
  }

  findById(orderId: number): Promise<Order | null> {
    // Every job of every order reads it (mails, invoice, alerts): plain SQL (plainFind).
    return plainFindOne(this.tx.manager, Order, { where: { id: orderId } });
  }

  /** The order and its lines (in checkout order), for jobs (mails, invoice). */
  async withItems(orderId: number): Promise<{ order: Order; items: OrderItem[] } | null> {
    const order = await this.findById(orderId);
    if (!order) return null;
    const items = await plainFind(this.tx.manager, OrderItem, { where: { order_id: orderId }, order: [['id', 'ASC']] });
    return { order, items };
  }

  /** An order's adjustments (spec 4 §3), oldest first: the invoice prints each as its own line. */
  async adjustmentsOf(orderId: number): Promise<OrderAdjustment[]> {
    return (await adjustmentsOf(this.tx, [orderId])).get(orderId) ?? [];
  }

  /**
   * pending + unpaid → paid (status 'paid', payment_status 1, paid_at, trade_no); outbox
   * invoice.issue (not for cod), mail.order-paid, sms.order-paid; event order.paid. Already paid
   * → 'duplicate' (no change). Cancelled → payment_status 1 recorded on the cancelled order
   * ('paid-after-cancel', event order.paid-after-cancel; staff refund it). Fully refunded → the
   * refund is kept (payment_status stays 3), the late payment recorded in the history and staff
   * alerted ('paid-after-refund'). An amount other than the order's total throws 400 金額不符.
   * The moves are the lifecycle's (order-lifecycle.ts: pay, payLate, payAfterCancel, payAfterRefund).
   */
  markPaid(orderId: number, fact: PaymentFact, actor?: Actor): Promise<'paid' | 'duplicate' | 'paid-after-cancel' | 'paid-after-refund'> {
    return this.moves.markPaid(orderId, fact, actor);
  }

  /**
   * pending + unpaid → cancelled (cancelled_at, order_status_msg), its stock released, event
   * order.cancelled, outbox payments.cancel-code for a CVS order with a code. Already cancelled →
   * 'duplicate'. Paid → AppError 409 付款已完成，無法取消訂單 with the payment and order status
   * fields; any other state → 409 此訂單目前無法取消. Unknown → 404. `by: 'staff'` (with the staff
   * actor): the staff cancel of an unpaid cash-on-delivery order, also once 備貨中.
   */
  cancel(orderId: number, by: CancelledBy, msg?: string, actor?: Actor): Promise<'cancelled' | 'duplicate'> {
    return this.moves.cancel(orderId, by, msg, actor);
  }

  /** 開始備貨 (staff): paid, or cash on delivery not yet paid → processing; 409 訂單狀態已變更，請重新整理 otherwise. */
  startProcessing(orderId: number, actor: Actor): Promise<void> {
    return this.moves.startProcessing(orderId, actor);
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
    return this.orders.addRefunded(orderId, amount);
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
  markShipped(orderId: number, shipTradeNo: string, actor?: Actor): Promise<'shipped' | 'already' | 'refused'> {
    return this.moves.markShipped(orderId, shipTradeNo, actor);
  }

  /**
   * The parcel was picked up at the store or delivered home (logistics status 11): shipped →
   * `delivered` with delivered_at (the 7-day return window and the completion clock start). Cash on
   * delivery is paid now (payment_status 1, paid_at; event order.paid). False when the order was not `shipped`.
   */
  markDelivered(orderId: number, at: Date, actor?: Actor): Promise<boolean> {
    return this.moves.markDelivered(orderId, at, actor);
  }

  /**
   * The parcel went back to the sender unclaimed (logistics status 51–56): shipped → `returned`
   * with the text. An unpaid cash-on-delivery order's invoice (issued when it shipped) is voided
   * (outbox `invoice.void`, the refunds' job id); a paid order waits for staff to refund it.
   */
  markReturnedToSender(orderId: number, msg: string, actor?: Actor): Promise<boolean> {
    return this.moves.markReturnedToSender(orderId, msg, actor);
  }

  // ---- refunds and returns (the refunds module) -------------------------------------------

  /**
   * The order read with a write lock (MariaDB `FOR UPDATE`; SQLite's transactions take turns), so
   * refunds of one order are decided one after another. Call it inside the caller's transaction,
   * as its first read.
   */
  lockForRefund(orderId: number): Promise<Order | null> {
    return this.orders.locked(orderId);
  }

  /**
   * A refund made (or recorded for a manual transfer): `refunded_amount += amount` through
   * `recordRefund` (never above the total; the caller checked the order is paid under
   * `lockForRefund`). Fully refunded → payment_status 3 (已退款) and status `returned` when
   * the goods had left (shipped, delivered, completed), else `cancelled` (cancelled_at,
   * order_status_msg). `restock`: the order's lines go back to stock — only `restockLines`
   * when given (refunds by line: the units that refund put back). null when refused.
   */
  async applyRefund(
    orderId: number,
    r: { amount: number; restock: boolean; restockLines?: { variantId: number; quantity: number }[] },
    actor?: Actor,
  ): Promise<{ full: boolean; status_name: string } | null> {
    return this.tx.run(async () => {
      if (!(await this.recordRefund(orderId, r.amount))) return null;
      const order = (await this.findById(orderId))!;
      if (r.restock && r.restockLines) {
        if (r.restockLines.length) await this.stock.releaseStock(r.restockLines);
      } else if (r.restock) {
        const items = await plainFind(this.tx.manager, OrderItem, { where: { order_id: orderId }, order: [['id', 'ASC']] });
        await this.stock.releaseStock(items.filter((i) => i.variant_id).map((i) => ({ variantId: i.variant_id!, quantity: i.quantity })));
      }
      if (order.refunded_amount < order.total_amount) return { full: false, status_name: order.status_name };
      // The lifecycle's refundFull: paid → refunded, and cancelled before the goods left, returned after.
      const status = await this.moves.refundedInFull(order, actor ?? SYSTEM);
      return { full: true, status_name: status ?? order.status_name };
    });
  }

  /** The member's return request state on the order ('requested', 'approved', 'refused'); `from`: the states it may move from. */
  setReturnStatus(orderId: number, status: string, from: string[], actor?: Actor): Promise<boolean> {
    return this.moves.setReturnStatus(orderId, status, from, actor);
  }

  /** Status and payment status of an order with their labels and colours; an unpaid online order's pending reads 待付款 (give `payment`). */
  statusFields(o: Pick<Order, 'status_name' | 'payment_status'> & { payment?: string }): Promise<OrderStatusFields> {
    return this.moves.statusFields(o);
  }


}
