import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt } from '../../../database/columns';

/**
 * The consent log (個資法, issue 22 §1): one row per consent given or withdrawn, never updated.
 * `purpose`: 'marketing_email' | 'marketing_line' | 'notify_channel'; `granted` 1/0 (for
 * notify_channel, `value` holds the channel); `source`: 'register' | 'profile' | 'unsubscribe' |
 * 'line' (follow/unfollow) | 'staff'.
 */
@Entity('consent_records')
@Index('idx_consent_user', ['user_id', 'created_at'])
export class ConsentRecord {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  user_id: number;

  @Column({ type: 'varchar', length: 30 })
  purpose: string;

  @Column({ type: 'tinyint', default: 0 })
  granted: number;

  @Column({ type: 'varchar', length: 20, default: '' })
  value: string;

  @Column({ type: 'varchar', length: 20 })
  source: string;

  @CreatedAt()
  created_at: Date;
}
