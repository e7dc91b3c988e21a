import { HttpStatus, Injectable } from '@nestjs/common';
import { AppError, NotFoundError } from '../../common/errors/app-error';
import { DomainEvents } from '../../common/events/domain-events';
import { Transactions } from '../../common/transactions/transactions';
import { CHECKOUT_MSG } from '../../common/validation/checkout-rules';
import { JobName } from '../../jobs/job-types';
import { Outbox } from '../../jobs/outbox/outbox.service';
import { StockService } from '../catalog/stock.service';
import { PromotionUsesService } from '../promotions/promotion-uses.service';
import { OrderStatusCode } from './entities/order-status-code.entity';
import { OrderTransition } from './entities/order-transition.entity';
import type { Order } from './entities/order.entity';
import { PaymentStatusCode } from './entities/payment-status-code.entity';
import { GATEWAY, JOB, LIFECYCLE_MSG, orderStatusLabel, SYSTEM, type Actor } from './order-lifecycle';
import { OrderLifecycle } from './order-lifecycle.runner';
import {
  AMOUNT_MISMATCH,
  CANCEL_MSG,
  ORDER_STATUS,
  PAYMENT_STATUS,
  REFUND_ALERT_TYPE,
  REFUND_CANCEL_MSG,
  paidAfterCancelAlert,
  paidAfterRefundAlert,
  type CancelledBy,
  type OrderStatusFields,
  type PaymentFact,
} from './order-state.constants';
import { OrderRepository } from './order.repository';

/** Who cancels, by the reason (a member; reconciliation's expiry / abandon; a gateway's failure; checkout itself). */
const CANCEL_ACTOR: Record<CancelledBy, Actor> = {
  member: { kind: 'shopper' },
  expired: JOB,
  abandoned: JOB,
  'payment-failed': GATEWAY,
  'payment-start-failed': SYSTEM,
  staff: { kind: 'staff' },
};

/**
 * The order's moves with what follows each (outbox jobs, stock, events), through the lifecycle
 * (order-lifecycle.ts: the table; OrderLifecycle: the conditional UPDATE and the history row).
 * OrderStateService keeps the public names other modules call and delegates here. Every method
 * joins the caller's transaction.
 */
/** Why the order was paid, as staff read it in the history (the gateway is the row's actor). */
const PAYMENT_SOURCE_LABEL: Readonly<Record<PaymentFact['source'], string>> = {
  notify: '金流付款通知',
  return: '付款頁返回結果',
  confirm: '金流確認付款',
  query: '對帳查詢結果',
};

@Injectable()
export class OrderMoves {
  constructor(
    private readonly tx: Transactions,
    private readonly orders: OrderRepository,
    private readonly lifecycle: OrderLifecycle,
    private readonly stock: StockService,
    private readonly events: DomainEvents,
    private readonly outbox: Outbox,
    private readonly promotionUses: PromotionUsesService,
  ) {}

  /** See OrderStateService.markPaid; a fully refunded order keeps its refund ('paid-after-refund'). */
  async markPaid(orderId: number, fact: PaymentFact, actor?: Actor): Promise<'paid' | 'duplicate' | 'paid-after-cancel' | 'paid-after-refund'> {
    return this.tx.run(async () => {
      const order = await this.orders.findById(orderId);
      if (!order) throw new NotFoundError(CHECKOUT_MSG.orderNotFound);
      if (!Number.isSafeInteger(fact.amount) || fact.amount !== order.total_amount) {
        throw new AppError(AMOUNT_MISMATCH, HttpStatus.BAD_REQUEST, { order_id: orderId });
      }
      const who = actor ?? (fact.source === 'query' ? { ...JOB, name: '付款對帳' } : { ...GATEWAY, name: fact.gateway });
      const set = { paid_at: fact.paidAt ?? new Date(), trade_no: fact.tradeNo.slice(0, 64) };
      const reason = PAYMENT_SOURCE_LABEL[fact.source];

      const paid = await this.lifecycle.move(orderId, 'pay', who, { set, reason });
      if (paid.ok) {
        await this.afterPaid(order);
        return 'paid';
      }
      const now = paid.now;
      if (!now || now.payment_status === PAYMENT_STATUS.paid) return 'duplicate';
      if (now.payment_status === PAYMENT_STATUS.refunded) return this.paidAfterRefund(order, fact, who);
      if (now.status_name === ORDER_STATUS.cancelled) {
        const recorded = await this.lifecycle.move(orderId, 'payAfterCancel', who, { set, reason });
        if (!recorded.ok) return 'duplicate';
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
      const late = await this.lifecycle.move(orderId, 'payLate', who, { set, reason });
      if (!late.ok) return 'duplicate';
      await this.afterPaid(order);
      return 'paid';
    });
  }

  /**
   * A signed paid notify for a fully refunded order: payment_status stays 已退款 (the refund is
   * kept, so nothing can be refunded twice or hidden), the late payment is recorded once per trade
   * as a history row staff read (退款後收到付款 NT$ n, 待退款), and staff are alerted.
   */
  private async paidAfterRefund(order: Order, fact: PaymentFact, who: Actor): Promise<'paid-after-refund' | 'duplicate'> {
    const tradeNo = fact.tradeNo.slice(0, 64);
    const reason = `退款後收到付款 NT$ ${fact.amount.toLocaleString('en-US')}（${fact.gateway} ${tradeNo}），待退款`;
    const seen = await this.tx.repo(OrderTransition).findOne({ where: { order_id: order.id, machine: 'payment', from_state: 'refunded', to_state: 'refunded', reason } });
    if (seen) return 'duplicate';
    const res = await this.lifecycle.move(order.id, 'payAfterRefund', who, { reason });
    if (!res.ok) return 'duplicate';
    await this.outbox.enqueue(
      JobName.TelegramNotify,
      { settingType: REFUND_ALERT_TYPE, text: paidAfterRefundAlert(order, fact.amount, tradeNo) },
      { jobId: `alert-paid-after-refund:${order.id}:${tradeNo}` },
    );
    await this.events.publish('order.paid-after-refund', { orderId: order.id, payment: order.payment, amount: fact.amount, tradeNo });
    return 'paid-after-refund';
  }

  private async afterPaid(order: Order): Promise<void> {
    const orderId = order.id;
    if (order.payment !== 'cod') await this.outbox.enqueue(JobName.InvoiceIssue, { orderId }, { jobId: `invoice:${orderId}` });
    await this.outbox.enqueue(JobName.MailOrderPaid, { orderId }, { jobId: `mail-paid:${orderId}` });
    // The paid SMS (sms.order-paid) is now order news on the member's channel (issue 22: src/modules/order-news, on order.paid).
    await this.events.publish('order.paid', { orderId, payment: order.payment, total: order.total_amount });
  }

  /** See OrderStateService.cancel. `by: 'staff'` is the staff cancel of an unpaid cash-on-delivery order (`staffCancel`). */
  async cancel(orderId: number, by: CancelledBy, msg?: string, actor?: Actor): Promise<'cancelled' | 'duplicate'> {
    return this.tx.run(async () => {
      const text = (msg ?? CANCEL_MSG[by]).slice(0, 255);
      const res = await this.lifecycle.move(orderId, by === 'staff' ? 'staffCancel' : 'cancel', actor ?? CANCEL_ACTOR[by], {
        set: { cancelled_at: new Date(), order_status_msg: text },
        reason: text,
      });
      if (!res.ok) {
        const now = res.now;
        if (!now) throw new NotFoundError(CHECKOUT_MSG.orderNotFound);
        if (now.status_name === ORDER_STATUS.cancelled) return 'duplicate';
        const fields = await this.statusFields(now);
        if (now.payment_status === PAYMENT_STATUS.paid) throw new AppError(CHECKOUT_MSG.cancelPaid, HttpStatus.CONFLICT, { ...fields });
        throw new AppError(CHECKOUT_MSG.cancelNotAllowed, HttpStatus.CONFLICT, { ...fields });
      }
      const order = (await this.orders.findById(orderId))!;
      const items = await this.orders.items(orderId);
      // The codes, uses and gifts it took (promotions' rows first, then stock: checkout's lock order).
      await this.promotionUses.release(orderId);
      // Gift and add-on lines are lines with a variant: their stock goes back with the others.
      await this.stock.releaseStock(items.filter((i) => i.variant_id).map((i) => ({ variantId: i.variant_id!, quantity: i.quantity })));
      if (order.payment === 'cvs' && order.payment_code) {
        await this.outbox.enqueue(JobName.PaymentsCancelCode, { orderId }, { jobId: `cancel-code:${orderId}` });
      }
      await this.events.publish('order.cancelled', { orderId, by });
      return 'cancelled';
    });
  }

  /** 開始備貨 (staff): paid, or a cash-on-delivery order not yet paid → processing. 409 訂單狀態已變更，請重新整理 otherwise. */
  async startProcessing(orderId: number, actor: Actor): Promise<void> {
    await this.lifecycle.mustMove(orderId, 'startProcessing', actor, { notFound: CHECKOUT_MSG.orderNotFound, reason: '開始備貨' });
  }

  /** The completion job: delivered → completed (completed_at); false when the order moved on (a return request, a refund). */
  async complete(orderId: number, at: Date): Promise<boolean> {
    const res = await this.lifecycle.move(orderId, 'complete', { ...JOB, name: '訂單完成' }, { set: { completed_at: at }, reason: '鑑賞期結束，訂單完成' });
    if (res.ok) await this.events.publish('order.completed', { orderId });
    return res.ok;
  }

  /** See OrderStateService.markShipped. */
  async markShipped(orderId: number, shipTradeNo: string, actor: Actor = JOB): Promise<'shipped' | 'already' | 'refused'> {
    return this.tx.run(async () => {
      const ship = shipTradeNo.slice(0, 64);
      const res = await this.lifecycle.move(orderId, 'ship', actor, { set: { ship_trade_no: ship }, reason: ship });
      if (res.ok) {
        if (res.from.payment === 'cod') await this.outbox.enqueue(JobName.InvoiceIssue, { orderId }, { jobId: `invoice:${orderId}` });
        return 'shipped';
      }
      const again = await this.orders.updateWhere(orderId, { status_name: 'shipped' }, { ship_trade_no: ship });
      return again ? 'already' : 'refused';
    });
  }

  /** See OrderStateService.markDelivered. */
  async markDelivered(orderId: number, at: Date, actor: Actor = GATEWAY): Promise<boolean> {
    return this.tx.run(async () => {
      const res = await this.lifecycle.move(orderId, 'deliver', actor, { set: { delivered_at: at } });
      if (!res.ok) return false;
      const collected = await this.lifecycle.move(orderId, 'collectCod', actor, { set: { paid_at: at } });
      if (collected.ok) {
        const order = (await this.orders.findById(orderId))!;
        await this.events.publish('order.paid', { orderId, payment: order.payment, total: order.total_amount });
      }
      return true;
    });
  }

  /** See OrderStateService.markReturnedToSender. */
  async markReturnedToSender(orderId: number, msg: string, actor: Actor = GATEWAY): Promise<boolean> {
    return this.tx.run(async () => {
      const res = await this.lifecycle.move(orderId, 'returnToSender', actor, { set: { order_status_msg: msg.slice(0, 255) }, reason: msg });
      if (!res.ok) return false;
      if (res.from.payment === 'cod' && res.from.payment_status === PAYMENT_STATUS.unpaid) {
        await this.outbox.enqueue(JobName.InvoiceVoid, { orderId, reason: '包裹退回' }, { jobId: `invoice-void:${orderId}` });
      }
      return true;
    });
  }

  /**
   * The state part of a full refund (the amount was already added): paid → refunded, and the order
   * cancelled before the goods left or returned after. Returns the new status (null: not moved).
   */
  async refundedInFull(order: Order, actor: Actor): Promise<string | null> {
    const keepMsg = order.status_name === ORDER_STATUS.cancelled;
    const res = await this.lifecycle.move(order.id, 'refundFull', actor, { reason: REFUND_CANCEL_MSG });
    if (!res.ok) return null;
    const to = res.transitions.find((t) => t.machine === 'order')?.to ?? order.status_name;
    if (to === ORDER_STATUS.cancelled) {
      await this.orders.setColumns(order.id, { cancelled_at: order.cancelled_at ?? new Date(), order_status_msg: keepMsg ? order.order_status_msg : REFUND_CANCEL_MSG });
    }
    return to;
  }

  /** The member's return request on the order: requested (shopper), approved / refused (staff). */
  async setReturnStatus(orderId: number, status: string, from: string[], actor?: Actor): Promise<boolean> {
    const move = status === 'requested' ? 'requestReturn' : status === 'approved' ? 'approveReturn' : status === 'refused' ? 'refuseReturn' : null;
    if (!move) return false;
    const res = await this.lifecycle.move(orderId, move, actor ?? (move === 'requestReturn' ? { kind: 'shopper' } : SYSTEM));
    return res.ok && from.includes(res.from.return_status);
  }

  /** Status and payment status with labels and colours; pending of an unpaid online order reads 待付款. */
  async statusFields(o: Pick<Order, 'status_name' | 'payment_status'> & { payment?: string }): Promise<OrderStatusFields> {
    const [status, payment] = await Promise.all([
      this.tx.repo(OrderStatusCode).findOne({ where: { status_name: o.status_name } }),
      this.tx.repo(PaymentStatusCode).findOne({ where: { status_code: o.payment_status } }),
    ]);
    const label = status?.status_label ?? o.status_name;
    return {
      status_name: o.status_name,
      status_label: o.payment === undefined ? label : orderStatusLabel({ ...o, payment: o.payment }, label),
      status_color: status?.color ?? '',
      payment_status: o.payment_status,
      payment_status_label: payment?.status_label ?? '',
      payment_status_color: payment?.color ?? '',
    };
  }
}

export { LIFECYCLE_MSG };
