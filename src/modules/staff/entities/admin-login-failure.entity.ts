import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A failed (or still running) back-office login: the lockout counts these per account + IP within
 * a Taipei day, and per account across IPs within an hour (the login delay). `at` comes from the
 * staff clock (fakeable in tests). Rows older than two days are pruned.
 */
@Entity('admin_login_failures')
@Index('idx_admin_login_failures_user_ip', ['username', 'ip', 'at'])
@Index('idx_admin_login_failures_user', ['username', 'at'])
export class AdminLoginFailure {
  @PrimaryGeneratedColumn()
  id: number;

  /** The username as typed, lower-cased (unknown accounts are counted too). */
  @Column({ type: 'varchar', length: 50 })
  username: string;

  @Column({ type: 'varchar', length: 45 })
  ip: string;

  @Column({ type: 'datetime', precision: 3 })
  at: Date;
}
