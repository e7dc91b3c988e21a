import { Inject, Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import type { OrderAndDetailsAnswer, OrderDetailsAnswer, OrderItemView, OrderView, UserOrdersAnswer } from '../../common/api/orders';
import { NotFoundError } from '../../common/errors/app-error';
import { ok } from '../../common/http/envelope';
import { Transactions } from '../../common/transactions/transactions';
import { CHECKOUT_MSG } from '../../common/validation/checkout-rules';
import { SettingsService } from '../settings/settings.service';
import { OrderItem } from './entities/order-item.entity';
import { OrderStatusCode } from './entities/order-status-code.entity';
import { Order } from './entities/order.entity';
import { PaymentStatusCode } from './entities/payment-status-code.entity';
import { adjustmentsOf } from './order-adjustments';
import { OrderLabels, toOrderItemView, toOrderView } from './order-views';
import { parseAttemptNo, paymentRetryUntil } from './order-payment-window';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';

export const ORDERS_PAGE_SIZE = 5;
export const ORDERS_MAX_PAGE_SIZE = 50;

/**
 * The member's orders (payment slip, /orders): only the member's own. Another member's order and
 * an unknown one answer the same 404 找不到訂單, so nothing tells them apart.
 */
@Injectable()
export class OrderQueryService {
  constructor(
    private readonly tx: Transactions,
    private readonly settings: SettingsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** `GET /api/order/getOrderAndDetails/:MerTradeNo` (payment slip). */
  async slip(userId: number, merTradeNo: string): Promise<OrderAndDetailsAnswer> {
    // A retried payment's gateway number (`<order>R<n>`, the card page's 返回商店 link) names its order's slip.
    const order =
      (await this.tx.repo(Order).findOne({ where: { mer_trade_no: merTradeNo, user_id: userId } })) ??
      (parseAttemptNo(merTradeNo) ? await this.tx.repo(Order).findOne({ where: { mer_trade_no: parseAttemptNo(merTradeNo)!.orderNo, user_id: userId } }) : null);
    if (!order) throw new NotFoundError(CHECKOUT_MSG.orderNotFound);
    const [view] = await this.views([order]);
    return ok({ order: view, orderItems: await this.items(order.id) });
  }

  /** `GET /api/order/getUserOrdersByPage`: newest first, `total` of all the member's orders. */
  async page(userId: number, page: number, limit: number): Promise<UserOrdersAnswer> {
    const take = Math.min(Math.max(1, limit), ORDERS_MAX_PAGE_SIZE);
    const [rows, total] = await this.tx.repo(Order).findAndCount({
      where: { user_id: userId },
      order: { created_at: 'DESC', id: 'DESC' },
      skip: (Math.max(1, page) - 1) * take,
      take,
    });
    return ok({ orders: await this.views(rows), total });
  }

  /** `GET /api/order/getOrderDetails/:order_id`. */
  async details(userId: number, orderId: number): Promise<OrderDetailsAnswer> {
    const order = await this.tx.repo(Order).findOne({ where: { id: orderId, user_id: userId }, select: { id: true } });
    if (!order) throw new NotFoundError(CHECKOUT_MSG.orderNotFound);
    return ok({ orderItems: await this.items(order.id) });
  }

  /** One order's view (the cancel answer, checkout), by id. */
  async view(orderId: number): Promise<OrderView | null> {
    const order = await this.tx.repo(Order).findOne({ where: { id: orderId } });
    return order ? (await this.views([order]))[0] : null;
  }

  async views(orders: Order[]): Promise<OrderView[]> {
    if (orders.length === 0) return [];
    const [labels, adjustments] = await Promise.all([this.labels(orders), adjustmentsOf(this.tx, orders.map((o) => o.id))]);
    const minutes = this.config.payments?.abandonMinutes ?? 30;
    return orders.map((o) => ({ ...toOrderView(o, labels, adjustments.get(o.id)), payment_retry_until: paymentRetryUntil(o, minutes) }));
  }

  private async items(orderId: number): Promise<OrderItemView[]> {
    const rows = await this.tx.repo(OrderItem).find({ where: { order_id: orderId }, order: { id: 'ASC' } });
    return rows.map(toOrderItemView);
  }

  private async labels(orders: Order[]): Promise<OrderLabels> {
    const [status, payment, methods] = await Promise.all([
      this.tx.repo(OrderStatusCode).find({ where: { status_name: In([...new Set(orders.map((o) => o.status_name))]) } }),
      this.tx.repo(PaymentStatusCode).find({ where: { status_code: In([...new Set(orders.map((o) => o.payment_status))]) } }),
      this.settings.allMethods(),
    ]);
    return {
      status: new Map(status.map((s) => [s.status_name, { label: s.status_label, color: s.color }])),
      payment: new Map(payment.map((s) => [s.status_code, { label: s.status_label, color: s.color }])),
      methods,
    };
  }
}
