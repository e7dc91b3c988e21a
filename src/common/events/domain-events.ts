import { Injectable, Logger } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { Transactions } from '../transactions/transactions';

/**
 * Every domain event and its payload in one place. Events are published after the transaction
 * that caused them commits (never before, never for a rollback) and delivered in this process;
 * subscribers that must reach other processes (cache drops) broadcast themselves (ReadCache does
 * over Redis). Payloads carry ids, never personal data.
 */
export interface DomainEventMap {
  /**
   * Products whose public answers changed. `stock`: quantities only (a sale, a cancel) — only
   * these products' pages are dropped at once, lists within a second; `edit`: anything else.
   */
  'product.changed': { productIds: number[]; reason: 'stock' | 'edit' };
  /**
   * The catalogue's lists were dropped after sales of `productIds` (at most once a second), so
   * `listed()` now reloads with them: views other modules build from the list follow it.
   */
  'catalog.lists-refreshed': { productIds: number[] };
  /** Types, ordering or anything that changes the whole catalogue. */
  'catalog.changed': Record<string, never>;
  /** Content version keys (content_versions) whose content changed; `posters` for poster titles. */
  'content.changed': { keys: string[]; posters?: boolean };
  /**
   * Promotions staff created, changed, switched or deleted (or their codes): the live promotions and
   * the public list are dropped at once (PromotionsCatalog), here and in every other process.
   */
  'promotions.changed': { promotionIds: number[] };
  /** Shop settings, shipping or payment methods changed. */
  'settings.changed': Record<string, never>;
  /**
   * A member placed an order (stock reserved, committed). `placed`: what the order's own transaction
   * just wrote that listeners would otherwise read back (the buyer, the order number, the variants).
   */
  'order.created': {
    orderId: number;
    payment: string;
    total: number;
    placed?: { userId: number; merTradeNo: string; buyName: string; variantIds: number[] };
  };
  /** An order's payment was confirmed (notify, LINE Pay confirm or reconciliation). */
  'order.paid': { orderId: number; payment: string; total: number };
  /** An order was cancelled and its stock released (`by`: the member, an expiry, a failed payment, reconciliation, staff). */
  'order.cancelled': { orderId: number; by: 'member' | 'expired' | 'payment-failed' | 'abandoned' | 'payment-start-failed' | 'staff' };
  /**
   * A payment arrived for an order already cancelled: the order stays cancelled, the payment is
   * recorded (payment_status 1 on a cancelled order = the refund queue) and staff must refund it.
   */
  'order.paid-after-cancel': { orderId: number; payment: string; amount: number };
  /**
   * A payment arrived for an order already fully refunded: the refund state is kept (payment_status
   * stays 已退款), the late payment is recorded in the order's history and staff must refund it.
   */
  'order.paid-after-refund': { orderId: number; payment: string; amount: number; tradeNo: string };
  /** A delivered order was completed by the completion job (the return window closed). */
  'order.completed': { orderId: number };
  /**
   * A refund was applied to an order (issue 21): the lines and units it gave back (`restocked`: their
   * stock was put back), the shipping refunded, and whether the order is now refunded in full.
   * Published in the refund's transaction (points, sold counts and restock listen in it).
   */
  'order.refunded': {
    orderId: number;
    refundId: number;
    items: Array<{ orderItemId: number; productId: number | null; variantId: number | null; quantity: number; amount: number }>;
    shipping: number;
    restocked: boolean;
    full: boolean;
  };
  /**
   * Parcel news from the logistics status sync (issue 22 §2): shipped (the carrier has it), at the
   * pickup store, delivered (picked up or handed over). Published once per order and step.
   */
  'order.shipped': { orderId: number };
  'order.at-store': { orderId: number };
  'order.delivered': { orderId: number };
  /** A member registered (any login): welcome points. */
  'member.registered': { userId: number };
  /** A review became visible for the first time (published at once, or released by staff): review points. */
  'review.published': { reviewId: number; userId: number; productId: number; withPhotos: boolean };
  /** Variants whose stock went from 0 to above 0 (any path: staff edit, CSV, cancel, refund restock). */
  'stock.restocked': { variantIds: number[] };
  /** A job ran out of attempts (kept as failed, retryable by an operator). */
  'job.failed': { queue: string; name: string; jobId: string; error: string };
  /** A visitor's contact-form message was stored (its mail job queued). */
  'contact.received': { contactMessageId: number };
}

export type DomainEventName = keyof DomainEventMap;

/** A listener that writes in the publisher's transaction (see `DomainEvents.inTransaction`). */
export type InTransactionListener<N extends DomainEventName> = (payload: DomainEventMap[N]) => Promise<void>;

@Injectable()
export class DomainEvents {
  private readonly logger = new Logger('DomainEvents');
  private readonly inTx = new Map<DomainEventName, Array<InTransactionListener<DomainEventName>>>();

  constructor(
    private readonly emitter: EventEmitter2,
    private readonly tx: Transactions,
  ) {}

  /**
   * Registers a listener that runs when `name` is published, inside the publisher's transaction
   * (before its commit; on its own when there is none): for writes that must commit with the
   * change or not at all, such as an outbox row (staff alerts). Keep it to a few statements. Its
   * error fails the publisher: inside a transaction the whole change rolls back (a change must not
   * commit without the rows its listeners owe it), and the caller sees the error.
   */
  inTransaction<N extends DomainEventName>(name: N, listener: InTransactionListener<N>): void {
    const list = this.inTx.get(name) ?? [];
    list.push(listener as InTransactionListener<DomainEventName>);
    this.inTx.set(name, list);
  }

  /**
   * Inside a transaction: delivered once it commits (resolves at once). Outside one: delivered now,
   * resolving when the subscribers are done (a cache dropped before the caller answers).
   * `inTransaction` listeners run first, in the transaction.
   */
  async publish<N extends DomainEventName>(name: N, payload: DomainEventMap[N]): Promise<void> {
    for (const listener of this.inTx.get(name) ?? []) {
      try {
        await listener(payload);
      } catch (err) {
        this.logger.error(`in-transaction listener of ${name} failed, the change is rolled back: ${(err as Error).message}`);
        throw err;
      }
    }
    if (this.tx.active) {
      this.tx.afterCommit(() => this.emitter.emitAsync(name, payload));
      return;
    }
    await this.emitter.emitAsync(name, payload);
  }
}
