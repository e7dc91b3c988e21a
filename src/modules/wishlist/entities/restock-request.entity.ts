import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt, DateTimeColumn } from '../../../database/columns';

/**
 * 貨到通知我 (spec 4 §3): open until the variant's stock goes from 0 to above 0, then notified once
 * and closed (notified_at). `open_key` (`<user_id>:<variant_id>` while open, NULL once closed or
 * withdrawn) keeps one open request per member and variant on both dialects (NULLs never collide).
 */
@Entity('restock_requests')
@Index('uq_restock_open', ['open_key'], { unique: true })
@Index('idx_restock_variant_open', ['variant_id', 'notified_at'])
@Index('idx_restock_user', ['user_id', 'created_at'])
export class RestockRequest {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  user_id: number;

  @Column({ type: 'int' })
  variant_id: number;

  @Column({ type: 'int' })
  product_id: number;

  /** The channel at the time of asking: 'email' | 'sms' | 'line'. */
  @Column({ type: 'varchar', length: 10, default: 'email' })
  channel: string;

  @Column({ type: 'varchar', length: 32, nullable: true })
  open_key: string | null;

  @CreatedAt()
  created_at: Date;

  @DateTimeColumn()
  notified_at: Date | null;

  /** Withdrawn by the member (已取消貨到通知) before it was notified. */
  @DateTimeColumn()
  cancelled_at: Date | null;
}
