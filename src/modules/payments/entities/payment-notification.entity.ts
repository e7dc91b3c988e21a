import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt, JsonColumn, MoneyColumn } from '../../../database/columns';

/**
 * A verified notification (notify / return / reconciliation query result) from a
 * gateway. The unique gateway + trade_no + status makes processing idempotent: a
 * replayed notification fails the insert and changes nothing.
 */
@Entity('payment_notifications')
@Index('uq_payment_notifications_gateway_trade_status', ['gateway', 'trade_no', 'status'], { unique: true })
@Index('idx_payment_notifications_order', ['order_id'])
export class PaymentNotification {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int', nullable: true })
  order_id: number | null;

  @Column({ type: 'varchar', length: 32, default: '' })
  mer_trade_no: string;

  /** 'payuni' | 'linepay'. */
  @Column({ type: 'varchar', length: 20 })
  gateway: string;

  @Column({ type: 'varchar', length: 64 })
  trade_no: string;

  @MoneyColumn()
  amount: number;

  /** The gateway's status for this message (e.g. SUCCESS, 1, FAILED). */
  @Column({ type: 'varchar', length: 20 })
  status: string;

  /** 'notify' | 'return' | 'query'. */
  @Column({ type: 'varchar', length: 10, default: 'notify' })
  source: string;

  /** The decrypted payload, without secrets. */
  @JsonColumn()
  raw: unknown;

  @Column({ type: 'datetime', precision: 3 })
  received_at: Date;

  @CreatedAt()
  created_at: Date;
}
