import { Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { OrderStateService } from '../orders/order-state.service';
import { OrderStatsService } from '../orders/order-stats.service';

/** What rewards read of an order. */
export interface OrderFacts {
  id: number;
  userId: number;
  merTradeNo: string;
  total: number;
  shippingFee: number;
  pointsUsed: number;
  /** Σ line amounts: the goods after discounts and points (total − shipping). */
  goods: number;
}

/**
 * The orders module's exported services, found at run time: the orders module imports this one
 * (checkout spends points in the order's transaction), so this one cannot import it back.
 */
@Injectable()
export class OrdersPort {
  private state?: OrderStateService;
  private stats?: OrderStatsService;

  constructor(private readonly moduleRef: ModuleRef) {}

  async order(orderId: number): Promise<OrderFacts | null> {
    this.state ??= this.moduleRef.get(OrderStateService, { strict: false });
    const o = await this.state.findById(orderId);
    if (!o || o.user_id == null) return null;
    return {
      id: o.id,
      userId: o.user_id,
      merTradeNo: o.mer_trade_no,
      total: o.total_amount,
      shippingFee: o.shipping_fee,
      pointsUsed: o.points_used,
      goods: Math.max(0, o.total_amount - o.shipping_fee),
    };
  }

  netPaidSpend(userIds: readonly number[], since: Date): Promise<Map<number, number>> {
    return this.statsService().netPaidSpend(userIds, since);
  }

  tradeNos(ids: readonly number[]): Promise<Map<number, string>> {
    return this.statsService().tradeNos(ids);
  }

  private statsService(): OrderStatsService {
    this.stats ??= this.moduleRef.get(OrderStatsService, { strict: false });
    return this.stats;
  }
}
