import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt, DateTimeColumn, FlagColumn, UpdatedAt } from '../../../database/columns';

/**
 * A member (spec 2 §3 user profile). `account` is the phone used as login for members
 * who registered with a password; social-only members have it NULL. Each social id is
 * unique when present (NULLs never collide on either dialect).
 */
@Entity('users')
@Index('uq_users_account', ['account'], { unique: true })
@Index('uq_users_phone', ['phone'], { unique: true })
@Index('uq_users_facebook_id', ['facebook_id'], { unique: true })
@Index('uq_users_google_id', ['google_id'], { unique: true })
@Index('uq_users_line_user_id', ['line_user_id'], { unique: true })
@Index('idx_users_email', ['email'])
@Index('idx_users_created', ['created_at'])
export class User {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 20, nullable: true })
  account: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  password_hash: string | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  facebook_id: string | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  google_id: string | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  line_user_id: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  email: string | null;

  /** Normalised Taiwan mobile (09xxxxxxxx) or +<cc> <digits>. */
  @Column({ type: 'varchar', length: 20, nullable: true })
  phone: string | null;

  /** The member's name (Chinese characters only, checked by the profile DTO). */
  @Column({ type: 'varchar', length: 50, default: '' })
  username: string;

  /** 'male' | 'female' | '' (undisclosed). */
  @Column({ type: 'varchar', length: 10, default: '' })
  gender: string;

  /** YYYY-MM-DD (a calendar date, no time zone). */
  @Column({ type: 'varchar', length: 10, nullable: true })
  birthday: string | null;

  @FlagColumn(1)
  is_active: number;

  /** Blocked by staff (會員管理 → 停權, audited): can't log in or order. Null = not blocked. */
  @DateTimeColumn()
  blocked_at: Date | null;

  /** Why staff blocked the member (2–100 characters), '' when not blocked. */
  @Column({ type: 'varchar', length: 100, default: '' })
  blocked_reason: string;

  @DateTimeColumn()
  last_login_at: Date | null;

  @CreatedAt()
  created_at: Date;

  @UpdatedAt()
  updated_at: Date;
}
