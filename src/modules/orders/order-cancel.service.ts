import { Injectable } from '@nestjs/common';
import type { CancelOrderAnswer } from '../../common/api/orders';
import { NotFoundError } from '../../common/errors/app-error';
import { ok } from '../../common/http/envelope';
import { Transactions } from '../../common/transactions/transactions';
import { CHECKOUT_MSG } from '../../common/validation/checkout-rules';
import { Order } from './entities/order.entity';
import { OrderStateService } from './order-state.service';

/**
 * `POST /api/order/cancelOrder` (spec 1 §4, §7–8): the member cancels an own pending, unpaid
 * order; its stock goes back. A paid one is refused with 付款已完成，無法取消訂單 and the payment
 * status (the list then shows it paid), any other state with 此訂單目前無法取消. Cancelling an
 * order already cancelled answers its cancelled state again (a double click).
 */
@Injectable()
export class OrderCancelService {
  constructor(
    private readonly tx: Transactions,
    private readonly state: OrderStateService,
  ) {}

  async cancelByMember(userId: number, orderId: number): Promise<CancelOrderAnswer> {
    const owned = await this.tx.repo(Order).findOne({ where: { id: orderId, user_id: userId }, select: { id: true } });
    if (!owned) throw new NotFoundError(CHECKOUT_MSG.orderNotFound);
    await this.state.cancel(orderId, 'member');
    const now = (await this.state.findById(orderId))!;
    const f = await this.state.statusFields(now);
    return ok(
      {
        status_name: f.status_name,
        status_label: f.status_label,
        status_color: f.status_color,
        payment_status: f.payment_status,
        payment_status_label: f.payment_status_label,
        payment_status_color: f.payment_status_color,
      },
      CHECKOUT_MSG.cancelled,
    );
  }
}
