import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { DateTimeColumn } from '../../../database/columns';

/**
 * One line of a member's server cart. Two tabs never lose lines: each line keeps the time of its last
 * write (`updated_at`, as the client stamped it), a write older than the stored one is ignored, and a
 * removal is kept as quantity 0 (a tombstone) so an old tab can't bring the line back.
 */
@Entity('member_cart_items')
@Index('uq_member_cart_line', ['user_id', 'variant_id'], { unique: true })
export class MemberCartItem {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  user_id: number;

  @Column({ type: 'int' })
  product_id: number;

  @Column({ type: 'int' })
  variant_id: number;

  /** 0 = removed (tombstone). */
  @Column({ type: 'int', default: 0 })
  quantity: number;

  @DateTimeColumn({ nullable: false })
  updated_at: Date;
}
