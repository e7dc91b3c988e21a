import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt } from '../../../database/columns';

/** Kinds of adjustment (spec 4 §3). Issue 19 produces `manual`; promotions and points add the others. */
export const ADJUSTMENT_KINDS = ['promotion', 'coupon', 'points', 'tier', 'shipping', 'manual'] as const;
export type AdjustmentKind = (typeof ADJUSTMENT_KINDS)[number];

/**
 * A signed change to an order's money (spec 4 §3): "−100 滿千折百", "−50 購物金", a staff 訂單折扣.
 * `amount` is a negative NT$ integer. An order-level adjustment (order_item_id null) is spread over
 * the lines by the largest remainder (src/common/money/allocate.ts); each line stores its share in
 * order_items.discount, so Σ line amount + shipping = total and Σ (price × qty) + Σ adjustments +
 * shipping = total. Append-only: a cancelled discount is a new row of the opposite sign.
 */
@Entity('order_adjustments')
@Index('idx_order_adjustments_order', ['order_id', 'id'])
export class OrderAdjustment {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  order_id: number;

  /** Empty = order level. */
  @Column({ type: 'int', nullable: true })
  order_item_id: number | null;

  /** One of ADJUSTMENT_KINDS. */
  @Column({ type: 'varchar', length: 20 })
  kind: string;

  /** The promotion, code or points-ledger entry it came from ('' for manual). */
  @Column({ type: 'varchar', length: 64, default: '' })
  source_id: string;

  /** What the shopper and the invoice see, e.g. 滿千折百, 訂單折扣. */
  @Column({ type: 'varchar', length: 100 })
  label: string;

  /** Negative NT$ integer. */
  @Column({ type: 'int' })
  amount: number;

  /** Staff reason (manual); '' otherwise. */
  @Column({ type: 'varchar', length: 255, default: '' })
  reason: string;

  /** Staff id for manual adjustments. */
  @Column({ type: 'int', nullable: true })
  created_by: number | null;

  @CreatedAt()
  created_at: Date;
}
