import { HttpStatus, Injectable } from '@nestjs/common';
import { AppError } from '../../common/errors/app-error';
import { Transactions } from '../../common/transactions/transactions';
import { OrderTransition } from './entities/order-transition.entity';
import { Order } from './entities/order.entity';
import { LIFECYCLE_MSG, planMove, type Actor, type MoveName, type MoveTransition, type OrderStateRow, type TransitionRule } from './order-lifecycle';
import { OrderRepository } from './order.repository';

/** Other columns a move writes with its states (timestamps, messages, the gateway's numbers). */
export type MoveColumns = Partial<
  Pick<
    Order,
    'paid_at' | 'trade_no' | 'cancelled_at' | 'order_status_msg' | 'delivered_at' | 'completed_at' | 'ship_trade_no' | 'payment_code' | 'bank_code' | 'expire_date' | 'payment'
  >
>;

export type MoveResult =
  | { ok: true; from: OrderStateRow; rule: TransitionRule; transitions: MoveTransition[] }
  /** illegal: no row of the move fits the order's state; changed: it fitted, but the row changed before the UPDATE; forbidden: not this actor. */
  | { ok: false; why: 'illegal' | 'changed' | 'forbidden' | 'not-found'; now: OrderStateRow | null };

/**
 * Runs the moves of order-lifecycle.ts: reads the order's state (a locking read on MariaDB, so it
 * is the latest), asks `planMove`, writes the conditional UPDATE (`WHERE id = ? AND status_name =
 * <from> AND payment_status = <from> …`) with the move's other columns, and one `order_transitions`
 * row per machine moved — all in the caller's transaction (joined through `Transactions.run`).
 * What follows a move (outbox jobs, events) stays with the caller, OrderStateService.
 */
@Injectable()
export class OrderLifecycle {
  constructor(
    private readonly tx: Transactions,
    private readonly orders: OrderRepository,
  ) {}

  async move(orderId: number, move: MoveName, actor: Actor, opts: { set?: MoveColumns; reason?: string } = {}): Promise<MoveResult> {
    return this.tx.run(async () => {
      const now = await this.orders.lockedState(orderId);
      if (!now) return { ok: false, why: 'not-found', now: null };
      const plan = planMove(move, now, actor);
      if (!plan.ok) return { ok: false, why: plan.why, now };
      const set = { ...plan.set, ...(opts.set ?? {}) };
      if (Object.keys(set).length > 0) {
        const won = await this.orders.updateWhere(orderId, plan.where, set);
        if (!won) return { ok: false, why: 'changed', now: await this.orders.lockedState(orderId) };
      }
      await this.record(orderId, plan.transitions, actor, opts.reason ?? '');
      return { ok: true, from: now, rule: plan.rule, transitions: plan.transitions };
    });
  }

  /** `move`, or 409 訂單狀態已變更，請重新整理 (404 for an unknown order is the caller's: it throws `notFound`). */
  async mustMove(orderId: number, move: MoveName, actor: Actor, opts: { set?: MoveColumns; reason?: string; notFound?: string } = {}): Promise<Extract<MoveResult, { ok: true }>> {
    const res = await this.move(orderId, move, actor, opts);
    if (res.ok) return res;
    if (res.why === 'not-found') throw new AppError(opts.notFound ?? LIFECYCLE_MSG.changed, HttpStatus.NOT_FOUND);
    throw new AppError(LIFECYCLE_MSG.changed, HttpStatus.CONFLICT, res.now ? { status_name: res.now.status_name, payment_status: res.now.payment_status } : undefined);
  }

  /** The history rows of a move (also for moves another table records, e.g. a refund row's status). */
  async record(orderId: number, transitions: readonly MoveTransition[], actor: Actor, reason: string): Promise<void> {
    if (transitions.length === 0) return;
    await this.tx.repo(OrderTransition).insert(
      transitions.map((t) => ({
        order_id: orderId,
        machine: t.machine,
        from_state: t.from.slice(0, 20),
        to_state: t.to.slice(0, 20),
        actor: actor.kind,
        actor_id: actor.id ?? null,
        actor_name: (actor.name ?? '').slice(0, 50),
        reason: reason.slice(0, 255),
      })),
    );
  }

  /** An order's history rows, oldest first. */
  history(orderId: number): Promise<OrderTransition[]> {
    return this.tx.repo(OrderTransition).find({ where: { order_id: orderId }, order: { id: 'ASC' } });
  }
}
