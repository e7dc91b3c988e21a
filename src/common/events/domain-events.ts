import { Injectable } from '@nestjs/common';
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
  /** Shop settings, shipping or payment methods changed. */
  'settings.changed': Record<string, never>;
  /** A member placed an order (stock reserved, committed). */
  'order.created': { orderId: number; payment: string; total: number };
  /** An order's payment was confirmed (notify, LINE Pay confirm or reconciliation). */
  'order.paid': { orderId: number; payment: string; total: number };
  /** An order was cancelled and its stock released (`by`: the member, an expiry, a failed payment, reconciliation). */
  'order.cancelled': { orderId: number; by: 'member' | 'expired' | 'payment-failed' | 'abandoned' | 'payment-start-failed' };
  /**
   * A payment arrived for an order already cancelled: the order stays cancelled, the payment is
   * recorded (payment_status 1 on a cancelled order = the refund queue) and staff must refund it.
   */
  'order.paid-after-cancel': { orderId: number; payment: string; amount: number };
  /** A job ran out of attempts (kept as failed, retryable by an operator). */
  'job.failed': { queue: string; name: string; jobId: string; error: string };
}

export type DomainEventName = keyof DomainEventMap;

@Injectable()
export class DomainEvents {
  constructor(
    private readonly emitter: EventEmitter2,
    private readonly tx: Transactions,
  ) {}

  /**
   * Inside a transaction: delivered once it commits (resolves at once). Outside one: delivered now,
   * resolving when the subscribers are done (a cache dropped before the caller answers).
   */
  async publish<N extends DomainEventName>(name: N, payload: DomainEventMap[N]): Promise<void> {
    if (this.tx.active) {
      this.tx.afterCommit(() => this.emitter.emitAsync(name, payload));
      return;
    }
    await this.emitter.emitAsync(name, payload);
  }
}
