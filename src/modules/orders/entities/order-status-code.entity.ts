import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Order status labels and colours shown to members and admins (pending, paid, shipped, …). */
@Entity('order_status_codes')
export class OrderStatusCode {
  @PrimaryColumn({ type: 'varchar', length: 20 })
  status_name: string;

  @Column({ type: 'varchar', length: 50 })
  status_label: string;

  /** Hex colour, e.g. #fa8c16. */
  @Column({ type: 'varchar', length: 20, default: '' })
  color: string;

  @Column({ type: 'int', default: 0 })
  sort_order: number;
}
