import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * Fixed-window counters of the rate limiter without Redis (`RateLimiterTypeorm`): one row per
 * limited key, `points` consumed until `expires_at`. Shared infrastructure, not a feature
 * module's table. `key` is a reserved word in MySQL: quote it in raw SQL.
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
