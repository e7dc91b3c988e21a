import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { DateTimeColumn, UpdatedAt } from '../../../database/columns';

/**
 * A member's points and tier as of the ledger (one row per member who has any): `balance` is the
 * available balance and `pending` the points not yet available, both kept in the transaction that
 * writes the ledger (a test proves they equal the ledger's sums); spending is a conditional UPDATE
 * … WHERE balance >= n. `tier_id` and `spend_12m` are the tier evaluation's last answer.
 */
@Entity('member_points')
@Index('idx_member_points_tier', ['tier_id'])
export class MemberPoints {
  @PrimaryColumn({ type: 'int' })
  user_id: number;

  @Column({ type: 'int', default: 0 })
  balance: number;

  @Column({ type: 'int', default: 0 })
  pending: number;

  @Column({ type: 'int', nullable: true })
  tier_id: number | null;

  /** Net paid spend over the last 12 months at the last evaluation (NT$). */
  @Column({ type: 'int', default: 0 })
  spend_12m: number;

  @DateTimeColumn()
  tier_evaluated_at: Date | null;

  /** The expiry date (YYYY-MM-DD, Taipei month end) the member was last reminded of. */
  @Column({ type: 'varchar', length: 10, nullable: true })
  expiry_reminded_for: string | null;

  @UpdatedAt()
  updated_at: Date;
}
