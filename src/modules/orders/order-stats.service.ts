import { Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import type { DashboardRevenue, DashboardStatusCount, DashboardTopProduct } from '../../common/api/admin-dashboard';
import { Transactions } from '../../common/transactions/transactions';
import { OrderItem } from './entities/order-item.entity';
import { OrderStatusCode } from './entities/order-status-code.entity';
import { Order } from './entities/order.entity';
import { ORDER_STATUS, PAYMENT_STATUS } from './order-state.service';

/** A half-open period `[from, to)`. */
export interface TimeRange {
  from: Date;
  to: Date;
}

/** Order statuses whose goods count as not sold (top products). */
const UNSOLD_STATUSES: readonly string[] = [ORDER_STATUS.cancelled, 'returned'];

type Num = string | number | null;

/**
 * Aggregates over the orders module's tables for the back-office dashboard. Every number is one
 * SQL aggregate (no order rows are loaded); periods are given by the caller as instants, so the
 * queries need no date functions of either dialect (the caller decides what a Taipei day is).
 */
@Injectable()
export class OrderStatsService {
  constructor(private readonly tx: Transactions) {}

  /**
   * Paid revenue per period, in one query: Σ (total − refunded) and the count of the orders with
   * payment status 已付款 whose `paid_at` falls in each period (a fully refunded order is 已退款 and
   * counts nothing, like the order list's paid total).
   */
  async paidRevenue(ranges: readonly TimeRange[]): Promise<DashboardRevenue[]> {
    if (ranges.length === 0) return [];
    const qb = this.tx
      .repo(Order)
      .createQueryBuilder('o')
      .select('COUNT(*)', 'n')
      .where('o.payment_status = :paid', { paid: PAYMENT_STATUS.paid })
      .andWhere('o.paid_at >= :lo AND o.paid_at < :hi', {
        lo: new Date(Math.min(...ranges.map((r) => r.from.getTime()))),
        hi: new Date(Math.max(...ranges.map((r) => r.to.getTime()))),
      });
    ranges.forEach((r, i) => {
      const inRange = `o.paid_at >= :f${i} AND o.paid_at < :t${i}`;
      qb.addSelect(`COALESCE(SUM(CASE WHEN ${inRange} THEN o.total_amount - o.refunded_amount ELSE 0 END), 0)`, `a${i}`)
        .addSelect(`COALESCE(SUM(CASE WHEN ${inRange} THEN 1 ELSE 0 END), 0)`, `n${i}`)
        .setParameter(`f${i}`, r.from)
        .setParameter(`t${i}`, r.to);
    });
    const row = (await qb.getRawOne<Record<string, Num>>()) ?? {};
    return ranges.map((_r, i) => ({ amount: Number(row[`a${i}`] ?? 0), orders: Number(row[`n${i}`] ?? 0) }));
  }

  /** Orders per status over all orders: every status code in display order (zero included), then any status without a code. */
  async countByStatus(): Promise<DashboardStatusCount[]> {
    const [codes, rows] = await Promise.all([
      this.tx.repo(OrderStatusCode).find({ order: { sort_order: 'ASC', status_name: 'ASC' } }),
      this.tx
        .repo(Order)
        .createQueryBuilder('o')
        .select('o.status_name', 'status_name')
        .addSelect('COUNT(*)', 'n')
        .groupBy('o.status_name')
        .getRawMany<{ status_name: string; n: Num }>(),
    ]);
    const counts = new Map(rows.map((r) => [r.status_name, Number(r.n ?? 0)]));
    const out: DashboardStatusCount[] = codes.map((c) => ({ status_name: c.status_name, status_label: c.status_label, color: c.color, count: counts.get(c.status_name) ?? 0 }));
    for (const [status_name, count] of counts) {
      if (!codes.some((c) => c.status_name === status_name)) out.push({ status_name, status_label: status_name, color: '', count });
    }
    return out;
  }

  /**
   * The most sold products of a period: order lines of the orders placed in it that were not
   * cancelled, returned or fully refunded, summed per product; most units first (ties: more NT$, then product id).
   */
  async topProducts(range: TimeRange, limit: number): Promise<DashboardTopProduct[]> {
    const rows = await this.tx
      .repo(OrderItem)
      .createQueryBuilder('i')
      .innerJoin(Order, 'o', 'o.id = i.order_id')
      .select('i.product_id', 'product_id')
      .addSelect('MAX(i.title)', 'title')
      .addSelect('SUM(i.quantity)', 'quantity')
      .addSelect('SUM(i.amount)', 'amount')
      .where('o.created_at >= :from AND o.created_at < :to', { from: range.from, to: range.to })
      .andWhere('o.status_name NOT IN (:...unsold)', { unsold: UNSOLD_STATUSES })
      .andWhere('o.payment_status <> :refunded', { refunded: PAYMENT_STATUS.refunded })
      .groupBy('i.product_id')
      .orderBy('SUM(i.quantity)', 'DESC')
      .addOrderBy('SUM(i.amount)', 'DESC')
      .addOrderBy('i.product_id', 'ASC')
      .limit(limit)
      .getRawMany<{ product_id: Num; title: string; quantity: Num; amount: Num }>();
    return rows.map((r) => ({ product_id: Number(r.product_id), title: r.title, quantity: Number(r.quantity ?? 0), amount: Number(r.amount ?? 0) }));
  }

  /**
   * The figures a promotion's report and code list read of its orders (issue 20 rule 17), by order
   * id: the order number, whether it is paid (已付款 or 已退款), Σ of its lines' amounts (goods after
   * discounts, without shipping) and what was refunded. Unknown ids are left out.
   */
  async promotionOrders(orderIds: readonly number[]): Promise<Map<number, PromotionOrderFigures>> {
    const out = new Map<number, PromotionOrderFigures>();
    const ids = [...new Set(orderIds)];
    // IN lists in chunks (SQLite binds at most 32,766 parameters; MariaDB's packet is the bound there).
    for (let i = 0; i < ids.length; i += 1000) {
      const rows = await this.tx
        .repo(Order)
        .createQueryBuilder('o')
        .leftJoin(OrderItem, 'i', 'i.order_id = o.id')
        .select('o.id', 'id')
        .addSelect('o.mer_trade_no', 'mer_trade_no')
        .addSelect('o.payment_status', 'payment_status')
        .addSelect('o.refunded_amount', 'refunded_amount')
        .addSelect('COALESCE(SUM(i.amount), 0)', 'goods')
        .where('o.id IN (:...ids)', { ids: ids.slice(i, i + 1000) })
        .groupBy('o.id')
        .addGroupBy('o.mer_trade_no')
        .addGroupBy('o.payment_status')
        .addGroupBy('o.refunded_amount')
        .getRawMany<{ id: Num; mer_trade_no: string; payment_status: Num; refunded_amount: Num; goods: Num }>();
      for (const r of rows) {
        const status = Number(r.payment_status);
        out.set(Number(r.id), {
          merTradeNo: r.mer_trade_no,
          paid: status === PAYMENT_STATUS.paid || status === PAYMENT_STATUS.refunded,
          goods: Number(r.goods ?? 0),
          refunded: Number(r.refunded_amount ?? 0),
        });
      }
    }
    return out;
  }

  /**
   * Member tiers (issue 21): each member's 12-month net paid spend, Σ (total − refunded) over their
   * orders paid (paid_at) since `since` and not cancelled; members without such orders are absent.
   */
  async netPaidSpend(userIds: readonly number[], since: Date): Promise<Map<number, number>> {
    const out = new Map<number, number>();
    for (let i = 0; i < userIds.length; i += 1000) {
      const rows = await this.tx
        .repo(Order)
        .createQueryBuilder('o')
        .select('o.user_id', 'user_id')
        // The conditions inside the sum: only `user_id IN` is a range, so the members' own index is read
        // (not every paid order of the year through idx_orders_payment_paid, once per batch).
        .addSelect('COALESCE(SUM(CASE WHEN o.paid_at >= :since AND o.payment_status IN (:...paid) AND o.status_name <> :cancelled THEN o.total_amount - o.refunded_amount ELSE 0 END), 0)', 'spend')
        .where('o.user_id IN (:...ids)', { ids: userIds.slice(i, i + 1000) })
        .setParameters({ since, paid: [PAYMENT_STATUS.paid, PAYMENT_STATUS.refunded], cancelled: ORDER_STATUS.cancelled })
        .groupBy('o.user_id')
        .getRawMany<{ user_id: Num; spend: Num }>();
      for (const r of rows) if (Number(r.spend ?? 0) !== 0) out.set(Number(r.user_id), Number(r.spend ?? 0));
    }
    return out;
  }

  /** Order numbers (MerTradeNo) by id (points history links). */
  async tradeNos(ids: readonly number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.tx.repo(Order).find({ select: { id: true, mer_trade_no: true }, where: { id: In([...new Set(ids)]) } });
    return new Map(rows.map((r) => [r.id, r.mer_trade_no]));
  }
}

/** One order as a promotion's report reads it (OrderStatsService.promotionOrders). */
export interface PromotionOrderFigures {
  merTradeNo: string;
  /** payment_status 已付款 or 已退款. */
  paid: boolean;
  /** Σ order_items.amount: goods after discounts, without shipping. */
  goods: number;
  /** orders.refunded_amount (shipping refunded included). */
  refunded: number;
}
