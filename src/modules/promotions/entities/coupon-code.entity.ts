import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt, DateTimeColumn } from '../../../database/columns';

/**
 * A unique (one-time) code of a promotion whose coupon_mode is `unique` (spec 4 §3): 6–20 of
 * A–Z 0–9 -, stored upper-case, matched case-insensitively. Taken by a conditional UPDATE
 * (used_by_order_id IS NULL) in the order's transaction; freed when that order is cancelled.
 */
@Entity('coupon_codes')
@Index('uq_coupon_codes_code', ['code'], { unique: true })
@Index('idx_coupon_codes_promotion', ['promotion_id', 'id'])
export class CouponCode {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  promotion_id: number;

  @Column({ type: 'varchar', length: 20 })
  code: string;

  @Column({ type: 'int', nullable: true })
  used_by_order_id: number | null;

  @DateTimeColumn()
  used_at: Date | null;

  @CreatedAt()
  created_at: Date;
}
