import { Injectable, OnModuleInit } from '@nestjs/common';
import { DomainEvents } from '../../common/events/domain-events';
import { JobName, type OrderNewsKind } from '../../jobs/job-types';
import { Outbox } from '../../jobs/outbox/outbox.service';

/** The outbox job id of one piece of news: once per order event (`ref`: the order, or the refund). */
export const orderNewsJobId = (kind: OrderNewsKind, ref: string) => `news:${kind}:${ref}`;

/**
 * Order news (issue 22 §2, §6): listens, inside the publisher's transaction, to the order events —
 * placed, paid, shipped, at the store, delivered, cancelled, refunded — and writes one outbox job
 * per event (`news:<kind>:<ref>`: the same event twice is one job). OrderNewsProcessor routes it.
 */
@Injectable()
export class OrderNews implements OnModuleInit {
  constructor(
    private readonly events: DomainEvents,
    private readonly outbox: Outbox,
  ) {}

  onModuleInit(): void {
    this.events.inTransaction('order.created', ({ orderId }) => this.enqueue('placed', orderId));
    this.events.inTransaction('order.paid', ({ orderId }) => this.enqueue('paid', orderId));
    this.events.inTransaction('order.shipped', ({ orderId }) => this.enqueue('shipped', orderId));
    this.events.inTransaction('order.at-store', ({ orderId }) => this.enqueue('at-store', orderId));
    this.events.inTransaction('order.delivered', ({ orderId }) => this.enqueue('delivered', orderId));
    this.events.inTransaction('order.cancelled', ({ orderId }) => this.enqueue('cancelled', orderId));
    this.events.inTransaction('order.refunded', ({ orderId, refundId }) => this.enqueue('refunded', orderId, String(refundId)));
  }

  /** One piece of news about an order (`ref` defaults to the order id). */
  enqueue(kind: OrderNewsKind, orderId: number, ref = String(orderId)): Promise<void> {
    return this.outbox.enqueue(JobName.OrderNews, { orderId, kind, ref }, { jobId: orderNewsJobId(kind, ref) });
  }
}
