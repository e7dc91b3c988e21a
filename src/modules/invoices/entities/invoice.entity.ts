import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt, DateTimeColumn, JsonColumn, UpdatedAt } from '../../../database/columns';

/** The e-invoice of an order (one per order, issued / voided by idempotent jobs). */
@Entity('invoices')
@Index('uq_invoices_order', ['order_id'], { unique: true })
@Index('idx_invoices_invoice_no', ['invoice_no'])
export class Invoice {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  order_id: number;

  @Column({ type: 'varchar', length: 20, default: '' })
  invoice_no: string;

  /** 'pending' | 'issued' | 'failed' | 'void'. */
  @Column({ type: 'varchar', length: 20, default: 'pending' })
  status: string;

  @Column({ type: 'varchar', length: 4, default: '' })
  random_number: string;

  @DateTimeColumn()
  issued_at: Date | null;

  @DateTimeColumn()
  voided_at: Date | null;

  @Column({ type: 'varchar', length: 255, default: '' })
  last_error: string;

  /** The provider's answers, without credentials. */
  @JsonColumn()
  raw: unknown;

  @CreatedAt()
  created_at: Date;

  @UpdatedAt()
  updated_at: Date;
}
