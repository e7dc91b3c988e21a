import { Injectable } from '@nestjs/common';
import { ProductOrderHistory } from '../../common/orders/product-order-history';
import { Transactions } from '../../common/transactions/transactions';
import { OrderItem } from './entities/order-item.entity';

/** What the orders' history says about other modules' records (read-only, in the caller's transaction). */
@Injectable()
export class OrderHistoryService extends ProductOrderHistory {
  constructor(private readonly tx: Transactions) {
    super();
  }

  async productEverOrdered(productId: number): Promise<boolean> {
    const row = await this.tx.repo(OrderItem).findOne({ where: { product_id: productId }, select: { id: true } });
    return row !== null;
  }
}
