import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt, DateTimeColumn } from '../../../database/columns';
import { User } from './user.entity';

/**
 * A social login bound to a member, keyed by provider + the provider's stable subject
 * id (never by e-mail). users.facebook_id / google_id / line_user_id mirror it for display.
 */
@Entity('user_identities')
@Index('uq_user_identities_provider_subject', ['provider', 'subject'], { unique: true })
@Index('idx_user_identities_user', ['user_id'])
export class UserIdentity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  user_id: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  /** 'facebook' | 'google' | 'line'. */
  @Column({ type: 'varchar', length: 20 })
  provider: string;

  @Column({ type: 'varchar', length: 191 })
  subject: string;

  /** E-mail the provider reported at the last login (informational only). */
  @Column({ type: 'varchar', length: 255, nullable: true })
  email: string | null;

  @Column({ type: 'varchar', length: 100, default: '' })
  display_name: string;

  @DateTimeColumn()
  last_login_at: Date | null;

  @CreatedAt()
  created_at: Date;
}
