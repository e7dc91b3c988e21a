import { Injectable } from '@nestjs/common';
import { lockForRead, lockForWrite } from '../../database/db-dialect';
import { Transactions } from '../../common/transactions/transactions';
import { OrderItem } from './entities/order-item.entity';
import { Order } from './entities/order.entity';
import type { OrderStateRow } from './order-lifecycle';

/**
 * The orders table's reads and writes that need more than `repo.find`: locked reads (the dialect
 * helper decides how), the conditional UPDATE of a state move, and the refunded-amount add. Always
 * in the caller's transaction (`Transactions`).
 */
@Injectable()
export class OrderRepository {
  constructor(private readonly tx: Transactions) {}

  findById(orderId: number): Promise<Order | null> {
    return this.tx.repo(Order).findOne({ where: { id: orderId } });
  }

  items(orderId: number): Promise<OrderItem[]> {
    return this.tx.repo(OrderItem).find({ where: { order_id: orderId }, order: { id: 'ASC' } });
  }

  /** The whole order, held until the transaction ends (MariaDB `FOR UPDATE`). */
  locked(orderId: number): Promise<Order | null> {
    return lockForWrite(this.tx.repo(Order).createQueryBuilder('o').where('o.id = :orderId', { orderId })).getOne();
  }

  /** The order's states as committed now, held until the transaction ends. */
  async lockedState(orderId: number): Promise<(OrderStateRow & { id: number }) | null> {
    const qb = this.tx
      .repo(Order)
      .createQueryBuilder('o')
      .select(['o.id', 'o.status_name', 'o.payment_status', 'o.return_status', 'o.payment'])
      .where('o.id = :orderId', { orderId });
    const row = await lockForWrite(qb).getOne();
    return row ? { id: row.id, status_name: row.status_name, payment_status: row.payment_status, return_status: row.return_status ?? '', payment: row.payment } : null;
  }

  /** The order's states as committed now (a shared lock on MariaDB). */
  currentState(orderId: number): Promise<Pick<Order, 'id' | 'status_name' | 'payment_status'> | null> {
    const qb = this.tx.repo(Order).createQueryBuilder('o').select(['o.id', 'o.status_name', 'o.payment_status']).where('o.id = :orderId', { orderId });
    return lockForRead(qb).getOne();
  }

  /** `UPDATE orders SET … WHERE id = :id AND <col> = <value> …` (version + 1): true when this call changed the row. */
  async updateWhere(orderId: number, where: Partial<Record<'status_name' | 'payment_status' | 'return_status', string | number>>, set: Partial<Order>): Promise<boolean> {
    const qb = this.tx.manager.createQueryBuilder().update(Order).set(set).where('id = :orderId', { orderId });
    for (const [col, value] of Object.entries(where)) qb.andWhere(`${col} = :w_${col}`, { [`w_${col}`]: value });
    const res = await qb.execute();
    return res.affected === 1;
  }

  /** Plain column writes that are no state move (the gateway's codes, the invoice result). */
  async setColumns(orderId: number, set: Partial<Order>): Promise<void> {
    if (Object.keys(set).length > 0) await this.tx.repo(Order).update({ id: orderId }, set);
  }

  /**
   * `UPDATE … SET refunded_amount = refunded_amount + :amount WHERE id AND refunded_amount + :amount
   * <= total_amount`: concurrent refunds never exceed the total (false when this one would).
   */
  async addRefunded(orderId: number, amount: number): Promise<boolean> {
    const res = await this.tx.manager
      .createQueryBuilder()
      .update(Order)
      .set({ refunded_amount: () => 'refunded_amount + :amount' })
      .where('id = :orderId AND refunded_amount + :amount <= total_amount', { orderId, amount })
      .execute();
    return res.affected === 1;
  }
}
