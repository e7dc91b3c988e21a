import { Injectable } from '@nestjs/common';
import { Transactions } from '../../common/transactions/transactions';
import { StockService } from '../catalog/stock.service';
import { PromotionUsesService } from '../promotions/promotion-uses.service';
import { PointsService } from '../rewards/points.service';
import type { PricedQuote } from '../promotions/quote.service';
import { OrderAdjustment } from './entities/order-adjustment.entity';
import { OrderItem } from './entities/order-item.entity';
import { plainFind, plainInsert } from '../../database/plain-sql';

/**
 * The rows of a new order as the quote priced them (spec 4 §4), in checkout's transaction, in two
 * steps so the order keeps "prices first, hot rows last":
 * 1. `writePrices`: the bought lines and add-ons (line_kind, promotion_id), the adjustments (kind,
 *    label, source_id from the engine). Only this order's rows.
 * 2. `takeLimited`: what is limited and shared with every other order, last: each gift's
 *    gift_stock, the stock of every line (a gift only when it can be taken: else it is left out, not
 *    an error), the promotion_uses rows and the gift lines that ship, and at the very end the codes'
 *    and promotions' counters (PromotionUsesService.takeCounts: a spent code or use refuses the
 *    order, 409): the rows every order of a promotion waits on are held the shortest; then the
 *    member's points (PointsService.redeem: only this member's row).
 */
@Injectable()
export class CheckoutLines {
  constructor(
    private readonly tx: Transactions,
    private readonly stock: StockService,
    private readonly promotionUses: PromotionUsesService,
    private readonly points: PointsService,
  ) {}

  async writePrices(orderId: number, quote: PricedQuote): Promise<void> {
    const { lines, priced } = quote.result;
    const now = lines.map((_, i) => i).filter((i) => lines[i].line_kind !== 'gift');
    await plainInsert(this.tx.manager, OrderItem, now.map((i) => this.row(orderId, quote, i)));
    if (priced.adjustments.length === 0) return;
    // Line-level adjustments name their line's id (the lines were inserted in this order; gifts,
    // never discounted, come later).
    const needIds = priced.adjustments.some((a) => a.lineIndex !== null);
    const ids = needIds ? (await plainFind(this.tx.manager, OrderItem, { select: ['id'], where: { order_id: orderId }, order: [['id', 'ASC']] })).map((r) => r.id) : [];
    const idOf = new Map(now.map((lineIndex, k) => [lineIndex, ids[k]]));
    await plainInsert(
      this.tx.manager,
      OrderAdjustment,
      priced.adjustments.map((a) => ({
        order_id: orderId,
        order_item_id: a.lineIndex === null ? null : (idOf.get(a.lineIndex) ?? null),
        kind: a.kind,
        source_id: a.sourceId.slice(0, 64),
        label: a.label.slice(0, 100),
        amount: a.amount,
        reason: a.reason,
        created_by: null,
      })),
    );
  }

  async takeLimited(userId: number, orderId: number, quote: PricedQuote): Promise<void> {
    const { lines, uses } = quote.result;
    // Gifts first: one of each gift promotion's stock, then the variants' stock (a gift only when it
    // can be taken: else the order goes without it, its gift_stock given back).
    const taken = await this.promotionUses.takeGifts(uses);
    const gifts = lines.map((l, i) => ({ l, i })).filter(({ l }) => l.line_kind === 'gift' && l.promotion_id !== undefined && taken.gifts.has(l.promotion_id));
    const skipped = await this.stock.reserveStock(
      lines.filter((l) => l.line_kind !== 'gift').map((l) => ({ variantId: l.variant_id, quantity: l.quantity })),
      gifts.map(({ l }) => ({ variantId: l.variant_id, quantity: l.quantity })),
    );
    const short = new Set(skipped.map((s) => s.variantId));
    const shipped = new Set(gifts.filter(({ l }) => !short.has(l.variant_id)).map(({ l }) => l.promotion_id!));
    const unshipped = [...taken.gifts].filter((id) => !shipped.has(id));
    if (unshipped.length > 0) await this.promotionUses.returnGifts(unshipped);
    // A gift promotion whose gift does not ship is not used by this order (no row, no count, no code).
    const kept = uses.filter((u) => !u.gift || shipped.has(u.promotionId));
    await this.promotionUses.record(userId, orderId, kept);
    const giftRows = gifts.filter(({ l }) => shipped.has(l.promotion_id!));
    if (giftRows.length > 0) await plainInsert(this.tx.manager, OrderItem, giftRows.map(({ i }) => this.row(orderId, quote, i)));
    // Last: the codes' and promotions' counters, the rows every order of a promotion waits on.
    await this.promotionUses.takeCounts(userId, orderId, kept);
    // The member's points (issue 21): a conditional UPDATE of their own row (400 購物金餘額不足 rolls all back).
    await this.points.redeem(userId, orderId, quote.result.priced.pointsUsed);
  }


  /** An order_items row of quote line `i`: title, name and image as they are now, the price as charged. */
  private row(orderId: number, quote: PricedQuote, i: number): Partial<OrderItem> {
    const l = quote.result.lines[i];
    const money = quote.result.priced.lines[i];
    return {
      order_id: orderId,
      product_id: l.product_id,
      variant_id: l.variant_id,
      title: l.title.slice(0, 120),
      variant_name: l.variant_name.slice(0, 100),
      image_url: l.image_url.slice(0, 500),
      price: money.unitPrice,
      quantity: money.quantity,
      discount: money.discount,
      amount: money.amount,
      line_kind: l.line_kind,
      promotion_id: l.promotion_id ?? null,
    };
  }
}
