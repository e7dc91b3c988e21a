import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt, DateTimeColumn, UpdatedAt } from '../../../database/columns';

/**
 * A member's return request within the 7-day 鑑賞期 after delivery / pickup (`POST
 * /api/order/requestReturn`), approved or refused by staff with a reason. One per order.
 */
@Entity('return_requests')
@Index('uq_return_requests_order', ['order_id'], { unique: true })
@Index('idx_return_requests_status', ['status', 'created_at'])
export class ReturnRequest {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  order_id: number;

  @Column({ type: 'int' })
  user_id: number;

  @Column({ type: 'varchar', length: 255, default: '' })
  reason: string;

  /** 'requested' | 'approved' | 'refused'. */
  @Column({ type: 'varchar', length: 20, default: 'requested' })
  status: string;

  @Column({ type: 'varchar', length: 255, default: '' })
  staff_reason: string;

  @Column({ type: 'int', nullable: true })
  handled_by: number | null;

  @Column({ type: 'varchar', length: 50, default: '' })
  handled_by_name: string;

  @DateTimeColumn()
  handled_at: Date | null;

  @CreatedAt()
  created_at: Date;

  @UpdatedAt()
  updated_at: Date;
}
