import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt } from '../../../database/columns';

/**
 * One move of an order's state machines (src/modules/orders/order-lifecycle.ts): which machine
 * ('order' status, 'payment' status, 'refund' status), from → to, who (actor kind + id + name) and why.
 * Written in the same transaction as the conditional UPDATE that made the move. Append-only.
 */
@Entity('order_transitions')
@Index('idx_order_transitions_order', ['order_id', 'id'])
export class OrderTransition {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  order_id: number;

  /** 'order' | 'payment' | 'refund'. */
  @Column({ type: 'varchar', length: 20 })
  machine: string;

  @Column({ type: 'varchar', length: 20 })
  from_state: string;

  @Column({ type: 'varchar', length: 20 })
  to_state: string;

  /** 'shopper' | 'staff' | 'gateway' | 'job' | 'system'. */
  @Column({ type: 'varchar', length: 20 })
  actor: string;

  /** Member or staff id when the actor is a person. */
  @Column({ type: 'int', nullable: true })
  actor_id: number | null;

  @Column({ type: 'varchar', length: 50, default: '' })
  actor_name: string;

  @Column({ type: 'varchar', length: 255, default: '' })
  reason: string;

  @CreatedAt()
  created_at: Date;
}
