import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt, FlagColumn } from '../../../database/columns';
import { Product } from './product.entity';

@Entity('product_media')
@Index('idx_media_product', ['product_id', 'ordering'])
export class ProductMedia {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  product_id: number;

  @ManyToOne(() => Product, (p) => p.media, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'product_id' })
  product?: Product;

  @Column({ type: 'varchar', length: 500 })
  media_url: string;

  @Column({ type: 'int', default: 0 })
  ordering: number;

  @FlagColumn(1)
  is_active: number;

  @CreatedAt()
  created_at: Date;
}
