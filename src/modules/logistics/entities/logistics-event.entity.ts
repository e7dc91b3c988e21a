import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt, DateTimeColumn, JsonColumn } from '../../../database/columns';

/**
 * A logistics status seen for a shipment (provider notify or status query, spec 2 §3 logistics status).
 * One row per (shipment, status, status time): two identical notifies, even at once, write one.
 */
@Entity('logistics_events')
@Index('idx_logistics_events_order', ['order_id', 'created_at'])
@Index('idx_logistics_events_ship_trade_no', ['ship_trade_no'])
@Index('uq_logistics_events_status', ['ship_trade_no', 'ship_status', 'ship_status_time'], { unique: true })
export class LogisticsEvent {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int', nullable: true })
  order_id: number | null;

  @Column({ type: 'varchar', length: 64 })
  ship_trade_no: string;

  /** The provider's status code (ShipStatus). */
  @Column({ type: 'varchar', length: 20 })
  ship_status: string;

  /** ShipStatusDesc. */
  @Column({ type: 'varchar', length: 255, default: '' })
  ship_status_desc: string;

  /** ShipStatusTime, when the provider gave one. */
  @DateTimeColumn()
  ship_status_time: Date | null;

  /** 'notify' | 'query'. */
  @Column({ type: 'varchar', length: 10, default: 'notify' })
  source: string;

  @JsonColumn()
  raw: unknown;

  @CreatedAt()
  created_at: Date;
}
