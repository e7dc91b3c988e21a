import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt, DateTimeColumn, FlagColumn, UpdatedAt } from '../../../database/columns';

/**
 * A back-office account (staff module). `role`: owner (everything, staff and audit), staff
 * (members, orders, shipping, refunds), editor (catalogue and content). The login lockout counts
 * failures in `admin_login_failures`; `failed_attempts` / `locked_until` are unused (kept for
 * existing databases). Never answered as such: the staff module maps it to `StaffView`.
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

  /** 'owner' | 'staff' | 'editor' (AdminRole). */
  @Column({ type: 'varchar', length: 10, default: 'staff' })
  role: string;

  /** The TOTP secret (base32), encrypted with a key derived from SESSION_SECRET ('' when none). */
  @Column({ type: 'varchar', length: 255, default: '' })
  totp_secret: string;

  @FlagColumn(0)
  totp_enabled: number;

  /** The last accepted TOTP time step: a code is never accepted twice. */
  @Column({ type: 'int', default: 0 })
  totp_last_step: number;

  /** Bumped when the password changes or the account is disabled: older sessions end. */
  @Column({ type: 'int', default: 1 })
  session_version: number;

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
