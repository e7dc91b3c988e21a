import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt, FlagColumn, UpdatedAt } from '../../../database/columns';

@Entity('product_types')
export class ProductType {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 50 })
  type_name: string;

  @FlagColumn(1)
  is_active: number;

  @Column({ type: 'int', default: 0 })
  sort_order: number;

  @CreatedAt()
  created_at: Date;

  @UpdatedAt()
  updated_at: Date;
}
