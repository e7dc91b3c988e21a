import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt, DateTimeColumn, FlagColumn, JsonColumn, UpdatedAt } from '../../../database/columns';

/**
 * A member's review of one order item (spec 4 §3): once per item (unique order_item_id), within 90
 * days of delivery. Shown when is_visible = 1 and held = 0; a review holding a link, a phone number or
 * an e-mail address is held for staff (held_reason). `display_name` is the masked name (王**).
 */
@Entity('reviews')
@Index('uq_reviews_order_item', ['order_item_id'], { unique: true })
@Index('idx_reviews_product_shown', ['product_id', 'is_visible', 'held', 'created_at'])
@Index('idx_reviews_product_rating', ['product_id', 'is_visible', 'held', 'rating', 'created_at'])
@Index('idx_reviews_product_photos', ['product_id', 'is_visible', 'held', 'has_photos', 'created_at'])
@Index('idx_reviews_user', ['user_id', 'created_at'])
@Index('idx_reviews_created', ['created_at'])
export class Review {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  order_item_id: number;

  @Column({ type: 'int' })
  order_id: number;

  @Column({ type: 'int' })
  product_id: number;

  @Column({ type: 'int', nullable: true })
  variant_id: number | null;

  @Column({ type: 'varchar', length: 100, default: '' })
  variant_name: string;

  @Column({ type: 'int' })
  user_id: number;

  /** 1–5. */
  @Column({ type: 'tinyint' })
  rating: number;

  @Column({ type: 'text' })
  content: string;

  /** Up to 5 image URLs from the upload pipeline. */
  @JsonColumn()
  photos: string[] | null;

  @FlagColumn(0)
  has_photos: number;

  @Column({ type: 'varchar', length: 20, default: '' })
  display_name: string;

  @FlagColumn(1)
  is_visible: number;

  @FlagColumn(0)
  held: number;

  /** Why it was held: 含連結 / 含電話號碼 / 含電子郵件 (joined by 、). */
  @Column({ type: 'varchar', length: 50, default: '' })
  held_reason: string;

  @Column({ type: 'text', nullable: true })
  reply: string | null;

  @DateTimeColumn()
  replied_at: Date | null;

  @Column({ type: 'int', nullable: true })
  replied_by: number | null;

  @CreatedAt()
  created_at: Date;

  @UpdatedAt()
  updated_at: Date;
}
