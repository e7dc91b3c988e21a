import { Injectable, OnModuleInit } from '@nestjs/common';
import { DomainEvents } from '../../common/events/domain-events';
import { Transactions } from '../../common/transactions/transactions';
import { SettingsService } from '../settings/settings.service';
import { ntd, STAFF_ALERT, StaffAlerts, type StaffAlertType } from '../settings/staff-alerts.service';
import { Order } from './entities/order.entity';

/**
 * The order staff alerts (issue 11): 新訂單 (order.created), 付款完成 (order.paid), 訂單取消
 * (order.cancelled) — a `telegram.notify` job written in the event's own transaction (the order's
 * insert, the payment, the cancel), so an alert exists exactly when the change committed. The
 * message names the order number, the amount and the buyer's name (what staff act on).
 */
@Injectable()
export class AdminOrderAlerts implements OnModuleInit {
  constructor(
    private readonly events: DomainEvents,
    private readonly tx: Transactions,
    private readonly alerts: StaffAlerts,
    private readonly settings: SettingsService,
  ) {}

  onModuleInit(): void {
    this.events.inTransaction('order.created', ({ orderId, payment, total, placed }) =>
      this.raise(STAFF_ALERT.newOrder, orderId, '新訂單', `alert-new-order:${orderId}`, placed && {
        id: orderId,
        mer_trade_no: placed.merTradeNo,
        total_amount: total,
        buy_name: placed.buyName,
        payment,
        order_status_msg: '',
      }),
    );
    this.events.inTransaction('order.paid', ({ orderId }) => this.raise(STAFF_ALERT.paymentCompleted, orderId, '付款完成', `alert-paid:${orderId}`));
    this.events.inTransaction('order.cancelled', ({ orderId }) => this.raise(STAFF_ALERT.orderCancelled, orderId, '訂單取消', `alert-cancelled:${orderId}`));
  }

  /** `known`: the order's alert columns as its own transaction just wrote them (else read). */
  private async raise(type: StaffAlertType, orderId: number, title: string, jobId: string, known?: AlertedOrder): Promise<void> {
    if (!(await this.alerts.enabled(type))) return;
    const order = known ?? await this.tx.repo(Order).findOne({
      where: { id: orderId },
      select: { id: true, mer_trade_no: true, total_amount: true, buy_name: true, payment: true, order_status_msg: true },
    });
    if (!order) return;
    await this.alerts.raise(type, await orderAlertText(this.settings, title, order), jobId);
  }
}

type AlertedOrder = Pick<Order, 'id' | 'mer_trade_no' | 'total_amount' | 'buy_name' | 'payment' | 'order_status_msg'>;

/** `【新訂單】SS2511… NT$ 1,280（貨到付款）訂購人：王小明`; a cancel adds its reason. */
export async function orderAlertText(
  settings: SettingsService,
  title: string,
  o: Pick<Order, 'id' | 'mer_trade_no' | 'total_amount' | 'buy_name' | 'payment' | 'order_status_msg'>,
): Promise<string> {
  const methods = await settings.allMethods();
  const payment = methods.payment.find((m) => m.method_code === o.payment)?.method_label ?? o.payment;
  const reason = title === '訂單取消' && o.order_status_msg ? `，${o.order_status_msg}` : '';
  return `【${title}】訂單 ${o.mer_trade_no}（#${o.id}）${ntd(o.total_amount)}（${payment}）訂購人：${o.buy_name || '—'}${reason}`;
}
