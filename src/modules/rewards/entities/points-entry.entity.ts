import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt, DateTimeColumn } from '../../../database/columns';

/** Spec 4 §3 ledger kinds. */
export type PointsKind = 'earn' | 'redeem' | 'return' | 'reverse' | 'expire' | 'adjust' | 'welcome' | 'birthday' | 'review';

/**
 * One line of a member's 購物金 ledger (spec 4 §3), append-only: an entry's amount never changes.
 * `source_key` names what wrote it (`earn:<orderId>`, `redeem:<orderId>`, `birthday:<userId>:<year>` …)
 * and is unique, so a job or listener that runs twice writes nothing the second time.
 * Pending entries (an order's earn, or a reverse of a pending earn) have `available_at` NULL and
 * `balance_after` NULL until the order completes; that one step sets both once (a conditional
 * UPDATE … WHERE available_at IS NULL).
 */
@Entity('points_ledger')
@Index('uq_points_ledger_source', ['source_key'], { unique: true })
@Index('idx_points_ledger_user', ['user_id', 'id'])
@Index('idx_points_ledger_user_expires', ['user_id', 'expires_at'])
@Index('idx_points_ledger_order', ['order_id'])
@Index('idx_points_ledger_expires', ['expires_at'])
export class PointsEntry {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  user_id: number;

  @Column({ type: 'varchar', length: 12 })
  kind: PointsKind;

  /** Signed whole points (1 point = NT$ 1). */
  @Column({ type: 'int' })
  amount: number;

  /** The available balance after this entry; null while it is pending. */
  @Column({ type: 'int', nullable: true })
  balance_after: number | null;

  @Column({ type: 'int', nullable: true })
  order_id: number | null;

  @Column({ type: 'varchar', length: 80 })
  source_key: string;

  /** What the member and staff read (調整原因, 退款 #n, what could not be taken back …). */
  @Column({ type: 'varchar', length: 255, default: '' })
  note: string;

  /** The staff id of an `adjust`. */
  @Column({ type: 'int', nullable: true })
  created_by: number | null;

  @CreatedAt()
  created_at: Date;

  /** When the points can be spent; null = pending (an order not yet completed). */
  @DateTimeColumn()
  available_at: Date | null;

  /** Positive entries: the end of the month POINTS_EXPIRE_MONTHS after available_at. */
  @DateTimeColumn()
  expires_at: Date | null;
}
