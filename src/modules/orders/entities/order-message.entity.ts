import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt } from '../../../database/columns';

/**
 * What was sent to the buyer about an order (`kind`: `mail.confirmation`, `mail.paid`,
 * `sms.paid`, …), one row per order and kind, written once the provider accepted it. The
 * message jobs check it first, so a job that runs again (a retry, a re-dispatch after a crash)
 * sends nothing twice.
 */
@Entity('order_messages')
@Index('uq_order_messages_order_kind', ['order_id', 'kind'], { unique: true })
export class OrderMessage {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  order_id: number;

  @Column({ type: 'varchar', length: 40 })
  kind: string;

  @Column({ type: 'datetime', precision: 3 })
  sent_at: Date;

  @CreatedAt()
  created_at: Date;
}
