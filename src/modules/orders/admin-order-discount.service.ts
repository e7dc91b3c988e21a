import { HttpStatus, Injectable, Logger } from '@nestjs/common';
import type { OrderDiscountAnswer } from '../../common/api/admin';
import type { SessionAdmin } from '../../common/auth/admin-auth';
import { AppError, NotFoundError } from '../../common/errors/app-error';
import { ok } from '../../common/http/envelope';
import { Transactions } from '../../common/transactions/transactions';
import { CHECKOUT_MSG, paymentAllowed } from '../../common/validation/checkout-rules';
import { adjustmentText, ORDER_DISCOUNT_LABEL, ORDER_DISCOUNT_MSG, orderDiscountProblems } from '../../common/validation/order-discount-rules';
import { JobName } from '../../jobs/job-types';
import { Outbox } from '../../jobs/outbox/outbox.service';
import { AuditTrail } from '../audit/audit-trail.service';
import { ShippingTickets } from '../logistics/shipping-tickets.service';
import { PaymentsService, type OnlineMethod } from '../payments/payments.service';
import { OrderAdjustment } from './entities/order-adjustment.entity';
import { OrderItem } from './entities/order-item.entity';
import { Order } from './entities/order.entity';
import { staffActor } from './admin-order-actions.service';
import { adjustmentsOf } from './order-adjustments';
import { canMove } from './order-lifecycle';
import { attemptMerTradeNo, nextAttemptNumber } from './order-payment-window';
import { ORDER_STATUS, OrderStateService, PAYMENT_STATUS } from './order-state.service';
import { toAdjustmentView } from './order-views';
import { allocate } from '../../common/money/allocate';
import { lockForWrite } from '../../database/db-dialect';

/** What `POST /api/admin/addOrderDiscount` reads. */
export interface OrderDiscountInput {
  order_id: number;
  amount: unknown;
  reason: unknown;
}

/** Payment states an order is still unpaid in (unpaid, or a card / LINE Pay page that failed). */
const UNPAID: readonly number[] = [PAYMENT_STATUS.unpaid, PAYMENT_STATUS.failed];
/** Methods whose gateway page may hold the old amount while payment_status is still 0. */
const PAGE_METHODS: readonly string[] = ['credit', 'linepay'];
/** Ticket states that mean a shipment exists (cash on delivery carries the amount to collect). */
const LIVE_TICKET: readonly string[] = ['pending', 'created', 'duplicate'];

/**
 * Staff 訂單折扣 (issue 19 §3): a `manual` adjustment on an unpaid order, re-spread over the lines by
 * the one price function, the order's total lowered, audited. Then the payment is re-priced: an
 * issued ATM / CVS code is replaced by a new one for the new amount (a new attempt `<order>R<n>`:
 * PAYUNi refuses a MerTradeNo again; the old CVS code is cancelled first, an old ATM account lapses
 * and a transfer to it is refused as an amount mismatch). Cash on delivery collects the new total;
 * a failed card / LINE Pay payment is retried at the new total.
 */
@Injectable()
export class AdminOrderDiscountService {
  private readonly logger = new Logger('OrderDiscount');

  constructor(
    private readonly tx: Transactions,
    private readonly audit: AuditTrail,
    private readonly tickets: ShippingTickets,
    private readonly payments: PaymentsService,
    private readonly state: OrderStateService,
    private readonly outbox: Outbox,
  ) {}

  async addDiscount(admin: SessionAdmin, input: OrderDiscountInput, origin: string): Promise<OrderDiscountAnswer> {
    const { order, total, amount } = await this.tx.run(() => this.apply(admin, input));
    const codeIssued = (order.payment === 'atm' || order.payment === 'cvs') && order.payment_code !== '';
    const repriced = codeIssued ? await this.repricePayment(order, total, origin) : true;
    const fresh = (await this.state.findById(order.id))!;
    const adjustments = (await adjustmentsOf(this.tx, [order.id])).get(order.id) ?? [];
    this.logger.log(`order #${order.id}: 訂單折扣 ${adjustmentText(-amount)} by ${admin.username}; total ${order.total_amount} → ${total}${codeIssued ? (repriced ? ', new code issued' : ', NEW CODE FAILED') : ''}`);
    return ok(
      {
        order_id: order.id,
        subtotal: fresh.subtotal,
        discount_total: fresh.discount_total,
        shipping_fee: fresh.shipping_fee,
        total_amount: fresh.total_amount,
        payment_code: fresh.payment_code,
        repriced,
        adjustments: adjustments.map(toAdjustmentView),
      },
      repriced ? ORDER_DISCOUNT_MSG.done : ORDER_DISCOUNT_MSG.repriceFailed,
    );
  }

  /** The transaction: checks, the new adjustment, the lines re-spread, the order's money, the audit row. */
  private async apply(admin: SessionAdmin, input: OrderDiscountInput): Promise<{ order: Order; total: number; amount: number }> {
    const order = await this.lockedOrder(input.order_id);
    if (!order) throw new NotFoundError(CHECKOUT_MSG.orderNotFound);
    // The lifecycle's `discount` move: only while the order awaits its payment (pending, unpaid or failed), by owner or staff.
    if (!canMove('discount', order, staffActor(admin))) throw new AppError(ORDER_DISCOUNT_MSG.changed, HttpStatus.CONFLICT);
    if (PAGE_METHODS.includes(order.payment) && order.payment_status === PAYMENT_STATUS.unpaid) throw new AppError(ORDER_DISCOUNT_MSG.paymentOpen, HttpStatus.CONFLICT);
    const tickets = (await this.tickets.listForOrders([order.id])).get(order.id) ?? [];
    if (tickets.some((t) => LIVE_TICKET.includes(t.status))) throw new AppError(ORDER_DISCOUNT_MSG.ticketExists, HttpStatus.CONFLICT);

    const items = await this.tx.repo(OrderItem).find({ where: { order_id: order.id }, order: { id: 'ASC' } });
    const goods = items.reduce((s, i) => s + i.amount, 0);
    const problem = orderDiscountProblems(input, goods)[0];
    if (problem) throw new AppError(problem.message, HttpStatus.BAD_REQUEST, { field: problem.field });
    const amount = Number(typeof input.amount === 'string' ? input.amount.trim() : input.amount);
    const reason = String(input.reason).trim();

    // Only the new amount is spread, over what each line costs now (largest remainder, a line never
    // below 0). The stored adjustments keep their shares: re-spreading a promotion's discount over
    // lines it never covered (an add-on, another scope) would change what a refund by line gives back.
    if (amount > goods) throw new AppError(ORDER_DISCOUNT_MSG.changed, HttpStatus.CONFLICT);
    const shares = allocate(amount, items.map((i) => i.amount), items.map((i) => i.amount));
    const priced = {
      lines: items.map((i, k) => ({ discount: i.discount + shares[k], amount: i.amount - shares[k] })),
      discountTotal: order.discount_total + amount,
      pointsUsed: order.points_used,
      total: order.total_amount - amount,
    };
    if (priced.lines.reduce((s, l) => s + l.amount, 0) + order.shipping_fee !== priced.total) {
      // The stored lines do not add up with the order's total: leave it to a person.
      this.logger.error(`order #${order.id}: its lines do not add up to its total (${order.total_amount}); no discount added`);
      throw new AppError(ORDER_DISCOUNT_MSG.changed, HttpStatus.CONFLICT);
    }
    if (!paymentAllowed(order.payment, order.shipping, priced.total)) throw new AppError(CHECKOUT_MSG.paymentAmountOutOfRange, HttpStatus.BAD_REQUEST, { field: 'amount' });

    const res = await this.tx
      .repo(Order)
      .createQueryBuilder()
      .update(Order)
      .set({ discount_total: priced.discountTotal, points_used: priced.pointsUsed, total_amount: priced.total })
      .where('id = :id AND version = :version AND status_name = :pending AND payment_status IN (:...unpaid)', {
        id: order.id,
        version: order.version,
        pending: ORDER_STATUS.pending,
        unpaid: UNPAID,
      })
      .execute();
    if (res.affected !== 1) throw new AppError(ORDER_DISCOUNT_MSG.changed, HttpStatus.CONFLICT);
    for (const [k, item] of items.entries()) {
      const line = priced.lines[k];
      if (line.discount !== item.discount || line.amount !== item.amount) await this.tx.repo(OrderItem).update({ id: item.id }, { discount: line.discount, amount: line.amount });
    }
    await this.tx.repo(OrderAdjustment).insert({
      order_id: order.id,
      order_item_id: null,
      kind: 'manual',
      source_id: '',
      label: ORDER_DISCOUNT_LABEL,
      amount: -amount,
      reason: reason.slice(0, 255),
      created_by: admin.id,
    });
    await this.audit.record({
      admin,
      action: 'order.discount',
      entity: 'order',
      entityId: order.id,
      before: { total_amount: order.total_amount, discount_total: order.discount_total },
      after: { total_amount: priced.total, discount_total: priced.discountTotal },
      summary: `${ORDER_DISCOUNT_LABEL} ${adjustmentText(-amount)}：${reason}`,
    });
    return { order, total: priced.total, amount };
  }

  /**
   * After the commit: the old CVS code cancelled (PaymentsService.cancelCvsCode works on the latest
   * attempt, which is still the old one), then a new attempt `<order>R<n>` for the new total whose
   * code, bank and deadline go on the order. False when no new code could be issued (the discount
   * stays; the shopper pays through 重新付款 / 更換付款方式).
   */
  private async repricePayment(order: Order, total: number, origin: string): Promise<boolean> {
    if (order.payment === 'cvs') {
      await this.payments.cancelCvsCode(order.id).catch((e: Error) => this.logger.warn(`order #${order.id}: the old CVS code could not be cancelled (${e.message}); a payment of it is refused as an amount mismatch`));
    }
    const latest = await this.payments.latestAttempt(order.id);
    const n = nextAttemptNumber(order.mer_trade_no, latest?.merTradeNo);
    if (n === null) return false;
    const items = await this.tx.repo(OrderItem).find({ where: { order_id: order.id }, order: { id: 'ASC' } });
    try {
      const started = await this.payments.start({
        orderId: order.id,
        merTradeNo: attemptMerTradeNo(order.mer_trade_no, n),
        method: order.payment as OnlineMethod,
        amount: total,
        ...(order.payment === 'atm' ? { bankCode: order.bank_code } : {}),
        prodDesc: (items.length > 1 ? `${items[0].title} 等 ${items.length} 項商品` : (items[0]?.title ?? order.mer_trade_no)).slice(0, 100),
        email: order.buy_email,
        origin,
        items: items.map((i) => ({ name: i.variant_name ? `${i.title}（${i.variant_name}）` : i.title, quantity: i.quantity, price: i.price })),
      });
      if (started.kind !== 'code') return false;
      await this.state.setPaymentStarted(order.id, { tradeNo: started.tradeNo, paymentCode: started.paymentCode, bankCode: started.bankCode, expireDate: started.expireDate });
      // The shopper learns the new account / code (the confirmation mail carried the old one).
      const attempt = attemptMerTradeNo(order.mer_trade_no, n);
      await this.tx.run(() => this.outbox.enqueue(JobName.MailOrderNewCode, { orderId: order.id, attempt }, { jobId: `mail-new-code:${order.id}:${n}` }));
      return true;
    } catch (err) {
      this.logger.warn(`order #${order.id}: no new ${order.payment} code for NT$ ${total}: ${(err as Error).message}`);
      return false;
    }
  }

  /** A read that holds the row until the transaction ends (MariaDB); SQLite runs one writer at a time. */
  private lockedOrder(orderId: number): Promise<Order | null> {
    return lockForWrite(this.tx.repo(Order).createQueryBuilder('o').where('o.id = :orderId', { orderId })).getOne();
  }
}
