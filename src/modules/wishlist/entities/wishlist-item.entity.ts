import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt } from '../../../database/columns';

/** 我的收藏 (spec 4 §3): one row per member and product. */
@Entity('wishlist_items')
@Index('uq_wishlist_user_product', ['user_id', 'product_id'], { unique: true })
@Index('idx_wishlist_product', ['product_id'])
export class WishlistItem {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  user_id: number;

  @Column({ type: 'int' })
  product_id: number;

  @CreatedAt()
  created_at: Date;
}
