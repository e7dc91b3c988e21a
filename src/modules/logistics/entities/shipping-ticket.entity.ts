import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt, DateTimeColumn, JsonColumn, LongTextColumn } from '../../../database/columns';

/** A shipping ticket created by an admin (spec 2 §3 shipping ticket form) and the provider's answer. */
@Entity('shipping_tickets')
@Index('idx_shipping_tickets_order', ['order_id', 'created_at'])
@Index('idx_shipping_tickets_ship_trade_no', ['ship_trade_no'])
@Index('uq_shipping_tickets_live_order', ['live_order_id'], { unique: true })
@Index('idx_shipping_tickets_open', ['status', 'created_at'])
export class ShippingTicket {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  order_id: number;

  /** The provider's shipment number (for a hand-entered shipment: the carrier's tracking number). */
  @Column({ type: 'varchar', length: 64, default: '' })
  ship_trade_no: string;

  /** This shipment's own number at PAYUNi (MerTradeNo, ≤ 25): the same on every retry of its job. */
  @Column({ type: 'varchar', length: 25, default: '' })
  mer_trade_no: string;

  /**
   * The order id while this ticket is live (pending, created, duplicate), NULL once it failed or was
   * cancelled: a unique index keeps one live ticket per order, whatever the concurrency.
   */
  @Column({ type: 'int', nullable: true })
  live_order_id: number | null;

  /** Carrier of a hand-entered shipment (全家 / 萊爾富 …), '' for PAYUNi's. */
  @Column({ type: 'varchar', length: 20, default: '' })
  carrier: string;

  /** Why it failed (the provider's code and text), '' when fine. */
  @Column({ type: 'varchar', length: 255, default: '' })
  message: string;

  /** The printable label page (7-11: our page with the drop-off code), kept to print again. */
  @LongTextColumn()
  label_html: string | null;

  /** Last known logistics status (ShipStatus), its text and time. */
  @Column({ type: 'varchar', length: 20, default: '' })
  ship_status: string;

  @Column({ type: 'varchar', length: 255, default: '' })
  ship_status_desc: string;

  @DateTimeColumn()
  ship_status_time: Date | null;

  /** When the at-store SMS was sent (once per ticket). */
  @DateTimeColumn()
  at_store_sms_at: Date | null;

  /** '1' convenience store, '2' home delivery. */
  @Column({ type: 'varchar', length: 2 })
  ship_type: string;

  /** 'C2C' | 'HOME' | 'MANUAL' (a carrier's tracking number entered by staff). */
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

  /** 'pending' (job queued) | 'created' | 'failed' | 'duplicate' (HOME01092). */
  @Column({ type: 'varchar', length: 20, default: 'created' })
  status: string;

  @Column({ type: 'int', nullable: true })
  created_by: number | null;

  /** The admin's username at the time (kept with the ticket). */
  @Column({ type: 'varchar', length: 50, default: '' })
  created_by_name: string;

  @JsonColumn()
  raw: unknown;

  @CreatedAt()
  created_at: Date;
}
