import { Injectable } from '@nestjs/common';
import { In, Not } from 'typeorm';
import type { RefundableView } from '../../common/api/admin';
import { NotFoundError } from '../../common/errors/app-error';
import { Transactions } from '../../common/transactions/transactions';
import { REFUND_MSG } from '../../common/validation/admin';
import { OrderStateService } from '../orders/order-state.service';
import { RefundItem } from './entities/refund-item.entity';
import { Refund } from './entities/refund.entity';
import { lineStates, planRefund, refundableTotal, restockUnits, type LineState, type OrderLine, type RefundPlan, type RefundRequest } from './refund-lines';

const FAILED = 'failed';

/**
 * Refunds by line, with the rows: reads the order's lines (OrderStateService.withItems) and what
 * earlier refunds (not failed) took of them (refund_items, refunds.shipping_amount), plans a refund
 * (refund-lines.ts), writes its refund_items, and says which units a restock puts back.
 * Runs inside the caller's transaction (the order row locked by Refunds).
 */
@Injectable()
export class RefundPlanner {
  constructor(
    private readonly tx: Transactions,
    private readonly orders: OrderStateService,
  ) {}

  /** `GET /api/admin/refundable`: the order's lines and what each may still give back (the refund form). */
  async refundable(orderId: number): Promise<RefundableView> {
    const found = await this.orders.withItems(orderId);
    if (!found) throw new NotFoundError(REFUND_MSG.orderNotFound);
    const { lines, shippingLeft } = await this.states(orderId, toLines(found.items), found.order.shipping_fee);
    const kinds = new Map(found.items.map((i) => [i.id, i.line_kind]));
    return {
      order_id: orderId,
      lines: lines.map((l) => ({
        order_item_id: l.order_item_id,
        line_kind: kinds.get(l.order_item_id) ?? 'item',
        title: l.title,
        variant_name: l.variant_name,
        price: l.price,
        quantity: l.quantity,
        amount: l.amount,
        refunded_quantity: l.refunded_quantity,
        refunded_amount: l.refunded_amount,
        left_quantity: l.left_quantity,
        left_amount: l.left_amount,
      })),
      shipping_fee: found.order.shipping_fee,
      shipping_left: shippingLeft,
      refundable: Math.min(refundableTotal(lines, shippingLeft), Math.max(0, found.order.total_amount - found.order.refunded_amount)),
    };
  }

  /** Plans a refund of a locked order (throws RefundFieldError); `lines` are the order's lines for restock. */
  async plan(orderId: number, shippingFee: number, req: RefundRequest): Promise<{ plan: RefundPlan; lines: OrderLine[]; states: LineState[] }> {
    const found = await this.orders.withItems(orderId);
    const lines = toLines(found?.items ?? []);
    const { lines: states, shippingLeft } = await this.states(orderId, lines, shippingFee);
    return { plan: planRefund(req, states, shippingLeft), lines, states };
  }

  /** Whether a refund with `plan` would put any unit back in stock (restock ticked). */
  async restocksAny(orderId: number, lines: OrderLine[], plan: RefundPlan): Promise<boolean> {
    const { before, whole } = await this.restockedBefore(orderId, Infinity);
    return restockUnits(lines, plan, before, whole).length > 0;
  }

  /** Writes the refund's lines (Σ amount + shipping_amount = refunds.amount). */
  async writeItems(refund: Refund, plan: RefundPlan): Promise<void> {
    if (plan.lines.length === 0) return;
    await this.tx.repo(RefundItem).insert(plan.lines.map((l) => ({ refund_id: refund.id, order_id: refund.order_id, order_item_id: l.order_item_id, quantity: l.quantity, amount: l.amount })));
  }

  /** A refund's lines as stored (for the invoice allowance and the views). */
  itemsOf(refundId: number): Promise<RefundItem[]> {
    return this.tx.repo(RefundItem).find({ where: { refund_id: refundId }, order: { id: 'ASC' } });
  }

  /** The units a done refund (restock ticked) puts back: its named units, or every unit not back yet. */
  async restockLinesOf(row: Refund): Promise<{ variantId: number; quantity: number }[]> {
    if (row.restock !== 1) return [];
    const found = await this.orders.withItems(row.order_id);
    const lines = toLines(found?.items ?? []);
    const mine = await this.itemsOf(row.id);
    const { before, whole } = await this.restockedBefore(row.order_id, row.id);
    return restockUnits(lines, { lines: mine }, before, whole).map((u) => ({ variantId: u.variant_id, quantity: u.quantity }));
  }

  private async states(orderId: number, lines: OrderLine[], shippingFee: number): Promise<{ lines: LineState[]; shippingLeft: number }> {
    const refunds = await this.tx.repo(Refund).find({ where: { order_id: orderId, status: Not(FAILED) } });
    const items = refunds.length ? await this.tx.repo(RefundItem).find({ where: { refund_id: In(refunds.map((r) => r.id)) } }) : [];
    const shippingTaken = refunds.reduce((s, r) => s + r.shipping_amount, 0);
    const explained = items.reduce((s, i) => s + i.amount, 0) + shippingTaken;
    const unattributed = Math.max(0, refunds.reduce((s, r) => s + r.amount, 0) - explained);
    return lineStates(lines, items, shippingFee, shippingTaken, unattributed);
  }

  /** Units earlier refunds (not failed, restock ticked, id below `beforeId`) put back, by line; `whole`: one put back the whole order. */
  private async restockedBefore(orderId: number, beforeId: number): Promise<{ before: Map<number, number>; whole: boolean }> {
    const refunds = (await this.tx.repo(Refund).find({ where: { order_id: orderId, restock: 1, status: Not(FAILED) } })).filter((r) => r.id < beforeId);
    const before = new Map<number, number>();
    let whole = false;
    for (const r of refunds) {
      const items = await this.itemsOf(r.id);
      if (!items.some((i) => i.quantity > 0)) whole = true;
      for (const i of items) before.set(i.order_item_id, (before.get(i.order_item_id) ?? 0) + i.quantity);
    }
    return { before, whole };
  }
}

function toLines(items: { id: number; variant_id: number | null; title: string; variant_name: string; price: number; quantity: number; amount: number }[]): OrderLine[] {
  return items.map((i) => ({ order_item_id: i.id, variant_id: i.variant_id, title: i.title, variant_name: i.variant_name, price: i.price, quantity: i.quantity, amount: i.amount }));
}
