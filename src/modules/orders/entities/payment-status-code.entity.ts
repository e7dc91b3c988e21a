import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Payment status labels and colours: 0 未付款, 1 已付款, 2 付款失敗, 3 已退款. */
@Entity('payment_status_codes')
export class PaymentStatusCode {
  @PrimaryColumn({ type: 'int' })
  status_code: number;

  @Column({ type: 'varchar', length: 50 })
  status_label: string;

  /** Hex colour, e.g. #52c41a. */
  @Column({ type: 'varchar', length: 20, default: '' })
  color: string;

  @Column({ type: 'int', default: 0 })
  sort_order: number;
}
