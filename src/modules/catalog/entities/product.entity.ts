import { Column, Entity, Index, JoinColumn, ManyToOne, OneToMany, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt, FlagColumn, LongTextColumn, UpdatedAt } from '../../../database/columns';
import { ProductMedia } from './product-media.entity';
import { ProductType } from './product-type.entity';
import { ProductVariant } from './product-variant.entity';

@Entity('products')
@Index('idx_products_active_rank', ['is_active', 'manager_rank'])
export class Product {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int', nullable: true })
  product_type: number | null;

  @ManyToOne(() => ProductType, { nullable: true, onDelete: 'SET NULL' })
  @JoinColumn({ name: 'product_type' })
  type?: ProductType | null;

  @Column({ type: 'varchar', length: 120 })
  title: string;

  @Column({ type: 'varchar', length: 500, default: '' })
  description: string;

  @Column({ type: 'varchar', length: 20, default: '' })
  unit: string;

  @Column({ type: 'varchar', length: 500, default: '' })
  image_url: string;

  @Column({ type: 'varchar', length: 300, default: '' })
  seo_description: string;

  @LongTextColumn()
  detail_html: string | null;

  @LongTextColumn()
  spec_html: string | null;

  @Column({ type: 'int', default: 0 })
  sold_quantity: number;

  @Column({ type: 'int', default: 0 })
  views_count: number;

  /** Higher shows first in the default "managerRec" sort. */
  @Column({ type: 'int', default: 0 })
  manager_rank: number;

  @FlagColumn(0)
  is_new: number;

  @FlagColumn(0)
  is_hot: number;

  /** Store-manager recommended. */
  @FlagColumn(0)
  is_manager: number;

  /** 1 listed, 0 delisted. */
  @FlagColumn(1)
  is_active: number;

  @OneToMany(() => ProductVariant, (v) => v.product, { cascade: true })
  variants?: ProductVariant[];

  @OneToMany(() => ProductMedia, (m) => m.product, { cascade: true })
  media?: ProductMedia[];

  @CreatedAt()
  created_at: Date;

  @UpdatedAt()
  updated_at: Date;
}
