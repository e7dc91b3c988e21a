import { Column, Entity, PrimaryColumn } from 'typeorm';
import { FlagColumn, MoneyColumn, UpdatedAt } from '../../../database/columns';

/** Ids are fixed by the spec: 1 = 7-11, 2 = FamilyMart, 3 = Hi-Life, 4 = home delivery, 5 = offshore islands. */
@Entity('shipping_methods')
export class ShippingMethod {
  @PrimaryColumn({ type: 'int' })
  id: number;

  @Column({ type: 'varchar', length: 50 })
  name: string;

  @Column({ type: 'varchar', length: 500, default: '' })
  icon_url: string;

  @MoneyColumn()
  shipping_cost: number;

  /** Subtotal at or above which shipping is free (0 = never free). */
  @MoneyColumn()
  free_shipping_threshold: number;

  @Column({ type: 'int', default: 0 })
  sort_order: number;

  @FlagColumn(1)
  is_active: number;

  @UpdatedAt()
  updated_at: Date;
}
