import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { FlagColumn, UpdatedAt } from '../../../database/columns';

/** Codes: atm, credit, linepay, cvs, cod. */
@Entity('payment_methods')
@Index('uq_payment_methods_code', ['method_code'], { unique: true })
export class PaymentMethod {
  @PrimaryGeneratedColumn()
  payment_method_id: number;

  @Column({ type: 'varchar', length: 20 })
  method_code: string;

  @Column({ type: 'varchar', length: 50 })
  method_label: string;

  @Column({ type: 'int', default: 0 })
  sort_order: number;

  /** 1 offered at checkout, 0 hidden. */
  @FlagColumn(1)
  status: number;

  @UpdatedAt()
  updated_at: Date;
}
