import { Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { IsNull } from 'typeorm';
import type { PromotionReportAnswer, PromotionReportDay } from '../../common/api/promotions';
import { NotFoundError } from '../../common/errors/app-error';
import { ok } from '../../common/http/envelope';
import { taipeiToday } from '../../common/time/taipei-time';
import { Transactions } from '../../common/transactions/transactions';
import { PROMOTION_MSG } from '../../common/validation/promotion-rules';
import { OrderStatsService, type PromotionOrderFigures } from '../orders/order-stats.service';
import { Refunds } from '../refunds/refunds.service';
import { PromotionUse } from './entities/promotion-use.entity';
import { Promotion } from './entities/promotion.entity';

/** One use of the report: the order, what the promotion took off, whether through a code, when. */
export interface ReportUse {
  order_id: number;
  discount: number;
  code: string;
  created_at: Date;
}

/**
 * A promotion's figures (issue 20 rule 17), pure: `orders` = uses not released; `discountTotal` =
 * Σ their discount; `revenue` = for those orders that are paid (已付款 or 已退款): Σ line amounts −
 * (refunded − shipping refunded), never below 0; `codesUsed` = uses with a code; `byDay` by the
 * Taipei date of the use, oldest first.
 */
export function reportOf(
  uses: readonly ReportUse[],
  orders: ReadonlyMap<number, PromotionOrderFigures>,
  shippingRefunded: ReadonlyMap<number, number>,
): Omit<PromotionReportAnswer, 'success' | 'message'> {
  const days = new Map<string, PromotionReportDay>();
  let discountTotal = 0;
  let revenue = 0;
  let codesUsed = 0;
  for (const u of uses) {
    const o = orders.get(u.order_id);
    const refundedGoods = o ? Math.max(0, o.refunded - (shippingRefunded.get(u.order_id) ?? 0)) : 0;
    const earned = o?.paid ? Math.max(0, o.goods - refundedGoods) : 0;
    discountTotal += u.discount;
    revenue += earned;
    if (u.code) codesUsed++;
    const date = taipeiToday(u.created_at);
    const day = days.get(date) ?? { date, orders: 0, discountTotal: 0, revenue: 0 };
    day.orders++;
    day.discountTotal += u.discount;
    day.revenue += earned;
    days.set(date, day);
  }
  return { orders: uses.length, discountTotal, revenue, codesUsed, byDay: [...days.values()].sort((a, b) => a.date.localeCompare(b.date)) };
}

/** `GET /api/admin/promotions/:id/report` (spec 4 §7). */
@Injectable()
export class PromotionReportService {
  private orderStats?: OrderStatsService;
  private refunds?: Refunds;

  constructor(
    private readonly tx: Transactions,
    private readonly moduleRef: ModuleRef,
  ) {}

  async report(promotionId: number): Promise<PromotionReportAnswer> {
    if (!(await this.tx.repo(Promotion).exists({ where: { id: promotionId } }))) throw new NotFoundError(PROMOTION_MSG.notFound);
    const uses = await this.tx.repo(PromotionUse).find({
      where: { promotion_id: promotionId, released_at: IsNull() },
      select: { order_id: true, discount: true, code: true, created_at: true },
      order: { created_at: 'ASC', id: 'ASC' },
    });
    const orderIds = uses.map((u) => u.order_id);
    // The orders module imports this one (the quote), so its services are found at run time.
    const [orders, shipping] = orderIds.length
      ? await Promise.all([this.stats().promotionOrders(orderIds), this.refundsService().shippingRefunded(orderIds)])
      : [new Map<number, PromotionOrderFigures>(), new Map<number, number>()];
    return ok(reportOf(uses.map((u) => ({ order_id: u.order_id, discount: Number(u.discount), code: u.code, created_at: new Date(u.created_at) })), orders, shipping));
  }

  private stats(): OrderStatsService {
    return (this.orderStats ??= this.moduleRef.get(OrderStatsService, { strict: false }));
  }

  private refundsService(): Refunds {
    return (this.refunds ??= this.moduleRef.get(Refunds, { strict: false }));
  }
}
