import { Injectable } from '@nestjs/common';
import { Not } from 'typeorm';
import { MemberOrderFacts } from '../../common/orders/member-order-facts';
import { OrderSoldLines, type SoldLine } from '../../common/orders/order-sold-lines';
import { ProductOrderHistory } from '../../common/orders/product-order-history';
import { Transactions } from '../../common/transactions/transactions';
import { OrderItem } from './entities/order-item.entity';
import { Order } from './entities/order.entity';
import { ORDER_STATUS } from './order-state.constants';

/** What the orders' history says about other modules' records (read-only, in the caller's transaction). */
@Injectable()
export class OrderHistoryService extends ProductOrderHistory implements MemberOrderFacts, OrderSoldLines {
  constructor(private readonly tx: Transactions) {
    super();
  }

  async productEverOrdered(productId: number): Promise<boolean> {
    const row = await this.tx.repo(OrderItem).findOne({ where: { product_id: productId }, select: { id: true } });
    return row !== null;
  }

  async hasOrders(userId: number): Promise<boolean> {
    const row = await this.tx.repo(Order).findOne({ where: { user_id: userId, status_name: Not(ORDER_STATUS.cancelled) }, select: { id: true } });
    return row !== null;
  }

  async soldLines(orderId: number): Promise<SoldLine[]> {
    const rows = await this.tx.repo(OrderItem).find({ where: { order_id: orderId }, select: { id: true, product_id: true, quantity: true, line_kind: true }, order: { id: 'ASC' } });
    return rows.map((r) => ({ orderItemId: r.id, productId: Number(r.product_id), quantity: Number(r.quantity), lineKind: r.line_kind }));
  }
}
