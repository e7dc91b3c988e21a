import { Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import { Transactions } from '../../common/transactions/transactions';
import { OrderItem } from './entities/order-item.entity';
import { Order } from './entities/order.entity';

/** Order statuses whose items a member may review (spec 4 §4: delivered or completed). */
export const REVIEWABLE_STATUSES: readonly string[] = ['delivered', 'completed'];

/** An order line as reviews need it (read-only), with its order's owner, state and delivery time. */
export interface ReviewOrderLine {
  order_item_id: number;
  order_id: number;
  order_no: string;
  user_id: number | null;
  status_name: string;
  /** When the parcel was delivered (completed_at when a completed order lacks it); null: not yet. */
  delivered_at: Date | null;
  product_id: number;
  variant_id: number | null;
  title: string;
  variant_name: string;
  image_url: string;
  /** 'item', 'gift' (滿額贈, not reviewable) or 'addon'. */
  line_kind: string;
}

type OrderRow = Pick<Order, 'id' | 'mer_trade_no' | 'user_id' | 'status_name' | 'delivered_at' | 'completed_at'>;
type ItemRow = Pick<OrderItem, 'id' | 'order_id' | 'product_id' | 'variant_id' | 'title' | 'variant_name' | 'image_url' | 'line_kind'>;

const ORDER_FIELDS = { id: true, mer_trade_no: true, user_id: true, status_name: true, delivered_at: true, completed_at: true } as const;

/**
 * The order lines the reviews module reads (read-only, in the caller's transaction): one line by id,
 * a member's delivered and completed orders' lines, titles for 評價管理. Exported by the orders
 * module so reviews never reach its entities.
 */
@Injectable()
export class ReviewOrderLines {
  constructor(private readonly tx: Transactions) {}

  private get orders() {
    return this.tx.repo(Order);
  }

  private get items() {
    return this.tx.repo(OrderItem);
  }

  async line(orderItemId: number): Promise<ReviewOrderLine | null> {
    const item = await this.items.findOne({ where: { id: orderItemId } });
    if (!item) return null;
    const order = await this.orders.findOne({ where: { id: item.order_id }, select: ORDER_FIELDS });
    return order ? lineOf(order, item) : null;
  }

  /** The lines of a member's delivered and completed orders (newest order first). */
  async deliveredLines(userId: number): Promise<ReviewOrderLine[]> {
    const orders = await this.orders.find({ where: { user_id: userId, status_name: In([...REVIEWABLE_STATUSES]) }, select: ORDER_FIELDS, order: { id: 'DESC' } });
    if (!orders.length) return [];
    const items = await this.items.find({ where: { order_id: In(orders.map((o) => o.id)) }, order: { id: 'ASC' } });
    const byOrder = new Map(orders.map((o) => [o.id, o]));
    return orders.flatMap((o) => items.filter((i) => i.order_id === o.id).map((i) => lineOf(byOrder.get(i.order_id)!, i)));
  }

  /** Title, image and order number of these lines (lines missing are left out). */
  async lines(orderItemIds: number[]): Promise<Map<number, ReviewOrderLine>> {
    const out = new Map<number, ReviewOrderLine>();
    if (!orderItemIds.length) return out;
    const items = await this.items.find({ where: { id: In([...new Set(orderItemIds)]) } });
    const orders = items.length ? await this.orders.find({ where: { id: In([...new Set(items.map((i) => i.order_id))]) }, select: ORDER_FIELDS }) : [];
    const byOrder = new Map(orders.map((o) => [o.id, o]));
    for (const i of items) {
      const o = byOrder.get(i.order_id);
      if (o) out.set(i.id, lineOf(o, i));
    }
    return out;
  }

  /** Order item ids of order lines whose title contains `keyword` (staff's search; at most 1000). */
  async itemIdsByTitle(keyword: string): Promise<number[]> {
    const rows = await this.items
      .createQueryBuilder('i')
      .select('i.id', 'id')
      .where("i.title LIKE :q ESCAPE '!'", { q: `%${keyword.replace(/[!%_]/g, (c) => `!${c}`)}%` })
      .orderBy('i.id', 'DESC')
      .limit(1000)
      .getRawMany<{ id: number | string }>();
    return rows.map((r) => Number(r.id));
  }
}

function lineOf(o: OrderRow, i: ItemRow): ReviewOrderLine {
  const delivered = o.delivered_at ?? (o.status_name === 'completed' ? o.completed_at : null);
  return {
    order_item_id: i.id,
    order_id: o.id,
    order_no: o.mer_trade_no,
    user_id: o.user_id,
    status_name: o.status_name,
    delivered_at: delivered ? new Date(delivered) : null,
    product_id: i.product_id,
    variant_id: i.variant_id,
    title: i.title,
    variant_name: i.variant_name,
    image_url: i.image_url,
    line_kind: i.line_kind,
  };
}
