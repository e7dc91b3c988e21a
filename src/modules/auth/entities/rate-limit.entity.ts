import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * Fixed-window counters for throttling and lockouts in the embedded default
 * (production uses Redis). `key` is a reserved word in MySQL: quote it in raw SQL.
 */
@Entity('rate_limits')
@Index('idx_rate_limits_expires', ['expires_at'])
export class RateLimit {
  @PrimaryColumn({ type: 'varchar', length: 191 })
  key: string;

  @Column({ type: 'int', default: 0 })
  points: number;

  @Column({ type: 'datetime', precision: 3 })
  expires_at: Date;
}
