import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt, JsonColumn } from '../../../database/columns';

/** A shipping ticket created by an admin (spec 2 §3 shipping ticket form) and the provider's answer. */
@Entity('shipping_tickets')
@Index('idx_shipping_tickets_order', ['order_id', 'created_at'])
@Index('idx_shipping_tickets_ship_trade_no', ['ship_trade_no'])
export class ShippingTicket {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  order_id: number;

  @Column({ type: 'varchar', length: 64, default: '' })
  ship_trade_no: string;

  /** '1' convenience store, '2' home delivery. */
  @Column({ type: 'varchar', length: 2 })
  ship_type: string;

  /** 'C2C' | 'HOME'. */
  @Column({ type: 'varchar', length: 10 })
  lgs_type: string;

  /** '1' ambient, '2' frozen, '3' chilled. */
  @Column({ type: 'varchar', length: 2, default: '1' })
  goods_type: string;

  /** YYYY-MM-DD (Asia/Taipei business dates). */
  @Column({ type: 'varchar', length: 10, default: '' })
  ship_date: string;

  @Column({ type: 'varchar', length: 10, default: '' })
  delivery_date: string;

  /** Package size in cm: '1' 60, '2' 90, '3' 120, '4' 150 (provider codes). */
  @Column({ type: 'varchar', length: 2, default: '' })
  spec: string;

  @Column({ type: 'varchar', length: 255, default: '' })
  memo: string;

  @Column({ type: 'varchar', length: 1, default: '' })
  hide_prod_desc: string;

  @Column({ type: 'varchar', length: 2, default: '' })
  label_mode: string;

  /** 'created' | 'failed' | 'duplicate'. */
  @Column({ type: 'varchar', length: 20, default: 'created' })
  status: string;

  @Column({ type: 'int', nullable: true })
  created_by: number | null;

  @JsonColumn()
  raw: unknown;

  @CreatedAt()
  created_at: Date;
}
