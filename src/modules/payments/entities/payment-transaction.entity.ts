import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt, JsonColumn, MoneyColumn, UpdatedAt } from '../../../database/columns';

/**
 * A payment attempt we started with a gateway (PAYUNi UPP / ATM / CVS, LINE Pay
 * request): what was asked, the gateway's reference (e.g. LINE Pay transactionId)
 * and its latest state. Card data is never stored.
 */
@Entity('payment_transactions')
@Index('idx_payment_transactions_order', ['order_id'])
@Index('idx_payment_transactions_gateway_trade', ['gateway', 'trade_no'])
@Index('idx_payment_transactions_status_created', ['status', 'created_at'])
export class PaymentTransaction {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  order_id: number;

  @Column({ type: 'varchar', length: 32 })
  mer_trade_no: string;

  /** 'payuni' | 'linepay'. */
  @Column({ type: 'varchar', length: 20 })
  gateway: string;

  /** Payment method code: atm, credit, linepay, cvs. */
  @Column({ type: 'varchar', length: 20 })
  method: string;

  /** The gateway's trade / transaction id, once known. */
  @Column({ type: 'varchar', length: 64, default: '' })
  trade_no: string;

  @MoneyColumn()
  amount: number;

  /** 'requested' | 'pending' | 'paid' | 'failed' | 'cancelled' | 'refunded'. */
  @Column({ type: 'varchar', length: 20, default: 'requested' })
  status: string;

  /** Sanitised request / response payloads. */
  @JsonColumn()
  raw: unknown;

  @CreatedAt()
  created_at: Date;

  @UpdatedAt()
  updated_at: Date;
}
