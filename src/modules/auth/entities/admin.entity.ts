import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt, DateTimeColumn, FlagColumn, UpdatedAt } from '../../../database/columns';

/**
 * A back-office account. `failed_attempts` / `locked_until` hold the account-wide
 * state; the per-IP lockout counters live in rate_limits.
 */
@Entity('admins')
@Index('uq_admins_username', ['username'], { unique: true })
export class Admin {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 50 })
  username: string;

  /** argon2id (m=19456, t=2, p=1). */
  @Column({ type: 'varchar', length: 255 })
  password_hash: string;

  @Column({ type: 'varchar', length: 50, default: '' })
  display_name: string;

  @FlagColumn(1)
  is_active: number;

  @Column({ type: 'int', default: 0 })
  failed_attempts: number;

  @DateTimeColumn()
  locked_until: Date | null;

  @DateTimeColumn()
  last_login_at: Date | null;

  @CreatedAt()
  created_at: Date;

  @UpdatedAt()
  updated_at: Date;
}
