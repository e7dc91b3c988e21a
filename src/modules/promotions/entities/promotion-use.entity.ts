import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt, DateTimeColumn, FlagColumn, MoneyColumn } from '../../../database/columns';

/**
 * What one order took of one promotion, written in the order's transaction (spec 4 §4 "Coupon use"):
 * whether it counted a use (promotions.used_count, the member's promotion_member_uses), the unique
 * code it took, whether it took a gift (promotions.gift_stock), and the discount it gave. Cancelling
 * the order gives each back once (released_at set by a conditional UPDATE). Reports read it.
 */
@Entity('promotion_uses')
@Index('uq_promotion_uses_order', ['order_id', 'promotion_id'], { unique: true })
@Index('idx_promotion_uses_promotion', ['promotion_id', 'created_at'])
export class PromotionUse {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  order_id: number;

  @Column({ type: 'int' })
  promotion_id: number;

  @Column({ type: 'int' })
  user_id: number;

  /** The unique code taken (coupon_codes.id), null otherwise. */
  @Column({ type: 'int', nullable: true })
  coupon_code_id: number | null;

  /** The code the shopper typed (upper-case), '' for an automatic promotion. */
  @Column({ type: 'varchar', length: 20, default: '' })
  code: string;

  /** 1 when it counted a use (used_count and the member's uses). */
  @FlagColumn(0)
  counted: number;

  /** 1 when it took one of promotions.gift_stock. */
  @FlagColumn(0)
  gift: number;

  /** Positive NT$ this promotion took off the order (0 for gifts, add-ons, free shipping). */
  @MoneyColumn()
  discount: number;

  /** When the cancelled order gave it back; null while it holds. */
  @DateTimeColumn()
  released_at: Date | null;

  @CreatedAt()
  created_at: Date;
}
