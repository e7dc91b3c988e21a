import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt, DateTimeColumn, JsonColumn, MoneyColumn, UpdatedAt } from '../../../database/columns';

/**
 * An e-invoice allowance (折讓, Amego g0401) for a partial refund of an invoiced order, or a full
 * allowance after the invoice's period. A consumer must agree online first (同意電子折讓): the
 * consent's time and IP are kept (law: five years). `allowance_no` is ours (≤ 16, unique).
 */
@Entity('invoice_allowances')
@Index('uq_invoice_allowances_no', ['allowance_no'], { unique: true })
@Index('uq_invoice_allowances_token', ['consent_token'], { unique: true })
@Index('idx_invoice_allowances_order', ['order_id'])
export class InvoiceAllowance {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  order_id: number;

  /** The refund that caused it (null for one staff made otherwise). */
  @Column({ type: 'int', nullable: true })
  refund_id: number | null;

  @Column({ type: 'varchar', length: 16 })
  allowance_no: string;

  @Column({ type: 'varchar', length: 20, default: '' })
  invoice_no: string;

  /** Tax-included NT$ allowed. */
  @MoneyColumn()
  amount: number;

  /** Tax part of `amount` (amount − round(amount / 1.05)). */
  @MoneyColumn()
  tax_amount: number;

  /** 'awaiting-consent' | 'pending' | 'issued' | 'failed' | 'void'. */
  @Column({ type: 'varchar', length: 20, default: 'awaiting-consent' })
  status: string;

  /** The secret in the consent link (hashed or random, 64 chars max). */
  @Column({ type: 'varchar', length: 64 })
  consent_token: string;

  @DateTimeColumn()
  consented_at: Date | null;

  @Column({ type: 'varchar', length: 45, default: '' })
  consent_ip: string;

  /** The allowance's lines as sent (description, quantity, unit price, amount, tax). */
  @JsonColumn()
  items: unknown;

  @DateTimeColumn()
  issued_at: Date | null;

  @Column({ type: 'varchar', length: 255, default: '' })
  last_error: string;

  @JsonColumn()
  raw: unknown;

  @CreatedAt()
  created_at: Date;

  @UpdatedAt()
  updated_at: Date;
}
