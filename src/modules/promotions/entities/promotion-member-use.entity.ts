import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * A member's uses of one promotion (per_member_limit): one row per (promotion, member), its `used`
 * raised by a conditional UPDATE (used < limit) in the order's transaction and lowered on cancel,
 * so two orders at once never pass the limit.
 */
@Entity('promotion_member_uses')
export class PromotionMemberUse {
  @PrimaryColumn({ type: 'int' })
  promotion_id: number;

  @PrimaryColumn({ type: 'int' })
  user_id: number;

  @Column({ type: 'int', default: 0 })
  used: number;
}
