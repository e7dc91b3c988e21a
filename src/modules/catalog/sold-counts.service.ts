import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { DomainEvents, type DomainEventMap } from '../../common/events/domain-events';
import { OrderSoldLines, type SoldLine } from '../../common/orders/order-sold-lines';
import { StockRepository } from './stock.repository';

/**
 * 已售出: the shop's own count of units sold (issue 21 §6, docs/decisions/0057-real-social-proof.md).
 * `products.sold_quantity` goes up by a paid order's units (items and add-ons; NT$ 0 gifts are not
 * sales) and down by refunded units, in the payment's or the refund's transaction; staff cannot type
 * it. A reservation no longer counts: an unpaid order that is cancelled never sold anything.
 */
@Injectable()
export class SoldCounts implements OnModuleInit {
  private readonly logger = new Logger(SoldCounts.name);
  private lines?: OrderSoldLines | null;

  constructor(
    private readonly events: DomainEvents,
    private readonly rows: StockRepository,
    private readonly moduleRef: ModuleRef,
  ) {}

  onModuleInit(): void {
    this.events.inTransaction('order.paid', (e) => this.paid(e.orderId));
    this.events.inTransaction('order.refunded', (e) => this.refunded(e));
  }

  /** A paid order: its units (gifts left out) added to their products, products by id. */
  async paid(orderId: number): Promise<void> {
    const lines = await this.orderLines(orderId);
    const units = sumByProduct(lines.filter(counts));
    for (const [productId, quantity] of units) await this.rows.addSold(productId, quantity);
    if (units.size) await this.events.publish('product.changed', { productIds: [...units.keys()], reason: 'stock' });
  }

  /** A refund: its refunded units of counted lines taken off (never below 0). */
  async refunded(e: DomainEventMap['order.refunded']): Promise<void> {
    const withUnits = e.items.filter((i) => i.quantity > 0);
    if (withUnits.length === 0) return;
    const kinds = new Map((await this.orderLines(e.orderId)).map((l) => [l.orderItemId, l]));
    const taken: SoldLine[] = [];
    for (const i of withUnits) {
      const line = kinds.get(i.orderItemId);
      if (line && counts(line)) taken.push({ ...line, quantity: i.quantity });
    }
    const units = sumByProduct(taken);
    for (const [productId, quantity] of units) await this.rows.takeSold(productId, quantity);
    if (units.size) await this.events.publish('product.changed', { productIds: [...units.keys()], reason: 'stock' });
  }

  private async orderLines(orderId: number): Promise<SoldLine[]> {
    if (this.lines === undefined) {
      try {
        this.lines = this.moduleRef.get(OrderSoldLines, { strict: false });
      } catch {
        this.lines = null; // a process without the orders module (none today)
      }
    }
    if (!this.lines) {
      this.logger.warn(`order #${orderId}: no orders module, sold counts not moved`);
      return [];
    }
    return this.lines.soldLines(orderId);
  }
}

/** A sale: item and add-on lines; a gift (NT$ 0) is not. */
const counts = (l: SoldLine) => l.lineKind !== 'gift';

function sumByProduct(lines: SoldLine[]): Map<number, number> {
  const sums = new Map<number, number>();
  for (const l of lines) if (l.productId > 0 && l.quantity > 0) sums.set(l.productId, (sums.get(l.productId) ?? 0) + l.quantity);
  return new Map([...sums].sort(([a], [b]) => a - b));
}
