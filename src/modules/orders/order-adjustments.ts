import type { Transactions } from '../../common/transactions/transactions';
import { OrderAdjustment } from './entities/order-adjustment.entity';
import { plainFind } from '../../database/plain-sql';

/** The stored adjustments of these orders, oldest first, by order id (one read for a page). */
export async function adjustmentsOf(tx: Transactions, orderIds: readonly number[]): Promise<Map<number, OrderAdjustment[]>> {
  const out = new Map<number, OrderAdjustment[]>();
  if (orderIds.length === 0) return out;
  const rows = await plainFind(tx.manager, OrderAdjustment, { where: { order_id: [...new Set(orderIds)] }, order: [['id', 'ASC']] });
  for (const r of rows) {
    const list = out.get(r.order_id) ?? [];
    list.push(r);
    out.set(r.order_id, list);
  }
  return out;
}
