import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt, FlagColumn, MoneyColumn, UpdatedAt } from '../../../database/columns';
import { Product } from './product.entity';

@Entity('product_variants')
@Index('idx_variants_product', ['product_id'])
export class ProductVariant {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  product_id: number;

  @ManyToOne(() => Product, (p) => p.variants, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'product_id' })
  product?: Product;

  @Column({ type: 'varchar', length: 100 })
  variant_name: string;

  /** Stock on hand; decremented in the order transaction with a conditional update. */
  @Column({ type: 'int', default: 0 })
  quantity: number;

  @MoneyColumn()
  original_price: number;

  @MoneyColumn()
  discount_price: number;

  @Column({ type: 'int', default: 0 })
  sort_order: number;

  @FlagColumn(1)
  is_active: number;

  @CreatedAt()
  created_at: Date;

  @UpdatedAt()
  updated_at: Date;
}
