import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt, DateTimeColumn, JsonColumn, MoneyColumn, UpdatedAt } from '../../../database/columns';

/**
 * Extra money received for an order that must go back to the payer (issue 19 §8): a signed paid
 * notify for an order already fully refunded ('after-refund'), a second payment of an order already
 * paid by another attempt ('paid-twice'), an old ATM account / CVS code paid with the old amount
 * after staff re-priced the order ('old-amount'). Written in the transaction that records the
 * gateway's notification, once per gateway trade (unique gateway + trade_no). Its refund is its
 * own (status, refund_method, refund_ref): the order's refunded_amount ≤ total_amount stays the
 * order's own money.
 */
@Entity('extra_payments')
@Index('uq_extra_payments_trade', ['gateway', 'trade_no'], { unique: true })
@Index('idx_extra_payments_order', ['order_id'])
export class ExtraPayment {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  order_id: number;

  /** 'after-refund' | 'paid-twice' | 'old-amount'. */
  @Column({ type: 'varchar', length: 20 })
  source: string;

  /** The payment method code of the attempt that was paid ('credit', 'atm', 'cvs', 'linepay'): its refund path. */
  @Column({ type: 'varchar', length: 20 })
  method: string;

  @Column({ type: 'varchar', length: 20 })
  gateway: string;

  /** The gateway order number of that attempt (the order's own, or `<order>R<n>`). */
  @Column({ type: 'varchar', length: 32 })
  mer_trade_no: string;

  /** The gateway's trade number of this payment. */
  @Column({ type: 'varchar', length: 64 })
  trade_no: string;

  /** Integer NT$ received. */
  @MoneyColumn()
  amount: number;

  /** 'open' (to refund) | 'pending' (refund sent, the gateway's answer unknown) | 'refunded'. */
  @Column({ type: 'varchar', length: 20, default: 'open' })
  status: string;

  /** 'credit-refund' | 'credit-void' | 'linepay' | 'bank-transfer' once refunded ('' before). */
  @Column({ type: 'varchar', length: 20, default: '' })
  refund_method: string;

  /** The gateway's refund reference, or the bank transfer's account (masked) for a transfer. */
  @Column({ type: 'varchar', length: 64, default: '' })
  refund_ref: string;

  /** For staff: the last refund failure ('' when fine). */
  @Column({ type: 'varchar', length: 255, default: '' })
  message: string;

  @Column({ type: 'int', nullable: true })
  refunded_by: number | null;

  @Column({ type: 'varchar', length: 50, default: '' })
  refunded_by_name: string;

  @DateTimeColumn()
  refunded_at: Date | null;

  /** What the gateway answered (no secrets, no card data). */
  @JsonColumn()
  raw: unknown;

  @CreatedAt()
  created_at: Date;

  @UpdatedAt()
  updated_at: Date;
}
