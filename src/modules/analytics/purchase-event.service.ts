import { Injectable } from '@nestjs/common';
import type { PurchaseEvent, PurchaseEventAnswer, PurchaseEventItem } from '../../common/api/analytics';
import { NotFoundError } from '../../common/errors/app-error';
import { ok } from '../../common/http/envelope';
import { Transactions } from '../../common/transactions/transactions';
import { CHECKOUT_MSG } from '../../common/validation/checkout-rules';

/** payment_status of a paid order (payment_status_codes). */
const PAID = 1;

interface OrderRow {
  id: number | string;
  mer_trade_no: string;
  payment: string;
  payment_status: number | string;
  status_name: string;
  shipping_fee: number | string;
  total_amount: number | string;
}

/**
 * The analytics purchase event, once per order (issue 22 §7). The orders module's tables are read
 * by name, read-only except the one conditional UPDATE of orders.purchase_tracked_at (the column
 * this feature owns): `… WHERE purchase_tracked_at IS NULL`, so of any number of callers (reloads,
 * two devices at once) exactly one gets the event.
 */
@Injectable()
export class PurchaseEvents {
  constructor(private readonly tx: Transactions) {}

  async claim(userId: number, merTradeNo: string, now = new Date()): Promise<PurchaseEventAnswer> {
    const m = this.tx.manager;
    const order = await m
      .createQueryBuilder()
      .select(['o.id AS id', 'o.mer_trade_no AS mer_trade_no', 'o.payment AS payment', 'o.payment_status AS payment_status', 'o.status_name AS status_name', 'o.shipping_fee AS shipping_fee', 'o.total_amount AS total_amount'])
      .from('orders', 'o')
      .where('o.mer_trade_no = :merTradeNo AND o.user_id = :userId', { merTradeNo, userId })
      .getRawOne<OrderRow>();
    if (!order) throw new NotFoundError(CHECKOUT_MSG.orderNotFound);
    const placedCod = order.payment === 'cod' && order.status_name !== 'cancelled';
    if (Number(order.payment_status) !== PAID && !placedCod) return ok({ event: null });
    const orderId = Number(order.id);
    const claimed = await m.createQueryBuilder().update('orders').set({ purchase_tracked_at: now }).where('id = :orderId AND purchase_tracked_at IS NULL', { orderId }).execute();
    if (claimed.affected !== 1) return ok({ event: null });
    return ok({ event: await this.event(orderId, order) });
  }

  private async event(orderId: number, order: OrderRow): Promise<PurchaseEvent> {
    const m = this.tx.manager;
    const lines = await m
      .createQueryBuilder()
      .select(['i.product_id AS product_id', 'i.title AS title', 'i.variant_name AS variant_name', 'i.price AS price', 'i.quantity AS quantity', 'i.discount AS discount'])
      .from('order_items', 'i')
      .where('i.order_id = :orderId', { orderId })
      .orderBy('i.id', 'ASC')
      .getRawMany<{ product_id: number | string; title: string; variant_name: string | null; price: number | string; quantity: number | string; discount: number | string }>();
    const items: PurchaseEventItem[] = lines.map((l) => {
      const quantity = Number(l.quantity);
      return {
        item_id: String(l.product_id),
        item_name: l.title,
        item_variant: l.variant_name ?? '',
        price: Number(l.price),
        quantity,
        discount: quantity > 0 ? Math.round((Number(l.discount) * 100) / quantity) / 100 : 0,
      };
    });
    const coupon = await this.couponOf(orderId);
    return {
      transaction_id: order.mer_trade_no,
      value: Number(order.total_amount),
      currency: 'TWD',
      shipping: Number(order.shipping_fee),
      ...(coupon ? { coupon } : {}),
      items,
    };
  }

  /** The code the shopper entered: the unique code the order used, else the promotion's shared code, else its name. */
  private async couponOf(orderId: number): Promise<string | undefined> {
    const m = this.tx.manager;
    const adj = await m
      .createQueryBuilder()
      .select(['a.source_id AS source_id', 'a.label AS label'])
      .from('order_adjustments', 'a')
      .where('a.order_id = :orderId AND a.kind = :kind', { orderId, kind: 'coupon' })
      .orderBy('a.id', 'ASC')
      .getRawOne<{ source_id: string; label: string }>();
    if (!adj) return undefined;
    const unique = await m.createQueryBuilder().select('c.code', 'code').from('coupon_codes', 'c').where('c.used_by_order_id = :orderId', { orderId }).getRawOne<{ code: string }>();
    if (unique?.code) return unique.code;
    const promotionId = Number(adj.source_id);
    if (Number.isSafeInteger(promotionId) && promotionId > 0) {
      const shared = await m.createQueryBuilder().select('p.shared_code', 'code').from('promotions', 'p').where('p.id = :promotionId', { promotionId }).getRawOne<{ code: string | null }>();
      if (shared?.code) return shared.code;
    }
    return adj.label || undefined;
  }
}
